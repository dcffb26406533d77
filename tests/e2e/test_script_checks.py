"""Every script line is checked before the first input is logged (issue 18.4): a line
no reader could play stops the run at once with exit 2, naming the line and why, and
the game log holds no game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import GameLog
from tests.e2e.conftest import SCRIPTS

SETUP = (SCRIPTS / "setup.script").read_text("utf-8")


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("@1 scan uid:ZZZZ", "is not a hex UID"),
        ("@1 scan uid:04A1B2", "a tag UID is 4, 7 or 10 bytes"),
        ("@2 scan this-label-is-far-too-long", "a label carries 1 to 13"),
        ("@3 scan 杀杀杀杀杀", "a label carries 1 to 13"),
    ],
)
def test_an_unplayable_line_late_in_a_script_is_refused_before_anything_is_logged(
    play, tmp_path: Path, line: str, why: str
) -> None:
    """The bad line comes after a whole setup's worth of good lines: nothing is logged."""
    script = tmp_path / "late.script"
    script.write_text(SETUP + "@1 press ok\n" + line + "\n@1 press ok\n", "utf-8")
    number = len(SETUP.splitlines()) + 2
    run = play(script)
    assert run.status == 2
    assert f"line {number}: " in run.err and why in run.err, run.err
    assert GameLog(run.db).games() == []


def test_a_line_for_a_reader_the_layout_lacks_is_refused_before_anything_is_logged(
    play, tmp_path: Path
) -> None:
    """`@*` needs a shared reader: with one reader per seat there is none."""
    script = tmp_path / "shared.script"
    script.write_text(SETUP + "@* press ok\n", "utf-8")
    run = play(script, "--per-seat")
    assert run.status == 2
    assert "@* needs exactly one shared reader" in run.err, run.err
    assert GameLog(run.db).games() == []


def test_a_remove_after_the_card_was_lifted_is_refused(play, tmp_path: Path) -> None:
    """A reader holds one card at a time: a second `remove` has nothing to lift, and
    a reboot forgets the card on a simulated reader."""
    for tail in (
        "@1 scan kill@S7\n@1 remove\n@1 remove\n",
        "@1 scan kill@S7\n@1 fault reboot\n@1 remove\n",
    ):
        script = tmp_path / "twice.script"
        script.write_text(SETUP + tail, "utf-8")
        run = play(script)
        assert run.status == 2 and "no card on the reader to remove" in run.err, run.err
        assert GameLog(run.db).games() == []


def test_a_resumed_script_is_checked_before_anything_is_logged(play, tmp_path: Path) -> None:
    """`companion resume --script` with a bad line refuses it and logs nothing more."""
    from companion.cli import main

    first = play("setup.script")
    assert first.status == 0, first.err
    before = len(GameLog(first.db).inputs(1))
    bad = tmp_path / "more.script"
    bad.write_text(SETUP + "@1 press ok\n@2 scan uid:ZZZZ\n", "utf-8")
    status = main(["resume", "1", "--db", str(first.db), "--script", str(bad)])
    assert status == 2
    assert len(GameLog(first.db).inputs(1)) == before
