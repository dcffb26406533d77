"""Barcode scanners in serial mode: USB virtual COM (CDC-ACM) or Bluetooth SPP (/dev/rfcomm*).

A scanner switched to serial mode sends each code it reads as one line (suffix CR,
LF or CR LF); pyserial reads it, a thread hands the bytes to the event loop, and
`ScannerDevice` cuts lines and makes each a read (`adapter.code_read`). It does not
speak our protocol, so `adapter.AdaptedReader` gives it an identity and numbers its
reads. Line noise, a binary blob or an overlong line is a `Misread` naming the
device; the next line is read as usual. An unplugged scanner is a lost link; it is
opened again when its path is back (give the stable /dev/serial/by-id/... name).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading

import serial

from companion.readers.adapter import (
    AdaptedReader,
    CodeDevice,
    DeviceSource,
    Misread,
    MisreadKind,
    ReadHandler,
    code_read,
)
from companion.readers.base import LostHandler, ReaderUnavailable, check_port
from firmware_protocol import Card

__all__ = ["MAX_LINE", "ScannerDevice", "ScannerSource"]

_log = logging.getLogger(__name__)

#: Scanners in CDC-ACM mode ignore the rate; one on a real UART is usually 9600 baud.
BAUDRATE = 9600
#: A line longer than this is cut off and reported, without waiting for its end.
MAX_LINE = 512
#: How often the path of an unplugged scanner is looked for.
_POLL_S = 0.1


class ScannerDevice(CodeDevice):
    """One scanner on one serial port."""

    kind = "scanner"

    def __init__(self, port: str, baudrate: int = BAUDRATE) -> None:
        self._port = port
        self._baudrate = baudrate
        self._serial: serial.Serial | None = None
        self._thread: threading.Thread | None = None
        self._generation = 0

    @property
    def address(self) -> str:
        return self._port

    @property
    def name(self) -> str:
        return f"barcode scanner on {self._port}"

    async def check(self) -> None:
        check_port(self._port, "barcode scanner")

    async def wait_available(self) -> None:
        # A device path (Linux, macOS) can be watched for; a COM port is just tried.
        while self._port.startswith("/") and not os.path.exists(self._port):
            await asyncio.sleep(_POLL_S)

    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        if self._serial is not None:
            raise ReaderUnavailable(self._port, "already open")
        try:
            port = serial.Serial(self._port, self._baudrate, timeout=None)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise ReaderUnavailable(self._port, f"cannot open: {exc}") from exc
        self._serial = port
        self._generation += 1
        generation = self._generation
        loop = asyncio.get_running_loop()
        lines = _LineCutter()

        def deliver(data: bytes) -> None:
            if generation == self._generation:
                for read in lines.feed(data):
                    on_read(read)

        def lost() -> None:
            if generation == self._generation:
                self._close_port()
                on_lost()

        def pump() -> None:
            while True:
                try:
                    data = port.read(max(1, port.in_waiting))
                except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                    _log.debug("%s: read failed: %s", self._port, exc)
                    data = b""
                with contextlib.suppress(RuntimeError):  # the loop is closed
                    if data:
                        loop.call_soon_threadsafe(deliver, data)
                    else:
                        loop.call_soon_threadsafe(lost)
                if not data:
                    return

        self._thread = threading.Thread(target=pump, name=f"scanner {self._port}", daemon=True)
        self._thread.start()

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        if port is None:
            return
        with contextlib.suppress(Exception):
            port.cancel_read()
        with contextlib.suppress(Exception):
            port.close()

    async def close(self) -> None:
        self._generation += 1  # what the old thread still reports is ignored
        self._close_port()
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, thread.join, 2.0)


class _LineCutter:
    """Bytes in, one read per line out; CR, LF and CR LF all end a line."""

    def __init__(self) -> None:
        self._line = bytearray()
        self._overlong = False

    def feed(self, data: bytes) -> list[Card | Misread]:
        out: list[Card | Misread] = []
        for byte in data:
            if byte in b"\r\n":
                if self._overlong:
                    self._overlong = False
                elif self._line:
                    out.append(code_read(bytes(self._line)))
                self._line.clear()
            elif not self._overlong:
                self._line.append(byte)
                if len(self._line) > MAX_LINE:
                    out.append(
                        Misread(
                            MisreadKind.TOO_LONG,
                            f"a line of more than {MAX_LINE} bytes: {bytes(self._line[:20])!r}...",
                        )
                    )
                    self._line.clear()
                    self._overlong = True
        return out


class ScannerSource(DeviceSource):
    """One serial scanner (`--reader scanner:PORT`)."""

    def __init__(self, port: str, *, seat: int = 0, duplicate_window: float = 0.0) -> None:
        device = ScannerDevice(port)
        super().__init__(
            [AdaptedReader(device, seat=seat, duplicate_window=duplicate_window)],
            f"barcode scanner on serial port {port}",
        )
