"""A command whose output is cut short by its reader (`companion export 1 | head -3`)
ends quietly, as `git log | head` does: no traceback, the shell's SIGPIPE status.

The reader here is a pipe closed before the command writes anything, which is what
`head` is once it has read its lines: every write the command makes after that
fails, so the test does not depend on how fast `head` is."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import EXIT_PIPE
from tests.e2e.conftest import SCRIPTS

REPO = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO), "COMPANION_TAG_REGISTRY": "/nonexistent"}


def _into_a_closed_pipe(*args: str) -> subprocess.CompletedProcess[str]:
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line
    try:
        return subprocess.run(
            [sys.executable, "-m", "companion", *args], cwd=REPO, stdout=write,
            stderr=subprocess.PIPE, text=True, timeout=120, env=_env(),
        )  # fmt: skip
    finally:
        os.close(write)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A log with one whole game in it."""
    path = tmp_path_factory.mktemp("pipes") / "g.sqlite"
    script = SCRIPTS / "victory_rebels.script"
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--players", "2", "--seed", "3",
         "--script", str(script), "--db", str(path)],
        cwd=REPO, capture_output=True, text=True, timeout=120, env=_env(),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return path


@pytest.mark.parametrize(
    "command",
    [
        ("export", "1"),
        ("export", "1", "--format", "text"),
        ("replay", "1"),
        ("games",),
    ],
    ids=" ".join,
)
def test_a_command_piped_into_head_ends_quietly(db: Path, command: tuple[str, ...]) -> None:
    """No BrokenPipeError traceback, nothing on stderr, status 141 (128 + SIGPIPE)."""
    proc = _into_a_closed_pipe(*command, "--db", str(db))
    assert proc.stderr == ""
    assert proc.returncode == EXIT_PIPE


def test_a_game_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """`companion demo | head -2`: the narration's reader goes during the game (after
    the opening's two lines; the demo paced to write for seconds after that); no
    traceback, not "cannot serve the table view", the pipe status."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "demo", "--pace", "0.05", "--db",
         str(tmp_path / "d.sqlite")],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
    )  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    for _ in range(2):
        proc.stdout.readline()
    proc.stdout.close()  # what head does once it has its lines
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == EXIT_PIPE, err
    assert "Traceback" not in err and "table view" not in err
