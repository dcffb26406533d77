"""A game with the Maneuvering cards killed with SIGKILL in the middle of a chain's
propagation (a conducted fire damage has put Hua Tuo in dying; Liu Bei, chained, is
still to be hit) and resumed with `companion resume` ends exactly like a run that was
never interrupted: the real process, the real SQLite log."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.e2e.conftest import SCRIPTS
from tests.e2e.test_subprocess import REPO, _companion, _env, _state

SCRIPT = SCRIPTS / "chain_dying.script"
CARDS = ("--cards", "standard,maneuvering")


def _line_of(prefix: str) -> int:
    lines = SCRIPT.read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(prefix))


def _play_until(db: Path, sentence: str) -> list[str]:
    """Play the script as a process and SIGKILL it as soon as it says `sentence`."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--script", str(SCRIPT), "--lang", "en",
         "--db", str(db), *CARDS],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=_env(),
    )  # fmt: skip
    seen: list[str] = []
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            seen.append(line.rstrip("\n"))
            if line.startswith(sentence):
                proc.send_signal(signal.SIGKILL)
                break
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()
    return seen


def _last_logged_line(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        (line,) = conn.execute("SELECT MAX(line) FROM inputs").fetchone()
    return int(line)


def test_killed_mid_chain_propagation_then_resumed(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    played = _companion("play", "--script", str(SCRIPT), "--lang", "en", "--db",
                        str(tmp_path / "w.sqlite"), "--state-out", str(whole), *CARDS)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Through the chain, Guan Yu (seat 2) deals 1 fire damage to Liu Bei (seat 1): " \
        "4 health left." in played.stdout  # fmt: skip
    db = tmp_path / "killed.sqlite"
    seen = _play_until(db, "Hua Tuo (seat 5) is dying")
    assert seen[-1].startswith("Hua Tuo (seat 5) is dying"), seen[-3:]
    # killed while the chain was being resolved: Hua Tuo's Fire Kill damage logged,
    # his death (the identity scan) and the hit on Liu Bei not yet
    last = _last_logged_line(db)
    assert _line_of("@3 press no") <= last < _line_of("@5 scan rebel"), last
    resumed = tmp_path / "resumed.json"
    again = _companion("resume", "--db", str(db), "--state-out", str(resumed))
    assert again.returncode == 0, again.stderr
    assert "Through the chain, Guan Yu (seat 2) deals 1 fire damage to Liu Bei (seat 1)" in (
        again.stdout
    )
    assert _state(resumed) == _state(whole)
    assert [s["chained"] for s in _state(resumed)["seats"]] == [False] * 5
