"""The live terminal view wraps long lines, never crops them (issue 29, item 2): on a
real pty read through a VT100 emulator at 80x24 and 60x20, the long first Regicide
instruction, a Nullification prompt (its timer and who is still to answer) and the
console's `help` are on the screen whole, every word, joined across wrapped rows."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.terminal import Terminal

SIZES = [(80, 24), (60, 20)]
RULE = re.compile("^─{20,}$")  # the rule between the table block and the narration
REGICIDE_START = (
    "A game of Regicide for 2 players begins. Build the castle deck (Kings at the bottom, "
    "then Queens, Jacks on top), shuffle the tavern deck without Jesters and deal 7 cards "
    "to each player (26 stay in the tavern)."
)
HELP = (
    "Type what a reader would send, one line at a time: scan TOKEN (a card kill@S7, 杀♠7 or "
    "sha@S7; a general caocao or cao cao; lord; skill:rende; a poker card C8 or 8C), press "
    "ok|no|undo [long], select N (a seat on the dial), remove; @N first for seat N's reader, "
    "@* for the shared reader; wait SECONDS; correct hp SEAT HP, correct hand SEAT COUNT; "
    "hint (Regicide: a hint for the player who decides). Ctrl-C stops (the game is saved)."
)


def _joined(rows: list[str]) -> str:
    """The screen's words as one text: wrapped rows joined again."""
    return " ".join(" ".join(rows).split())


def _whole(text: str) -> Callable[[list[str]], bool]:
    """The condition a Terminal waits on: `text` on the screen, whole."""
    return lambda rows: text in _joined(rows)


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_regicide_instruction_and_help_wrap_whole(tmp_path: Path, columns: int, rows: int) -> None:
    with Terminal("play", "--game", "regicide", "--players", "2", "--reader", "sim",
                  "--per-seat", "--lang", "en", "--db", str(tmp_path / "g.sqlite"),
                  columns=columns, rows=rows) as term:  # fmt: skip
        first = term.until(lambda r: sum("connected" in row for row in r) == 2)
        assert REGICIDE_START in _joined(first), "\n".join(first)
        assert all(len(row) <= columns for row in first)
        term.type("help\r")
        shown = term.until(_whole("Ctrl-C stops"))
        assert HELP in _joined(shown), "\n".join(shown)
        term.type("\x03")
        assert term.close() == 0


NULLIFICATION = re.compile(
    r"Nullification against Dismantle ♠3 on Zhao Yun \(seat 3\)\? Scan it, or NO \(\d+ s\); "
    r"still to answer: Liu Bei \(seat 1\), Guan Yu \(seat 2\), Zhao Yun \(seat 3\), "
    r"Huang Gai \(seat 4\) and Hua Tuo \(seat 5\)\."
)


@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_a_nullification_prompt_wraps_whole(tmp_path: Path, columns: int, rows: int) -> None:
    """Five seats: the prompt above the rule keeps its timer and who is still to answer
    (the window is held open long, so a slow machine still sees it)."""
    with Terminal("play", "--players", "5", "--reader", "sim", "--per-seat", "--lang", "en",
                  "--nullification-timeout", "900", "--db", str(tmp_path / "g.sqlite"),
                  columns=columns, rows=rows) as term:  # fmt: skip
        term.until(lambda r: sum("connected" in row for row in r) >= 1)
        for line in ["@1 scan lord", "@1 scan liubei", "@2 scan guanyu", "@3 scan zhaoyun",
                     "@4 scan huanggai", "@5 scan huatuo", "@1 scan dismantle@S3"]:  # fmt: skip
            term.type(line + "\r")
            term.settle()
        term.type("@1 scan zhaoyun\r")
        shown = term.until(
            lambda r: any(RULE.match(row) for row in r) and "Nullification against" in _joined(r)
        )
        region = shown[: next(i for i, row in enumerate(shown) if RULE.match(row))]
        assert NULLIFICATION.search(_joined(region)), "\n".join(shown)
        assert all(len(row) <= columns for row in shown)
        term.type("\x03")
        assert term.close() == 0
