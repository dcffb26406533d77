"""The `companion` commands with Regicide: resume after a crash, replay, and languages."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.store import GameLog
from tests.regicide_table.conftest import SCRIPTS

REPO = Path(__file__).resolve().parents[2]
THREE = SCRIPTS / "regicide_3p.script"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    env["COMPANION_TAG_REGISTRY"] = "/nonexistent/tags.json"  # never a developer's own registry
    return env


def _companion(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=REPO, capture_output=True, text=True, timeout=60, env=_env(),
    )  # fmt: skip


def _state(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))


def _play_until_killed(db: Path, after_lines: int) -> None:
    """Start the 3-player script as a process and SIGKILL it after `after_lines` lines of
    narration."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--game", "regicide", "--players", "3",
         "--script", str(THREE), "--lang", "en", "--db", str(db)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=_env(),
    )  # fmt: skip
    assert proc.stdout is not None
    try:
        for seen, _ in enumerate(proc.stdout, start=1):
            if seen >= after_lines:
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()


@pytest.mark.parametrize("after_lines", [12, 47])
def test_a_game_killed_mid_script_resumes_to_the_same_end(tmp_path: Path, after_lines: int) -> None:
    """A Regicide game killed with SIGKILL in the middle of its script and continued with
    `companion resume` ends in exactly the state of a run never interrupted."""
    whole = tmp_path / "whole.json"
    played = _companion(
        "play", "--game", "regicide", "--players", "3", "--script", str(THREE), "--lang", "en",
        "--db", str(tmp_path / "w.sqlite"), "--state-out", str(whole),
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    db = tmp_path / "crash.sqlite"
    _play_until_killed(db, after_lines)
    with GameLog(db) as log:
        logged = len(log.inputs(1))
    assert 0 < logged < _state(whole)["log_length"], "killed mid-script"
    resumed = tmp_path / "resumed.json"
    again = _companion("resume", "--db", str(db), "--state-out", str(resumed))
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"Game 1 resumed after {logged} inputs.")
    assert _state(resumed) == _state(whole)


def test_replay_narrates_a_regicide_game_again_in_another_language(
    play, capsys, tmp_path: Path
) -> None:
    """`companion replay` re-narrates a logged Regicide game (here in Vietnamese) and ends in
    the same state; `companion games` lists it."""
    run = play("regicide_3p.script")
    state = tmp_path / "replayed.json"
    assert (
        main(["replay", "1", "--db", str(run.db), "--lang", "vi", "--state-out", str(state)]) == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert (
        "Người chơi 2 nhường: không đánh bài, nhưng vẫn phải chịu đòn tấn công của kẻ địch." in out
    )
    assert json.loads(state.read_text("utf-8")) == run.state
    assert main(["games", "--db", str(run.db)]) == 0
    assert "regicide" in capsys.readouterr().out


def test_vietnamese_is_refused_for_three_kingdoms_kill_before_anything_is_recorded(
    tmp_path: Path, capsys
) -> None:
    """`--lang vi` is accepted for Regicide only: a Three Kingdoms Kill game in vi exits 2
    with a clear message and records nothing."""
    db = tmp_path / "g.sqlite"
    status = main(["play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                   "--script", str(SCRIPTS / "setup.script"), "--lang", "vi", "--db", str(db),
                   "--tags", str(tmp_path / "tags.json")])  # fmt: skip
    err = capsys.readouterr().err
    assert status == 2
    assert "sanguosha has no narration in 'vi'" in err
    with GameLog(db) as log:
        assert log.games() == []


def test_replaying_three_kingdoms_kill_in_vietnamese_is_refused(tmp_path: Path, capsys) -> None:
    """`companion replay --lang vi` of a Three Kingdoms Kill game exits 2 and says why."""
    db = tmp_path / "g.sqlite"
    assert main(["play", "--game", "sanguosha", "--players", "5", "--reader", "sim",
                 "--script", str(SCRIPTS / "setup.script"), "--lang", "en", "--db", str(db),
                 "--tags", str(tmp_path / "tags.json")]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["replay", "1", "--db", str(db), "--lang", "vi"]) == 2
    assert "sanguosha has no narration in 'vi'" in capsys.readouterr().err


def test_a_regicide_game_needs_one_to_four_players(play) -> None:
    """Five players is refused before anything runs, with the engine's reason."""
    run = play("regicide_3p.script", players=5)
    assert run.status == 2 and "players must be 1..4, got 5" in run.err
