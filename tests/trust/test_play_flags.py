"""`companion play --allowlist/--allow-new`: the paired readers' file is checked up front."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.store import GameLog


def test_a_broken_allowlist_is_refused_before_any_game_is_recorded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A paired-readers file that is not JSON stops `play` with exit status 2, names the
    file, and records no game."""
    bad = tmp_path / "readers.json"
    bad.write_text("{bad", "utf-8")
    db = tmp_path / "games.sqlite"
    status = main(["play", "--reader", "ble", "--allowlist", str(bad), "--db", str(db)])
    assert status == 2
    assert str(bad) in capsys.readouterr().err
    assert not db.exists() or GameLog(db).latest() is None


def test_the_trust_flags_are_offered_on_play_and_resume(capsys: pytest.CaptureFixture[str]) -> None:
    """`play` and `resume` both take --allow-new and --allowlist."""
    for command in ("play", "resume"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        out = capsys.readouterr().out
        assert "--allow-new" in out and "--allowlist" in out
