"""The terminal table view: public state only, in the narration language."""

from __future__ import annotations

import io
import logging
import re
import sys

import pyte
import pytest
from rich.cells import cell_len
from rich.console import Console

from companion.game.console import render_table_view
from companion.game.live import LiveView
from companion.game.session import Update
from companion.narration import Narrator
from tests.table.harness import TableHarness


def _text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_view_shows_seats_health_and_the_pending_decision() -> None:
    """Each seat's general, health and hand appear; hidden identities show as '?'."""
    h = TableHarness()
    h.setup()
    h.scan("chitu@H5")
    state = {**h.table.view(), "pending": h.table.prompt()}
    text = _text(render_table_view(state, Narrator("en"), ["Liu Bei (seat 1) equips Red Hare ♥5."]))
    assert "Guan Yu" in text and "Red Hare ♥5" in text and "●●●●●" in text
    assert text.count("?") >= 4 and "Lord" in text
    assert "play a card, or OK to end the play phase" in text


def test_the_view_speaks_the_narration_language() -> None:
    """In zh-Hans the headers, generals and phase are Chinese."""
    h = TableHarness()
    h.setup()
    text = _text(render_table_view(h.table.view(), Narrator("zh-Hans")))
    assert "武将" in text and "刘备" not in text and "曹操" in text and "出牌" in text


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "· play phase"), ("es", "· fase de juego"), ("zh-Hans", "· 出牌阶段")],
)
def test_the_status_line_names_the_phase_as_a_phase(lang: str, shown: str) -> None:
    """Not the bare word ("· play", "· 出牌"): the phase as the narration and the page
    name it."""
    h = TableHarness()
    h.setup()
    assert shown in _text(render_table_view(h.table.view(), Narrator(lang)))


def _separators(text: str) -> list[tuple[int, ...]]:
    """The terminal columns of the column separators, line by line (cells, not characters:
    a Chinese name is two cells per character)."""
    return [
        tuple(cell_len(line[: m.start()]) for m in re.finditer("[│┃]", line))
        for line in text.splitlines()
    ]


@pytest.mark.parametrize("lang", ["en", "es", "zh-Hans"])
def test_the_stable_view_keeps_its_columns_when_values_change(lang: str) -> None:
    """The live view's table: health 10 -> 9, a hand of 10 -> 9, a general scanned,
    a horse equipped: every line and column separator stays where it was."""
    h = TableHarness()
    h.setup()
    before = h.table.view()
    seats = [dict(seat) for seat in before["seats"]]
    seats[0].update(hp=10, max_hp=10, hand_count=10)
    after = [dict(seat) for seat in seats]
    after[0].update(hp=9, hand_count=9, equipment={"plus_horse": "dilu@C5"})
    after[1].update(general="zhugeliang", identity="rebel")
    narrator = Narrator(lang)
    first = _text(render_table_view({**before, "seats": seats}, narrator, stable=True))
    then = _text(render_table_view({**before, "seats": after}, narrator, stable=True))
    assert _separators(first) == _separators(then)
    assert len(first.splitlines()) == len(then.splitlines())
    assert narrator.names.general("zhugeliang") in then


def test_the_stable_regicide_view_keeps_its_lines_and_columns() -> None:
    """Regicide's live view: the enemy line is there before any enemy, and the players'
    rows keep their columns when a hand goes from 10 to 9 and a player yields."""
    from tests.regicide_table.helpers import Game

    game = Game(2)
    empty = game.view
    game.apply("@1 scan CJ")
    state = game.view
    hands = [dict(hand, count=10) for hand in state["hands"]]
    later = [dict(hand, count=9, yielded_last_turn=True) for hand in state["hands"]]
    narrator = Narrator("en", "regicide")
    none = _text(render_table_view(empty, narrator, stable=True))
    first = _text(render_table_view({**state, "hands": hands}, narrator, stable=True))
    then = _text(render_table_view({**state, "hands": later}, narrator, stable=True))
    assert _separators(none) == _separators(first) == _separators(then)
    assert first.splitlines()[0].startswith("enemy ♣J") and none.splitlines()[0] == ""


def _terminal(columns: int = 100, rows: int = 24) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(
        file=out, force_terminal=True, force_interactive=True, width=columns, height=rows,
        color_system=None,
    )  # fmt: skip
    return console, out


def _screen(out: io.StringIO, columns: int = 100, rows: int = 24) -> list[str]:
    screen = pyte.Screen(columns, rows)
    pyte.Stream(screen).feed(out.getvalue().replace("\n", "\r\n"))  # the tty's ONLCR
    return [line.rstrip() for line in screen.display]


def test_the_live_view_fills_the_terminal_with_the_narration_beneath() -> None:
    """The region is the terminal's height: the table on top, then the newest
    narration lines that fit, newest at the bottom; what the program prints meanwhile
    (a console error, a notice) becomes narration, never text over the table."""
    console, out = _terminal()
    h = TableHarness()
    h.setup()
    handler = logging.StreamHandler(sys.stderr)  # as `companion --log-level` adds one
    root = logging.getLogger()
    others, root.handlers = root.handlers, [handler]  # not other tests' leftovers
    try:
        with LiveView(Narrator("en"), h.table.view(), console=console) as view:
            view(Update(1, None, [f"sentence {i}" for i in range(40)], h.table.view()))
            print("console: scan takes one card", file=sys.stderr)
            print("help text")
            logging.getLogger("companion.test").warning("a warning")
            rows = _screen(out)
    finally:
        root.handlers = others
    assert handler.stream is sys.stderr  # given back
    shown = "\n".join(rows)
    assert rows[0].startswith("# ┃ general"), shown
    said = [row for row in rows if row.startswith(("sentence", "console:", "help"))]
    assert said[-3:] == ["sentence 39", "console: scan takes one card", "help text"], shown
    assert rows[-1] == "a warning"
    assert rows.index("sentence 39") > rows.index(next(r for r in rows if r.startswith("─")))
