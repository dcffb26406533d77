"""Link faults at random moments of a whole `companion play` process, for the fault
tests and `bench/faults.py`.

A `Schedule` is a few fault lines (`@N fault drop`, `@N fault power-cycle 0.4`, ...)
put before chosen lines of a table script, some of them among its last lines. It is
played as a whole process through the simulated BLE readers and compared with the
fault-free run of the same script (`Reference`): the process must exit 0 with the
state file written, log the same inputs in the same order, and end in the same state.

What is compared of the log: each input the game acts on (kind, script line, seat,
data), in order. Lifts of a card and battery reports are logged too but mean nothing
to the game (`Session.state`, `log_length`), and a rebooted reader forgets the card
it held, so its next scan comes without the lift the fault-free run had: those are
left out. The script line of an input is mapped back to the original script's line.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.crash_harness import DEMO, REPO, env

__all__ = [
    "FAULTS",
    "Outcome",
    "Reference",
    "Schedule",
    "play_schedule",
    "random_schedule",
    "reference",
]

HANG_S = 120.0
"""A play still running after this long is hung (a fault-free demo takes seconds)."""

FAULTS = (
    "drop", "duplicate", "corrupt", "reboot", "low-battery", "stale-hello",
    "away {s}", "power-cycle {s}", "latency {ms}",
)  # fmt: skip
"""Every fault a script line can name; `{s}` and `{ms}` are drawn per fault."""

LAST_LINES = 12
"""How many of a script's last reader lines count as "the last lines" of the game."""

_IGNORED_KINDS = ("remove", "notice")


@dataclass(frozen=True)
class Reference:
    """A script, its reader lines (number, seat), and its fault-free run."""

    script: Path
    lines: tuple[tuple[int, int], ...]  # (line number, seat) of each reader line
    state: dict[str, Any]
    inputs: tuple[tuple[Any, ...], ...]
    total: int  # every logged input, lifts and battery reports too

    def line_of(self, text: str, *, last: bool = False) -> int:
        """The number of the (first, or last among the last lines) line reading `text`."""
        found = [
            n
            for n, line in enumerate(self.script.read_text("utf-8").splitlines(), start=1)
            if line.split("#", 1)[0].strip() == text
        ]
        if last:
            found = [n for n in found if n in {m for m, _ in self.last_lines}]
        if not found:
            raise LookupError(f"no line {text!r} in {self.script}")
        return found[-1] if last else found[0]

    @property
    def last_lines(self) -> tuple[tuple[int, int], ...]:
        return self.lines[-LAST_LINES:]


@dataclass(frozen=True)
class Schedule:
    """Fault lines to put before script lines: (before line number, seat, fault)."""

    faults: tuple[tuple[int, int, str], ...]

    def __str__(self) -> str:
        return "; ".join(f"@{seat} fault {fault} before line {n}" for n, seat, fault in self.faults)

    def write(self, script: Path, out: Path) -> dict[int, int]:
        """`script` with the fault lines put in; returns new line number -> original."""
        before: dict[int, list[str]] = {}
        for n, seat, fault in self.faults:
            before.setdefault(n, []).append(f"@{seat} fault {fault}")
        lines, origin = [], {}
        for number, text in enumerate(script.read_text("utf-8").splitlines(), start=1):
            lines.extend(before.get(number, []))
            lines.append(text)
            origin[len(lines)] = number
        out.write_text("\n".join(lines) + "\n", "utf-8")
        return origin


@dataclass(frozen=True)
class Outcome:
    schedule: Schedule
    verdict: str  # "identical", "diverged" or "hung"
    detail: str
    wall_s: float
    cpu_s: float

    @property
    def identical(self) -> bool:
        return self.verdict == "identical"


def _game_inputs(db: Path, origin: dict[int, int] | None = None) -> tuple[tuple[Any, ...], ...]:
    """(kind, original line, seat, data) of every input of game 1 the game acts on."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        rows = con.execute("SELECT kind, line, seat, data FROM inputs WHERE game_id = 1 ORDER BY n")
        return tuple(
            (kind, origin.get(line, line) if origin and line is not None else line, seat, data)
            for kind, line, seat, data in rows
            if kind not in _IGNORED_KINDS
        )


def _reader_lines(script: Path) -> tuple[tuple[int, int], ...]:
    out = []
    for number, text in enumerate(script.read_text("utf-8").splitlines(), start=1):
        words = text.split("#", 1)[0].split()
        if len(words) >= 2 and words[0][:1] == "@" and words[0][1:].isdigit():
            out.append((number, int(words[0][1:])))
    return tuple(out)


def _command(script: Path, db: Path, state: Path) -> list[str]:
    return [
        sys.executable, "-m", "companion", "play", "--script", str(script), "--lang", "en",
        "--db", str(db), "--state-out", str(state),
    ]  # fmt: skip


def _run(script: Path, workdir: Path) -> tuple[int | None, float, float, Path, Path, str]:
    """Play `script` as a process; (exit code or None if hung, wall, CPU, db, state,
    stderr). CPU is the child's own rusage (`wait4`), unblurred by parallel runs."""
    workdir.mkdir(parents=True, exist_ok=True)
    db, state, err_path = workdir / "g.sqlite", workdir / "g.json", workdir / "stderr.txt"
    for stale in (db, state, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")):
        stale.unlink(missing_ok=True)
    with err_path.open("w", encoding="utf-8") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            _command(script, db, state), cwd=REPO, stdout=subprocess.DEVNULL, stderr=err,
            env=env(),
        )  # fmt: skip
        hung = threading.Event()

        def kill() -> None:
            hung.set()
            proc.send_signal(signal.SIGKILL)

        timer = threading.Timer(HANG_S, kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - start
    code = None if hung.is_set() else proc.returncode
    return code, wall, usage.ru_utime + usage.ru_stime, db, state, err_path.read_text("utf-8")


def reference(workdir: Path, script: Path = DEMO) -> Reference:
    """The fault-free run of `script`."""
    code, _, _, db, state, err = _run(script, workdir / "reference")
    if code != 0:
        raise RuntimeError(f"the fault-free run exited {code}: {err[-400:]}")
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        (total,) = con.execute("SELECT COUNT(*) FROM inputs").fetchone()
    state_json = json.loads(state.read_text("utf-8"))
    return Reference(script, _reader_lines(script), state_json, _game_inputs(db), int(total))


def _fault(rng: random.Random) -> str:
    return rng.choice(FAULTS).format(
        s=f"{rng.uniform(0.0, 0.8):.2f}", ms=rng.choice(["7.5", "15", "30"])
    )


def random_schedule(ref: Reference, rng: random.Random) -> Schedule:
    """One to four faults on random readers before random lines, among them (most of
    the time) one in the last lines and (often) a power-cycle."""
    faults = []
    for _ in range(rng.randint(1, 3)):
        n, _seat = rng.choice(ref.lines)
        faults.append((n, rng.randint(1, 5), _fault(rng)))
    if rng.random() < 0.7:
        n, seat = rng.choice(ref.last_lines)
        faults.append((n, rng.choice([seat, rng.randint(1, 5)]), _fault(rng)))
    if rng.random() < 0.4:
        n, seat = rng.choice(ref.lines)
        faults.append((n, seat, f"power-cycle {rng.uniform(0.05, 0.8):.2f}"))
    return Schedule(tuple(sorted(faults)))


def play_schedule(ref: Reference, schedule: Schedule, workdir: Path) -> Outcome:
    """Play `ref.script` with `schedule`'s faults; compare with the fault-free run."""
    workdir.mkdir(parents=True, exist_ok=True)
    script = workdir / "faulted.script"
    origin = schedule.write(ref.script, script)
    code, wall, cpu, db, state, err = _run(script, workdir)
    if code is None:
        return Outcome(schedule, "hung", f"no exit within {HANG_S:g} s", wall, cpu)
    if code != 0:
        return Outcome(schedule, "diverged", f"exit {code}: {err.strip()[-300:]}", wall, cpu)
    if not state.exists():
        return Outcome(schedule, "diverged", "exit 0 but no state file", wall, cpu)
    got = _game_inputs(db, origin)
    if got != ref.inputs:
        first = next(
            (i for i, (a, b) in enumerate(zip(got, ref.inputs, strict=False)) if a != b),
            min(len(got), len(ref.inputs)),
        )
        detail = (
            f"logged inputs differ at {first}: got {got[first : first + 1]}, "
            f"want {ref.inputs[first : first + 1]} ({len(got)} vs {len(ref.inputs)})"
        )
        return Outcome(schedule, "diverged", detail, wall, cpu)
    final = json.loads(state.read_text("utf-8"))
    if final != ref.state:
        keys = sorted(k for k in set(final) | set(ref.state) if final.get(k) != ref.state.get(k))
        return Outcome(schedule, "diverged", f"final state differs in {keys[:4]}", wall, cpu)
    return Outcome(schedule, "identical", "", wall, cpu)
