"""A real terminal for the programs: `companion ARGS` on a pseudo-terminal of a given
size that is its controlling terminal (so Ctrl-C typed there is a SIGINT, as at a
keyboard), read through `pyte`, a VT100 emulator, into the screen a person would see.

Every wait is on a condition, so a busy machine only makes a test slower: the screen
showing something (`until`), the program having written something (`wrote`), the
program having ended (`close`), and a redraw being whole (`settle`: the program has
written nothing more and every one of its threads is asleep, waiting for input or a
timer, none runnable; a program preempted half-way through a redraw is runnable). The
limits only bound a failure."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

REPO = Path(__file__).resolve().parents[2]
REDRAW = b"\r\x1b[2K\x1b[1A"  # how rich's live region begins each redraw: up to its top
LIMIT = 180.0  # seconds: the bound of a wait that fails (a loaded machine is slow)


class Terminal:
    """One program on a `columns` x `rows` pty; `screen()` is what the terminal shows."""

    def __init__(self, *args: str, columns: int = 100, rows: int = 40) -> None:
        self.columns, self.rows = columns, rows
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

        def controlling_terminal() -> None:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        env = {
            **os.environ, "PYTHONPATH": str(REPO), "TERM": "xterm-256color",
            "COMPANION_TAG_REGISTRY": "/nonexistent/tags.json",  # never a developer's own
        }  # fmt: skip
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", *args], cwd=REPO, env=env,
            stdin=slave, stdout=slave, stderr=slave, preexec_fn=controlling_terminal,
        )  # fmt: skip
        os.close(slave)
        self.master = master
        self._screen = pyte.HistoryScreen(columns, rows, history=5000)
        self._stream = pyte.ByteStream(self._screen)
        self.raw = b""
        self.frames: list[list[str]] = []
        """The screen each time a redraw began: every picture the region showed, whole."""
        self._pending = b""

    def read(self, seconds: float = 0.3) -> None:
        """Take in what the program wrote within `seconds`."""
        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            # poll(), not select(): a pytest worker may hold more than 1024 descriptors,
            # and select() cannot wait on one numbered that high
            poller = select.poll()
            poller.register(self.master, select.POLLIN)
            if not poller.poll(max(left, 0) * 1000):
                self._flush()  # quiet: nothing is half written
                return
            try:
                data = os.read(self.master, 65536)
            except OSError:
                data = b""
            if not data:
                self._flush()
                return
            self.raw += data
            self._take(data)

    def _take(self, data: bytes) -> None:
        """Feed the emulator, noting the screen just before each redraw begins."""
        self._pending += data
        while (at := self._pending.find(REDRAW)) >= 0:
            self._stream.feed(self._pending[:at])
            self.frames.append(self.screen())
            self._stream.feed(REDRAW)
            self._pending = self._pending[at + len(REDRAW) :]
        keep = len(REDRAW) - 1  # may be the start of the next redraw's sequence
        self._stream.feed(self._pending[:-keep])
        self._pending = self._pending[-keep:]

    def _flush(self) -> None:
        self._stream.feed(self._pending)
        self._pending = b""

    def screen(self) -> list[str]:
        """The rows shown now, trailing spaces removed."""
        return [line.rstrip() for line in self._screen.display]

    def history(self) -> list[str]:
        """The rows scrolled off the top (the terminal's scrollback), oldest first."""
        return [
            "".join(line[x].data for x in range(self.columns)).rstrip()
            for line in self._screen.history.top
        ]

    def until(self, seen: Callable[[list[str]], bool], limit: float = LIMIT) -> list[str]:
        """Read until the screen satisfies `seen` (the screen then), or fail after `limit` s."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            self.read(0.2)
            rows = self.screen()
            if seen(rows):
                return self.settle()
            if self.proc.poll() is not None:
                self.read(0.5)
                break
        raise AssertionError("the terminal never showed it:\n" + "\n".join(self.screen()))

    def settle(self, quiet: float = 0.2) -> list[str]:
        """Read until a redraw is whole: nothing more written while every thread of the
        program was asleep (see the module docstring); the screen then."""
        end = time.monotonic() + LIMIT
        while time.monotonic() < end:
            before = len(self.raw)
            idle = self._idle()
            self.read(quiet)
            if len(self.raw) == before and idle and self._idle():
                return self.screen()
        raise AssertionError("the program never went idle:\n" + "\n".join(self.screen()))

    def _idle(self) -> bool:
        """Whether every thread of the program is asleep (none runnable), or it ended."""
        for stat in Path(f"/proc/{self.proc.pid}/task").glob("*/stat"):
            try:
                state = stat.read_text().rsplit(")", 1)[1].split()[0]
            except (OSError, IndexError):
                continue  # a thread that just ended
            if state not in ("S", "I", "Z", "X"):  # R (runnable), D (busy in the kernel)...
                return False
        return True

    def shows(self, text: str, limit: float = LIMIT) -> list[str]:
        return self.until(lambda rows: any(text in row for row in rows), limit)

    def wrote(self, text: str, limit: float = LIMIT) -> str:
        """Read until the program has written `text` (wrapped or not); all it wrote."""
        end = time.monotonic() + limit
        while text.encode() not in self.raw and time.monotonic() < end:
            self.read(0.2)
            if self.proc.poll() is not None:
                self.read(0.5)
                break
        assert text.encode() in self.raw, f"the program never wrote {text!r}"
        return self.raw.decode("utf-8", "replace")

    def resize(self, columns: int, rows: int) -> None:
        """Resize the terminal, as a window is (the program gets SIGWINCH)."""
        self.read(0.2)
        self.columns, self.rows = columns, rows
        self._screen.resize(rows, columns)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self, wait: float = LIMIT) -> int:
        """Wait for the program to end (killed after `wait` s); its exit status."""
        end = time.monotonic() + wait
        while self.proc.poll() is None and time.monotonic() < end:
            self.read(0.2)
        if self.proc.poll() is None:
            self.proc.kill()
        return self.proc.wait()

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *exc: object) -> None:
        """Whatever happened: the program is ended (killed if need be), the pty closed."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        os.close(self.master)
