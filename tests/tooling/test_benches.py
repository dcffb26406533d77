"""Every benchmark starts as the README documents it, from a clone: `python bench/X.py`
after `pip install -e .`, which installs the packages but not `tests/` (issue 32 item 9:
`bench/phone.py` failed with `ModuleNotFoundError: tests`). Each is asked for its
`--help`, which imports everything it needs and measures nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BENCHES = sorted((REPO / "bench").glob("*.py"))


@pytest.mark.slow  # a dozen interpreters importing playwright, bumble...: seconds each
def test_every_bench_starts_from_a_clone(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # as a shell has it
    running = {
        bench.name: subprocess.Popen(
            [sys.executable, str(bench), "--help"],
            cwd=tmp_path,
            env=env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )  # fmt: skip
        for bench in BENCHES
    }
    failed = {}
    for name, proc in running.items():
        out, err = proc.communicate(timeout=300)
        if proc.returncode != 0 or "usage:" not in out:
            failed[name] = err.strip().splitlines()[-1:] or out[-200:]
    assert len(BENCHES) >= 10 and not failed, failed
