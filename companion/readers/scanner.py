"""Barcode scanners in serial mode: USB virtual COM (CDC-ACM) or Bluetooth SPP (/dev/rfcomm*).

A scanner switched to serial mode sends each code it reads as one line (suffix CR,
LF or CR LF); a thread reads the port (`serial_port.SerialPort`, as for serial
readers) and hands the bytes to the event loop, and `ScannerDevice` cuts lines and
makes each a read (`adapter.code_read`). It does not speak our protocol, so
`adapter.AdaptedReader` gives it an identity and numbers its reads. Line noise, a
binary blob or an overlong line is a `Misread` naming the device; the next line is
read as usual. An unplugged scanner is a lost link; it is opened again when its path
is back (give the stable /dev/serial/by-id/... name).
"""

from __future__ import annotations

import asyncio
import os

from companion.readers.adapter import (
    AdaptedReader,
    CodeDevice,
    DeviceSource,
    Misread,
    MisreadKind,
    ReadHandler,
    code_read,
)
from companion.readers.base import LostHandler, check_port
from companion.readers.serial_port import SerialPort
from firmware_protocol import Card

__all__ = ["MAX_LINE", "ScannerDevice", "ScannerSource"]

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
        self._port = SerialPort(port, baudrate, name=f"scanner {port}")

    @property
    def address(self) -> str:
        return self._port.path

    @property
    def name(self) -> str:
        return f"barcode scanner on {self._port.path}"

    async def check(self) -> None:
        check_port(self._port.path, "barcode scanner")

    async def wait_available(self) -> None:
        # A device path (Linux, macOS) can be watched for; a COM port is just tried.
        path = self._port.path
        while path.startswith("/") and not os.path.exists(path):
            await asyncio.sleep(_POLL_S)

    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        lines = _LineCutter()

        def deliver(data: bytes) -> None:
            for read in lines.feed(data):
                on_read(read)

        self._port.open(deliver, on_lost)

    async def close(self) -> None:
        await self._port.close()


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
