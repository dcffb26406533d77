"""USB/UART readers: the same frames, COBS-framed on a serial line (SPEC.md section 6).

pyserial does the port (raw mode, any OS); a reading thread hands the bytes to the
event loop, where `firmware_protocol.StreamDecoder` splits them into frames and
resynchronises after damage. A port that fails (unplugged, EIO) is a lost link;
the hub reopens the same path, which is why stable names (/dev/serial/by-id/...)
are the ones to give.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading

import serial

from companion.readers.base import (
    FoundHandler,
    FrameHandler,
    LostHandler,
    Reader,
    ReaderSource,
    ReaderUnavailable,
    check_port,
)
from firmware_protocol import StreamDecoder, frame_for_serial

__all__ = ["SerialReader", "SerialSource"]

_log = logging.getLogger(__name__)

BAUDRATE = 115200


class SerialReader(Reader):
    """A reader on one serial port."""

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
        return f"serial {self._port}"

    @property
    def is_connected(self) -> bool:
        return self._serial is not None

    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        if self._serial is not None:
            raise ReaderUnavailable(self._port, "already open")
        try:
            port = serial.Serial(self._port, self._baudrate, timeout=None, write_timeout=1.0)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise ReaderUnavailable(self._port, f"cannot open: {exc}") from exc
        self._serial = port
        self._generation += 1
        generation = self._generation
        loop = asyncio.get_running_loop()
        decoder = StreamDecoder()

        def deliver(data: bytes) -> None:
            if generation != self._generation:
                return
            for item in decoder.feed(data):
                on_frame(item)

        def lost() -> None:
            if generation != self._generation:
                return
            self._close_port()
            on_lost()

        def pump() -> None:
            while True:
                try:
                    data = port.read(max(1, port.in_waiting))
                except (serial.SerialException, OSError, TypeError, AttributeError) as exc:
                    _log.debug("%s: read failed: %s", self._port, exc)
                    data = b""
                if not data:
                    with contextlib.suppress(RuntimeError):  # the loop is closed
                        loop.call_soon_threadsafe(lost)
                    return
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(deliver, data)

        self._thread = threading.Thread(target=pump, name=f"serial {self._port}", daemon=True)
        self._thread.start()

    def _close_port(self) -> None:
        port, self._serial = self._serial, None
        if port is None:
            return
        with contextlib.suppress(Exception):
            port.cancel_read()
        with contextlib.suppress(Exception):
            port.close()

    async def send(self, frame: bytes) -> None:
        port = self._serial
        if port is None:
            raise ReaderUnavailable(self._port, "not open")
        try:
            port.write(frame_for_serial(frame))
        except (serial.SerialException, OSError) as exc:
            raise ReaderUnavailable(self._port, f"write failed: {exc}") from exc

    async def disconnect(self) -> None:
        self._generation += 1  # what the old thread still reports is ignored
        self._close_port()
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, thread.join, 2.0)


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
