"""Reader specs are checked and the readers opened before a game is logged (issue 29
item 1): a mistyped spec, or readers that cannot be opened here, get one line saying
what is wrong (with the accepted forms) and leave no game behind for `companion resume`
to pick up. Real `companion` processes; PC/SC is pcsc-lite's real client with its socket
pointed at a path where no pcscd listens (`PCSCLITE_CSOCK_NAME`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.readers.spec import SPEC_FORMS
from tests.e2e.conftest import SCRIPTS

REPO = Path(__file__).resolve().parents[2]


def _companion(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "COMPANION_TAG_REGISTRY": "/nonexistent/tags.json",
        "COMPANION_READERS": str(tmp_path / "readers.json"),
        "PCSCLITE_CSOCK_NAME": str(tmp_path / "no-pcscd.comm"),
    }
    return subprocess.run(
        [sys.executable, "-m", "companion", *args, "--db", str(tmp_path / "g.sqlite")],
        cwd=REPO, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        env=env,
    )  # fmt: skip


def _games(tmp_path: Path) -> str:
    return _companion(tmp_path, "games").stdout


@pytest.mark.parametrize(
    ("readers", "status", "said"),
    [
        (["bogus"], 2, f"companion: --reader bogus: not a reader spec: 'bogus' (use {SPEC_FORMS}"),
        (["scanner:/dev/ttyACM0@11"], 2, "a seat after @ is 1 to 10"),
        (["sim", "phone"], 2, "sim readers do not mix with others"),
        (
            ["phone", "scanner:/nonexistent/tty"],
            1,
            "/nonexistent/tty: no such device: is the barcode scanner plugged in?",
        ),
        (["pcsc"], 1, "no PC/SC service"),
    ],
    ids=lambda value: "+".join(value) if isinstance(value, list) else None,
)
def test_a_bad_or_unopenable_reader_is_one_line_and_no_game(
    tmp_path: Path, readers: list[str], status: int, said: str
) -> None:
    args = [arg for spec in readers for arg in ("--reader", spec)]
    proc = _companion(tmp_path, "play", "--view", "plain", *args)
    assert proc.returncode == status
    assert said in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr  # one line, no traceback
    assert proc.stdout == ""  # no "A game for 5 players begins."
    assert "no games in" in _games(tmp_path)


def test_resume_with_a_bad_reader_leaves_the_game_resumable(tmp_path: Path) -> None:
    """The game is there before and after; `resume` with its own readers goes on."""
    script = SCRIPTS / "setup.script"
    assert _companion(tmp_path, "play", "--script", str(script)).returncode == 0
    before = _games(tmp_path)
    proc = _companion(tmp_path, "resume", "--reader", "bogus")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "not a reader spec: 'bogus'" in proc.stderr
    assert _games(tmp_path) == before
    assert _companion(tmp_path, "resume", "--script", str(script)).returncode == 0
