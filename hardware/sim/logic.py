"""The one narrow seam between the simulator and the reader's protocol logic.

Everything a reader decides (sequence numbers, the ring buffer, epochs, replay, what
a command does) sits behind `ReaderLogic`: inputs in, frames out, no I/O. The
simulator's BLE and serial fronts only move the frames. `SessionLogic` puts
`firmware_protocol.ReaderSession` behind the seam; the portable firmware core
(`hardware/firmware/readercore`, same bytes-in/bytes-out shape) can replace it by
offering the same few methods.
"""

from __future__ import annotations

from typing import Protocol

from firmware_protocol import (
    Battery,
    Button,
    ButtonId,
    Card,
    CardKind,
    Error,
    ErrorCode,
    Feedback,
    FrameError,
    Identify,
    Press,
    ReaderFlags,
    Select,
    StreamDecoder,
    encode,
)
from firmware_protocol.profile import Capability, Info
from firmware_protocol.session import ReaderSession

__all__ = ["FIRMWARE_VERSION", "LOW_BATTERY_PERCENT", "ReaderLogic", "SessionLogic"]

FIRMWARE_VERSION = (0, 1, 0)
#: At or below this, HELLO/STATUS carry the low-battery flag (as the firmware core does).
LOW_BATTERY_PERCENT = 15
_CAPABILITIES = (
    Capability.NFC
    | Capability.QR
    | Capability.BUTTONS
    | Capability.SELECT_DIAL
    | Capability.LED
    | Capability.BUZZER
    | Capability.BATTERY
)


class ReaderLogic(Protocol):
    """What the simulator needs from a reader's protocol logic.

    Every method returning `list[bytes]` returns whole frames to send, in order.
    """

    @property
    def epoch(self) -> int: ...

    @property
    def last_seq(self) -> int: ...

    @property
    def seat(self) -> int: ...

    @property
    def pending(self) -> int: ...

    @property
    def feedback(self) -> Feedback | None:
        """The last FEEDBACK command received (None before any)."""

    @property
    def identify(self) -> Identify | None:
        """The last IDENTIFY command received (None before any)."""

    def card(self, present: bool, kind: CardKind, data: bytes) -> list[bytes]: ...

    def button(self, button: ButtonId, long: bool) -> list[bytes]: ...

    def select(self, seat: int) -> list[bytes]: ...

    def battery(self, percent: int, millivolts: int) -> list[bytes]: ...

    def on_command(self, frame: bytes) -> list[bytes]: ...

    def set_pairing(self, is_open: bool) -> None:
        """The pairing window opened or closed (HELLO/STATUS flags bit 3)."""

    def on_serial(self, data: bytes) -> list[bytes]:
        """Bytes read from a serial line (COBS pieces, SPEC.md section 6); the frames
        to write back (each to be wrapped with `frame_for_serial`)."""

    def hello_frame(self) -> bytes: ...

    def status_frame(self) -> bytes: ...

    def info_record(self) -> bytes: ...


class SessionLogic:
    """`ReaderLogic` on `firmware_protocol.ReaderSession`: one event per input."""

    def __init__(
        self, epoch: int, reader_id: int, seat: int = 0, battery: int = 100, capacity: int = 64
    ) -> None:
        self._session = ReaderSession(
            epoch, capacity, reader_id=reader_id, seat=seat, battery=battery
        )
        self._reader_id = reader_id
        self._decoder = StreamDecoder()

    @property
    def epoch(self) -> int:
        return self._session.epoch

    @property
    def last_seq(self) -> int:
        return self._session.last_seq

    @property
    def seat(self) -> int:
        return self._session.seat

    @property
    def pending(self) -> int:
        return self._session.pending

    @property
    def feedback(self) -> Feedback | None:
        return self._session.feedback

    @property
    def identify(self) -> Identify | None:
        return self._session.identify

    def card(self, present: bool, kind: CardKind, data: bytes) -> list[bytes]:
        return [self._session.record(Card(present, kind, data))]

    def button(self, button: ButtonId, long: bool) -> list[bytes]:
        return [self._session.record(Button(button, Press.LONG if long else Press.SHORT))]

    def select(self, seat: int) -> list[bytes]:
        return [self._session.record(Select(seat))]

    def battery(self, percent: int, millivolts: int) -> list[bytes]:
        frame = self._session.record(Battery(percent, millivolts))
        low = ReaderFlags.LOW_BATTERY
        flags = self._session.flags
        self._session.flags = (flags | low) if percent <= LOW_BATTERY_PERCENT else (flags & ~low)
        return [frame]

    def on_command(self, frame: bytes) -> list[bytes]:
        return self._session.on_command(frame)

    def set_pairing(self, is_open: bool) -> None:
        flag = ReaderFlags.PAIRING
        flags = self._session.flags
        self._session.flags = (flags | flag) if is_open else (flags & ~flag)

    def on_serial(self, data: bytes) -> list[bytes]:
        out: list[bytes] = []
        for item in self._decoder.feed(data):
            if isinstance(item, FrameError):
                out.append(self._session.record(Error(ErrorCode.BAD_FRAME, int(item.reason))))
            else:
                out.extend(self._session.on_command(encode(item)))
        return out

    def hello_frame(self) -> bytes:
        return self._session.hello_frame()

    def status_frame(self) -> bytes:
        return self._session.status_frame()

    def info_record(self) -> bytes:
        return bytes(Info(FIRMWARE_VERSION, self._reader_id, _CAPABILITIES, self.seat))
