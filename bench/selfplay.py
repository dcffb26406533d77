"""Three Kingdoms Kill self-play benchmark: random bots, digital mode.

Prints the machine's load (`uptime`'s averages), then, for 5 and 8 players over a
fixed seed list and three setups (all generals with their skills, the rulebook
default; no generals, hence no skills; and all generals with the Maneuvering cards,
`+maneuvering`, 156 cards): games per second (per wall and per CPU second), engine
actions per CPU second (accepted `submit` calls, with the bot's choice included in
the time), and the average actions and rounds per game. Random bots choose
uniformly among the legal actions of the pending seat (a window open to several
seats goes to one of them, chosen uniformly), so optional skills are taken about
half the time. They draw with `Game.random_action`: the same distribution as a
uniform pick from `legal_actions()`, but a play prompt is sampled without deciding
every card's usability, so a seed's game differs from runs before that sampler
(issue 20); the averages stay comparable. Goals (issue 20, per CPU second): all
generals, 5 players, 300 games/s and 80,000 actions/s; 8 players 200 games/s. The
`+wind,fire` setup adds the 风 and 火 packs' playable generals (issue 25: at least 85% of
the standard rate, "all generals", on the same run); `+four packs` adds every playable
general of the four 神话再临 packs (issue 26: at least 80%). The last lines print each pack
setup's rate as a share of the standard one, against its goal.

Then the two-side modes (docs/modes.md), all generals, their default settings: 1v1 (2
players), 2v2 (4) and 3v3 (6) by default (`--modes 1v1 2v2 3v3 4v4`, `--modes` with
nothing to skip them); their setup (the draft) is part of each game's actions.

    python bench/selfplay.py [--games 500] [--players 5 8] [--modes 1v1 2v2 3v3]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.sanguosha import Game, Settings
from engine.sanguosha.packs import pack_generals


def play(players: int, seed: int, settings: Settings) -> tuple[int, int]:
    """One game with uniform random bots; returns (actions, rounds)."""
    game = Game.new(players=players, mode="digital", seed=seed, settings=settings)
    rng = random.Random(seed)
    actions = 0
    while game.outcome is None:
        prompt = game.pending()
        assert prompt is not None, "a game not over has a decision pending"
        seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
        game.submit(seat, game.random_action(rng, seat))
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
        "games_per_cpu_s": games / cpu,
        "actions_per_cpu_s": total_actions / cpu,
        "avg_actions": total_actions / games,
        "avg_rounds": total_rounds / games,
        "seconds": elapsed,
        "cpu_seconds": cpu,
    }


SETUPS = {
    "all generals": Settings(),  # rulebook defaults: generals and their skills
    "no generals": Settings(no_generals=True),
    "+maneuvering": Settings(maneuvering=True),  # the 156-card deck, all generals
    # the 风 and 火 packs too (docs/wind-fire.md §1.1): their playable generals join the 25
    "+wind,fire": Settings(general_packs=("standard", "wind", "fire")),
    # all four 神话再临 packs (docs/forest-mountain.md; issue 26: at least 80% of the standard
    # rate), those with a playable general in this version (a pack with none is refused)
    "+four packs": Settings(
        general_packs=tuple(
            pack
            for pack in ("standard", "wind", "fire", "forest", "mountain")
            if pack_generals((pack,))
        )
    ),
}
GOALS = {"+wind,fire": 0.85, "+four packs": 0.80}
"""Each pack setup's goal: its games per CPU second over the standard rate ("all generals")."""


def skills_in_play() -> tuple[int, int]:
    """(registered, total) skills of every general of every pack, lord skills included."""
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
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"sanguosha self-play, random bots, seeds 0..{args.games - 1}, Python {sys.version.split()[0]},"
        f" {registered} of {total} general skills registered, load {load} (1, 5, 15 min)"
    )
    print(
        f"{'setup':>13} {'players':>7} {'games/s':>9} {'games/cpu s':>11} {'actions/cpu s':>13}"
        f" {'actions/game':>13} {'rounds/game':>12} {'wall s':>7} {'cpu s':>7}"
    )

    def row(name: str, players: int, r: dict[str, float]) -> None:
        print(
            f"{name:>13} {players:>7} {r['games_per_s']:>9.1f} {r['games_per_cpu_s']:>11.1f}"
            f" {r['actions_per_cpu_s']:>13,.0f} {r['avg_actions']:>13.1f} {r['avg_rounds']:>12.2f}"
            f" {r['seconds']:>7.2f} {r['cpu_seconds']:>7.2f}"
        )

    for settings in SETUPS.values():  # warm the caches first, so the first setup pays no more
        bench(min(args.players), range(3), settings)
    rates: dict[tuple[str, int], float] = {}
    for name, settings in SETUPS.items():
        for players in args.players:
            result = bench(players, seeds, settings)
            rates[name, players] = result["games_per_cpu_s"]
            row(name, players, result)
    for name, goal in GOALS.items():
        generals = len(pack_generals(SETUPS[name].general_packs))
        for players in args.players:
            ratio = rates[name, players] / rates["all generals", players]
            verdict = "meets" if ratio >= goal else "BELOW"
            print(
                f"{name} ({generals} generals), {players} players: {ratio:.0%} of the standard"
                f" games/cpu s ({verdict} the goal of {goal:.0%})"
            )
    for mode in args.modes:
        from engine.sanguosha.modes.spec import mode_players

        players = mode_players(mode)
        assert players is not None, f"not a two-side mode: {mode}"
        row("mode " + mode, players, bench(players, seeds, Settings(game_mode=mode)))
    print(
        "games/s is per wall-clock second; games/cpu s and actions/cpu s per CPU second,"
        " the figures to compare on a busy shared machine"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
