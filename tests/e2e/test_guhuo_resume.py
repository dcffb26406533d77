"""Nothing lost in the middle of 蛊惑's questions (docs/wind-fire.md §3.2): the real
`companion play` killed with SIGKILL after Liu Bei has questioned Yu Ji's face-down Kill
and before Cao Cao has answered (and again before the reveal scan), then `companion
resume`, ends exactly as a run that was never interrupted (state JSON and logged inputs;
`tests/crash_harness.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.crash_harness import Game, Kill, crash_and_resume, play_whole
from tests.e2e.conftest import SCRIPTS

SCRIPT = SCRIPTS / "guhuo_questions.script"
ARGS = ("--game", "sanguosha", "--players", "3", "--reader", "sim", "--generals", "standard,wind")


def _line_of(text: str) -> int:
    lines = SCRIPT.read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(text))


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_whole("guhuo", SCRIPT, tmp_path_factory.mktemp("guhuo"), *ARGS)


def _after(game: Game, kind: str, text: str) -> int:
    """The count of logged inputs up to and including script line `text` (a `kind` input)."""
    line = _line_of(text)
    return next(k for k, got in enumerate(game.inputs, start=1) if got == (kind, line))


def test_the_uninterrupted_game_questions_a_true_spade_kill_then_kills(game: Game) -> None:
    hp = {seat["general"]: seat["hp"] for seat in game.state["seats"]}
    assert hp == {"yuji": 3, "liubei": 2, "caocao": 4}  # 1 lost questioning, 1 to the Kill


def test_killed_in_the_middle_of_the_questions(game: Game, tmp_path: Path) -> None:
    """Killed once Liu Bei's NO is logged and Cao Cao's OK is not, and once every answer is
    in but the card is not scanned: the resumed game asks the next one and ends the same."""
    kills = [
        Kill(after=_after(game, "press", "@2 press no")),
        Kill(after=_after(game, "press", "@3 press ok")),
    ]
    for kill in kills:
        outcome = crash_and_resume(game, kill, tmp_path / str(kill.after))
        assert outcome.killed, f"the process ended before the kill ({kill})"
        assert outcome.identical, f"killed {kill}: {outcome.detail}"


def test_a_resume_killed_inside_the_questions_resumes_again(game: Game, tmp_path: Path) -> None:
    """Killed after Liu Bei's question, and the first resume killed after its own first
    input (Cao Cao's answer): the second resume still ends identically."""
    kill = Kill(after=_after(game, "press", "@2 press no"), again=1)
    outcome = crash_and_resume(game, kill, tmp_path)
    assert outcome.killed and outcome.identical, f"killed {kill}: {outcome.detail}"
