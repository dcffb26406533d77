"""Running `companion play --script` for Three Kingdoms Kill (see `tests/scripted_play.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripted_play import SCRIPTS, Run, player, without_log_length
from tests.scripted_play import script_before as prefix

__all__ = ["SCRIPTS", "Run", "prefix", "without_log_length"]


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Run `companion play --script` (a file of tests/scripts, or a Path) and collect the result."""
    return player("sanguosha", 5, tmp_path, capsys)
