"""Regicide hint agent: win rate and CPU time per decision, against two baselines.

Run by hand: `python bench/regicide_agent.py [--seeds 200] [--players 1 2]
[--iterations 48] [--width 6] [--jobs 1]`. Every agent plays the same games (`Game.new(players,
seed)` for seeds `first..first+N-1`), each seat deciding for itself:

- `search`: `engine.regicide.agent.Agent` on the seat's information set only
  (`information_set(game, seat)`: its hand and the public history, never the tavern's
  order or another hand); one agent per seat;
- `rules`: the rules of thumb of `engine.regicide.policy` (also the search's rollouts);
- `random`: `RandomBot`, a uniform choice among the listed legal actions.

Printed per agent and player count: wins with the Wilson 95% interval, mean enemies
defeated (of 12), the solo tiers, and the CPU time per decision (mean and p99, one
process = one core: `time.process_time` around building the information set and the
search), over every decision asked and over the searched ones (more than one option),
with wall and CPU totals and the load average (`os.getloadavg`) before and after.
Rules: the rulebook's (docs/regicide-hints.md §1): solo with 2 Jester flips and the
victory tiers, no solo yield, recruited royals worth 10/15/20.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this clone, tests/ included

from engine.regicide import Game, RandomBot
from engine.regicide.agent import Agent, check_budget
from engine.regicide.events import Event
from engine.regicide.infoset import information_set
from engine.regicide.policy import apply, choose, defeated


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(kind: str, players: int, seed: int, budget: dict[str, Any]) -> dict[str, Any]:
    """One game played by `kind` at every seat; its outcome and decision times."""
    game = Game.new(players=players, seed=seed)
    times: list[float] = []
    searched: list[float] = []
    if kind == "random":
        start = time.process_time()
        actions = RandomBot(seed).play(game)
        times = [(time.process_time() - start) / actions] * actions
    else:
        agents = {s: Agent(seed=seed * 10 + s, **budget) for s in range(1, players + 1)}
        k = 0
        while game.prompt is not None:
            seat = game.prompt.seat
            start = time.process_time()
            if kind == "search":
                advice = agents[seat].advise(information_set(game, seat), seed=seed * 100_003 + k)
                action = advice.action
            else:
                action = choose(game)
            spent = time.process_time() - start
            times.append(spent)
            if kind == "search" and advice.rollouts:
                searched.append(spent)
            ev: list[Event] = []
            apply(game, action, ev)
            game.log.extend(ev)
            k += 1
    result = game.result or {}
    return {
        "won": result.get("outcome") == "won",
        "outcome": result.get("tier") or result.get("reason") or result.get("outcome"),
        "defeated": defeated(game),
        "times": times,
        "searched": searched,
    }


def _run(args: tuple[str, int, int, dict[str, Any]]) -> dict[str, Any]:
    return play_game(*args)


def p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]


def report(
    kind: str, players: int, games: list[dict[str, Any]], wall: float, cpu: float, note: str = ""
) -> None:
    n = len(games)
    wins = sum(g["won"] for g in games)
    low, high = wilson(wins, n)
    times = [t for g in games for t in g["times"]]
    searched = [t for g in games for t in g["searched"]]
    outcomes = Counter(str(g["outcome"]) for g in games)
    mean = sum(times) / len(times) if times else 0.0
    smean = sum(searched) / len(searched) if searched else 0.0
    print(
        f"{kind:>7} {players:>2}p  wins {wins:>3}/{n} = {wins / n:6.1%}"
        f"  Wilson95 {low:6.1%}-{high:6.1%}"
        f"  defeated {sum(g['defeated'] for g in games) / n:5.2f}"
        f"  cpu/decision mean {mean * 1e3:7.1f} ms p99 {p99(times) * 1e3:7.1f} ms"
        f" ({len(times)} decisions; searched {len(searched)}: mean {smean * 1e3:.1f} ms"
        f" p99 {p99(searched) * 1e3:.1f} ms)"
        f"  wall {wall:7.1f} s decisions cpu {cpu:7.1f} s load {os.getloadavg()[0]:.2f}"
        f"  outcomes {dict(sorted(outcomes.items()))} {note}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="games per agent (default 200)")
    parser.add_argument("--first-seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--agents", nargs="+", default=["random", "rules", "search"])
    parser.add_argument("--iterations", type=int, default=None, help="rollouts per decision")
    parser.add_argument("--cpu-seconds", type=float, default=None, help="CPU per decision")
    parser.add_argument("--width", type=int, default=6, help="plays searched (default 6)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--progress", type=int, default=0, help="print a tally every N games")
    args = parser.parse_args()
    iterations = args.iterations
    if iterations is None and args.cpu_seconds is None:
        iterations = 48  # what docs/regicide-hints.md §6 measured
    try:
        check_budget(iterations, args.cpu_seconds)
    except ValueError as exc:
        parser.error(str(exc))
    budget = {"iterations": iterations, "cpu_seconds": args.cpu_seconds, "width": args.width}
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    print(
        f"Regicide agents, seeds {seeds.start}..{seeds.stop - 1}, budget {budget},"
        f" {args.jobs} job(s), load {os.getloadavg()} at start; rules: rulebook solo"
        " (2 Jester flips, tiers, no yield), royals 10/15/20",
        flush=True,
    )
    for players in args.players:
        for kind in args.agents:
            work = [(kind, players, seed, budget) for seed in seeds]
            start = time.perf_counter()
            games: list[dict[str, Any]] = []
            with ProcessPoolExecutor(args.jobs) as pool:
                for game in pool.map(_run, work):
                    games.append(game)
                    if args.progress and len(games) % args.progress == 0 < len(work) - len(games):
                        cpu = sum(t for g in games for t in g["times"])
                        report(kind, players, games, time.perf_counter() - start, cpu, "so far")
            cpu = sum(t for g in games for t in g["times"])
            report(kind, players, games, time.perf_counter() - start, cpu)


if __name__ == "__main__":
    main()
