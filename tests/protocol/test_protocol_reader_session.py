"""ReaderSession: seq assignment, the ring buffer, ACK, RESUME/LOST and command handling."""

from __future__ import annotations

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
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Pattern,
    Press,
    ProtocolUsageError,
    ReaderFlags,
    Resume,
    Select,
    SetSeat,
    Status,
    crc16,
    decode,
    encode,
)
from firmware_protocol.session import ReaderSession


def _reader(**kwargs) -> ReaderSession:
    return ReaderSession(0xC0FFEE, **kwargs)


def _frame(type_byte: int, payload: bytes = b"") -> bytes:
    body = bytes((1, type_byte, 0, 0)) + payload
    return body + crc16(body).to_bytes(2, "little")


def _seqs(frames: list[bytes]) -> list[int]:
    return [decode(frame).seq for frame in frames]


def test_first_event_has_seq_zero_and_seqs_are_consecutive() -> None:
    """After boot last_seq is 0xFFFF, the first event gets seq 0 and each next one +1."""
    reader = _reader()
    assert reader.last_seq == 0xFFFF
    frames = [reader.record(Select(seat)) for seat in (1, 2, 3)]
    assert _seqs(frames) == [0, 1, 2]
    assert reader.last_seq == 2 and reader.pending == 3


def test_record_replaces_the_given_seq() -> None:
    """The seq of the event passed to record is ignored; the session assigns its own."""
    reader = _reader()
    assert decode(reader.record(Select(1, seq=999))).seq == 0


@pytest.mark.parametrize("bad", [Hello(1, 0, 0, 0, ReaderFlags(0), 0), Lost(1, 1), Ack(3), "CARD"])
def test_record_refuses_non_events_and_changes_nothing(bad) -> None:
    """Recording a HELLO, LOST, command or non-message raises and leaves the session as it was."""
    reader = _reader()
    with pytest.raises(ProtocolUsageError):
        reader.record(bad)
    assert reader.last_seq == 0xFFFF and reader.pending == 0


def test_card_and_battery_events_update_hello_state() -> None:
    """A CARD sets/clears the card-present flag and a BATTERY sets the battery shown in HELLO."""
    reader = _reader()
    reader.record(Card(True, CardKind.TEXT, b"SGS:1"))
    reader.record(Battery(42, 3700))
    hello = decode(reader.hello_frame())
    assert isinstance(hello, Hello)
    assert ReaderFlags.CARD_PRESENT in hello.flags and hello.battery == 42
    reader.record(Card(False, CardKind.TEXT, b"SGS:1"))
    status = decode(reader.status_frame())
    assert isinstance(status, Status) and ReaderFlags.CARD_PRESENT not in status.flags


def test_hello_and_status_frames_describe_the_reader() -> None:
    """HELLO and STATUS carry the epoch, last_seq, seat, battery, flags and reader id."""
    reader = ReaderSession(77, reader_id=0xABCD, seat=4, battery=90, flags=ReaderFlags.CHARGING)
    reader.record(Select(2))
    assert decode(reader.hello_frame()) == Hello(77, 0, 4, 90, ReaderFlags.CHARGING, 0xABCD)
    assert decode(reader.status_frame()) == Status(77, 0, 4, 90, ReaderFlags.CHARGING, 0xABCD)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"epoch": 0},
        {"epoch": 1 << 32},
        {"epoch": 1, "capacity": 63},
        {"epoch": 1, "seat": 11},
        {"epoch": 1, "battery": 101},
        {"epoch": 1, "flags": 256},
        {"epoch": 1, "reader_id": -1},
    ],
)
def test_invalid_construction_is_refused(kwargs: dict) -> None:
    """Epoch 0, a buffer under 64, seat 11, battery 101 and similar raise ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError):
        ReaderSession(**kwargs)


def test_ack_frees_up_to_and_including() -> None:
    """ACK(n) frees every buffered event with seq <= n, and nothing after."""
    reader = _reader()
    for seat in range(5):
        reader.record(Select(seat))
    assert reader.on_command(encode(Ack(2))) == []
    assert reader.pending == 2
    assert _seqs(reader.on_command(encode(Resume(3)))) == [3, 4]


def test_ack_of_the_future_is_ignored() -> None:
    """An ACK ahead of last_seq frees nothing (it cannot be about events that exist)."""
    reader = _reader()
    for seat in range(3):
        reader.record(Select(seat))
    reader.on_command(encode(Ack(500)))
    assert reader.pending == 3


def test_resume_resends_in_order_from_the_given_seq() -> None:
    """RESUME(n) re-sends the buffered frames from n on, byte for byte."""
    reader = _reader()
    frames = [reader.record(Button(ButtonId.OK, Press.SHORT)) for _ in range(6)]
    assert reader.on_command(encode(Resume(2))) == frames[2:]
    assert reader.on_command(encode(Resume(6))) == []  # nothing from the next seq on


def test_resume_from_the_future_sends_nothing() -> None:
    """RESUME of a seq after last_seq + 1 (e.g. meant for an older epoch) sends nothing."""
    reader = _reader()
    reader.record(Select(1))
    assert reader.on_command(encode(Resume(40))) == []


def test_overflow_drops_oldest_and_resume_reports_lost_first() -> None:
    """A full buffer pushes out the oldest events; RESUME from them answers LOST, then the rest."""
    reader = _reader(capacity=64)
    for i in range(70):
        reader.record(Battery(50, i))
    assert reader.pending == 64 and reader.dropped == 6
    replies = reader.on_command(encode(Resume(0)))
    assert decode(replies[0]) == Lost(0, 6)
    assert _seqs(replies[1:]) == list(range(6, 70))
    replies = reader.on_command(encode(Resume(3)))
    assert decode(replies[0]) == Lost(3, 3) and len(replies) == 65


def test_seq_and_buffer_wrap_through_65535() -> None:
    """Events keep consecutive seqs through 65535 -> 0, and ACK/RESUME work across the wrap."""
    reader = _reader()
    for i in range(65534):
        reader.record(Battery(50, i % 65536))
        if i % 32 == 0:
            reader.on_command(encode(Ack(reader.last_seq)))
    reader.on_command(encode(Ack(reader.last_seq)))
    assert reader.last_seq == 65533 and reader.pending == 0
    frames = [reader.record(Select(1)) for _ in range(5)]
    assert _seqs(frames) == [65534, 65535, 0, 1, 2]
    assert _seqs(reader.on_command(encode(Resume(65535)))) == [65535, 0, 1, 2]
    reader.on_command(encode(Ack(0)))
    assert reader.pending == 2
    replies = reader.on_command(encode(Resume(65534)))
    assert decode(replies[0]) == Lost(65534, 3) and _seqs(replies[1:]) == [1, 2]


def test_hello_request_is_answered_with_hello() -> None:
    """HELLO_REQUEST gets exactly one HELLO frame, which consumes no seq."""
    reader = _reader()
    reader.record(Select(1))
    (reply,) = reader.on_command(encode(HelloRequest()))
    assert isinstance(decode(reply), Hello) and reader.last_seq == 0


def test_set_seat_feedback_and_identify_are_stored() -> None:
    """SET_SEAT changes the seat; FEEDBACK and IDENTIFY are kept for the device glue; none reply."""
    reader = _reader()
    feedback = Feedback(Color.GREEN, Pattern.BLINK, Buzzer.BEEP, 300)
    assert reader.on_command(encode(SetSeat(7))) == []
    assert reader.on_command(encode(feedback)) == []
    assert reader.on_command(encode(Identify(5))) == []
    hello = decode(reader.hello_frame())
    assert isinstance(hello, Hello) and reader.seat == 7 and hello.seat == 7
    assert reader.feedback == feedback and reader.identify == Identify(5)


@pytest.mark.parametrize(
    ("frame", "error"),
    [
        (b"\x01\x41", Error(ErrorCode.BAD_FRAME, FrameReason.TOO_SHORT)),
        (encode(Ack(1))[:-1] + b"\x00", Error(ErrorCode.BAD_FRAME, FrameReason.BAD_CRC)),
        (_frame(0x47), Error(ErrorCode.UNKNOWN_COMMAND, 0x47)),
        (encode(Select(3)), Error(ErrorCode.UNKNOWN_COMMAND, 0x05)),
    ],
)
def test_bad_command_frames_are_answered_with_an_error_event(frame: bytes, error: Error) -> None:
    """A damaged frame gives ERROR(BAD_FRAME, reason); an unknown or reader type ERROR(2, type)."""
    reader = _reader()
    (reply,) = reader.on_command(frame)
    assert decode(reply) == Error(error.code, error.detail, seq=0)
    assert reader.pending == 1  # the ERROR is an event: buffered until acknowledged


def test_on_command_refuses_non_bytes() -> None:
    """Passing a message instead of its frame is our misuse, not the host's."""
    with pytest.raises(ProtocolUsageError):
        _reader().on_command(Ack(1))  # type: ignore[arg-type]
