"""End to end: a whole game of each two-side mode by `companion play --mode M --script`
through the simulated readers, and a game killed mid-draft or mid 1v1 general change,
then resumed (docs/modes.md; issue 19)."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.test_subprocess import REPO, _companion, _env, _state
from tests.scripted_play import SCRIPTS, player


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    return player("sanguosha", 2, tmp_path, capsys)


def test_1v1_whole_game(play) -> None:
    """Pool, draft, secret first generals, three generals of seat 2 fall: seat 1 wins."""
    run = play("mode_1v1.script", "--mode", "1v1")
    assert run.status == 0, run.err
    assert "Seat 2: draft 1 from the pool: scan a general card (" in run.out
    assert "Seat 1 may not decide now: waiting for seat 2." in run.lines  # out of turn
    assert any(line.startswith("Guan Yu is not in the draft pool: ") for line in run.lines)
    assert "No identity cards in 1v1: the teams are known; scan a general or a game card." in (
        run.lines
    )
    assert "Seat 1 has chosen a first general." in run.lines
    assert "Hua Tuo has already fallen: choose another reserve of Hua Tuo (seat 2)." in run.lines
    assert "Lü Bu enters for seat 2 (4 left in reserve)." in run.lines
    assert "Zhang Fei (seat 1) draws 1 card (draw phase)." in run.lines  # the first turn
    assert run.lines[-1] == "Game over: the first player wins (Zhang Fei (seat 1))."
    state = run.state
    assert (state["winner_side"], state["end_reason"]) == ("A", "generals_fallen")
    seat2 = run.seat(2)
    assert seat2["fallen"] == ["huatuo", "lvbu", "sunquan"] and seat2["reserves_count"] == 3
    assert "reserves" not in seat2  # which ones stays with their owner


def test_1v1_narrated_in_chinese_and_spanish(play) -> None:
    zh = play("mode_1v1.script", "--mode", "1v1", lang="zh-Hans")
    assert zh.status == 0, zh.err
    assert "1号位为先手。" in zh.lines and "2号位为后手。" in zh.lines
    assert "吕布登场，代替2号位（剩余4名备用武将）。" in zh.lines
    assert zh.lines[-1] == "游戏结束：先手获胜（1号位张飞）。"
    es = play("mode_1v1.script", "--mode", "1v1", lang="es")
    assert es.status == 0, es.err
    assert "Cae Sun Quan: el asiento 2 ha perdido 3 de 3 generales." in es.lines
    assert es.lines[-1] == "Fin de la partida: gana el primer jugador (Zhang Fei (asiento 1))."


def test_2v2_whole_game(play) -> None:
    run = play("mode_2v2.script", "--mode", "2v2", players=4)
    assert run.status == 0, run.err
    assert "Da Qiao (seat 4) takes 5 cards to start." in run.lines
    assert "Lü Bu (seat 3) draws 1 card: a teammate died (Hua Tuo (seat 2))." in run.lines
    assert run.lines[-1] == "Game over: team A wins (Zhang Fei (seat 1) and Da Qiao (seat 4))."
    assert [s["team"] for s in run.state["seats"]] == ["A", "B", "B", "A"]
    assert run.state["end_reason"] == "team_eliminated"


def test_3v3_whole_game(play) -> None:
    run = play("mode_3v3.script", "--mode", "3v3", players=6)
    assert run.status == 0, run.err
    assert "Seat 2: the cool team, marshal." in run.lines
    assert "Seat 5: scan the general card you keep for yourself." in run.lines
    assert any(line.startswith("Cao Cao is not one of yours to choose: ") for line in run.lines)
    assert "Sun Quan (seat 5): 5 of 5 health." in run.lines  # the marshal's +1
    assert "Sun Quan (seat 5) takes 5 cards to start." in run.lines
    assert "The cool team acts: Zhang Fei (seat 2)." in run.lines
    assert run.lines[-1] == (
        "Game over: the cool team wins (Hua Tuo (seat 1), Zhang Fei (seat 2) and Gan Ning (seat 3))."
    )
    assert [s["role"] for s in run.state["seats"]] == ["vanguard", "marshal", "vanguard"] * 2
    assert run.state["deck_count"] + run.state["discard_count"] < 104  # Lightning is out
    zh = play("mode_3v3.script", "--mode", "3v3", players=6, lang="zh-Hans")
    assert "2号位：冷方主帅。" in zh.lines and "冷方行动：2号位张飞。" in zh.lines


def test_4v4_whole_game(play) -> None:
    run = play("mode_4v4.script", "--mode", "4v4", players=8)
    assert run.status == 0, run.err
    assert "Mode 4v4: provisional rules, not confirmed by any source." in run.lines
    assert "Seat 7 plays for team B and is its lord." in run.lines
    assert (
        "Gan Ning (seat 7) discards the starting hand (4 cards) and draws a new one." in run.lines
    )
    assert "Zhou Yu (seat 8) takes 5 cards to start." in run.lines
    assert run.lines[-1].startswith("Game over: team A wins (")
    es = play("mode_4v4.script", "--mode", "4v4", players=8, lang="es")
    assert "Modo de juego: 4c4 (reglas provisionales, sin fuente que las confirme)." in es.lines


def test_wrong_players_and_hegemony_are_refused(play) -> None:
    run = play("mode_2v2.script", "--mode", "2v2", players=5)
    assert run.status != 0 and "2v2 is played by 4 players, not 5." in run.err
    run = play("mode_2v2.script", "--mode", "hegemony", players=4)
    assert run.status != 0 and "Hegemony (国战) cannot be played with the standard set" in run.err
    run = play("mode_1v1.script", "--mode", "1v1", "--rule", "1v1.deck=new1v1")
    assert run.status != 0 and "The new 1v1 deck needs the Ice Sword" in run.err


def _killed_at(db: Path, script: Path, mode: str, marker: str) -> None:
    """Play `script` as a process and SIGKILL it once a narration line contains `marker`."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--mode", mode, "--script", str(script),
         "--lang", "en", "--db", str(db)],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=_env(),
    )  # fmt: skip
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            if marker in line:
                break
        else:
            raise AssertionError(f"{marker!r} never printed")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
        proc.stdout.close()


@pytest.mark.parametrize(
    "marker", ["Seat 2 drafts Lü Bu.", "scan your next general, one of your 4 in reserve"]
)
def test_killed_mid_draft_or_mid_general_change_then_resumed(tmp_path: Path, marker: str) -> None:
    """A 1v1 game killed in the draft, or while seat 2 picks its next general, resumes with
    `companion resume` to exactly the state of a run never interrupted."""
    script = SCRIPTS / "mode_1v1.script"
    whole = tmp_path / "whole.json"
    proc = _companion("play", "--mode", "1v1", "--script", str(script), "--lang", "en",
                      "--db", str(tmp_path / "w.sqlite"), "--state-out", str(whole))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    db = tmp_path / "crash.sqlite"
    _killed_at(db, script, "1v1", marker)
    resumed = tmp_path / "resumed.json"
    again = _companion("resume", "--db", str(db), "--state-out", str(resumed))
    assert again.returncode == 0, again.stderr
    assert _state(resumed) == _state(whole)
    assert json.loads(resumed.read_text("utf-8"))["winner_side"] == "A"


def test_a_game_saved_before_the_team_ids_resumes_with_them(tmp_path: Path) -> None:
    """A 3v3 game saved by the code of commit 8258367, when the state named the teams
    `cool`/`warm` (killed by COMPANION_CRASH_AFTER=88 with the warm marshal dying), resumes
    and ends as it would have; its state now names the teams "A" and "B" (issue 31 item 9:
    the log holds inputs, never team names, so the ids change nothing it replays)."""
    db = tmp_path / "old.sqlite"
    shutil.copy(Path(__file__).parent / "data" / "saved_3v3_before_team_ids.sqlite", db)
    state = tmp_path / "state.json"
    proc = _companion("resume", "--db", str(db), "--script", str(SCRIPTS / "mode_3v3.script"),
                      "--lang", "en", "--state-out", str(state))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[-1] == (
        "Game over: the cool team wins (Hua Tuo (seat 1), Zhang Fei (seat 2) and Gan Ning (seat 3))."
    )
    view = _state(state)
    assert [s["team"] for s in view["seats"]] == ["A"] * 3 + ["B"] * 3
    assert [s["team_name"] for s in view["seats"]] == ["cool"] * 3 + ["warm"] * 3
    assert view["winner_side"] == "A" and view["game_mode"]["teams"] == {
        "A": [1, 2, 3],
        "B": [4, 5, 6],
    }
