"""SIGTERM and SIGHUP end `companion play` as Ctrl-C does (issue 29 item 11): the game
saved, the note saying how to resume it; a play started under `nohup` goes on with its
readers when its terminal has gone. Real processes: the terminal is a real pty that is
the process's controlling terminal (closing it is the kernel's SIGHUP), the reader a
serial-mode barcode scanner on a real pty (`hardware.sim.scanner`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from companion import codes
from hardware.sim.scanner import SimulatedScanner
from tests.e2e.test_reader_names import _Lines
from tests.e2e.test_subprocess import _env, _in_a_terminal, _read_until

REPO = Path(__file__).resolve().parents[2]


def _play_in_a_terminal(db: Path) -> tuple[subprocess.Popen[bytes], int]:
    proc, master = _in_a_terminal("play", "--players", "2", "--reader", "sim", "--db", str(db))
    assert b"connected" in _read_until(master, b"connected")  # the run is under way
    return proc, master


def test_sigterm_ends_play_saved_as_ctrl_c_does(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite"
    proc, master = _play_in_a_terminal(db)
    try:
        proc.send_signal(signal.SIGTERM)
        said = _read_until(master, b"companion resume 1")
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert proc.returncode == 0
    assert b"Game 1 is saved in" in said and b"resume it with: companion resume 1 --db" in said


def test_the_terminal_closing_ends_play_saved(tmp_path: Path) -> None:
    """The terminal goes away (its master end closed: the kernel sends SIGHUP); the
    note cannot be shown there, so the log file beside the database has it."""
    db = tmp_path / "g.sqlite"
    proc, master = _play_in_a_terminal(db)
    try:
        os.close(master)
        proc.wait(timeout=60)  # before: SIGHUP killed it, or it ran on
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0
    log = (tmp_path / "g.log").read_text("utf-8")
    assert "game 1: ended by SIGHUP" in log
    assert f"resume it with: companion resume 1 --db {db}" in log


def _wait(found: Callable[[], bool], what: str, limit: float = 120) -> None:
    end = time.monotonic() + limit
    while not found():
        assert time.monotonic() < end, what
        time.sleep(0.05)


def test_under_nohup_play_goes_on_with_its_readers_until_sigterm(tmp_path: Path) -> None:
    """Started with SIGHUP ignored and stdin at its end (no terminal, no console), a
    play with a scanner reads on after a SIGHUP; SIGTERM ends it, saved."""
    port = tmp_path / "ttyACM0"
    lord = codes.resolve_token("lord").code

    def ignore_sighup() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # what nohup does

    with SimulatedScanner(port) as scanner:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "--players", "2", "--view", "plain",
             "--reader", f"scanner:{port}@1", "--db", str(tmp_path / "g.sqlite")],
            cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=_env(), preexec_fn=ignore_sighup,
        )  # fmt: skip
        out, err = _Lines(proc.stdout), _Lines(proc.stderr)
        try:
            err.wait_for(lambda line: "connected" in line)
            proc.send_signal(signal.SIGHUP)
            scanner.scan(lord)
            out.wait_for(lambda line: line == "Seat 1 is the Lord.")
            assert proc.poll() is None
            proc.send_signal(signal.SIGTERM)
            err.wait_for(lambda line: "resume it with: companion resume 1" in line)
            assert proc.wait(timeout=60) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
