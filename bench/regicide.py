"""Regicide engine throughput: random-policy games per CPU second for 1 to 4 players.

Run by hand: `python bench/regicide.py [--games N] [--seed S]`. Each game is set up
from its own seed and played to the end by `RandomBot` (a uniform choice among the
listed legal actions, so damage is paid with random single cards until covered: the
"random" policy of docs/regicide.md §2.3), through `Game.play_random`: the engine's trusted
path, every event built and logged as in any game. The timing covers setup and play;
it prints games and actions per wall and per CPU second (the CPU figure is the one to
compare on a busy machine), actions per game, the mean number of enemies defeated, the
outcomes and the load average after each player count.
Goal (issue 20, this 2-core kind of machine): 2 players >= 15,000 games per CPU second.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this clone, tests/ included

from engine.regicide import Game, RandomBot


def run(players: int, games: int, seed: int) -> dict[str, Any]:
    """Play `games` random games and return the figures."""
    bot = RandomBot(seed)
    actions = defeated = 0
    outcomes: Counter = Counter()
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(games):
        game = Game.new(players=players, seed=seed + i)
        actions += bot.play(game)
        # the figures straight from the state: game.view() would build the whole JSON view
        defeated += 12 - len(game.castle) - (game.enemy is not None)
        result = game.result
        assert result is not None
        outcomes[result.get("reason") or result.get("tier") or result["outcome"]] += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games_per_s": games / elapsed,
        "games_per_cpu_s": games / cpu,
        "actions_per_cpu_s": actions / cpu,
        "wall_s": elapsed,
        "cpu_s": cpu,
        "actions_per_game": actions / games,
        "mean_defeated": defeated / games,
        "outcomes": outcomes,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=5000, help="games per player count (default 5000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    args = parser.parse_args()
    print(
        f"Regicide random-policy self-play, {args.games} games per player count, seeds from"
        f" {args.seed}, load {os.getloadavg()[0]:.2f} (games/s per wall second; per CPU second"
        " is the figure to compare on a busy machine)"
    )
    print(
        f"{'players':>7} {'games/s':>9} {'games/cpu s':>11} {'actions/cpu s':>13}"
        f" {'actions/game':>13} {'enemies defeated':>17} {'wall s':>7} {'cpu s':>6}"
        f" {'load':>5}  outcomes"
    )
    for players in (1, 2, 3, 4):
        r = run(players, args.games, args.seed)
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(r["outcomes"].items()))
        print(
            f"{players:>7} {r['games_per_s']:>9,.0f} {r['games_per_cpu_s']:>11,.0f}"
            f" {r['actions_per_cpu_s']:>13,.0f} {r['actions_per_game']:>13.1f}"
            f" {r['mean_defeated']:>17.2f} {r['wall_s']:>7.2f} {r['cpu_s']:>6.2f}"
            f" {os.getloadavg()[0]:>5.2f}  {outcomes}"
        )


if __name__ == "__main__":
    main()
