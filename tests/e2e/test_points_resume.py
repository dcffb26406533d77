"""Nothing lost in the middle of a point comparison (拼点, docs/wind-fire.md §2.2): the
real `companion play` killed with SIGKILL after Taishi Ci has laid his Tianyi card and
before Liu Bei has laid his, then `companion resume`, ends exactly as a run that was
never interrupted (state JSON and logged inputs; `tests/crash_harness.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.crash_harness import Game, Kill, crash_and_resume, play_whole
from tests.e2e.conftest import SCRIPTS

SCRIPT = SCRIPTS / "points_tianyi.script"
ARGS = ("--game", "sanguosha", "--players", "2", "--reader", "sim", "--generals", "standard,fire")


def _line_of(text: str) -> int:
    lines = SCRIPT.read_text("utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if line.startswith(text))


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return play_whole("points", SCRIPT, tmp_path_factory.mktemp("points"), *ARGS)


def _after_scan_of(game: Game, text: str) -> int:
    """The count of logged inputs up to and including the scan of script line `text`."""
    line = _line_of(text)
    return next(k for k, got in enumerate(game.inputs, start=1) if got == ("scan", line))


def test_the_uninterrupted_game_compares_points_then_kills_twice(game: Game) -> None:
    hp = {seat["general"]: seat["hp"] for seat in game.state["seats"]}
    assert hp == {"liubei": 2, "taishici": 4}  # both Kills of Tianyi's won turn landed


def test_killed_between_the_two_cards_of_a_point_comparison(game: Game, tmp_path: Path) -> None:
    """Killed once Taishi Ci's card is logged and Liu Bei's is not (and, again, between
    the automatic remove and the scan of Liu Bei's card): the resumed game asks Liu Bei
    for his card, compares, and ends as the uninterrupted one."""
    first = _after_scan_of(game, "@2 scan dodge@HK")
    second = _after_scan_of(game, "@1 scan dodge@D2")
    kills = [Kill(after=first)] + [Kill(after=k) for k in game.splits if first <= k < second]
    assert len(kills) >= 2  # Liu Bei's card line is a remove and a scan
    for kill in kills:
        outcome = crash_and_resume(game, kill, tmp_path / str(kill.after))
        assert outcome.killed, f"the process ended before the kill ({kill})"
        assert outcome.identical, f"killed {kill}: {outcome.detail}"


def test_a_resume_killed_inside_the_comparison_resumes_again(game: Game, tmp_path: Path) -> None:
    """Killed after Taishi Ci's card, and the first resume killed after its own first
    input (Liu Bei's card, mid-comparison): the second resume still ends identically."""
    kill = Kill(after=_after_scan_of(game, "@2 scan dodge@HK"), again=1)
    outcome = crash_and_resume(game, kill, tmp_path)
    assert outcome.killed and outcome.identical, f"killed {kill}: {outcome.detail}"
