"""Benchmark: random link-fault schedules, each a whole `companion play` process.

    python bench/faults.py [--schedules 500] [--seed N] [--jobs 4] [--workdir DIR]

Each schedule puts one to five fault lines (drop, duplicate, corrupt, reboot,
low-battery, stale-hello, away, power-cycle, latency) before random lines of the demo
script, most of the time one among its last lines and often a power-cycle, and plays
it through the simulated BLE readers (`tests/fault_harness.py`). It must exit 0 with
the state file written, log the inputs of the fault-free run in the same order, and
end in the same state.

Printed: schedules tried, identical, diverged (with the first few reasons), hung; how
many had a power-cycle or a fault in the last lines; the distribution of a play's
wall and CPU time (the child's own rusage); the machine's load before and after.
Goal (issue 33): 0 diverged, 0 hung.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.crash import spread
from tests.fault_harness import Outcome, Schedule, play_schedule, random_schedule, reference


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--schedules", type=int, default=500)
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument("--jobs", type=int, default=4, help="plays side by side")
    parser.add_argument("--workdir", type=Path, default=None)
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else time.time_ns() % 1_000_000
    work = args.workdir or Path(tempfile.mkdtemp(prefix="faults-bench-"))
    print(
        f"faults bench: {args.schedules} schedules, seed {seed}, {args.jobs} jobs, in {work}; "
        f"load {_load()}",
        flush=True,
    )
    start_wall, start_cpu = time.perf_counter(), time.process_time()
    ref = reference(work)
    print(f"  reference: {len(ref.inputs)} inputs the game acts on, {len(ref.lines)} reader lines")
    rng = random.Random(seed)
    plan: list[Schedule] = [random_schedule(ref, rng) for _ in range(args.schedules)]
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    cursor = [0]

    def worker() -> None:
        while True:
            with lock:
                i = cursor[0]
                cursor[0] += 1
            if i >= len(plan):
                return
            outcome = play_schedule(ref, plan[i], work / f"s{i}")
            with lock:
                outcomes.append(outcome)
                if not outcome.identical:
                    print(f"  {outcome.verdict}: {outcome.schedule}: {outcome.detail}", flush=True)
                done = len(outcomes)
            if done % 50 == 0:
                print(f"  ... {done} played, load {_load()}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    last = {n for n, _ in ref.last_lines}
    tally = {v: sum(o.verdict == v for o in outcomes) for v in ("identical", "diverged", "hung")}
    power = sum(any("power-cycle" in f for _, _, f in o.schedule.faults) for o in outcomes)
    late = sum(any(n in last for n, _, _ in o.schedule.faults) for o in outcomes)
    print(
        f"tried {len(outcomes)}  identical {tally['identical']}  diverged {tally['diverged']}  "
        f"hung {tally['hung']}"
    )
    print(f"  with a power-cycle {power}, with a fault in the last {len(last)} lines {late}")
    print(f"  play wall s: {spread([o.wall_s for o in outcomes])}")
    print(f"  play CPU s:  {spread([o.cpu_s for o in outcomes])}")
    print(
        f"bench wall {time.perf_counter() - start_wall:.1f} s, own CPU "
        f"{time.process_time() - start_cpu:.1f} s, children CPU "
        f"{sum(o.cpu_s for o in outcomes):.1f} s; load {_load()}"
    )
    return 0 if tally["diverged"] == tally["hung"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
