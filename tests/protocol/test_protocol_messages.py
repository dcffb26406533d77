"""Messages: round trips, self-checking construction, sizes, decode's error reasons."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from protocol_strategies import events, messages

from firmware_protocol import (
    EVENT_TYPES,
    MAX_FRAME,
    MESSAGE_TYPES,
    Ack,
    Battery,
    Button,
    ButtonId,
    Card,
    CardKind,
    Error,
    Feedback,
    FrameError,
    FrameReason,
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Message,
    Press,
    ProtocolUsageError,
    ReaderFlags,
    Resume,
    Select,
    SetSeat,
    Status,
    decode,
    encode,
    is_command,
    is_reader_event,
    message_from_json,
    message_to_json,
)
from firmware_protocol import messages as messages_module


@settings(deadline=None)  # the shared CI machine is slow at times
@given(messages)
def test_decode_inverts_encode(message: Message) -> None:
    """Decoding the frame of any valid message gives back an equal message of the same class."""
    decoded = decode(encode(message))
    assert decoded == message
    assert type(decoded) is type(message)
    assert bytes(message) == encode(message)
    assert type(message).from_bytes(encode(message)) == message


@settings(deadline=None)  # the shared CI machine is slow at times
@given(messages)
def test_json_form_round_trips(message: Message) -> None:
    """The JSON form of any message rebuilds the same message."""
    assert message_from_json(message_to_json(message)) == message


@settings(deadline=None)  # the shared CI machine is slow at times
@given(messages)
def test_repr_rebuilds_the_message(message: Message) -> None:
    """`repr` of a message is an expression that rebuilds it."""
    namespace = {name: getattr(messages_module, name) for name in dir(messages_module)}
    assert eval(repr(message), namespace) == message


@settings(deadline=None)  # the shared CI machine is slow at times
@given(events)
def test_every_reader_event_fits_one_notification(event: Message) -> None:
    """Every reader event encodes to at most 20 bytes, the default-MTU notification."""
    assert len(encode(event)) <= MAX_FRAME


def test_largest_events_hit_exactly_twenty_bytes() -> None:
    """A 13-byte text card is exactly 20 bytes and HELLO is 19: the layout has no slack."""
    assert len(encode(Card(True, CardKind.TEXT, b"A" * 13))) == 20
    assert len(encode(Hello(1, 0, 0, 0, ReaderFlags(0), 0))) == 19


def test_every_type_is_registered_once_with_seq_last() -> None:
    """The registry holds the 14 types of SPEC.md section 3, each with seq as its last field."""
    assert sorted(MESSAGE_TYPES) == [1, 2, 3, 4, 5, 6, 7, 8, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46]
    for cls in MESSAGE_TYPES.values():
        names = [f.name for f in dataclasses.fields(cls)]
        assert names[-1] == "seq"
    assert set(EVENT_TYPES) == {Card, Button, Select, Battery, Error}


@pytest.mark.parametrize(
    "build",
    [
        lambda: Card(True, CardKind.TEXT, b"A" * 14),
        lambda: Card(True, CardKind.TEXT, b""),
        lambda: Card(True, CardKind.NDEF, b"\xff"),
        lambda: Card(True, CardKind.UID, b"12345"),
        lambda: Card(1, CardKind.TEXT, b"A"),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Card(True, 4, b"A"),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Card(True, CardKind.TEXT, 42),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: SetSeat(11),
        lambda: SetSeat(-1),
        lambda: Select(11),
        lambda: Ack(70000),
        lambda: Ack(1, seq=70000),
        lambda: Ack(True),
        lambda: Ack("1"),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Button(4, Press.SHORT),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Button(ButtonId.OK, 2),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Battery(101, 0),
        lambda: Hello(0, 0, 0, 0, ReaderFlags(0), 0),
        lambda: Hello(1, 5, 0, 0, ReaderFlags(0), 0, seq=6),
        lambda: Hello(1, 0, 0, 0, 256, 0),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Status(1, 0, 0, 0, 0, 1 << 32),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Lost(5, 0),
        lambda: Lost(5, 1, seq=4),
        lambda: Error(0, 0),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Feedback(6, 0, 0, 0),  # type: ignore[arg-type]  # deliberately ill-typed: the message must refuse it
        lambda: Identify(256),
        lambda: HelloRequest(seq=-1),
    ],
)
def test_invalid_construction_raises_usage_error(build) -> None:
    """Building a message with an out-of-range or mistyped field raises ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError):
        build()


def test_usage_error_is_a_value_error_and_names_the_field() -> None:
    """ProtocolUsageError is a ValueError whose text names the class and the field."""
    with pytest.raises(ValueError, match=r"SetSeat\.seat"):
        SetSeat(11)


def test_messages_are_frozen() -> None:
    """A message cannot be changed after it was checked."""
    message = Select(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.seat = 11  # type: ignore[misc]


def test_fields_are_coerced_to_their_enums() -> None:
    """Plain ints become the field's enum, text becomes UTF-8 bytes, flags keep unknown bits."""
    button = Button(3, 1)  # type: ignore[arg-type]  # plain values on purpose: coercion is what is tested
    assert button.button is ButtonId.UNDO and button.press is Press.LONG
    card = Card(True, CardKind.NDEF, "杀")  # type: ignore[arg-type]  # plain values on purpose: coercion is what is tested
    assert card.data == "杀".encode() and card.text == "杀"
    assert Card(True, CardKind.UID, b"\x01\x02\x03\x04").text is None
    hello = Hello(1, 0, 0, 0, 0xF1, 0)  # type: ignore[arg-type]  # plain values on purpose: coercion is what is tested
    assert ReaderFlags.CARD_PRESENT in hello.flags and int(hello.flags) == 0xF1


def test_hello_and_lost_take_their_seq_from_the_stream_position() -> None:
    """HELLO/STATUS carry last_seq and LOST carries first_seq as the frame's seq."""
    assert Hello(1, 77, 0, 0, ReaderFlags(0), 0).seq == 77
    assert Status(1, 77, 0, 0, ReaderFlags(0), 0, seq=77).seq == 77
    assert Lost(300, 2).seq == 300
    assert encode(Lost(300, 2))[2:4] == (300).to_bytes(2, "little")


def test_is_reader_event_and_is_command() -> None:
    """Only CARD/BUTTON/SELECT/BATTERY/ERROR are events; only 0x40..0x7F types are commands."""
    assert is_reader_event(Select(1)) and not is_command(Select(1))
    assert not is_reader_event(Hello(1, 0, 0, 0, ReaderFlags(0), 0))
    assert not is_reader_event(Lost(1, 1))
    assert is_command(Ack(1)) and not is_reader_event(Ack(1))
    assert not is_reader_event("CARD")  # type: ignore[arg-type]


def test_from_bytes_refuses_another_type() -> None:
    """`Cls.from_bytes` of a valid frame of another type raises UNKNOWN_TYPE."""
    with pytest.raises(FrameError) as caught:
        Ack.from_bytes(encode(Resume(3)))
    assert caught.value.reason is FrameReason.UNKNOWN_TYPE


def test_decode_accepts_bytearray_and_refuses_non_bytes() -> None:
    """decode takes any bytes-like value; passing a str is our misuse, not a frame error."""
    frame = encode(Select(2))
    assert decode(bytearray(frame)) == Select(2)
    assert decode(memoryview(frame)) == Select(2)
    with pytest.raises(ProtocolUsageError):
        decode(frame.hex())  # type: ignore[arg-type]
    with pytest.raises(ProtocolUsageError):
        encode(b"\x01")  # type: ignore[arg-type]


def test_frame_error_reports_reason_and_text() -> None:
    """A FrameError carries its reason enum and a readable message starting with the reason."""
    with pytest.raises(FrameError) as caught:
        decode(b"\x01\x02")
    error = caught.value
    assert error.reason is FrameReason.TOO_SHORT
    assert str(error).startswith("TOO_SHORT: 2 bytes")
    assert isinstance(error, ValueError)


def test_json_form_is_strict() -> None:
    """Unknown types, unknown or missing fields and bad enum names are refused."""
    for bad in (
        {"type": "NOPE"},
        {"type": "SELECT", "seat": 1, "colour": 2},
        {"type": "BUTTON", "button": "OK"},
        {"type": "BUTTON", "button": "MAYBE", "press": "SHORT"},
        {"type": "CARD", "present": True, "kind": "UID", "data": "zz"},
        {"type": "CARD", "present": True, "kind": "UID", "data": 5},
        ["SELECT"],
    ):
        with pytest.raises(ProtocolUsageError):
            message_from_json(bad)  # type: ignore[arg-type]
