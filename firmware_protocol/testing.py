"""`LinkPair`: a real ReaderSession and a real HostSession joined by a faulty link.

h11's `ConnectionPair` idea: both ends are the production machines, only the wire
between them is simulated. Each direction can drop, duplicate, corrupt or delay
(and so reorder) frames, drawn from a seeded `random.Random`, on a simulated clock.
Deterministic given the seed; no I/O. Used by the tests and `bench/protocol.py`.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from firmware_protocol.errors import ProtocolUsageError
from firmware_protocol.host_session import (
    Deliver,
    Dropped,
    EventsLost,
    HostEffect,
    HostSession,
    HostState,
    Rebooted,
    Send,
    StatusReport,
)
from firmware_protocol.messages import Message, decode, encode
from firmware_protocol.reader_session import ReaderSession
from firmware_protocol.seqnum import is_ahead, seq_add


@dataclass(frozen=True, slots=True)
class Faults:
    """What one direction of the link does to frames; each field is a probability."""

    drop: float = 0.0
    duplicate: float = 0.0
    corrupt: float = 0.0
    #: Chance a frame is held back up to `max_delay` seconds, so later frames overtake it.
    delay: float = 0.0
    max_delay: float = 0.2

    def __post_init__(self) -> None:
        for name in ("drop", "duplicate", "corrupt", "delay"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ProtocolUsageError(f"Faults.{name} is a probability, got {value!r}")
        if self.max_delay < 0:
            raise ProtocolUsageError(f"Faults.max_delay must be >= 0, got {self.max_delay!r}")


NO_FAULTS = Faults()


def corrupt_frame(frame: bytes, rng: random.Random) -> bytes:
    """Damage a frame as a radio or a UART might: flip a bit, cut it short, or add a byte."""
    choice = rng.random()
    if choice < 0.6 or len(frame) < 2:
        index = rng.randrange(len(frame)) if frame else 0
        if not frame:
            return b"\x00"
        return frame[:index] + bytes((frame[index] ^ (1 << rng.randrange(8)),)) + frame[index + 1 :]
    if choice < 0.8:
        return frame[: rng.randrange(len(frame))]
    index = rng.randrange(len(frame) + 1)
    return frame[:index] + bytes((rng.randrange(256),)) + frame[index:]


class _Wire:
    """One direction of the link: frames in flight, ordered by arrival time."""

    def __init__(self, rng: random.Random, faults: Faults, latency: float) -> None:
        self.rng = rng
        self.faults = faults
        self.latency = latency
        self._queue: list[tuple[float, int, bytes]] = []
        self._order = 0
        self.sent = 0

    def send(self, frame: bytes, now: float) -> None:
        self.sent += 1
        faults, rng = self.faults, self.rng
        if rng.random() < faults.drop:
            return
        copies = 2 if rng.random() < faults.duplicate else 1
        for _ in range(copies):
            data = corrupt_frame(frame, rng) if rng.random() < faults.corrupt else frame
            arrival = now + self.latency
            if rng.random() < faults.delay:
                arrival += rng.uniform(0.0, faults.max_delay)
            self._order += 1
            heapq.heappush(self._queue, (arrival, self._order, data))

    def due(self, now: float) -> list[bytes]:
        out = []
        while self._queue and self._queue[0][0] <= now:
            out.append(heapq.heappop(self._queue)[2])
        return out

    def clear(self) -> None:
        self._queue.clear()

    def __len__(self) -> int:
        return len(self._queue)


class LinkPair:
    """A reader and a host on one simulated link, with a log of what the host saw.

    Args:
        reader, host: the two machines (new ones by default: a reader with an epoch
            drawn from the seed, a fresh host).
        seed: seeds every fault decision.
        up, down: faults of the reader-to-host and host-to-reader directions.
        latency: seconds a frame takes when not delayed.
    """

    def __init__(
        self,
        reader: ReaderSession | None = None,
        host: HostSession | None = None,
        *,
        seed: int = 0,
        up: Faults = NO_FAULTS,
        down: Faults = NO_FAULTS,
        latency: float = 0.005,
    ) -> None:
        self.rng = random.Random(seed)
        self.reader = reader or ReaderSession(self.rng.randrange(1, 1 << 32))
        self.host = host or HostSession()
        self.up = _Wire(self.rng, up, latency)
        self.down = _Wire(self.rng, down, latency)
        self.latency = latency
        self.now = 0.0
        #: Every event the reader recorded (including ERRORs about bad commands), in order.
        self.recorded: list[Message] = []
        #: Events delivered by the host, in delivery order.
        self.delivered: list[Message] = []
        self.lost: list[EventsLost] = []
        self.reboots: list[Rebooted] = []
        self.dropped: list[Dropped] = []
        self.reports: list[StatusReport] = []

    def connect(self) -> None:
        """A new connection: nothing in flight survives; the host asks for HELLO."""
        self.up.clear()
        self.down.clear()
        self.down.send(encode(self.host.connected(self.now)), self.now)

    def sync(self, max_seconds: float = 30.0) -> bool:
        """Connect and step until the host has its HELLO; True if it did.

        A host that never knew this reader adopts its present (SPEC.md section 7), so
        events recorded before that are forgotten here too.
        """
        self.connect()
        end = self.now + max_seconds
        while self.host.state is HostState.AWAITING_HELLO and self.now < end:
            self.step()
        if self.host.state is HostState.AWAITING_HELLO:
            return False
        if not self.delivered:
            first = self.host.expected
            self.recorded = [e for e in self.recorded if not is_ahead(e.seq, first)]
        return True

    def record(self, event: Message) -> Message:
        """The reader records an event and notifies it; returns it with its seq."""
        frame = self.reader.record(event)
        self.up.send(frame, self.now)
        self.recorded.append(decode(frame))
        return self.recorded[-1]

    def expected_delivery(self) -> list[Message]:
        """What exactly-once delivery means here: every recorded event, in order, except
        those the host reported lost (buffer overflow). Valid within one epoch."""
        lost = {seq_add(item.first_seq, k) for item in self.lost for k in range(item.count)}
        return [event for event in self.recorded if event.seq not in lost]

    def reboot(self, epoch: int) -> None:
        """The reader restarts with a new epoch (its buffer is gone) and reconnects."""
        old = self.reader
        self.reader = ReaderSession(
            epoch, old.capacity, reader_id=old.reader_id, seat=old.seat, battery=old.battery
        )
        self.recorded.clear()
        self.delivered.clear()
        self.lost.clear()
        self.connect()

    def step(self, dt: float | None = None) -> None:
        """Advance the clock; deliver what arrived both ways; tick; send the ACK."""
        self.now += self.latency if dt is None else dt
        for frame in self.down.due(self.now):
            last_seq = self.reader.last_seq
            replies = self.reader.on_command(frame)
            if self.reader.last_seq != last_seq:  # the reply is a new ERROR event
                self.recorded.append(decode(replies[-1]))
            for reply in replies:
                self.up.send(reply, self.now)
        for frame in self.up.due(self.now):
            self._apply(self.host.receive(frame, self.now))
        self._apply(self.host.tick(self.now))
        ack = self.host.ack()
        if ack is not None:
            self.down.send(encode(ack), self.now)

    def run(self, seconds: float) -> None:
        """Step until `seconds` of simulated time have passed."""
        end = self.now + seconds
        while self.now < end:
            self.step()

    def is_settled(self) -> bool:
        """Everything recorded is delivered (or reported lost) and acknowledged."""
        return (
            self.host.state is HostState.STREAMING
            and self.host.epoch == self.reader.epoch
            and self.host.expected == seq_add(self.reader.last_seq, 1)
            and self.reader.pending == 0
            and not self.up
            and not self.down
        )

    def settle(self, max_seconds: float = 120.0, *, faults_off: bool = True) -> bool:
        """Run until settled (by default with a clean link from now on); True if it did."""
        if faults_off:
            self.up.faults = self.down.faults = NO_FAULTS
        end = self.now + max_seconds
        while self.now < end:
            if self.is_settled():
                return True
            self.step()
        return self.is_settled()

    def _apply(self, effects: list[HostEffect]) -> None:
        for effect in effects:
            if isinstance(effect, Deliver):
                self.delivered.append(effect.event)
            elif isinstance(effect, Send):
                self.down.send(encode(effect.command), self.now)
            elif isinstance(effect, EventsLost):
                self.lost.append(effect)
            elif isinstance(effect, Rebooted):
                self.reboots.append(effect)
            elif isinstance(effect, Dropped):
                self.dropped.append(effect)
            else:
                self.reports.append(effect)
