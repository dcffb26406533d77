"""The host's end of the sequence/ack/replay rules: exactly once, in order, per reader.

See `firmware_protocol.session` for the theory of operation. `HostSession.receive`
classifies each input (`_Input`) and looks up `(state, input)` in `_TRANSITIONS`,
which names the action to run and the next state; every behaviour is in that table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TypeVar

from firmware_protocol.errors import FrameError, ProtocolUsageError
from firmware_protocol.messages import (
    Ack,
    Hello,
    HelloRequest,
    Lost,
    Message,
    Resume,
    Status,
    decode,
    is_reader_event,
)
from firmware_protocol.seqnum import HALF_WINDOW, NO_EVENTS, is_ahead, seq_add, seq_distance

# --- effects: what the caller must do -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deliver:
    """Hand this event to the application; it is the next one, exactly once."""

    event: Message


@dataclass(frozen=True, slots=True)
class Send:
    """Write this command to the reader."""

    command: Message


@dataclass(frozen=True, slots=True)
class Rebooted:
    """The reader restarted: events it had not had acknowledged are gone."""

    old_epoch: int
    new_epoch: int


@dataclass(frozen=True, slots=True)
class EventsLost:
    """`count` events from `first_seq` on will never arrive (the reader's buffer overflowed)."""

    first_seq: int
    count: int


class DropReason(Enum):
    """Why `receive` dropped its input."""

    DUPLICATE = "duplicate"  # already delivered
    GAP = "gap"  # events before it are missing; RESUME recovers them
    CORRUPT = "corrupt"  # the frame did not decode
    NOT_SYNCED = "not_synced"  # no HELLO on this connection yet
    STALE = "stale"  # a LOST or HELLO describing the past
    MISDIRECTED = "misdirected"  # a host-to-reader command came back to the host


@dataclass(frozen=True, slots=True)
class Dropped:
    """The input was not delivered; `detail` explains it to a person."""

    reason: DropReason
    detail: str


@dataclass(frozen=True, slots=True)
class StatusReport:
    """A HELLO or STATUS arrived: the reader's seat, battery and flags, for display."""

    status: Hello | Status


_M = TypeVar("_M", bound=Message)

HostEffect = Deliver | Send | Rebooted | EventsLost | Dropped | StatusReport


class HostState(Enum):
    """Where the host's session stands."""

    AWAITING_HELLO = "awaiting_hello"  # connected; nothing is delivered before HELLO
    STREAMING = "streaming"  # in order; the next event is `expected`
    RECOVERING = "recovering"  # a RESUME is out; waiting for `expected`


class _Input(Enum):
    HELLO_FIRST = "first HELLO ever"
    HELLO_REBOOT = "new epoch, reader has events"
    HELLO_REBOOT_EMPTY = "new epoch, no events"
    HELLO_AHEAD = "reader has events not delivered"
    HELLO_EVEN = "reader and host agree"
    HELLO_STALE = "reader is behind the host"
    HELLO_LEFT_EPOCH = "a HELLO of an epoch the reader has left"
    EVENT_NEXT = "the expected event, more known to follow"
    EVENT_LAST = "the expected event, the last known"
    EVENT_GAP = "an event after a gap not yet asked for"
    EVENT_SAME_GAP = "an event after the gap a RESUME is out for"
    EVENT_OLD = "an event already delivered"
    LOST_OPEN = "LOST covering expected, more known to follow"
    LOST_CLOSES = "LOST covering expected and the rest known"
    LOST_STALE = "LOST of the past"
    CORRUPT = "a frame that did not decode"
    MISDIRECTED = "a command"


_LEFT_KEPT = 8  # how many left epochs a session remembers
_A, _S, _R = HostState.AWAITING_HELLO, HostState.STREAMING, HostState.RECOVERING
_I = _Input
_ON_HELLO = {
    _I.HELLO_REBOOT: ("reboot_and_resume", _R),
    _I.HELLO_REBOOT_EMPTY: ("reboot", _S),
    _I.HELLO_AHEAD: ("resume_from_hello", _R),
    _I.HELLO_EVEN: ("report", _S),
}
_UNSYNCED = {i: ("drop_unsynced", _A) for i in _I if i.name.startswith(("EVENT", "LOST"))}
_PAST = _I.HELLO_LEFT_EPOCH

#: state -> input -> (action, next state). A missing pair is a bug (it cannot happen).
_TRANSITIONS: dict[HostState, dict[_Input, tuple[str, HostState]]] = {
    _A: {
        **_ON_HELLO,
        **_UNSYNCED,
        _I.HELLO_FIRST: ("adopt", _S),
        _I.HELLO_STALE: ("resync", _S),
        _PAST: ("drop_left_epoch", _A),
        _I.CORRUPT: ("drop_corrupt", _A),
        _I.MISDIRECTED: ("drop_misdirected", _A),
    },
    _S: {
        **_ON_HELLO,
        _I.HELLO_STALE: ("report", _S),
        _PAST: ("drop_left_epoch", _S),
        _I.EVENT_NEXT: ("deliver", _R),
        _I.EVENT_LAST: ("deliver", _S),
        _I.EVENT_GAP: ("gap", _R),
        _I.EVENT_SAME_GAP: ("gap", _R),
        _I.EVENT_OLD: ("drop_duplicate", _S),
        _I.LOST_OPEN: ("lost", _R),
        _I.LOST_CLOSES: ("lost", _S),
        _I.LOST_STALE: ("drop_stale", _S),
        _I.CORRUPT: ("drop_corrupt_and_probe", _S),
        _I.MISDIRECTED: ("drop_misdirected", _S),
    },
    _R: {
        **_ON_HELLO,
        _I.HELLO_AHEAD: ("resume_from_hello", _R),
        _I.HELLO_STALE: ("report", _R),
        _PAST: ("drop_left_epoch", _R),
        _I.EVENT_NEXT: ("deliver", _R),
        _I.EVENT_LAST: ("deliver", _S),
        _I.EVENT_GAP: ("gap", _R),
        _I.EVENT_SAME_GAP: ("drop_gap", _R),
        _I.EVENT_OLD: ("drop_duplicate", _R),
        _I.LOST_OPEN: ("lost", _R),
        _I.LOST_CLOSES: ("lost", _S),
        _I.LOST_STALE: ("drop_stale", _R),
        _I.CORRUPT: ("drop_corrupt", _R),
        _I.MISDIRECTED: ("drop_misdirected", _R),
    },
}


class HostSession:
    """One reader as the host sees it: delivers its events exactly once, in order.

    Args:
        epoch, expected: a session persisted earlier (the reader's epoch and the next
            seq to deliver); leave `epoch` None for a reader never heard from.
        retry_interval: seconds before `tick` re-sends an unanswered HELLO_REQUEST or
            RESUME.
        probe_interval: seconds of silence before `tick` asks for a HELLO, to notice a
            lost last event; None never probes.

    Time is passed in (`now`, seconds, any monotonic origin) and never read.
    """

    def __init__(
        self,
        epoch: int | None = None,
        expected: int = 0,
        *,
        retry_interval: float = 0.5,
        probe_interval: float | None = 5.0,
    ) -> None:
        if epoch is not None and (
            isinstance(epoch, bool) or not isinstance(epoch, int) or not 0 < epoch <= 0xFFFFFFFF
        ):
            raise ProtocolUsageError(f"epoch must be None or a non-zero u32, got {epoch!r}")
        if (
            isinstance(expected, bool)
            or not isinstance(expected, int)
            or not 0 <= expected <= 0xFFFF
        ):
            raise ProtocolUsageError(f"expected must be a u16, got {expected!r}")
        if retry_interval <= 0 or (probe_interval is not None and probe_interval <= 0):
            raise ProtocolUsageError("retry_interval and probe_interval must be positive")
        self._epoch = epoch
        self._expected = expected
        self._horizon = seq_add(expected, -1)  # the furthest seq known to exist
        self._state = HostState.AWAITING_HELLO
        # last seq delivered or passed (this epoch): for a session rebuilt from its store,
        # the one before `expected`, stored but maybe never acknowledged (its ACK may have
        # died with the host); `ack()` gives it once a HELLO has confirmed the epoch
        self._ack_point: int | None = None
        if epoch is not None and expected != 0:
            self._ack_point = seq_add(expected, -1)
        self._acked: int | None = None
        self._command_seq = 0
        self._retry = retry_interval
        self._probe = probe_interval
        self._now = 0.0
        self._hello_sent_at = 0.0
        self._resume_sent_at = 0.0
        self._resumed_from: int | None = None  # `expected` when the last RESUME went out
        self._heard_at = 0.0
        # Epochs this reader has left (it rebooted since), newest last: a HELLO or
        # STATUS carrying one is stale, never a reboot "back" (see `_classify`).
        self._left: list[int] = []

    # --- state ----------------------------------------------------------------------

    @property
    def state(self) -> HostState:
        """Where the session stands."""
        return self._state

    @property
    def epoch(self) -> int | None:
        """The reader's epoch as last seen (None before its first HELLO)."""
        return self._epoch

    @property
    def expected(self) -> int:
        """The seq of the next event to deliver."""
        return self._expected

    # --- the connect sequence and commands -------------------------------------------

    def connected(self, now: float | None = None) -> HelloRequest:
        """A (new) connection is up and subscribed: return the HELLO_REQUEST to write.

        Until the HELLO of this connection arrives, events are dropped (NOT_SYNCED):
        they could come from a reader that rebooted meanwhile.
        """
        self._state = HostState.AWAITING_HELLO
        self._acked = None  # an ACK written into the old connection may be lost
        return self.hello_request(now)

    def hello_request(self, now: float | None = None) -> HelloRequest:
        """A HELLO_REQUEST to write (for a probe, or to re-ask)."""
        self._hello_sent_at = self._time(now)
        return self._command(HelloRequest)

    def ack(self) -> Ack | None:
        """The ACK of everything delivered so far, or None if nothing new since the last.

        Call it after the delivered events are durably stored (SPEC.md section 4).
        After a reconnect or an idle probe it repeats the last ACK once, in case that
        one was lost (the reader would otherwise hold those events forever); so does a
        session rebuilt from a stored `(epoch, expected)`, for `expected - 1`. Nothing
        is acknowledged while a connection awaits its HELLO: the reader may have
        rebooted, and an ACK meant for the old epoch would free events of the new one.
        """
        if self._state is HostState.AWAITING_HELLO:
            return None
        if self._ack_point is None or self._ack_point == self._acked:
            return None
        self._acked = self._ack_point
        return self._command(Ack, self._ack_point)

    def _command(self, cls: type[_M], *args: int) -> _M:
        seq = self._command_seq
        self._command_seq = seq_add(seq, 1)
        # a command's fields are `args`, in order, then seq (the base has only seq)
        return cls(*args, seq=seq)  # type: ignore[call-arg]

    def _time(self, now: float | None) -> float:
        if now is not None:
            self._now = max(self._now, float(now))
        return self._now

    # --- input ----------------------------------------------------------------------

    def receive(
        self, item: bytes | Message | FrameError, now: float | None = None
    ) -> list[HostEffect]:
        """Take one frame (or decoded message, or a stream decoder's FrameError).

        Returns the effects in order. Never raises for anything the peer sent.

        Raises:
            ProtocolUsageError: `item` is none of the accepted kinds.
        """
        self._time(now)
        message: Message | FrameError
        if isinstance(item, (bytes, bytearray, memoryview)):
            try:
                message = decode(bytes(item))
            except FrameError as error:
                message = error
        elif isinstance(item, (Message, FrameError)):
            message = item
        else:
            raise ProtocolUsageError(f"receive() takes bytes, a Message or a FrameError: {item!r}")
        if not isinstance(message, FrameError):
            self._heard_at = self._now
        kind = self._classify(message)
        action, next_state = _TRANSITIONS[self._state][kind]
        effects = _ACTIONS[action](self, message)
        self._state = next_state
        return effects

    def tick(self, now: float) -> list[HostEffect]:
        """Time passed: re-send an unanswered HELLO_REQUEST or RESUME, or probe a quiet link."""
        now = self._time(now)
        if self._state is HostState.AWAITING_HELLO:
            if now - self._hello_sent_at >= self._retry:
                return [Send(self.hello_request(now))]
        elif self._state is HostState.RECOVERING:
            if now - self._resume_sent_at >= self._retry:
                return [self._resume()]
        elif self._probe is not None:
            if min(now - self._heard_at, now - self._hello_sent_at) >= self._probe:
                self._acked = None  # the last ACK may have been lost: the next ack() repeats it
                return [Send(self.hello_request(now))]
        return []

    def _classify(self, message: Message | FrameError) -> _Input:
        if isinstance(message, FrameError):
            return _I.CORRUPT
        if isinstance(message, (Hello, Status)):
            if self._epoch is None:
                return _I.HELLO_FIRST
            if message.epoch in self._left:
                # A host stack once delivered the previous boot's HELLO as the first
                # notification after a reboot; epochs are random, never drawn again.
                return _I.HELLO_LEFT_EPOCH
            if message.epoch != self._epoch:
                return _I.HELLO_REBOOT_EMPTY if message.last_seq == NO_EVENTS else _I.HELLO_REBOOT
            ahead = seq_distance(seq_add(self._expected, -1), message.last_seq)
            if ahead == 0:
                return _I.HELLO_EVEN
            return _I.HELLO_AHEAD if ahead < HALF_WINDOW else _I.HELLO_STALE
        if is_reader_event(message):
            distance = seq_distance(self._expected, message.seq)
            if distance == 0:
                return _I.EVENT_NEXT if is_ahead(message.seq, self._horizon) else _I.EVENT_LAST
            if distance >= HALF_WINDOW:
                return _I.EVENT_OLD
            return _I.EVENT_SAME_GAP if self._resumed_from == self._expected else _I.EVENT_GAP
        if isinstance(message, Lost):
            into = seq_distance(message.first_seq, self._expected)
            if into >= min(message.count, HALF_WINDOW):
                return _I.LOST_STALE  # expected is not inside [first_seq, first_seq + count)
            end = seq_add(message.first_seq, message.count - 1)
            return _I.LOST_OPEN if is_ahead(end, self._horizon) else _I.LOST_CLOSES
        return _I.MISDIRECTED

    # --- actions (named in _TRANSITIONS) --------------------------------------------

    def _resume(self) -> Send:
        self._resume_sent_at = self._now
        self._resumed_from = self._expected
        return Send(self._command(Resume, self._expected))

    def _start_epoch(self, status: Hello | Status, expected: int) -> None:
        if self._epoch is not None and self._epoch != status.epoch:
            self._left = [*self._left, self._epoch][-_LEFT_KEPT:]
        self._epoch = status.epoch
        self._expected = expected
        self._horizon = status.last_seq
        self._ack_point = self._acked = None

    def _adopt(self, status: Hello | Status) -> list[HostEffect]:
        # A reader never heard from: start at its present, skipping its history,
        # and acknowledge that history so its buffer empties.
        self._start_epoch(status, seq_add(status.last_seq, 1))
        self._ack_point = status.last_seq
        return [StatusReport(status)]

    def _reboot(self, status: Hello | Status) -> list[HostEffect]:
        old = self._epoch
        assert old is not None  # a reboot is told only from a known epoch (_classify)
        self._start_epoch(status, 0)
        return [Rebooted(old, status.epoch), StatusReport(status)]

    def _reboot_and_resume(self, status: Hello | Status) -> list[HostEffect]:
        return self._reboot(status) + [self._resume()]

    def _resume_from_hello(self, status: Hello | Status) -> list[HostEffect]:
        self._horizon = status.last_seq
        return [StatusReport(status), self._resume()]

    def _report(self, status: Hello | Status) -> list[HostEffect]:
        return [StatusReport(status)]

    def _resync(self, status: Hello | Status) -> list[HostEffect]:
        expected = self._expected
        self._start_epoch(status, seq_add(status.last_seq, 1))
        self._ack_point = status.last_seq
        detail = f"the host expected seq {expected} but the reader is at {status.last_seq}"
        return [Dropped(DropReason.STALE, detail), StatusReport(status)]

    def _deliver(self, event: Message) -> list[HostEffect]:
        self._expected = seq_add(event.seq, 1)
        self._ack_point = event.seq
        if not is_ahead(event.seq, self._horizon):
            self._horizon = event.seq
        return [Deliver(event)]

    def _note_gap(self, event: Message) -> Dropped:
        if is_ahead(self._horizon, event.seq):
            self._horizon = event.seq
        detail = f"{event.NAME} seq {event.seq} while expecting {self._expected}"
        return Dropped(DropReason.GAP, detail)

    def _gap(self, event: Message) -> list[HostEffect]:
        return [self._note_gap(event), self._resume()]

    def _drop_gap(self, event: Message) -> list[HostEffect]:
        return [self._note_gap(event)]

    def _lost(self, lost: Lost) -> list[HostEffect]:
        end = seq_add(lost.first_seq, lost.count)
        effect = EventsLost(self._expected, seq_distance(self._expected, end))
        self._expected = end
        self._ack_point = seq_add(end, -1)
        if not is_ahead(self._ack_point, self._horizon):
            self._horizon = self._ack_point
        return [effect]

    def _drop(
        self, reason: DropReason, message: Message | FrameError, why: str
    ) -> list[HostEffect]:
        what = (
            str(message) if isinstance(message, FrameError) else f"{message.NAME} seq {message.seq}"
        )
        return [Dropped(reason, f"{what}: {why}")]

    def _drop_duplicate(self, message: Message) -> list[HostEffect]:
        return self._drop(
            DropReason.DUPLICATE, message, f"already delivered (expecting {self._expected})"
        )

    def _drop_stale(self, message: Message) -> list[HostEffect]:
        return self._drop(
            DropReason.STALE, message, f"describes the past (expecting {self._expected})"
        )

    def _drop_left_epoch(self, status: Hello | Status) -> list[HostEffect]:
        return self._drop(
            DropReason.STALE,
            status,
            f"epoch {status.epoch:08X} is a boot the reader has left (now {self._epoch:08X})",
        )

    def _drop_unsynced(self, message: Message) -> list[HostEffect]:
        return self._drop(DropReason.NOT_SYNCED, message, "no HELLO on this connection yet")

    def _drop_corrupt(self, error: FrameError) -> list[HostEffect]:
        return self._drop(DropReason.CORRUPT, error, "frame dropped")

    def _drop_corrupt_and_probe(self, error: FrameError) -> list[HostEffect]:
        # The frame may have been an event, maybe the last one for a while: ask for a
        # HELLO now, whose last_seq reveals a gap at once.
        return self._drop_corrupt(error) + [Send(self.hello_request())]

    def _drop_misdirected(self, message: Message) -> list[HostEffect]:
        return self._drop(DropReason.MISDIRECTED, message, "a command is not sent to the host")


def _bind_actions() -> dict[str, Callable[[HostSession, Message | FrameError], list[HostEffect]]]:
    names = {action for row in _TRANSITIONS.values() for action, _ in row.values()}
    return {name: getattr(HostSession, f"_{name}") for name in sorted(names)}


#: Action name -> method; built from the table, so a misspelt action fails at import.
_ACTIONS = _bind_actions()
