"""HINT at the table (docs/regicide-hints.md §5), through the simulated reader's real BLE
path: the HINT command label asks for the hand, the hand's scans give the hint, spoken
and shown in solo; the game's state, its input count and its end are exactly those of
the same game played without hints."""

from __future__ import annotations

from pathlib import Path

from companion import codes
from tests.regicide_table.conftest import SCRIPTS

HINT = next(r.code for r in codes.all_codes("commands") if r.text == "hint")
SOLO = "regicide_solo.script"

# (line of the solo script after which to ask, the hint lines to insert)
_ASKS = {
    4: [f"@* scan {HINT}", *(f"@* scan {c}" for c in "C8 H4 S5 D3 H9 C6 S2 D9".split())],
    8: [f"@* scan {HINT}", "@* press no"],
    9: [f"@* scan {HINT}", *(f"@* scan {c}" for c in "S10 C8 H2 D4 S6 C9 H7 D5".split())],
}


def _with_hints(tmp: Path) -> Path:
    lines = (SCRIPTS / SOLO).read_text("utf-8").splitlines()
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        out.append(line)
        out.extend(_ASKS.get(number, []))
    path = tmp / "solo_hints.script"
    path.write_text("\n".join(out) + "\n", "utf-8")
    return path


def test_hints_are_said_and_change_nothing(play, tmp_path: Path) -> None:
    plain = play(SOLO, players=1)
    hinted = play(_with_hints(tmp_path), players=1)
    assert hinted.status == 0, hinted.err
    lines = hinted.lines
    asks = [line for line in lines if line.startswith("Player 1: for a hint, scan the ")]
    assert asks == [
        "Player 1: for a hint, scan the 8 cards of your hand (NO stops).",
        "Player 1: for a hint, scan the 7 cards of your hand (NO stops).",
        "Player 1: for a hint, scan the 8 cards of your hand (NO stops).",
    ]
    assert "Player 1: no hint; the game goes on." in lines
    hints = [line for line in lines if line.startswith("Hint for player 1: ")]
    assert len(hints) == 1, hints  # the third hand holds ♣8, which is on the table
    assert "No hint: ♣8 is on the table, not in your hand." in lines
    at = lines.index(hints[0])
    assert lines[at + 1].startswith("Estimated chance to win: ")
    assert lines[at + 2].startswith("Why: ")
    # the same game, the same end, the same count of game inputs: hints are advice
    assert hinted.state == plain.state
    assert [line for line in lines if not _about_hints(line)] == [
        line for line in plain.lines if not _about_hints(line)
    ]


def _about_hints(line: str) -> bool:
    starts = ("Player 1: for a hint", "Player 1: no hint", "Hint for", "Estimated chance", "Why:")
    return line.startswith(starts) or line.startswith("No hint:")
