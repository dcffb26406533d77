"""A cross-implementation conversation: the firmware core inside MicroPython talks to
the host's ``firmware_protocol.HostSession`` through a pipe.

The reader runs in a Node child process (the pinned MicroPython WebAssembly build) and
exchanges real frames, as hex lines, with the host session in this process. The link
between them can drop, duplicate or corrupt frames, as a radio would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import fwmpy
import pytest

from firmware_protocol import (
    Ack,
    Battery,
    Button,
    ButtonId,
    Buzzer,
    Card,
    CardKind,
    Color,
    Error,
    ErrorCode,
    Feedback,
    FrameReason,
    Message,
    Pattern,
    Press,
    Select,
    StreamDecoder,
    encode,
    frame_for_serial,
)
from firmware_protocol.host_session import (
    Deliver,
    Dropped,
    DropReason,
    EventsLost,
    HostSession,
    HostState,
    Rebooted,
    Send,
)

EPOCH = 0x5EED0001
REBOOT_EPOCH = 0x5EED0002
READER_ID = 0x12344B7F

Fault = Callable[[int, bytes], list[bytes]]

_E = TypeVar("_E")


class Table:
    """A MicroPython reader and a HostSession joined by a faulty link (h11's ConnectionPair idea)."""

    def __init__(self, reader: fwmpy.MicroPythonReader, host: HostSession) -> None:
        self.reader = reader
        self.host = host
        self.now_ms = 0
        self.delivered: list[Message] = []
        self.effects: list[object] = []

    def boot(self, epoch: int) -> None:
        """Power the reader on (again): a new ReaderCore with this epoch."""
        self.reader.call("boot", epoch, READER_ID, 0, 64)

    def connect(self) -> None:
        """Connect and subscribe: the host writes HELLO_REQUEST (SPEC.md section 7)."""
        self.to_reader(encode(self.host.connected()))

    def ack(self) -> None:
        """The host stored what it delivered and acknowledges it."""
        ack = self.host.ack()
        if ack is not None:
            self.to_reader(encode(ack))

    def reader_does(self, *call: object, fault: Fault | None = None, online: bool = True) -> None:
        """Something happens at the reader; its frames cross the link unless offline."""
        frames = self.reader.call(*call)
        if online:
            self.to_host(frames, fault)

    def to_reader(self, frame: bytes, fault: Fault | None = None) -> None:
        """The host writes a command frame; the reader's answers come back."""
        for sent in fault(0, frame) if fault else [frame]:
            self.to_host(self.reader.call("command", sent.hex(), self.now_ms))

    def to_host(self, frames: list[bytes], fault: Fault | None = None) -> None:
        """Frames from the reader reach the host, through the fault if one is given."""
        for index, frame in enumerate(frames):
            for arrived in fault(index, frame) if fault else [frame]:
                for effect in self.host.receive(arrived):
                    self.handle(effect)

    def handle(self, effect: object) -> None:
        """Carry out one host effect: deliver, or send a command to the reader."""
        self.effects.append(effect)
        if isinstance(effect, Deliver):
            self.delivered.append(effect.event)
        elif isinstance(effect, Send):
            self.to_reader(encode(effect.command))

    def state(self) -> dict:
        """The reader core's state as MicroPython reports it."""
        return self.reader.request("state")["state"]

    def of_type(self, kind: type[_E]) -> list[_E]:
        """The effects of one type, in order."""
        return [e for e in self.effects if isinstance(e, kind)]


@pytest.fixture
def table() -> Iterator[Table]:
    """A freshly booted MicroPython reader and a host that has never heard of it."""
    try:
        reader = fwmpy.MicroPythonReader()
    except fwmpy.MicroPythonUnavailable as error:
        pytest.fail(f"MicroPython cannot run: {error}")
    try:
        table = Table(reader, HostSession(probe_interval=None))
        table.boot(EPOCH)
        yield table
    finally:
        reader.close()


def _drop_first(index: int, frame: bytes) -> list[bytes]:
    return [] if index == 0 else [frame]


def _twice(index: int, frame: bytes) -> list[bytes]:
    return [frame, frame]


def _flip_bit(index: int, frame: bytes) -> list[bytes]:
    return [frame[:4] + bytes([frame[4] ^ 0x01]) + frame[5:]]


def test_handshake_then_events_once_in_order(table: Table) -> None:
    """After HELLO the host delivers each reader event once, in order, and ACK empties the buffer."""
    table.connect()
    assert table.host.state is HostState.STREAMING and table.host.epoch == EPOCH
    table.reader_does("card", 1, b"kill@S7".hex(), 100)
    table.reader_does("tick", 800)  # the card is lifted: removed after the quiet time
    table.reader_does("down", 1, 1000)
    table.reader_does("up", 1, 1100)
    table.reader_does("select", 4)
    table.reader_does("battery", 81, 3950)
    assert table.delivered == [
        Card(True, CardKind.TEXT, b"kill@S7", seq=0),
        Card(False, CardKind.TEXT, b"kill@S7", seq=1),
        Button(ButtonId.OK, Press.SHORT, seq=2),
        Select(4, seq=3),
        Battery(81, 3950, seq=4),
    ]
    assert table.state()["pending"] == 5
    table.ack()
    assert table.state()["pending"] == 0


def test_duplicates_are_dropped(table: Table) -> None:
    """Every frame arriving twice is delivered once; the copies are dropped as duplicates."""
    table.connect()
    for seat in (1, 2, 3):
        table.reader_does("select", seat, fault=_twice)
    assert table.delivered == [Select(1, seq=0), Select(2, seq=1), Select(3, seq=2)]
    reasons = [d.reason for d in table.of_type(Dropped)]
    assert reasons == [DropReason.DUPLICATE] * 3


def test_gap_is_filled_by_resume(table: Table) -> None:
    """A lost notification makes a gap; the host's RESUME gets the reader to replay it."""
    table.connect()
    table.reader_does("select", 1)
    table.reader_does("select", 2, fault=_drop_first)  # seq 1 never arrives
    table.reader_does("select", 3)  # seq 2: a gap, RESUME(1), replay of 1 and 2
    table.reader_does("select", 4)
    assert [e.seq for e in table.delivered] == [0, 1, 2, 3]
    assert [e.seat if isinstance(e, Select) else e for e in table.delivered] == [1, 2, 3, 4]
    assert any(d.reason is DropReason.GAP for d in table.of_type(Dropped))


def test_overflow_while_away_is_reported_lost(table: Table) -> None:
    """70 events while the host is away overflow the 64-event buffer: LOST(0, 6), then 6..69."""
    table.connect()
    for i in range(70):
        table.reader_does("select", i % 11, online=False)
    assert table.state()["dropped"] == 6
    table.connect()
    assert table.of_type(EventsLost) == [EventsLost(0, 6)]
    assert [e.seq for e in table.delivered] == list(range(6, 70))
    assert table.host.expected == 70 and table.host.state is HostState.STREAMING
    table.ack()
    assert table.state()["pending"] == 0


def test_reboot_with_a_new_epoch(table: Table) -> None:
    """After a reboot the host sees the new epoch, reports it and resumes from seq 0."""
    table.connect()
    table.reader_does("select", 1)
    table.reader_does("select", 2)
    table.ack()
    table.boot(REBOOT_EPOCH)
    table.reader_does("select", 7, online=False)
    table.reader_does("down", 2, 0, online=False)
    table.reader_does("up", 2, 1000, online=False)  # held 1 s: a long press
    table.connect()
    assert table.of_type(Rebooted) == [Rebooted(EPOCH, REBOOT_EPOCH)]
    assert table.delivered[2:] == [Select(7, seq=0), Button(ButtonId.NO, Press.LONG, seq=1)]
    assert table.host.epoch == REBOOT_EPOCH and table.host.expected == 2


def test_corrupted_frames_both_ways(table: Table) -> None:
    """A corrupted event is recovered through HELLO and RESUME; a corrupted command gets ERROR."""
    table.connect()
    table.reader_does("select", 5, fault=_flip_bit)
    assert table.delivered == [Select(5, seq=0)]
    assert table.of_type(Dropped)[0].reason is DropReason.CORRUPT
    table.to_reader(encode(Ack(0)), fault=_flip_bit)
    assert table.delivered[1] == Error(ErrorCode.BAD_FRAME, FrameReason.BAD_CRC, seq=1)
    assert table.state()["errors_received"] == 1


def test_feedback_reaches_the_led_and_buzzer(table: Table) -> None:
    """A FEEDBACK encoded by the host sets the core's LED until now + duration, and its buzzer."""
    table.connect()
    table.now_ms = 5000
    table.to_reader(encode(Feedback(Color.GREEN, Pattern.SOLID, Buzzer.BEEP, 500)))
    state = table.state()
    assert state["led"] == [1, 0, 5500] and state["buzzer"] == [1, 5000]


def test_serial_conversation_with_garbage(table: Table) -> None:
    """Over the serial framing, with garbage on the line both ways, every event arrives once."""
    decoder = StreamDecoder()
    host = table.host
    delivered = []

    def to_host(wire: bytes) -> None:
        for item in decoder.feed(wire):
            for effect in host.receive(item):
                if isinstance(effect, Deliver):
                    delivered.append(effect.event)
                elif isinstance(effect, Send):
                    write(encode(effect.command))

    def write(command_frame: bytes, noise: bytes = b"") -> None:
        wire = noise + frame_for_serial(command_frame)
        to_host(b"".join(table.reader.call("serial", wire.hex(), 0)))

    # Noise before HELLO_REQUEST is a bad piece: the reader reports it as ERROR seq 0.
    write(encode(host.connected()), noise=b"\xff\xfe")
    assert host.state is HostState.STREAMING and host.expected == 1
    frames = table.reader.call("select", 9)
    # Garbage on the reader's line: the host drops it and probes with HELLO_REQUEST.
    to_host(b"\x13\x37" + b"".join(frame_for_serial(f) for f in frames))
    assert delivered == [Select(9, seq=1)]
    table.reader.call("select", 10)  # lost on the line entirely
    write(encode(host.hello_request()))  # HELLO shows last_seq 2: RESUME replays it
    assert delivered == [Select(9, seq=1), Select(10, seq=2)]
