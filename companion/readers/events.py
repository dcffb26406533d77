"""What the reader hub yields, what it is configured with, and what it reports.

`ReaderInput` is the only event carrying a player's input; the others are notices
for the user ("reader 3 restarted", "2 events lost"). Each has `describe()`, an
English sentence for logs and the terminal; narration may phrase them its own way
from the fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.readers.base import IgnoreReason, ReaderPolicy
from firmware_protocol import MAX_SEAT, Message

__all__ = [
    "EventsLost",
    "HubEvent",
    "HubOptions",
    "IgnoreReason",
    "ReaderConnected",
    "ReaderDisconnected",
    "ReaderIgnored",
    "ReaderInput",
    "ReaderRestarted",
    "ReaderStatus",
    "ResumePoint",
    "device_label",
    "reader_label",
]


def reader_label(reader_id: int, seat: int) -> str:
    """How a person names a reader: by its seat if it has one, else by its name.

    >>> reader_label(0x7C0A0003, 3), reader_label(0x7C0A0003, 0)
    ('reader 3', 'reader TCR-0003')
    """
    return f"reader {seat}" if seat else f"reader TCR-{reader_id & 0xFFFF:04X}"


def device_label(reader_id: int, seat: int, name: str, kind: str) -> str:
    """A reader named by what it is: ours by its name and seat ("reader 1 (TCR-0001)",
    "reader TCR-0001"), any other device by its own name, which says what and where it
    is ("barcode scanner on /dev/ttyACM0 (reader 1)").

    >>> device_label(0x7C0A0001, 1, "TCR-0001", "reader")
    'reader 1 (TCR-0001)'
    """
    label = reader_label(reader_id, seat)
    if kind == "reader":
        return f"{label} ({name})" if seat else f"reader {name}"
    return f"{name} ({label})" if seat else name


@dataclass(frozen=True)
class ReaderInput:
    """One reader event (CARD, BUTTON, SELECT, BATTERY, ERROR), delivered exactly once
    and in order per reader. Store it, then `await hub.ack(reader_id, seq, epoch=epoch)`."""

    reader_id: int
    seat: int
    event: Message
    epoch: int
    seq: int

    def describe(self) -> str:
        return f"{reader_label(self.reader_id, self.seat)}: {self.event!r}"


@dataclass(frozen=True)
class ReaderConnected:
    """A reader answered HELLO on a new link."""

    reader_id: int
    seat: int
    address: str
    name: str
    epoch: int
    kind: str = "reader"  # `Reader.kind`: what the device is

    def describe(self) -> str:
        """ "reader 1 connected (TCR-0001, ADDRESS)", "barcode scanner on PORT connected":
        each name once (a scanner's or a phone's name says where it is).

        >>> ReaderConnected(0x7C0A0001, 0, "F0:00", "TCR-0001", 1).describe()
        'reader TCR-0001 connected (F0:00)'
        >>> ReaderConnected(0xAD000001, 2, "/dev/ttyACM0", "barcode scanner on /dev/ttyACM0",
        ...                 1, kind="scanner").describe()
        'barcode scanner on /dev/ttyACM0 (reader 2) connected'
        """
        return f"{device_label(self.reader_id, self.seat, self.name, self.kind)} connected" + (
            f" ({self.address})" if self.kind == "reader" else ""
        )


@dataclass(frozen=True)
class ReaderDisconnected:
    """A reader's link went down; the hub reconnects on its own."""

    reader_id: int
    seat: int
    reason: str

    def describe(self) -> str:
        return f"{reader_label(self.reader_id, self.seat)} disconnected: {self.reason}"


@dataclass(frozen=True)
class ReaderRestarted:
    """The reader rebooted: anything it had not had acknowledged is gone."""

    reader_id: int
    seat: int
    old_epoch: int
    new_epoch: int

    def describe(self) -> str:
        return f"{reader_label(self.reader_id, self.seat)} restarted"


@dataclass(frozen=True)
class EventsLost:
    """`count` events from `first_seq` on will never arrive (the reader's buffer overflowed)."""

    reader_id: int
    seat: int
    first_seq: int
    count: int

    def describe(self) -> str:
        noun = "event" if self.count == 1 else "events"
        return f"{reader_label(self.reader_id, self.seat)} lost {self.count} {noun}"


@dataclass(frozen=True)
class ReaderIgnored:
    """A device advertised the reader service but is not used; `reason` says why."""

    address: str
    name: str
    reason: str
    because: IgnoreReason = IgnoreReason.OTHER
    rssi: int | None = None

    def describe(self) -> str:
        return f"ignoring {self.name} ({self.address}): {self.reason}"


HubEvent = (
    ReaderInput
    | ReaderConnected
    | ReaderDisconnected
    | ReaderRestarted
    | EventsLost
    | ReaderIgnored
)


@dataclass(frozen=True)
class ResumePoint:
    """Where a reader's stream stands in the consumer's durable log: the epoch and the
    seq of the next event it has not stored. Give these back to a new hub after a
    crash so it neither skips nor doubles anything."""

    epoch: int
    next_seq: int


@dataclass(frozen=True)
class ReaderStatus:
    """One reader as the hub sees it now."""

    reader_id: int
    name: str
    address: str
    seat: int
    connected: bool
    epoch: int | None
    battery: int | None
    rssi: int | None
    last_event: Message | None
    last_event_at: float | None
    reported: bool = False
    """Whether the reader has sent its STATUS (battery, seat) since the hub started."""


def _frozen(mapping: Mapping[int, object]) -> Mapping[int, object]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class HubOptions:
    """How a `ReaderHub` behaves. Every field has a default that suits a table.

    Attributes:
        max_readers: readers held at once; more are ignored with a notice.
        auto_ack: acknowledge each input as the consumer takes it (simple uses); the
            default leaves `hub.ack` to the consumer, after it stored the input.
        hello_timeout: seconds a link has to answer HELLO before the attempt counts
            as failed; each further attempt in a row waits twice as long as the one
            before (a busy machine, a slow link).
        hello_tries: how many links in a row a device never heard from may leave
            without a HELLO before it is ignored (a known reader is never ignored).
        retry_initial, retry_max: reconnect backoff, doubling from the first to the cap.
        tick_interval: how often the sessions' timers run (RESUME/HELLO retries).
        retry_interval: seconds before an unanswered HELLO_REQUEST or RESUME is re-sent.
        probe_interval: seconds of silence before a HELLO probe (None: never).
        seats: seat bindings to apply when these readers (by id) connect.
        resume: the consumer's stored positions per reader id (`ResumePoint`).
        read_only: never acknowledge anything (for listing readers: a reader must keep
            the events a crashed companion still has to collect).
        trust: which readers may be used (a `ReaderPolicy`; the companion's is
            `trust.TrustPolicy`, the allowlist); None
            takes the source's own (`ReaderSource.trust`), and with none at all
            every reader found is used and paired as needed.
    """

    max_readers: int = 10
    auto_ack: bool = False
    read_only: bool = False
    hello_timeout: float = 2.0
    hello_tries: int = 3
    retry_initial: float = 0.05
    retry_max: float = 2.0
    tick_interval: float = 0.1
    retry_interval: float = 0.5
    probe_interval: float | None = 5.0
    seats: Mapping[int, int] = field(default_factory=dict)
    resume: Mapping[int, ResumePoint] = field(default_factory=dict)
    trust: ReaderPolicy | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.max_readers <= 32:
            raise ValueError(f"max_readers must be 1..32, got {self.max_readers}")
        for name in (
            "hello_timeout",
            "retry_initial",
            "retry_max",
            "tick_interval",
            "retry_interval",
        ):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive, got {getattr(self, name)!r}")
        if not 1 <= self.hello_tries <= 10:
            raise ValueError(f"hello_tries must be 1..10, got {self.hello_tries}")
        if self.auto_ack and self.read_only:
            raise ValueError("auto_ack and read_only exclude each other")
        if self.retry_max < self.retry_initial:
            raise ValueError("retry_max must be at least retry_initial")
        if self.probe_interval is not None and not self.probe_interval > 0:
            raise ValueError(
                f"probe_interval must be positive or None, got {self.probe_interval!r}"
            )
        for reader_id, seat in self.seats.items():
            if not 0 <= seat <= MAX_SEAT:
                raise ValueError(f"seat of reader {reader_id} must be 0..{MAX_SEAT}, got {seat}")
        for reader_id, point in self.resume.items():
            if not isinstance(point, ResumePoint):
                raise ValueError(f"resume[{reader_id}] must be a ResumePoint, got {point!r}")
        object.__setattr__(self, "seats", _frozen(self.seats))
        object.__setattr__(self, "resume", _frozen(self.resume))
