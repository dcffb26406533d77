"""Each seat's own phone panel shows the 神话再临 packs' table marks as the TV does: the
face-down seats (its own and the others'), the cards kept on a general (a public pile's
cards; a private pile as a count, but with its cards on its owner's panel), spent
limited skills, and the latest point comparison. Real Chromium pages on the real table
(reader hub, pump, SQLite log), the real 风/火 generals played there
(`tests/web/wind_fire_board.py`) while the pages are open."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.narration import Narrator
from tests.phone.harness import Phone, PhoneTable
from tests.web.wind_fire_board import PACKS, PLAYERS, play_board

EN = Narrator("en")
PEACH = {"skill": "Unyielding", "count": 1, "cards": ["Peach ♥3"]}


def _board(*private: dict[str, Any]) -> list[dict[str, Any]]:
    """The marks every panel shows; `private`: seat 3's other piles as that panel sees them."""
    return [
        {"seat": 1, "face_down": True, "piles": [], "spent": []},
        {"seat": 3, "face_down": False, "piles": [PEACH, *private], "spent": []},
        {"seat": 4, "face_down": False, "piles": [], "spent": ["Nirvana"]},
    ]


async def _asked_again(phone: Phone) -> dict[str, Any]:
    """The page asks for its panel (as it may at any time) and gets a new one."""
    panels = await phone.state("window.__phone.panels")
    await phone.page.evaluate("window.__phone.ws.send(JSON.stringify({type: 'panel'}))")
    await phone.wait(f"window.__phone.panels > {panels}")
    return await phone.state("window.__phone.panel")


async def _marks(phone: Phone) -> dict[int, str]:
    cells = phone.page.locator("#panel dl.board dd")
    return {
        int(await cells.nth(i).get_attribute("data-seat") or 0): await cells.nth(i).text_content()
        or ""
        for i in range(await cells.count())
    }


async def test_each_phone_shows_face_down_seats_piles_spent_skills_and_the_comparison(
    tmp_path: Path, pw: Any
) -> None:
    async with PhoneTable(tmp_path, players=PLAYERS, settings=PACKS, tls=False) as table:
        phones = {n: await table.phone(pw, n, None, camera=False) for n in (1, 3)}
        for phone in phones.values():
            panel = await phone.state("window.__phone.panel")
            assert panel["board"] == [] and panel["comparison"] is None
            assert await phone.page.locator("#panel .comparison").count() == 0
        play_board(table.session)
        state = table.session.state()
        said = EN.table("last_comparison", state, **state["last_comparison"])
        assert said.endswith("Taishi Ci (seat 2) won.") and "Dodge ♥K" in said
        for phone in phones.values():
            await phone.wait(f"window.__phone.panel.comparison === {said!r}")
            panel = await phone.state("window.__phone.panel")
            assert panel["board"] == _board()
            assert await _marks(phone) == {
                1: "Face down",
                3: "Unyielding: Peach ♥3",
                4: "Nirvana spent",
            }
            assert await phone.page.text_content("#panel .comparison") == said
        # 曹仁's own row is marked as his
        assert await phones[1].page.get_attribute('#panel dd[data-seat="1"]', "class") == "mine"

        # a private pile (化身's general cards, here the engine's own mechanism with a
        # test pile): its cards on its owner's panel, a count on the others'
        engine: Any = getattr(table.session.table.adapter, "engine")  # noqa: B009
        engine.add_to_pile(engine.player(3), "test_generals", ["zhangliao", "xuchu"], False, "test")
        engine.changed_outside()
        own = {"skill": "test_generals", "count": 2, "cards": ["Zhang Liao", "Xu Chu"]}
        assert (await _asked_again(phones[3]))["board"] == _board(own)
        assert (await _marks(phones[3]))[
            3
        ] == "Unyielding: Peach ♥3 · test_generals: Zhang Liao Xu Chu"
        other = {"skill": "test_generals", "count": 2, "cards": None}
        assert (await _asked_again(phones[1]))["board"] == _board(other)
        assert (await _marks(phones[1]))[3] == "Unyielding: Peach ♥3 · test_generals: 2 face down"
        received = await phones[1].state("window.__phone.received")
        assert not any("Zhang Liao" in str(m) or "zhangliao" in str(m) for m in received)
        for phone in phones.values():
            assert phone.errors == []
