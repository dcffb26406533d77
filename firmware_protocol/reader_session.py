"""The reader's end of the sequence/ack/replay rules: bytes in, bytes out.

See `firmware_protocol.session` for the theory of operation. The interface is only
bytes and small values, so the simulator can swap this class for a MicroPython
firmware core that offers the same methods.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from firmware_protocol.errors import FrameError, FrameReason, ProtocolUsageError
from firmware_protocol.fields import ErrorCode, ReaderFlags
from firmware_protocol.messages import (
    MAX_SEAT,
    Ack,
    Battery,
    Card,
    Error,
    Feedback,
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Message,
    Resume,
    SetSeat,
    Status,
    decode,
    encode,
    is_reader_event,
)
from firmware_protocol.seqnum import HALF_WINDOW, NO_EVENTS, seq_add, seq_distance

#: The smallest ring buffer SPEC.md section 4 allows.
MIN_CAPACITY = 64


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolUsageError(f"{name} must be an int in {low}..{high}, got {value!r}")
    return value


class ReaderSession:
    """One reader's protocol state since boot: epoch, sequence numbers, unacked events.

    Args:
        epoch: this boot's random, non-zero u32.
        capacity: how many unacknowledged events the ring buffer keeps (64 or more).
        reader_id, seat, battery, flags: what HELLO and STATUS report.

    Raises:
        ProtocolUsageError: a value out of range.
    """

    def __init__(
        self,
        epoch: int,
        capacity: int = MIN_CAPACITY,
        *,
        reader_id: int = 0,
        seat: int = 0,
        battery: int = 255,
        flags: int = 0,
    ) -> None:
        self._epoch = _check_int("epoch", epoch, 1, 0xFFFFFFFF)
        self._capacity = _check_int("capacity", capacity, MIN_CAPACITY, HALF_WINDOW - 1)
        self._reader_id = _check_int("reader_id", reader_id, 0, 0xFFFFFFFF)
        self._seat = _check_int("seat", seat, 0, MAX_SEAT)
        self.battery = battery
        self.flags = flags
        self._last_seq = NO_EVENTS
        # (seq, frame) of each unacknowledged event, oldest first, seqs consecutive.
        self._buffer: deque[tuple[int, bytes]] = deque()
        self._dropped = 0
        #: The last FEEDBACK received, for the device glue to render (None = none yet).
        self.feedback: Feedback | None = None
        #: The last IDENTIFY received, for the device glue to render (None = none yet).
        self.identify: Identify | None = None

    # --- state ----------------------------------------------------------------------

    @property
    def epoch(self) -> int:
        """This boot's epoch."""
        return self._epoch

    @property
    def last_seq(self) -> int:
        """Seq of the last event recorded (0xFFFF before the first)."""
        return self._last_seq

    @property
    def reader_id(self) -> int:
        """The reader's stable identity."""
        return self._reader_id

    @property
    def seat(self) -> int:
        """The reader's seat (0 = shared), set by SET_SEAT."""
        return self._seat

    @property
    def battery(self) -> int:
        """Battery percent reported by HELLO/STATUS (255 = unknown)."""
        return self._battery

    @battery.setter
    def battery(self, percent: int) -> None:
        value = _check_int("battery", percent, 0, 255)
        if 100 < value < 255:
            raise ProtocolUsageError(f"battery must be 0..100 or 255 (unknown), got {value}")
        self._battery = value

    @property
    def flags(self) -> ReaderFlags:
        """HELLO/STATUS flags; CARD events keep CARD_PRESENT up to date."""
        return self._flags

    @flags.setter
    def flags(self, value: int) -> None:
        self._flags = ReaderFlags(_check_int("flags", value, 0, 0xFF))

    @property
    def capacity(self) -> int:
        """Size of the ring buffer."""
        return self._capacity

    @property
    def pending(self) -> int:
        """Events recorded but not acknowledged and still held for RESUME."""
        return len(self._buffer)

    @property
    def dropped(self) -> int:
        """Events pushed out of the full buffer before they were acknowledged (since boot)."""
        return self._dropped

    # --- frames without a sequence number -------------------------------------------

    def hello_frame(self) -> bytes:
        """HELLO: the answer to HELLO_REQUEST."""
        return encode(Hello(*self._state_fields()))

    def status_frame(self) -> bytes:
        """STATUS: what a read of the `event` characteristic returns."""
        return encode(Status(*self._state_fields()))

    def _state_fields(self) -> tuple[int, int, int, int, ReaderFlags, int]:
        return (
            self._epoch,
            self._last_seq,
            self._seat,
            self._battery,
            self._flags,
            self._reader_id,
        )

    # --- events ---------------------------------------------------------------------

    def record(self, event: Message) -> bytes:
        """Give `event` the next seq, buffer it until acknowledged, return its frame.

        The event's own `seq` is ignored. When the buffer is full the oldest
        unacknowledged event is pushed out and counted in `dropped`.

        Raises:
            ProtocolUsageError: `event` is not a reader event (CARD, BUTTON, SELECT,
                BATTERY, ERROR); nothing changes.
        """
        if not is_reader_event(event):
            raise ProtocolUsageError(f"record() takes a reader event, got {event!r}")
        seq = seq_add(self._last_seq, 1)
        frame = encode(_with_seq(event, seq))
        if len(self._buffer) == self._capacity:
            self._buffer.popleft()
            self._dropped += 1
        self._buffer.append((seq, frame))
        self._last_seq = seq
        if isinstance(event, Card):
            present = ReaderFlags.CARD_PRESENT
            self._flags = (self._flags | present) if event.present else (self._flags & ~present)
        elif isinstance(event, Battery):
            self._battery = event.percent
        return frame

    # --- commands -------------------------------------------------------------------

    def on_command(self, frame: bytes) -> list[bytes]:
        """Handle one frame the host wrote; return the frames to notify, in order.

        A frame that does not decode is answered with the event ERROR(BAD_FRAME,
        reason); a valid frame that is not a command with ERROR(UNKNOWN_COMMAND, type).

        Raises:
            ProtocolUsageError: `frame` is not bytes-like.
        """
        try:
            command = decode(frame)
        except FrameError as error:
            if error.reason is FrameReason.UNKNOWN_TYPE and len(frame) > 1:
                return [self.record(Error(ErrorCode.UNKNOWN_COMMAND, frame[1]))]
            return [self.record(Error(ErrorCode.BAD_FRAME, error.reason))]
        handler = _HANDLERS.get(type(command))
        if handler is None:
            return [self.record(Error(ErrorCode.UNKNOWN_COMMAND, command.TYPE))]
        return handler(self, command)

    def _on_ack(self, command: Ack) -> list[bytes]:
        up_to = command.up_to
        if seq_distance(up_to, self._last_seq) >= HALF_WINDOW:
            return []  # an ACK of events not recorded yet: ignore it rather than free them
        while self._buffer and seq_distance(self._buffer[0][0], up_to) < HALF_WINDOW:
            self._buffer.popleft()
        return []

    def _on_resume(self, command: Resume) -> list[bytes]:
        # `behind`: how many events from from_seq through last_seq exist.
        behind = seq_distance(command.from_seq, seq_add(self._last_seq, 1))
        if behind == 0 or behind >= HALF_WINDOW:
            return []  # nothing from from_seq on, or from_seq is in the future
        held = len(self._buffer)
        if behind <= held:
            return [frame for _, frame in list(self._buffer)[held - behind :]]
        lost = encode(Lost(command.from_seq, behind - held))
        return [lost] + [frame for _, frame in self._buffer]

    def _on_feedback(self, command: Feedback) -> list[bytes]:
        self.feedback = command
        return []

    def _on_identify(self, command: Identify) -> list[bytes]:
        self.identify = command
        return []

    def _on_set_seat(self, command: SetSeat) -> list[bytes]:
        self._seat = command.seat
        return []

    def _on_hello_request(self, command: HelloRequest) -> list[bytes]:
        return [self.hello_frame()]


def _with_seq(event: Message, seq: int) -> Message:
    return replace(event, seq=seq)


#: Which method handles each command (SPEC.md section 3, host to reader).
_HANDLERS: dict[type[Message], Callable[[ReaderSession, Any], list[bytes]]] = {
    Ack: ReaderSession._on_ack,
    Resume: ReaderSession._on_resume,
    Feedback: ReaderSession._on_feedback,
    Identify: ReaderSession._on_identify,
    SetSeat: ReaderSession._on_set_seat,
    HelloRequest: ReaderSession._on_hello_request,
}
