"""Phones as seat readers: the page's WebSocket is the link, one `PhoneReader` per seat.

A phone that joins a seat runs the reader's end of the protocol in its page
(`companion/web/static/protocol.js`: epoch, sequence numbers, the buffer of
unacknowledged events, RESUME): each WebSocket binary message is one frame, exactly
as one BLE notification is. So the hub drives a phone like any reader (HELLO, RESUME,
ACK after the log commit, FEEDBACK), and a phone that sleeps, drops off the Wi-Fi or
reloads its page is simply a reader that reconnects.

The web server (which knows the seat tokens and the sockets) calls
`PhoneSource.open(seat, send, close)` for each socket it accepts and feeds what the
phone sends to the returned `PhonePort`. This module knows nothing of HTTP.

What a phone may say is checked here, before the hub sees it: only reader-to-host
frames, a HELLO/STATUS that names this seat and the reader id the seat was given.
A phone cannot speak for another seat; a frame refused here is never an input.

Reader ids are the seat's (`PHONE_ID_BASE + seat`): the seat's reader is "the phone
at seat N", so after `companion resume` a phone that kept its page state (same epoch)
goes on exactly, and a phone that replaces another at the seat is a reader that
restarted (the hub says so).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from companion.readers.base import (
    FoundHandler,
    FrameHandler,
    LostHandler,
    Reader,
    ReaderSource,
    ReaderUnavailable,
)
from firmware_protocol import MAX_SEAT, FrameError, Hello, Status, decode

__all__ = ["PHONE_ID_BASE", "PhonePort", "PhoneReader", "PhoneSource", "phone_reader_id"]

_log = logging.getLogger(__name__)

PHONE_ID_BASE = 0x50480000  # "PH" and the seat number
_READER_TYPES = range(0x01, 0x40)  # SPEC.md section 3: reader-to-host types

Send = Callable[[bytes], Coroutine[Any, Any, None]]
Close = Callable[[str], Coroutine[Any, Any, None]]


def phone_reader_id(seat: int) -> int:
    """The reader id of the phone at `seat`.

    >>> f"{phone_reader_id(3):08X}"
    '50480003'
    """
    return PHONE_ID_BASE + seat


class PhonePort:
    """One accepted socket of one seat, as the web server holds it."""

    def __init__(self, reader: PhoneReader, send: Send, close: Close) -> None:
        self.reader = reader
        self._send = send
        self._close = close
        self.open = True

    def receive(self, frame: bytes) -> str | None:
        """One binary message from the phone; None if taken, else why it was refused."""
        return self.reader._receive(self, frame)

    def closed(self) -> None:
        """The socket ended (the phone left, slept or lost its network)."""
        self.reader._detach(self)


class PhoneReader(Reader):
    """The reader of one seat: connected while one phone's socket is open."""

    @property
    def kind(self) -> str:
        return "phone"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.reader_id = phone_reader_id(seat)
        self._port: PhonePort | None = None
        self._available = asyncio.Event()
        self._on_frame: FrameHandler | None = None
        self._on_lost: LostHandler | None = None
        self.refused = 0  # frames refused from this seat's phones (garbage, wrong seat)

    @property
    def address(self) -> str:
        return f"phone:seat{self.seat}"

    @property
    def name(self) -> str:
        return f"phone at seat {self.seat}"

    @property
    def is_connected(self) -> bool:
        return self._port is not None and self._on_frame is not None

    async def wait_available(self) -> None:
        await self._available.wait()

    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        if self._port is None:
            raise ReaderUnavailable(self.address, "no phone is on this seat now")
        self._on_frame, self._on_lost = on_frame, on_lost

    async def send(self, frame: bytes) -> None:
        port = self._port
        if port is None or self._on_frame is None:
            raise ReaderUnavailable(self.address, "the phone is not connected")
        try:
            await port._send(frame)
        except Exception as exc:  # the socket died under us: the phone is gone for now
            raise ReaderUnavailable(self.address, f"cannot write to the phone: {exc}") from exc

    async def disconnect(self) -> None:
        self._on_frame = self._on_lost = None

    # --- the web server's side ---

    def _attach(self, port: PhonePort) -> PhonePort | None:
        """Make `port` this seat's link; returns the port it replaces (to be closed)."""
        old, self._port = self._port, port
        if old is not None:
            old.open = False
            self._lost()
        self._available.set()
        return old

    def _detach(self, port: PhonePort) -> None:
        port.open = False
        if self._port is not port:
            return
        self._port = None
        self._available.clear()
        self._lost()

    def _lost(self) -> None:
        on_lost, self._on_frame, self._on_lost = self._on_lost, None, None
        if on_lost is not None:
            on_lost()

    def _receive(self, port: PhonePort, frame: bytes) -> str | None:
        if port is not self._port:
            return "this socket no longer holds the seat"
        problem = self._check(frame)
        if problem is not None:
            self.refused += 1
            _log.info("%s: refused a frame: %s", self.name, problem)
            return problem
        if self._on_frame is not None:
            self._on_frame(bytes(frame))
        # else: not connected by the hub yet; the HELLO's last_seq brings it back
        return None

    def _check(self, frame: bytes) -> str | None:
        try:
            message = decode(frame)
        except FrameError as exc:
            return f"not a reader frame ({exc.reason.name})"
        if message.TYPE not in _READER_TYPES:
            return f"a phone sends reader frames only, not {message.NAME}"
        if isinstance(message, Hello | Status):
            if message.reader_id != self.reader_id:
                return (
                    f"reader id {message.reader_id:08X} is not this seat's ({self.reader_id:08X})"
                )
            if message.seat != self.seat:
                return f"seat {message.seat} is not this phone's seat {self.seat}"
        return None


class PhoneSource(ReaderSource):
    """The seats phones may join (1..10); hands each seat's reader to the hub on its
    first phone."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.readers: dict[int, PhoneReader] = {}
        for seat in seats:
            if not 1 <= seat <= MAX_SEAT:
                raise ValueError(f"a phone takes a seat 1..{MAX_SEAT}, got {seat}")
            self.readers[seat] = PhoneReader(seat)
        self._found: asyncio.Queue[PhoneReader] = asyncio.Queue()
        self._reported: set[int] = set()

    def describe(self) -> str:
        seats = ", ".join(str(s) for s in self.readers)
        return f"phones at seats {seats} (join with the seat QR codes)"

    def open(self, seat: int, send: Send, close: Close) -> PhonePort:
        """A phone's socket for `seat` was accepted: it becomes the seat's link (a
        socket of the same seat that was still open is closed).

        Raises:
            KeyError: not a seat of this table.
        """
        reader = self.readers[seat]
        port = PhonePort(reader, send, close)
        old = reader._attach(port)
        if old is not None:
            asyncio.get_running_loop().create_task(old._close("another socket took this seat"))
        if seat not in self._reported:
            self._reported.add(seat)
            self._found.put_nowait(reader)
        return port

    def reader_id(self, seat: int) -> int:
        """The reader id the phone of `seat` must announce."""
        return phone_reader_id(seat)

    def joined(self) -> list[PhoneReader]:
        """The seats a phone has joined since the start, in seat order."""
        return [self.readers[s] for s in sorted(self._reported)]

    async def discover(self, on_found: FoundHandler) -> None:
        while True:
            reader = await self._found.get()
            result = on_found(reader)
            if result is not None:
                await result
