"""USB/UART readers: the same frames, COBS-framed on a serial line (SPEC.md section 6).

The port is read by a thread (`serial_port.SerialPort`) that hands the bytes to the
event loop, where `firmware_protocol.StreamDecoder` splits them into frames and
resynchronises after damage. A port that fails (unplugged, EIO) is a lost link;
the hub reopens the same path, which is why stable names (/dev/serial/by-id/...)
are the ones to give.
"""

from __future__ import annotations

import asyncio

from companion.readers.base import (
    FoundHandler,
    FrameHandler,
    LostHandler,
    Reader,
    ReaderSource,
    check_port,
)
from companion.readers.serial_port import SerialPort
from firmware_protocol import StreamDecoder, frame_for_serial

__all__ = ["SerialReader", "SerialSource"]

BAUDRATE = 115200


class SerialReader(Reader):
    """A reader on one serial port."""

    def __init__(self, port: str, baudrate: int = BAUDRATE) -> None:
        self._port = SerialPort(port, baudrate, name=f"serial {port}", write_timeout=1.0)

    @property
    def address(self) -> str:
        return self._port.path

    @property
    def name(self) -> str:
        return f"serial {self._port.path}"

    @property
    def is_connected(self) -> bool:
        return self._port.is_open

    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        decoder = StreamDecoder()

        def deliver(data: bytes) -> None:
            for item in decoder.feed(data):
                on_frame(item)

        self._port.open(deliver, on_lost)

    async def send(self, frame: bytes) -> None:
        self._port.write(frame_for_serial(frame))

    async def disconnect(self) -> None:
        await self._port.close()


class SerialSource(ReaderSource):
    """One reader on a given serial port."""

    def __init__(self, port: str, baudrate: int = BAUDRATE) -> None:
        self._reader = SerialReader(port, baudrate)

    def describe(self) -> str:
        return f"serial port {self._reader.address}"

    async def check(self) -> None:
        check_port(self._reader.address, "reader")

    async def discover(self, on_found: FoundHandler) -> None:
        result = on_found(self._reader)
        if result is not None:
            await result
        await asyncio.Event().wait()
