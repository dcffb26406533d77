"""Benchmark: crash and resume of the real `companion play` process, many times.

    python bench/crash.py [--kills 500] [--seed N] [--jobs 2] [--workdir DIR]

Each kill plays a table script as a process, SIGKILLs it at a random point (between
the two events of one script line, right after any input, or at a random moment
from outside; 15% of the resumes are killed again), runs `companion resume` until it
finishes and compares the final state JSON and the logged inputs with an
uninterrupted run of the same script (`tests/crash_harness.py`). The games: per-seat
readers, one shared reader, a script with `remove` lines, and the exported
transcripts of the first two.

Printed: kills tried, processes actually killed (an outside kill may come after the
game ended), resumed identical, diverged (with the first few reasons), per game; and
the distribution of the completing resume's time, wall and CPU (the child's own
rusage). Goal (issue 18): 0 diverged.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.crash_harness import (
    Game,
    Kill,
    Outcome,
    crash_and_resume,
    random_kill,
    standard_games,
)


def spread(values: list[float]) -> str:
    """min, percentiles, max and mean of `values` (also `bench/faults.py`'s)."""
    if not values:
        return "none"
    ordered = sorted(values)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]

    return (
        f"min {ordered[0]:.3f}  p50 {pct(0.5):.3f}  p90 {pct(0.9):.3f}  p99 {pct(0.99):.3f}  "
        f"max {ordered[-1]:.3f}  mean {statistics.fmean(ordered):.3f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=500)
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument("--jobs", type=int, default=2, help="kills run side by side")
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    work = args.workdir or Path(tempfile.mkdtemp(prefix="crash-bench-"))
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    print(f"crash bench: {args.kills} kills, seed {seed}, {args.jobs} jobs, in {work}", flush=True)
    games = standard_games(work / "games")
    for game in games:
        print(f"  {game.name}: {game.total} inputs, {len(game.splits)} two-event lines")
    rng = random.Random(seed)
    plan: list[tuple[Game, Kill]] = []
    for i in range(args.kills):
        game = games[i % len(games)]
        plan.append((game, random_kill(game, rng)))
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    cursor = [0]

    def worker(job: int) -> None:
        while True:
            with lock:
                if cursor[0] >= len(plan):
                    return
                index = cursor[0]
                cursor[0] += 1
            game, kill = plan[index]
            outcome = crash_and_resume(game, kill, work / f"job{job}")
            with lock:
                outcomes.append(outcome)
                if len(outcomes) % 50 == 0:
                    bad = sum(not o.identical for o in outcomes)
                    print(f"  ... {len(outcomes)} kills, {bad} diverged", flush=True)

    threads = [threading.Thread(target=worker, args=(j,)) for j in range(args.jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    identical = [o for o in outcomes if o.identical]
    diverged = [o for o in outcomes if not o.identical]
    print(f"kills tried:        {len(outcomes)}")
    print(f"processes killed:   {sum(o.killed for o in outcomes)} "
          f"(the others ended before an outside kill came; resumed all the same)")  # fmt: skip
    print(f"resumed identical:  {len(identical)}")
    print(f"diverged:           {len(diverged)}")
    for game in games:
        mine = [o for o in outcomes if o.game == game.name]
        between = sum(1 for o in mine if o.kill.after in game.splits)
        print(f"  {game.name:<22} {len(mine):>4} kills ({between} between two events of a line, "
              f"{sum(1 for o in mine if o.kill.again)} resumes killed again), "
              f"{sum(not o.identical for o in mine)} diverged")  # fmt: skip
    for outcome in diverged[:10]:
        print(f"  DIVERGED {outcome.game}, killed {outcome.kill}: {outcome.detail}")
    print(f"resume wall s:      {spread([o.resume_wall_s for o in outcomes])}")
    print(f"resume CPU s:       {spread([o.resume_cpu_s for o in outcomes])}")
    print(f"bench total:        wall {time.perf_counter() - start_wall:.1f} s, "
          f"CPU (this process) {time.process_time() - start_cpu:.1f} s")  # fmt: skip
    return 1 if diverged else 0


if __name__ == "__main__":
    sys.exit(main())
