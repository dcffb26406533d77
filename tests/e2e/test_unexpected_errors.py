"""A bug anywhere ends a command with one line, not a traceback (issue 29 item 13):
what happened, where the log file with the traceback is, and, during a game, that the
game is saved and how to resume it.

A correct companion has no such bug to trigger, so each test plants one in a real
`companion` process (`python -c`, patching one function before `companion.cli.main`
runs): the one stand-in here."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.e2e.conftest import SCRIPTS

REPO = Path(__file__).resolve().parents[2]
SCRIPT = SCRIPTS / "victory_rebels.script"
PLAY = ["play", "--players", "2", "--seed", "3", "--lang", "en", "--script", str(SCRIPT)]


def _companion(planted: str, *args: str) -> subprocess.CompletedProcess[str]:
    code = (
        f"import sys\n{planted}\nfrom companion.cli import main\nsys.exit(main({list(args)!r}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "COMPANION_TAG_REGISTRY": "/nonexistent"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
        timeout=120, env=env,
    )  # fmt: skip


_IN_THE_PUMP = """
from companion.game import pump
real = pump.Pump.handle
async def broken(self, event):
    if isinstance(event, pump.ReaderInput):
        raise RuntimeError("planted")
    return await real(self, event)
pump.Pump.handle = broken
"""


def test_a_bug_during_a_game_is_one_line_and_the_game_resumes(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    proc = _companion(_IN_THE_PUMP, *PLAY, "--db", str(db))
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    (line,) = [line for line in proc.stderr.splitlines() if "connected" not in line]
    assert line == (
        f"companion: unexpected error (RuntimeError: planted); its traceback is in "
        f"{tmp_path / 'g.log'}. Game 1 is saved in {db}; resume it with: "
        f"companion resume 1 --db {db}"
    )
    log = (tmp_path / "g.log").read_text("utf-8")
    assert "Traceback (most recent call last)" in log and "RuntimeError: planted" in log
    resumed = _companion("", "resume", "--db", str(db))
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout.splitlines()[-1] == "Game over: the rebels win (Hua Tuo (seat 2))."


def test_a_bug_in_any_command_is_one_line(tmp_path: Path) -> None:
    """Outside a game too (`companion games`): the log file is the one beside `--db`."""
    planted = (
        "from companion.store import GameLog\n"
        "def broken(self, *a, **k):\n    raise KeyError('planted')\n"
        "GameLog.games = broken\n"
    )
    db = tmp_path / "g.sqlite"
    proc = _companion(planted, "games", "--db", str(db))
    assert proc.returncode == 1
    assert proc.stderr == (
        f"companion: unexpected error (KeyError: 'planted'); its traceback is in "
        f"{tmp_path / 'g.log'}\n"
    )
    assert "KeyError: 'planted'" in (tmp_path / "g.log").read_text("utf-8")
