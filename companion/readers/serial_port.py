"""One serial port read by a thread: what the serial readers and the serial barcode
scanners share (`serial.py`, `scanner.py`).

pyserial does the port (raw mode, any OS). Reads block, so a thread reads and hands the
bytes to the event loop; a failed read (unplugged, EIO) or the end of the port is the
lost link, reported once on the loop. Each opening is a generation: whatever a thread of
an earlier one still reports after `close` is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

import serial

from companion.readers.base import ReaderUnavailable

__all__ = ["SerialPort"]

_log = logging.getLogger(__name__)


class SerialPort:
    """A serial port at `path`; `name` names its reading thread."""

    def __init__(
        self, path: str, baudrate: int, *, name: str, write_timeout: float | None = None
    ) -> None:
        self.path = path
        self._baudrate = baudrate
        self._name = name
        self._write_timeout = write_timeout
        self._serial: serial.Serial | None = None
        self._thread: threading.Thread | None = None
        self._generation = 0

    @property
    def is_open(self) -> bool:
        return self._serial is not None

    def open(self, on_data: Callable[[bytes], None], on_lost: Callable[[], None]) -> None:
        """Open the port and start reading it: `on_data` with each chunk read, `on_lost`
        once when it fails, both called on the running event loop.

        Raises:
            ReaderUnavailable: it is open already, or cannot be opened.
        """
        if self._serial is not None:
            raise ReaderUnavailable(self.path, "already open")
        try:
            port = serial.Serial(
                self.path, self._baudrate, timeout=None, write_timeout=self._write_timeout
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            raise ReaderUnavailable(self.path, f"cannot open: {exc}") from exc
        self._serial = port
        self._generation += 1
        generation = self._generation
        loop = asyncio.get_running_loop()

        def deliver(data: bytes) -> None:
            if generation == self._generation:
                on_data(data)

        def lost() -> None:
            if generation == self._generation:
                self._close_port()
                on_lost()

        def pump() -> None:
            while True:
                try:
                    data = port.read(max(1, port.in_waiting))
                except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                    _log.debug("%s: read failed: %s", self.path, exc)
                    data = b""
                with contextlib.suppress(RuntimeError):  # the loop is closed
                    if data:
                        loop.call_soon_threadsafe(deliver, data)
                    else:
                        loop.call_soon_threadsafe(lost)
                if not data:
                    return

        self._thread = threading.Thread(target=pump, name=self._name, daemon=True)
        self._thread.start()

    def write(self, data: bytes) -> None:
        """Raises:
        ReaderUnavailable: the port is not open, or the write failed."""
        port = self._serial
        if port is None:
            raise ReaderUnavailable(self.path, "not open")
        try:
            port.write(data)
        except (serial.SerialException, OSError) as exc:
            raise ReaderUnavailable(self.path, f"write failed: {exc}") from exc

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        if port is None:
            return
        with contextlib.suppress(Exception):
            port.cancel_read()
        with contextlib.suppress(Exception):
            port.close()

    async def close(self) -> None:
        """Close the port and wait (2 s at most) for its thread to end."""
        self._generation += 1  # what the old thread still reports is ignored
        self._close_port()
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, thread.join, 2.0)
