"""Start-up benchmark: how long the `companion` command takes before it does anything.

Prints the median (and min/max) wall and CPU time over 20 runs of
`companion --version`, `companion --help` and `python -c "import engine.sanguosha"`,
twice: with the bytecode cache warm (as on a user's machine after the first run) and
cold (every module compiled again, as on a machine where PYTHONDONTWRITEBYTECODE is
set, like this project's development machines, where every process recompiles its
modules). The cache lives in a temporary PYTHONPYCACHEPREFIX, so the source tree is
not touched. Goals (issue 20, warm cache): --version <= 80 ms, --help <= 150 ms.

    python bench/startup.py [--runs 20]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The installed console script when there is one (what a user runs), else the module.
_COMPANION = shutil.which("companion")
_CLI = [_COMPANION] if _COMPANION else [sys.executable, "-m", "companion.cli"]
COMMANDS = {
    "companion --version": [*_CLI, "--version"],
    "companion --help": [*_CLI, "--help"],
    "import engine.sanguosha": [sys.executable, "-c", "import engine.sanguosha"],
}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one run."""
    cpu0, wall0 = _children_cpu(), time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - wall0, _children_cpu() - cpu0


def _measure(argv: list[str], env: dict[str, str], runs: int) -> str:
    walls, cpus = zip(*(_run(argv, env) for _ in range(runs)), strict=True)
    ms = 1000
    return (
        f"wall median {statistics.median(walls) * ms:6.1f} ms "
        f"(min {min(walls) * ms:.1f}, max {max(walls) * ms:.1f}), "
        f"CPU median {statistics.median(cpus) * ms:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    base = {**os.environ, "PYTHONPATH": root}
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    print(
        f"{' '.join(_CLI)}; python {sys.version.split()[0]}, {args.runs} runs each, load {os.getloadavg()[0]:.2f}"
    )
    print(f"(this shell has PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE')!r})")
    warm_cache = tempfile.mkdtemp(prefix="startup-warm-")
    try:
        warm = {**base, "PYTHONPYCACHEPREFIX": warm_cache}
        for argv in COMMANDS.values():  # fill the cache
            _run(argv, warm)
        print("warm bytecode cache:")
        for name, argv in COMMANDS.items():
            print(f"  {name:24} {_measure(argv, warm, args.runs)}")
        print("cold (PYTHONDONTWRITEBYTECODE=1, empty cache: every module compiled):")
        for name, argv in COMMANDS.items():
            cold_cache = tempfile.mkdtemp(prefix="startup-cold-")
            cold = {**base, "PYTHONPYCACHEPREFIX": cold_cache, "PYTHONDONTWRITEBYTECODE": "1"}
            try:
                print(f"  {name:24} {_measure(argv, cold, args.runs)}")
            finally:
                shutil.rmtree(cold_cache, ignore_errors=True)
    finally:
        shutil.rmtree(warm_cache, ignore_errors=True)


if __name__ == "__main__":
    main()
