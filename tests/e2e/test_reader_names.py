"""Readers are named by what they are (issue 29 item 5): a real `companion play` process
with a serial-mode barcode scanner on a real pty (`hardware.sim.scanner`) says "the
barcode scanner on PORT", never its reader id, when the scanner connects, is bound to a
seat by a seat label, and misreads."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from companion import codes
from hardware.sim.scanner import SimulatedScanner

REPO = Path(__file__).resolve().parents[2]
LABEL = {ref.text: ref.code for ref in codes.all_codes("commands")}


class _Lines:
    """The lines a stream has given so far (read by a thread, so a test waits on them)."""

    def __init__(self, stream: object) -> None:
        self.lines: list[str] = []
        self._changed = threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            with self._changed:
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()

    def wait_for(self, found: Callable[[str], bool], limit: float = 120) -> str:
        """The first line `found` accepts, once it has come (`limit`: a hung process)."""
        deadline = time.monotonic() + limit
        with self._changed:
            while True:
                hit = next((line for line in self.lines if found(line)), None)
                if hit is not None:
                    return hit
                left = deadline - time.monotonic()
                assert left > 0, f"not seen; got {self.lines}"
                self._changed.wait(left)


def test_a_scanner_is_named_by_what_it_is(tmp_path: Path) -> None:
    port = tmp_path / "ttyACM0"
    with SimulatedScanner(port) as scanner:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "play", "--players", "2", "--view", "plain",
             "--reader", f"scanner:{port}", "--db", str(tmp_path / "g.sqlite")],
            cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
        )  # fmt: skip
        out, err = _Lines(proc.stdout), _Lines(proc.stderr)
        try:
            connected = err.wait_for(lambda line: "connected" in line)
            assert connected == f"companion: barcode scanner on {port} connected"
            scanner.scan(LABEL["seat:1"])
            bound = out.wait_for(lambda line: "is now the reader of" in line)
            assert bound == f"The barcode scanner on {port} is now the reader of seat 1."
            scanner.scan("X" * 300)  # longer than any label: a misread
            misread = err.wait_for(lambda line: "ignored, scan again" in line)
            assert misread == (
                f"companion: barcode scanner on {port} (reader 1) read a code longer than "
                "any label's: ignored, scan again"
            )
        finally:
            proc.terminate()
            proc.wait(timeout=60)
