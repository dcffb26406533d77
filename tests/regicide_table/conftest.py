"""Running `companion play --game regicide --script` in-process, over the simulated
reader's real BLE path (see `tests/scripted_play.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripted_play import SCRIPTS, Run, player, without_log_length
from tests.scripted_play import script_before as cut

__all__ = ["SCRIPTS", "Run", "cut", "without_log_length"]


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """Run `companion play --game regicide --script` and collect the result."""
    return player("regicide", 3, tmp_path, capsys)
