"""Killing the real `companion play` process and resuming it, for the crash tests and
`bench/crash.py`.

A `Game` is a table script with what an uninterrupted run of it gives: the final
state JSON and the kind and script line of every logged input. `crash_and_resume`
plays the same script as a process, kills it with SIGKILL at the point a `Kill`
names, runs `companion resume` (killing that too, if asked) until it finishes, and
compares the final state with the uninterrupted one.

Two kinds of kill point:
- `after`: the process kills itself with SIGKILL right after its Nth committed input
  (`COMPANION_CRASH_AFTER`): an exact point, e.g. between the two events of one line
  (`Game.splits`), or right after the game ended.
- `at`: this harness sends SIGKILL once the log holds N inputs, after a random delay:
  anywhere in the code, between or inside commits, acknowledgements and writes.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "companion" / "game" / "scripts" / "demo.script"
TIMEOUT_S = 120.0


def env(**extra: str) -> dict[str, str]:
    """The environment of a `companion` process: this checkout, no developer registry."""
    out = dict(os.environ)
    out["PYTHONPATH"] = str(REPO)
    out["COMPANION_TAG_REGISTRY"] = "/nonexistent/tags.json"
    out.pop("COMPANION_CRASH_AFTER", None)
    out.update(extra)
    return out


def companion(*args: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        cwd=REPO, capture_output=True, text=True, timeout=TIMEOUT_S, env=env(**extra_env),
    )  # fmt: skip


def logged(db: Path) -> list[tuple[str, int | None]]:
    """(kind, line) of every logged input of game 1, in order."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        rows = con.execute("SELECT kind, line FROM inputs WHERE game_id = 1 ORDER BY n")
        return [(kind, line) for kind, line in rows]


@dataclass(frozen=True)
class Game:
    """A script and what an uninterrupted run of it gives."""

    name: str
    script: Path
    play_args: tuple[str, ...]  # players, layout, seed...
    state: dict[str, Any]
    inputs: tuple[tuple[str, int | None], ...]  # (kind, line) of each logged input

    @property
    def total(self) -> int:
        return len(self.inputs)

    @property
    def splits(self) -> list[int]:
        """Input counts that fall between the two events of one line: input k is the
        remove of the card on the reader, k + 1 the scan of the same line."""
        pairs = zip(self.inputs, self.inputs[1:], strict=False)
        return [
            k
            for k, (a, b) in enumerate(pairs, start=1)
            if a[0] == "remove" and b[0] == "scan" and a[1] == b[1]
        ]

    def play_command(self, db: Path, state: Path) -> list[str]:
        return [
            "play", "--script", str(self.script), *self.play_args, "--lang", "en",
            "--db", str(db), "--state-out", str(state),
        ]  # fmt: skip


def play_whole(name: str, script: Path, workdir: Path, *play_args: str) -> Game:
    """Play `script` once, uninterrupted; the reference a crashed run must equal."""
    workdir.mkdir(parents=True, exist_ok=True)
    db, state = workdir / f"{name}.sqlite", workdir / f"{name}.json"
    game = Game(name, script, tuple(play_args), {}, ())
    done = companion(*game.play_command(db, state))
    if done.returncode != 0:
        raise RuntimeError(f"{name}: the uninterrupted run failed: {done.stderr}")
    return Game(name, script, tuple(play_args), json.loads(state.read_text("utf-8")),
                tuple(logged(db)))  # fmt: skip


def transcript_of(game_db: Path, out: Path) -> Path:
    """`companion export --format text` of game 1: a table script (lifts left out)."""
    done = companion("export", "1", "--db", str(game_db), "--format", "text", "--out", str(out))
    if done.returncode != 0:
        raise RuntimeError(f"export failed: {done.stderr}")
    return out


def with_removes(script: Path, out: Path, every: int = 2) -> Path:
    """`script` with a `remove` after every `every`th scan of a seat's reader: a card
    lifted before the next is put down (no automatic remove then)."""
    lines, scans = [], 0
    for text in script.read_text("utf-8").splitlines():
        lines.append(text)
        words = text.split("#", 1)[0].split()
        if len(words) >= 3 and words[0].startswith("@") and words[1] == "scan":
            scans += 1
            if scans % every == 0:
                lines.append(f"{words[0]} remove")
    out.write_text("\n".join(lines) + "\n", "utf-8")
    return out


def standard_games(workdir: Path) -> list[Game]:
    """Per-seat and shared readers, a script with `remove` lines, and the exported
    transcripts of the per-seat and shared games."""
    per_seat = play_whole("per-seat", DEMO, workdir)
    shared = play_whole("shared", DEMO, workdir, "--shared")
    removes = play_whole("removes", with_removes(DEMO, workdir / "removes.script"), workdir)
    transcripts = [
        play_whole(
            f"{g.name}-transcript",
            transcript_of(workdir / f"{g.name}.sqlite", workdir / f"{g.name}.transcript"),
            workdir,
        )  # fmt: skip
        for g in (per_seat, shared)
    ]
    return [per_seat, shared, removes, *transcripts]


@dataclass(frozen=True)
class Kill:
    """Where to kill: `after` N committed inputs (the process kills itself), or `at`
    N logged inputs plus `delay_s` (this harness kills it); `again`: the first resume
    is killed too, right after its own `again`th input."""

    after: int = 0
    at: int = 0
    delay_s: float = 0.0
    again: int = 0

    def __str__(self) -> str:
        where = f"after input {self.after}" if self.after else f"at {self.at}+{self.delay_s:.4f}s"
        return where + (f", resume killed after {self.again}" if self.again else "")


@dataclass(frozen=True)
class Outcome:
    game: str
    kill: Kill
    killed: bool  # the play was killed (it may have ended before an `at` kill)
    identical: bool
    detail: str  # why not identical
    resume_wall_s: float  # the last, completing resume
    resume_cpu_s: float


def random_kill(game: Game, rng: random.Random) -> Kill:
    """A kill point: between the events of one line, after any input, or anywhere."""
    again = rng.randint(1, 12) if rng.random() < 0.15 else 0
    roll = rng.random()
    if roll < 0.35 and game.splits:
        return Kill(after=rng.choice(game.splits), again=again)
    if roll < 0.65:
        return Kill(after=rng.randint(1, game.total), again=again)
    return Kill(at=rng.randint(1, game.total), delay_s=rng.uniform(0.0, 0.02), again=again)


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=0.05) as con:
            return int(con.execute("SELECT COUNT(*) FROM inputs").fetchone()[0])
    except sqlite3.Error:
        return 0  # not created yet


def _play_killed(game: Game, kill: Kill, db: Path, state: Path) -> bool:
    """Run the play and kill it; whether it was killed (rather than ending first)."""
    extra = {"COMPANION_CRASH_AFTER": str(kill.after)} if kill.after else {}
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", *game.play_command(db, state)],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env(**extra),
    )  # fmt: skip
    try:
        if kill.at:
            deadline = time.monotonic() + TIMEOUT_S
            while proc.poll() is None and _count(db) < kill.at:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{game.name}: the log never reached {kill.at} inputs")
                time.sleep(0.001)
            time.sleep(kill.delay_s)
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=TIMEOUT_S)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    if proc.returncode not in (0, -signal.SIGKILL):
        raise RuntimeError(f"{game.name}: play exited {proc.returncode} ({kill})")
    return proc.returncode == -signal.SIGKILL


@dataclass(frozen=True)
class Finished:
    """A `companion` process that ran to its end: exit code, stderr, wall and CPU time."""

    returncode: int
    stderr: str
    wall_s: float
    cpu_s: float


def timed(args: list[str], workdir: Path, **extra_env: str) -> Finished:
    """Run `companion ARGS` and measure it: CPU time from the child's own rusage
    (`wait4`), so runs in parallel threads do not blur each other's figures."""
    err_path = workdir / "stderr.txt"
    with err_path.open("w", encoding="utf-8") as err:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", *args],
            cwd=REPO, stdout=subprocess.DEVNULL, stderr=err, env=env(**extra_env),
        )  # fmt: skip
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return Finished(proc.returncode, err_path.read_text("utf-8"), wall, cpu)


def _with_wal(db: Path) -> tuple[Path, Path, Path]:
    """A log's files: the database and its write-ahead log and index."""
    return db, db.with_name(db.name + "-wal"), db.with_name(db.name + "-shm")


def crash_and_resume(
    game: Game, kill: Kill, workdir: Path, on_killed: Callable[[Path], None] | None = None
) -> Outcome:
    """Play `game` killed at `kill`, resume until it finishes, compare the final state.
    `on_killed` gets a copy of the killed run's log before the resume (what the resume
    rebuilds: its pending prompt and views), the log itself left as the kill left it."""
    workdir.mkdir(parents=True, exist_ok=True)
    db, state = workdir / "crash.sqlite", workdir / "crash.json"
    for stale in (state, *_with_wal(db)):
        stale.unlink(missing_ok=True)
    killed = _play_killed(game, kill, db, state)
    if on_killed is not None:
        copy = workdir / "killed" / db.name
        copy.parent.mkdir(exist_ok=True)
        for src, dst in zip(_with_wal(db), _with_wal(copy), strict=True):
            if src.exists():
                shutil.copyfile(src, dst)
        on_killed(copy)
    state.unlink(missing_ok=True)  # only the resume's own state counts
    resume = ["resume", "--db", str(db), "--state-out", str(state)]
    extra = {"COMPANION_CRASH_AFTER": str(kill.again)} if kill.again else {}
    done = timed(resume, workdir, **extra)
    if kill.again and done.returncode == -signal.SIGKILL:
        done = timed(resume, workdir)
    wall, cpu = done.wall_s, done.cpu_s
    if done.returncode != 0:
        detail = f"resume exited {done.returncode}: {done.stderr.strip()[-400:]}"
        return Outcome(game.name, kill, killed, False, detail, wall, cpu)
    if not state.exists():
        return Outcome(game.name, kill, killed, False, "resume wrote no state", wall, cpu)
    got = json.loads(state.read_text("utf-8"))
    got_log = tuple(logged(db))
    same_log = got_log == game.inputs
    detail = "" if got == game.state else _difference(game.state, got)
    if not same_log and not detail:
        detail = "same state, but the log differs from the uninterrupted run's"
    return Outcome(game.name, kill, killed, not detail, detail, wall, cpu)


def _difference(want: dict[str, Any], got: dict[str, Any]) -> str:
    keys = sorted(k for k in set(want) | set(got) if want.get(k) != got.get(k))
    return "state differs in " + ", ".join(
        f"{k} (want {str(want.get(k))[:80]}, got {str(got.get(k))[:80]})" for k in keys[:3]
    )
