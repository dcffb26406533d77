"""Each seat's own phone panel shows the 神话再临 packs' table marks as the TV does: the
face-down seats (its own and the others'), 左慈's shown 化身 general and the skill he
named, the cards kept on a general (a public pile's cards; a private pile as a count, but
with its cards on its owner's panel), spent limited skills, the latest point comparison
and the extra turns (放权). Real Chromium pages on the real table (reader hub, pump, SQLite
log), the real 风/火 and 山 generals played there (`tests/web/wind_fire_board.py`,
`tests/web/mountain_board.py`) while the pages are open."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.narration import Narrator
from tests.phone.harness import Phone, PhoneTable
from tests.web import mountain_board
from tests.web.mountain_board import HIDDEN, grant_extra_turns, play_mountain
from tests.web.wind_fire_board import PACKS, PLAYERS, play_board

EN = Narrator("en")
PEACH = {"skill": "Unyielding", "count": 1, "cards": ["Peach ♥3"]}


def _board(*private: dict[str, Any]) -> list[dict[str, Any]]:
    """The marks every panel shows; `private`: seat 3's other piles as that panel sees them."""
    return [
        {"seat": 1, "face_down": True, "huashen": None, "piles": [], "spent": []},
        {"seat": 3, "face_down": False, "huashen": None, "piles": [PEACH, *private], "spent": []},
        {"seat": 4, "face_down": False, "huashen": None, "piles": [], "spent": ["Nirvana"]},
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


async def test_each_phone_shows_the_shown_huashen_and_the_extra_turns(
    tmp_path: Path, pw: Any
) -> None:
    """左慈 (seat 3) sees his two 化身 cards on his own panel, the others only their count;
    every panel shows the general he shows with the skill he named, and 蔡文姬's extra turn
    from 刘禅's 放权, then, once she grants one more, the one to come."""
    settings, players = mountain_board.PACKS, mountain_board.PLAYERS
    async with PhoneTable(tmp_path, players=players, settings=settings, tls=False) as table:
        phones = {n: await table.phone(pw, n, None, camera=False) for n in (1, 3)}
        for phone in phones.values():
            assert (await phone.state("window.__phone.panel"))["extra_turns"] == []
        play_mountain(table.session)
        extra = "Extra turn: Cai Wenji (seat 4), given by Liu Shan (seat 1) with Delegate Power."
        shown = {"skill": "Incarnation", "general": "Zhen Ji", "named": "Goddess Luo"}
        for n, phone in phones.items():
            await phone.wait(f"window.__phone.panel.extra_turns[0] === {extra!r}")
            panel = await phone.state("window.__phone.panel")
            cards = ["Zhen Ji", "Guo Jia"] if n == 3 else None  # his own panel only
            pile = {"skill": "Incarnation", "count": 2, "cards": cards}
            assert panel["board"] == [
                {"seat": 1, "face_down": False, "huashen": None, "piles": [],
                 "spent": ["Feign Foolishness"]},  # 若愚 woke at his preparation phase
                {"seat": 3, "face_down": False, "huashen": shown, "piles": [pile], "spent": []},
            ]  # fmt: skip
            assert panel["extra_turns"] == [extra]
            assert await phone.page.locator("#panel .extra-turn").all_text_contents() == [extra]
        assert (await _marks(phones[3]))[3] == (
            "Incarnation: Zhen Ji · Goddess Luo · Incarnation: Zhen Ji Guo Jia"
        )
        assert (await _marks(phones[1]))[3] == (
            "Incarnation: Zhen Ji · Goddess Luo · Incarnation: 2 face down"
        )
        received = json.dumps(await phones[1].state("window.__phone.received"))
        assert "Guo Jia" not in received and HIDDEN not in received

        engine: Any = getattr(table.session.table.adapter, "engine")  # noqa: B009
        grant_extra_turns(engine, 4, 2)  # 蔡文姬, in her extra turn, grants 张郃 one more
        following = (
            "Extra turn next: Zhang He (seat 2), given by Cai Wenji (seat 4) with test_extra_turn."
        )
        for phone in phones.values():
            assert (await _asked_again(phone))["extra_turns"] == [extra, following]
            assert await phone.page.locator("#panel .extra-turn").all_text_contents() == [
                extra,
                following,
            ]
            assert phone.errors == []
