"""Devices that do not speak our protocol (barcode scanners, PC/SC NFC readers), made readers.

Such a device only says "this code was read": no sequence numbers, no HELLO, no ACK.
A transport for it implements the small `CodeDevice` interface, and `AdaptedReader`
plays the reader's end of the protocol for it with `firmware_protocol.ReaderSession`
(the code the simulated readers run):

- identity: the reader id is `adapted_reader_id(kind, address)`, the same for the
  same device path on every run, so seat bindings and the log name it alike;
- numbering: each read gets the next sequence number as it arrives and is kept until
  the hub acknowledges it (the consumer stored it), so a device that drops off the
  bus loses nothing that arrived before; after a reconnect the hub's RESUME replays;
- the hub's commands are answered as a reader would: HELLO, RESUME, SET_SEAT, and
  FEEDBACK, which the device may render (`CodeDevice.show`: an ACR122U's LED);
- the same code twice from one device within `duplicate_window` seconds counts once
  (a scanner's own repeat); a read the device could not make into a code is an
  ERROR event (`Misread`), logged naming the device, so it reaches the game log.

Above this module the hub, the pump and the log cannot tell an adapted reader from
one of ours. Its epoch is new for every companion process: the reads it holds live
in memory, and a restarted companion says so (`ReaderRestarted`).
"""

from __future__ import annotations

import abc
import asyncio
import logging
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

from companion.readers.base import (
    FoundHandler,
    FrameHandler,
    LostHandler,
    Reader,
    ReaderSource,
    ReaderUnavailable,
)
from firmware_protocol import MAX_SEAT, Card, Error, Feedback, Message
from firmware_protocol.fields import CardKind, ErrorCode
from firmware_protocol.messages import MAX_TEXT
from firmware_protocol.reader_session import ReaderSession

__all__ = [
    "ADAPTED_ID_PREFIX",
    "AdaptedReader",
    "CodeDevice",
    "DeviceSource",
    "Misread",
    "MisreadKind",
    "ReadHandler",
    "adapted_reader_id",
    "code_read",
]

_log = logging.getLogger(__name__)

#: The top byte of every adapted reader's id (ours start 0x7C): tells them apart in logs.
ADAPTED_ID_PREFIX = 0xAD
#: How many unacknowledged reads an adapted reader keeps (the protocol's minimum is 64).
_CAPACITY = 1024


class MisreadKind(IntEnum):
    """Why a device's read is no code; the `detail` of its ERROR(HARDWARE_FAULT) event."""

    TOO_LONG = 1  # longer than a label's code can be
    NOT_TEXT = 2  # bytes that are not printable UTF-8 text (a binary blob, line noise)
    UNREADABLE_TAG = 3  # an NFC tag that did not answer, or an NDEF record we cannot read


@dataclass(frozen=True)
class Misread:
    """A read the device made but that is no code; `reason` says what was wrong."""

    kind: MisreadKind
    reason: str


ReadHandler = Callable[[Card | Misread], None]
"""Takes one read: a CARD (present or removed) or a `Misread`."""


def code_read(raw: bytes) -> Card | Misread:
    """A scanned line's bytes (without its CR/LF suffix) as a TEXT card, or why not.

    >>> code_read(b"SG:A01").text, code_read(b"\\xff\\xfe").kind.name
    ('SG:A01', 'NOT_TEXT')
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return Misread(MisreadKind.NOT_TEXT, f"{len(raw)} bytes that are not UTF-8 text")
    if not text.isprintable() or not text.strip():
        return Misread(MisreadKind.NOT_TEXT, f"not printable text: {text[:40]!r}")
    if len(raw) > MAX_TEXT:
        return Misread(
            MisreadKind.TOO_LONG,
            f"{len(raw)} bytes, and a label's code has at most {MAX_TEXT}: {text[:40]!r}",
        )
    return Card(True, CardKind.TEXT, raw)


def adapted_reader_id(kind: str, address: str) -> int:
    """The reader id of the device of `kind` at `address`: stable across runs.

    >>> f"{adapted_reader_id('scanner', '/dev/ttyACM0'):08X}"[:2]
    'AD'
    """
    return (ADAPTED_ID_PREFIX << 24) | (zlib.crc32(f"{kind}:{address}".encode()) & 0xFFFFFF)


class CodeDevice(abc.ABC):
    """One device that reads codes and does not speak our protocol.

    For implementers: `open(on_read, on_lost)` starts reading and calls `on_read`
    once per read, on the event loop's thread, in the order read: a `Card` (use
    `code_read` for a scanned line) or a `Misread`. `on_lost()` is called once when
    the device goes away by itself (unplugged); not after `close()`. Link trouble
    is `ReaderUnavailable` with a reason, as for any `Reader`.
    """

    #: What kind of device this is ("scanner", "pcsc", "hid"): part of its reader id.
    kind: str = "device"

    @property
    @abc.abstractmethod
    def address(self) -> str:
        """Where the device is (a port path, a PC/SC reader name): stable for it."""

    @property
    def name(self) -> str:
        return f"{self.kind} {self.address}"

    async def check(self) -> None:
        """Fail if the device cannot be there at all (`ReaderSource.check`)."""
        return None

    async def wait_available(self) -> None:
        """Return when `open()` may succeed (the device is plugged in)."""
        return None

    @abc.abstractmethod
    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        """Start reading.

        Raises:
            ReaderUnavailable: the device cannot be opened.
        """

    @abc.abstractmethod
    async def close(self) -> None:
        """Stop reading; `on_lost` is not called for it. Never raises."""

    async def show(self, feedback: Feedback) -> None:
        """Render the hub's FEEDBACK (LED, buzzer) if the device can; most cannot."""
        return None


class AdaptedReader(Reader):
    """A `CodeDevice` as a `Reader` of ours (see the module docstring).

    Args:
        device: the device.
        seat: the seat it announces (0: shared); the hub's bindings still win.
        duplicate_window: seconds within which the same code again counts once.
    """

    def __init__(self, device: CodeDevice, *, seat: int = 0, duplicate_window: float = 0.0) -> None:
        if not 0 <= seat <= MAX_SEAT:
            raise ValueError(f"seat must be 0..{MAX_SEAT}, got {seat}")
        if duplicate_window < 0:
            raise ValueError(f"duplicate_window must be 0 or more, got {duplicate_window!r}")
        self.device = device
        self.reader_id = adapted_reader_id(device.kind, device.address)
        self.duplicate_window = duplicate_window
        self._session = ReaderSession(
            secrets.randbits(32) or 1, _CAPACITY, reader_id=self.reader_id, seat=seat
        )
        self._on_frame: FrameHandler | None = None
        self._on_lost: LostHandler | None = None
        self._generation = 0
        self._last_read: tuple[Card, float] | None = None
        self._shows: set[asyncio.Task[None]] = set()

    @property
    def address(self) -> str:
        return self.device.address

    @property
    def name(self) -> str:
        return self.device.name

    @property
    def kind(self) -> str:
        """The device's kind ("scanner", "pcsc", "hid", "keyboard")."""
        return self.device.kind

    @property
    def is_connected(self) -> bool:
        return self._on_frame is not None

    @property
    def session(self) -> ReaderSession:
        """The protocol state the adapter keeps for the device (epoch, seq, seat)."""
        return self._session

    async def wait_available(self) -> None:
        await self.device.wait_available()

    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        if self._on_frame is not None:
            raise ReaderUnavailable(self.address, "already open")
        self._generation += 1
        generation = self._generation
        self._on_frame, self._on_lost = on_frame, on_lost
        try:
            await self.device.open(
                lambda read: self._on_read(generation, read),
                lambda: self._on_device_lost(generation),
            )
        except BaseException:
            self._on_frame = self._on_lost = None
            raise

    def _on_read(self, generation: int, read: Card | Misread) -> None:
        if generation != self._generation or self._on_frame is None:
            return
        event: Message
        if isinstance(read, Misread):
            _log.warning("%s: not a code: %s", self.name, read.reason)
            event = Error(ErrorCode.HARDWARE_FAULT, int(read.kind))
        else:
            now = asyncio.get_running_loop().time()
            last = self._last_read
            if (
                read.present
                and last is not None
                and last[0] == read
                and now - last[1] < self.duplicate_window
            ):
                _log.info(
                    "%s: the same code again within %g s: once", self.name, self.duplicate_window
                )
                self._last_read = (read, now)
                return
            self._last_read = (read, now) if read.present else None
            event = read
        self._deliver(self._session.record(event))

    def _on_device_lost(self, generation: int) -> None:
        if generation != self._generation:
            return
        on_lost = self._on_lost
        self._on_frame = self._on_lost = None
        self._generation += 1
        if on_lost is not None:
            on_lost()

    def _deliver(self, frame: bytes) -> None:
        # Frames go out one loop turn later, in order: never from inside the hub's call.
        generation = self._generation
        asyncio.get_running_loop().call_soon(self._deliver_now, generation, frame)

    def _deliver_now(self, generation: int, frame: bytes) -> None:
        if generation == self._generation and self._on_frame is not None:
            self._on_frame(frame)

    async def send(self, frame: bytes) -> None:
        if self._on_frame is None:
            raise ReaderUnavailable(self.address, "not open")
        before = self._session.feedback
        for reply in self._session.on_command(frame):
            self._deliver(reply)
        feedback = self._session.feedback
        if feedback is not None and feedback is not before:
            task = asyncio.get_running_loop().create_task(self._show(feedback))
            self._shows.add(task)
            task.add_done_callback(self._shows.discard)

    async def _show(self, feedback: Feedback) -> None:
        try:
            await self.device.show(feedback)
        except ReaderUnavailable as exc:
            _log.debug("%s: feedback not shown: %s", self.name, exc.reason)
        except Exception:  # a device's LED must not take the reader down
            _log.exception("%s: showing feedback failed", self.name)

    async def disconnect(self) -> None:
        self._generation += 1
        self._on_frame = self._on_lost = None
        await self.device.close()  # also after the device went away: release what is left


class DeviceSource(ReaderSource):
    """A fixed set of devices, each reported once as an `AdaptedReader`.

    Args:
        readers: the adapted devices.
        description: what `describe()` says.
    """

    def __init__(self, readers: list[AdaptedReader], description: str) -> None:
        self.readers = readers
        self._description = description

    def describe(self) -> str:
        return self._description

    async def check(self) -> None:
        for reader in self.readers:
            await reader.device.check()

    async def discover(self, on_found: FoundHandler) -> None:
        for reader in self.readers:
            result = on_found(reader)
            if result is not None:
                await result
        await asyncio.Event().wait()
