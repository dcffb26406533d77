"""Each seat's own panel on its phone, through a whole game with five phones: real
Chromium pages on the real table (reader hub, pump, SQLite log), the presses and the
dial clicked on the pages. The scans are committed as the seat's phone reader's
inputs (the stand-in for the camera here: `test_whole_game.py` scans through it).

After every input each page's newest panel is checked against the public view at
that moment (general, HP, equipment, judgment area, the seats in attack range and
their distances, worked out from the public seats) and against that seat's own
facts (its identity when the companion knows it); every message a page received
(its frames, kept by the page) is checked for any other seat's identity or prompt.
A panel asked for another seat is refused and changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.game.pump import reader_name
from companion.narration.names import SanguoshaNames
from companion.readers.phone import phone_reader_id
from companion.table.inputs import InputKind, TableInput
from companion.web.labels import phone_words
from companion.web.panel import NOT_ONCE, ONCE_PER_PHASE
from engine.sanguosha.catalogue import catalogue
from hardware.sim.script import Press, Scan, Select, parse_script
from tests.phone.harness import CHROMIUM, CHROMIUM_ARGS, PhoneTable

pytestmark = pytest.mark.camera

SCRIPT = Path(__file__).with_name("scripts") / "five_phones.script"
EN = SanguoshaNames("en")


def expected_reach(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Distances from the public view: seats counted the shorter way over the living,
    +1 horse on the target, -1 horse on the source, at least 1 (no skill in this game
    changes them); in range when within the weapon's range (1 without one)."""
    seats = {s["seat"]: s for s in state["seats"]}
    alive = [n for n in sorted(seats) if seats[n]["alive"]]
    me = seats[seat]
    weapon = me["equipment"]["weapon"]
    reach = (catalogue().cards[weapon.split("@")[0]].range or 1) if weapon else 1
    out = []
    for other in alive:
        if other == seat:
            continue
        d = (alive.index(other) - alive.index(seat)) % len(alive)
        d = min(d, len(alive) - d)
        d += seats[other]["equipment"]["plus_horse"] is not None
        d -= me["equipment"]["minus_horse"] is not None
        d = max(d, 1)
        out.append({"seat": other, "distance": d, "in_range": d <= reach})
    return out


def check_panel(panel: dict[str, Any], state: dict[str, Any], seat: int, own_identity: Any) -> None:
    me = next(s for s in state["seats"] if s["seat"] == seat)
    assert panel["seat"] == seat
    assert (panel["hp"], panel["max_hp"]) == (me["hp"], me["max_hp"])
    book = catalogue()
    if me["general"]:
        assert panel["general"] == EN.general(me["general"])
        names = [s["name"] for s in panel["skills"]]
        assert names and names[0] == EN.skill(book.generals[me["general"]].skills[0])
        assert all(s["text"] for s in panel["skills"])
    equipment = {k: v for k, v in me["equipment"].items() if v}
    assert set(panel["equipment"]) == set(equipment)
    assert len(panel["judgment"]) == len(me["judgment"])
    if me["alive"] and me["general"]:
        assert panel["reach"] == expected_reach(state, seat)
    assert panel["identity"] == own_identity
    public = {s["seat"]: s["general"] for s in state["seats"] if s["general"]}
    assert {int(k): v for k, v in panel["names"].items()} == {
        n: EN.general(g) for n, g in public.items()
    }


async def test_each_phone_shows_its_own_panel_through_a_whole_game(tmp_path: Path, pw) -> None:
    lines = parse_script(SCRIPT.read_text())
    async with PhoneTable(tmp_path, players=5, tls=False) as table:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages = {}
            for seat in range(1, 6):  # five phones: each its own storage, one browser
                page = await (await browser.new_context()).new_page()
                await page.goto(table.seat_url(seat))
                pages[seat] = page
            for page in pages.values():
                await page.wait_for_function(
                    "window.__phone && window.__phone.link === 'connected'"
                )
            engine: Any = getattr(table.session.table.adapter, "engine")  # noqa: B009
            turns_seen: list[Any] = []
            for line in lines:
                before = len(table.inputs())
                counts = {s: await p.evaluate("window.__phone.panels") for s, p in pages.items()}
                action, target = line.action, line.target
                assert isinstance(target, int)
                seat = target
                if isinstance(action, Scan):
                    table.session.commit(TableInput(
                        InputKind.SCAN, {"code": action.token}, t=table.clock.now(),
                        reader=reader_name(phone_reader_id(seat)), seat=seat,
                    ))  # fmt: skip
                elif isinstance(action, Press):
                    await pages[seat].click(f"#{action.button.lower()}")
                elif isinstance(action, Select):
                    button = f'#dial button[data-seat="{action.seat}"]'
                    if (
                        engine.pending() is not None
                        and engine.pending().kind.value == "choose_target"
                    ):
                        words = phone_words("en")
                        assert await pages[seat].text_content("#dial-for") == words["dial_target"]
                    await pages[seat].click(button)
                await table.until(lambda before=before: len(table.inputs()) > before)
                state = table.session.state()
                for n, page in pages.items():
                    await page.wait_for_function(f"window.__phone.panels > {counts[n]}")
                    panel = await page.evaluate("window.__phone.panel")
                    player = engine.player(n)
                    own = EN.identity(player.identity) if player.identity else None
                    check_panel(panel, state, n, own)
                    if panel.get("turn"):
                        turns_seen.append((n, panel["turn"]))
            assert table.session.over

            # the dial names the generals; the identity shows only once tapped
            state = table.session.state()
            for n, page in pages.items():
                general = next(s["general"] for s in state["seats"] if s["seat"] == n)
                label = await page.text_content(f'#dial button[data-seat="{n}"]')
                assert label == f"{n} · {EN.general(general)}"
                text = await page.text_content("#panel") or ""
                assert EN.general(general) in text
                await page.screenshot(path=tmp_path / f"seat{n}.png", full_page=True)
            lord = pages[1]
            assert "Lord" not in (await lord.text_content("#panel") or "")
            await lord.click("#identity-tap")
            assert "Lord" in (await lord.text_content("#panel") or "")

            # a panel asked for another seat: refused, in words, and nothing is sent
            page = pages[3]
            panels = await page.evaluate("window.__phone.panels")
            await page.evaluate("window.__phone.ws.send(JSON.stringify({type: 'panel', seat: 4}))")
            said = phone_words("en")["refused_panel_other"]
            await page.wait_for_function(f"window.__phone.notices.includes({json.dumps(said)})")
            assert await page.evaluate("window.__phone.panels") == panels
            await page.evaluate("window.__phone.ws.send(JSON.stringify({type: 'panel'}))")
            await page.wait_for_function(f"window.__phone.panels > {panels}")

            # every message a page got: its own seat's only
            for n, page in pages.items():
                received = await page.evaluate("window.__phone.received")
                assert {m["seat"] for m in received if m["type"] in ("panel", "welcome")} == {n}
                assert {m["seat"] for m in received if m["type"] == "prompt" and m.get("text")} <= {
                    n
                }
                own = engine.player(n).identity
                shown = {m["identity"] for m in received if m["type"] == "panel"}
                assert shown <= {None, EN.identity(own) if own else None}, (n, shown)
            assert any(turn["kills_left"] is None for _, turn in turns_seen)  # 张飞: no limit
        finally:
            await browser.close()


def test_every_active_skill_is_known_as_once_per_phase_or_not() -> None:
    """The panel's "used this phase" list covers each active skill the engine limits to
    once per play phase; a new active skill must be sorted into one of the two sets."""
    active = {sid for sid, s in catalogue().skills.items() if "active" in s.tags}
    assert ONCE_PER_PHASE.isdisjoint(NOT_ONCE)
    assert active == ONCE_PER_PHASE | NOT_ONCE


async def test_a_regicide_seat_sees_its_hand_count_and_what_it_owes_in_vietnamese(
    tmp_path: Path, pw
) -> None:
    """Regicide in vi: each page's panel has its seat's hand count; the seat the enemy
    strikes sees what it owes (and the other seat does not), and the panel follows the
    payment. The cards are committed as the seat's phone reader's scans."""
    words = phone_words("vi")
    async with PhoneTable(tmp_path, players=2, game="regicide", lang="vi") as table:
        table.session.commit(TableInput(InputKind.SCAN, {"code": "SJ"}, reader="host"))
        one = await table.phone(pw, 1, None, camera=False)
        two = await table.phone(pw, 2, None, camera=False)

        def scan(seat: int, code: str) -> None:
            table.session.commit(TableInput(
                InputKind.SCAN, {"code": code}, t=table.clock.now(),
                reader=reader_name(phone_reader_id(seat)), seat=seat,
            ))  # fmt: skip

        async def panels() -> tuple[dict[str, Any], dict[str, Any]]:
            return (
                await one.state("window.__phone.panel"),
                await two.state("window.__phone.panel"),
            )

        first, second = await panels()
        assert (first["hand_count"], first["owed"], first["my_turn"]) == (7, None, True)
        assert (second["hand_count"], second["owed"], second["my_turn"]) == (7, None, False)
        text = await one.page.text_content("#panel") or ""
        assert words["panel_hand"] in text and words["panel_nothing_owed"] in text

        # ♣5 doubled is 10 to ♠J; ♠J strikes back for 10: seat 1 owes it
        count = await one.state("window.__phone.panels")
        scan(1, "C5")
        await one.press("ok")
        await one.wait(f"window.__phone.panels > {count} && window.__phone.panel.owed === 10")
        await two.wait("window.__phone.panel.owed === null && window.__phone.panel.hand_count")
        first, second = await panels()
        assert first["hand_count"] == 6 and second["owed"] is None
        text = await one.page.text_content("#panel") or ""
        assert words["panel_owed"] in text and "10" in text
        assert words["panel_owed"] not in (await two.page.text_content("#panel") or "")

        scan(1, "D10")  # pays 10: the turn passes to seat 2
        await one.wait("window.__phone.panel.owed === null && !window.__phone.panel.my_turn")
        await two.wait("window.__phone.panel.my_turn")
        assert (await one.state("window.__phone.panel"))["hand_count"] == 5
        state = table.session.state()
        assert [h["count"] for h in state["hands"]] == [5, 7]
        for page in (one, two):
            assert page.errors == []
            got = await page.state("window.__phone.received.filter(m => m.type === 'panel')")
            assert {m["seat"] for m in got} == {page.seat}
