"""Three Kingdoms Kill self-play benchmark: random bots, digital mode.

Prints, for 5 and 8 players over a fixed seed list and three setups (all generals
with their skills, the rulebook default; no generals, hence no skills; and all
generals with the Maneuvering cards, `+maneuvering`, 156 cards): games
per second, engine actions per second (accepted `submit` calls, with the bot's
`legal_actions()` and choice included in the time), and the average actions and
rounds per game. Random bots choose uniformly among the legal actions of the
pending seat (a window open to several seats goes to one of them, chosen
uniformly), so optional skills are taken about half the time. The goal for the
skills issue: at least 150 games per second with all generals, 5 players.

Then the two-side modes (modes.md), all generals, their default settings: 1v1 (2
players), 2v2 (4) and 3v3 (6) by default (`--modes 1v1 2v2 3v3 4v4`, `--modes` with
nothing to skip them); their setup (the draft) is part of each game's actions.

    python bench/selfplay.py [--games 500] [--players 5 8] [--modes 1v1 2v2 3v3]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.sanguosha import Game, Settings


def play(players: int, seed: int, settings: Settings) -> tuple[int, int]:
    """One game with uniform random bots; returns (actions, rounds)."""
    game = Game.new(players=players, mode="digital", seed=seed, settings=settings)
    rng = random.Random(seed)
    actions = 0
    while game.outcome is None:
        prompt = game.pending()
        seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
        legal = game.legal_actions(seat)
        game.submit(seat, legal[rng.randrange(len(legal))])
        actions += 1
    return actions, game.round


def bench(players: int, seeds: range, settings: Settings) -> dict[str, float]:
    total_actions = total_rounds = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in seeds:
        actions, rounds = play(players, seed, settings)
        total_actions += actions
        total_rounds += rounds
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    games = len(seeds)
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": total_actions / elapsed,
        "avg_actions": total_actions / games,
        "avg_rounds": total_rounds / games,
        "seconds": elapsed,
        "cpu_seconds": cpu,
    }


SETUPS = {
    "all generals": Settings(),  # rulebook defaults: generals and their skills
    "no generals": Settings(no_generals=True),
    "+maneuvering": Settings(maneuvering=True),  # the 156-card deck, all generals
}


def skills_in_play() -> tuple[int, int]:
    """(registered, total) skills of the 25 generals, lord skills included."""
    from engine.sanguosha import catalogue
    from engine.sanguosha.skills import REGISTRY

    ids = {s for g in catalogue().generals.values() for s in g.skills + g.lord_skills}
    return len(ids & set(REGISTRY)), len(ids)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[5, 8])
    parser.add_argument("--modes", nargs="*", default=["1v1", "2v2", "3v3"])
    args = parser.parse_args(argv)
    seeds = range(args.games)
    registered, total = skills_in_play()
    print(
        f"sanguosha self-play, random bots, seeds 0..{args.games - 1}, Python {sys.version.split()[0]},"
        f" {registered} of {total} general skills registered"
    )
    print(
        f"{'setup':>13} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
        f" {'rounds/game':>12} {'wall s':>7} {'cpu s':>7}"
    )
    for name, settings in SETUPS.items():
        for players in args.players:
            r = bench(players, seeds, settings)
            print(
                f"{name:>13} {players:>7} {r['games_per_s']:>9.1f} {r['actions_per_s']:>10.0f}"
                f" {r['avg_actions']:>13.1f} {r['avg_rounds']:>12.2f} {r['seconds']:>7.2f}"
                f" {r['cpu_seconds']:>7.2f}"
            )
    for mode in args.modes:
        from engine.sanguosha.modes.spec import mode_players

        players = mode_players(mode)
        assert players is not None, f"not a two-side mode: {mode}"
        r = bench(players, seeds, Settings(game_mode=mode))
        print(
            f"{'mode ' + mode:>13} {players:>7} {r['games_per_s']:>9.1f} {r['actions_per_s']:>10.0f}"
            f" {r['avg_actions']:>13.1f} {r['avg_rounds']:>12.2f} {r['seconds']:>7.2f}"
            f" {r['cpu_seconds']:>7.2f}"
        )
    print("rates are per wall-clock second; on a busy shared machine compare wall s with cpu s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
