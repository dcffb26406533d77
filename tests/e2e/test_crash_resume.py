"""Nothing lost, proven: the real `companion play` killed with SIGKILL, then resumed,
ends exactly as a run that was never interrupted (state JSON and logged inputs).

The games (`tests/crash_harness.py`): per-seat readers, one shared reader, a script
with `remove` lines, and the exported transcripts of the first two. The kill points
include the gap between the two events of one line (the automatic remove of the card
on the reader, then the scan), the moment after the game ended, and random moments.
The slow test kills at least 200 times (`CRASH_SEED` repeats a run).
"""

from __future__ import annotations

import json
import os
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.crash_harness import (
    Game,
    Kill,
    Outcome,
    companion,
    crash_and_resume,
    logged,
    random_kill,
    standard_games,
)


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Game]:
    return {g.name: g for g in standard_games(tmp_path_factory.mktemp("games"))}


def _assert_identical(outcome: Outcome) -> None:
    assert outcome.killed, f"{outcome.game}: the process ended before the kill ({outcome.kill})"
    assert outcome.identical, f"{outcome.game}, killed {outcome.kill}: {outcome.detail}"


def test_a_line_cut_between_its_two_events_is_played_again(
    games: dict[str, Game], tmp_path: Path
) -> None:
    """Killed after the automatic remove of a `scan` line is logged and before its scan,
    the resumed game sends the scan: nothing skipped, nothing doubled (issue 18.1)."""
    for name in ("per-seat", "shared"):
        game = games[name]
        assert len(game.splits) > 10  # the scripts do make two-event lines
        for k in (game.splits[0], game.splits[-1]):
            _assert_identical(crash_and_resume(game, Kill(after=k), tmp_path / name))


def test_scripts_with_remove_lines_resume(games: dict[str, Game], tmp_path: Path) -> None:
    """A game whose script lifts cards (`remove` lines, as transcripts exported before
    lifts were left out have), killed mid-game, resumes with its readers holding the
    cards they held, so the next `remove` lifts a card as before (issue 18.2)."""
    game = games["removes"]
    assert sum(kind == "remove" for kind, _ in game.inputs) > 20
    for k in (game.total // 3, game.total // 2):
        _assert_identical(crash_and_resume(game, Kill(after=k), tmp_path))


def test_exported_transcripts_resume(games: dict[str, Game], tmp_path: Path) -> None:
    """A game played from an exported transcript, killed mid-game, resumes exactly."""
    for name in ("per-seat-transcript", "shared-transcript"):
        game = games[name]
        _assert_identical(crash_and_resume(game, Kill(after=game.total // 2), tmp_path / name))


def test_nothing_is_logged_after_the_game_is_over(games: dict[str, Game], tmp_path: Path) -> None:
    """Script lines after the end (cards lifted off the readers, a stray scan) belong to
    no game: an uninterrupted `play` logs none of them, as a resumed one plays none, so
    both logs end with the input that ended the game."""
    game = games["per-seat"]
    assert game.state["status"] == "over"
    script = tmp_path / "trailing.script"
    trailing = "@1 remove\n@2 remove\n@3 scan kill@D8\n@3 remove\n"
    script.write_text(game.script.read_text("utf-8") + trailing, "utf-8")
    longer = Game(game.name, script, game.play_args, {}, ())
    db, state = tmp_path / "g.sqlite", tmp_path / "g.json"
    done = companion(*longer.play_command(db, state))
    assert done.returncode == 0, done.stderr
    assert logged(db) == list(game.inputs)
    assert json.loads(state.read_text("utf-8")) == game.state


def test_killed_after_the_game_ended_the_final_state_is_recovered(
    games: dict[str, Game], tmp_path: Path
) -> None:
    """Killed after the game ended but before `--state-out` was written (here: the
    process wrote nothing after its game was recorded as over; or it was killed right
    after the last input), `companion resume` with no id writes the final state, and
    so does `replay` (issue 18.3)."""
    game = games["per-seat"]
    assert game.state["status"] == "over"
    db = tmp_path / "ended.sqlite"
    played = companion("play", "--script", str(game.script), "--lang", "en", "--db", str(db))
    assert played.returncode == 0, played.stderr
    for command in (["resume"], ["replay", "1"]):
        state = tmp_path / f"{command[0]}.json"
        done = companion(*command, "--db", str(db), "--state-out", str(state))
        assert done.returncode == 0, done.stderr
        assert json.loads(state.read_text("utf-8")) == game.state
    _assert_identical(crash_and_resume(game, Kill(after=game.total), tmp_path))


def test_a_deterministic_handful_of_random_kills(games: dict[str, Game], tmp_path: Path) -> None:
    """One random kill point per game (a fixed seed), the resume sometimes killed too."""
    rng = random.Random(18)
    for game in list(games.values())[::2]:
        kill = random_kill(game, rng)
        outcome = crash_and_resume(game, kill, tmp_path / game.name)
        assert outcome.identical, f"{game.name}, killed {kill}: {outcome.detail}"


def test_resumed_log_holds_every_input_once(games: dict[str, Game], tmp_path: Path) -> None:
    """The resumed log is the uninterrupted log, input for input (kind and line)."""
    game = games["removes"]
    _assert_identical(crash_and_resume(game, Kill(after=game.splits[0]), tmp_path))
    assert tuple(logged(tmp_path / "crash.sqlite")) == game.inputs


@pytest.mark.slow
def test_two_hundred_random_kills_all_resume_identically(
    games: dict[str, Game], tmp_path: Path
) -> None:
    """At least 200 SIGKILLs at random points (between the events of one line, after
    any input, at random moments; some resumes killed again), over every game: each
    resumed game ends exactly as the uninterrupted one. `CRASH_JOBS` kills run side by
    side (2 by default: the processes mostly wait on the simulated radio)."""
    seed = int(os.environ.get("CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    kills = int(os.environ.get("CRASH_KILLS", "200"))
    jobs = int(os.environ.get("CRASH_JOBS", "2"))
    order = list(games.values())
    plan = [(order[i % len(order)], random_kill(order[i % len(order)], rng)) for i in range(kills)]

    def run(i: int) -> Outcome:
        game, kill = plan[i]
        return crash_and_resume(game, kill, tmp_path / f"job{i % jobs}")

    diverged = []
    for start in range(0, kills, jobs):  # one kill per job directory at a time
        with ThreadPoolExecutor(jobs) as pool:
            for outcome in pool.map(run, range(start, min(kills, start + jobs))):
                if not outcome.identical:
                    diverged.append(f"{outcome.game}, killed {outcome.kill}: {outcome.detail}")
    assert not diverged, f"seed {seed}: {len(diverged)} of {kills} diverged:\n" + "\n".join(
        diverged[:10]
    )
