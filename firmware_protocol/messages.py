"""The protocol's messages: one frozen, self-checking dataclass per message type.

Each class is registered under its type byte by `_register` (bumble's `ATT_PDU.subclass`
idea) and declares its payload layout as a `struct` format, so `encode` and `decode`
are the same few lines for every type. Field checks live in the field metadata and run
in `__post_init__`: a message that exists is valid, whether we built it (a bad value
raises `ProtocolUsageError`) or decoded it (a bad value raises `FrameError(BAD_VALUE)`).

Byte layouts, field values and the type table: SPEC.md sections 2 and 3.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import Field, dataclass, fields
from enum import IntEnum, IntFlag
from types import MappingProxyType
from typing import Any, ClassVar, Self

from firmware_protocol._checks import (
    Check,
    check_battery,
    check_bool,
    check_card_data,
    check_enum,
    check_epoch,
    check_flags,
    check_seat,
    check_u8,
    check_u16,
    check_u32,
    checked,
    seq_field,
)
from firmware_protocol.crc import crc16
from firmware_protocol.errors import FrameError, FrameReason, ProtocolUsageError
from firmware_protocol.fields import BATTERY_UNKNOWN as BATTERY_UNKNOWN  # re-exported
from firmware_protocol.fields import MAX_SEAT as MAX_SEAT  # re-exported
from firmware_protocol.fields import (
    ButtonId,
    Buzzer,
    CardKind,
    Color,
    ErrorCode,
    Pattern,
    Press,
    ReaderFlags,
)

#: Protocol version carried in byte 0 of every frame.
VERSION = 1
#: Largest frame a reader may send: one notification at the default ATT MTU of 23.
MAX_FRAME = 20
#: Header (version, type, seq) plus CRC.
FRAME_OVERHEAD = 6
#: Largest payload in a MAX_FRAME frame.
MAX_PAYLOAD = MAX_FRAME - FRAME_OVERHEAD
#: Longest TEXT/NDEF card data in bytes (the payload minus the state_kind byte).
MAX_TEXT = MAX_PAYLOAD - 1
#: Valid lengths of a raw tag UID.
UID_LENGTHS = (4, 7, 10)

_HEADER = struct.Struct("<BBH")
_CRC = struct.Struct("<H")

# --- the base class and the registry -----------------------------------------------

_REGISTRY: dict[int, type[Message]] = {}
#: Every message class by its type byte.
MESSAGE_TYPES = MappingProxyType(_REGISTRY)


class Message:
    """Base of every message. `seq` is always the last field (SPEC.md section 2).

    Subclasses are frozen dataclasses registered with `_register`; `bytes(msg)` encodes,
    `Cls.from_bytes(data)` decodes a frame that must be of that type.
    """

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass

    TYPE: ClassVar[int]
    NAME: ClassVar[str]
    #: True for sequenced reader events (CARD, BUTTON, SELECT, BATTERY, ERROR).
    EVENT: ClassVar[bool] = False
    _LAYOUT: ClassVar[struct.Struct]
    _CHECKS: ClassVar[tuple[tuple[str, Check], ...]]
    _FIELDS: ClassVar[tuple[str, ...]]

    seq: int

    def __post_init__(self) -> None:
        owner = type(self).__name__
        for name, check in self._CHECKS:
            object.__setattr__(self, name, check(owner, name, getattr(self, name)))
        self._validate()

    def _validate(self) -> None:
        """Checks that involve more than one field; raise ProtocolUsageError."""

    def __bytes__(self) -> bytes:
        return encode(self)

    def __repr__(self) -> str:
        args = ", ".join(f"{f.name}={_repr_value(getattr(self, f.name))}" for f in fields(self))
        return f"{type(self).__name__}({args})"

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Decode a frame that must hold this message type.

        Raises:
            FrameError: the frame is invalid, or holds another message type (UNKNOWN_TYPE).
        """
        message = decode(data)
        if not isinstance(message, cls):
            raise FrameError(
                FrameReason.UNKNOWN_TYPE, f"expected a {cls.NAME} frame, got {message.NAME}"
            )
        return message

    def _pack(self) -> bytes:
        return self._LAYOUT.pack(*(getattr(self, name) for name in self._FIELDS))

    @classmethod
    def _unpack(cls, payload: bytes, seq: int) -> Self:
        if len(payload) != cls._LAYOUT.size:
            raise FrameError(
                FrameReason.BAD_LENGTH,
                f"{cls.NAME} payload is {cls._LAYOUT.size} bytes, got {len(payload)}",
            )
        # a subclass's fields are its layout's, in order, then seq (the base has only seq)
        return cls(*cls._LAYOUT.unpack(payload), seq=seq)  # type: ignore[call-arg]


def _repr_value(value: object) -> str:
    if isinstance(value, IntFlag):
        return str(int(value))
    if isinstance(value, IntEnum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _register(type_byte: int, name: str, layout: str = "<") -> Callable[[type[Any]], type[Any]]:
    """File a message dataclass under its type byte, with its payload layout."""

    def register(cls: type[Any]) -> type[Any]:
        if type_byte in _REGISTRY:
            raise RuntimeError(f"type 0x{type_byte:02X} registered twice")
        cls.TYPE = type_byte
        cls.NAME = name
        cls._LAYOUT = struct.Struct(layout)
        own = fields(cls)
        if own[-1].name != "seq":
            raise RuntimeError(f"{cls.__name__}: seq must be the last field")
        cls._CHECKS = tuple((f.name, f.metadata["check"]) for f in own)
        cls._FIELDS = tuple(f.name for f in own if f.name != "seq")
        _REGISTRY[type_byte] = cls
        return cls

    return register


# --- codec ------------------------------------------------------------------------


def encode(message: Message) -> bytes:
    """The frame of a message: version, type, seq, payload, CRC (SPEC.md section 2).

    >>> encode(Ack(up_to=7)).hex()
    '0141000007001e69'

    Raises:
        ProtocolUsageError: `message` is not a Message.
    """
    if not isinstance(message, Message):
        raise ProtocolUsageError(f"encode() needs a Message, got {message!r}")
    body = _HEADER.pack(VERSION, message.TYPE, message.seq) + message._pack()
    return body + _CRC.pack(crc16(body))


def decode(data: bytes | bytearray | memoryview) -> Message:
    """The message in one frame; any flaw raises FrameError and yields nothing.

    The checks run in the order of the reasons: TOO_SHORT, BAD_CRC, UNSUPPORTED_VERSION,
    UNKNOWN_TYPE, BAD_LENGTH, BAD_VALUE.

    Raises:
        FrameError: the frame is not a valid version-1 message.
        ProtocolUsageError: `data` is not bytes-like.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise ProtocolUsageError(f"decode() needs bytes, got {type(data).__name__}")
    data = bytes(data)
    size = len(data)
    if size < FRAME_OVERHEAD:
        raise FrameError(
            FrameReason.TOO_SHORT, f"{size} bytes; a frame has at least {FRAME_OVERHEAD}"
        )
    (sent_crc,) = _CRC.unpack_from(data, size - 2)
    crc = crc16(data[:-2])
    if crc != sent_crc:
        raise FrameError(FrameReason.BAD_CRC, f"CRC is 0x{sent_crc:04X}, expected 0x{crc:04X}")
    version, type_byte, seq = _HEADER.unpack_from(data)
    if version != VERSION:
        raise FrameError(
            FrameReason.UNSUPPORTED_VERSION,
            f"protocol version {version}; this side speaks version {VERSION}",
        )
    cls = _REGISTRY.get(type_byte)
    if cls is None:
        raise FrameError(FrameReason.UNKNOWN_TYPE, f"unknown message type 0x{type_byte:02X}")
    try:
        return cls._unpack(data[4:-2], seq)
    except ProtocolUsageError as error:
        raise FrameError(FrameReason.BAD_VALUE, f"{cls.NAME}: {error}") from None


def is_reader_event(message: Message) -> bool:
    """True for the sequenced reader events: CARD, BUTTON, SELECT, BATTERY, ERROR."""
    return isinstance(message, Message) and message.EVENT


def is_command(message: Message) -> bool:
    """True for host-to-reader messages (types 0x40..0x7F)."""
    return isinstance(message, Message) and 0x40 <= message.TYPE <= 0x7F


# --- reader to host ---------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class _ReaderState(Message):
    """The layout HELLO and STATUS share; the frame's seq repeats `last_seq`."""

    epoch: int = checked(check_epoch)
    last_seq: int = checked(check_u16)
    seat: int = checked(check_seat)
    battery: int = checked(check_battery)
    flags: ReaderFlags = checked(check_flags)
    reader_id: int = checked(check_u32)
    seq: int = seq_field()

    def _validate(self) -> None:
        # seq is derived from last_seq; 0 (the default) means "not given".
        if self.seq not in (0, self.last_seq):
            raise ProtocolUsageError(
                f"{type(self).__name__}.seq must equal last_seq ({self.last_seq}), got {self.seq}"
            )
        object.__setattr__(self, "seq", self.last_seq)

    @classmethod
    def _unpack(cls, payload: bytes, seq: int) -> Self:
        message = super(_ReaderState, cls)._unpack(payload, seq)
        if seq != message.last_seq:
            raise FrameError(
                FrameReason.BAD_VALUE,
                f"{cls.NAME} frame seq {seq} differs from last_seq {message.last_seq}",
            )
        return message


@_register(0x01, "HELLO", "<IHBBBI")
@dataclass(frozen=True, slots=True, repr=False)
class Hello(_ReaderState):
    """The reader's answer to HELLO_REQUEST: who it is and where its stream stands."""


@_register(0x02, "STATUS", "<IHBBBI")
@dataclass(frozen=True, slots=True, repr=False)
class Status(_ReaderState):
    """The current state, as HELLO; what a read of the `event` characteristic returns."""


@_register(0x03, "CARD")
@dataclass(frozen=True, slots=True, repr=False)
class Card(Message):
    """A card was read (`present`) or removed; removal repeats the card's data."""

    EVENT = True

    present: bool = checked(check_bool)
    kind: CardKind = checked(check_enum(CardKind))
    data: bytes = checked(check_card_data)
    seq: int = seq_field()

    def _validate(self) -> None:
        if self.kind is CardKind.UID:
            if len(self.data) not in UID_LENGTHS:
                raise ProtocolUsageError(f"Card UID must be 4, 7 or 10 bytes, got {len(self.data)}")
            return
        if not 1 <= len(self.data) <= MAX_TEXT:
            raise ProtocolUsageError(
                f"Card {self.kind.name} text must be 1..{MAX_TEXT} bytes, got {len(self.data)}"
            )
        try:
            self.data.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolUsageError(f"Card {self.kind.name} text is not UTF-8") from None

    @property
    def text(self) -> str | None:
        """The data as text for TEXT and NDEF cards, None for a UID."""
        return None if self.kind is CardKind.UID else self.data.decode("utf-8")

    def _pack(self) -> bytes:
        return bytes(((0x80 if self.present else 0) | self.kind,)) + self.data

    @classmethod
    def _unpack(cls, payload: bytes, seq: int) -> Self:
        if not 2 <= len(payload) <= MAX_PAYLOAD:
            raise FrameError(
                FrameReason.BAD_LENGTH,
                f"CARD payload is 2..{MAX_PAYLOAD} bytes, got {len(payload)}",
            )
        state_kind = payload[0]
        if state_kind & 0x70:
            raise FrameError(
                FrameReason.BAD_VALUE, f"CARD state_kind 0x{state_kind:02X} has reserved bits set"
            )
        # the kind field's check makes the nibble a CardKind or refuses it (FrameError BAD_VALUE)
        kind = state_kind & 0x0F
        return cls(bool(state_kind & 0x80), kind, payload[1:], seq=seq)  # type: ignore[arg-type]


@_register(0x04, "BUTTON", "<BB")
@dataclass(frozen=True, slots=True, repr=False)
class Button(Message):
    """A button was pressed."""

    EVENT = True

    button: ButtonId = checked(check_enum(ButtonId))
    press: Press = checked(check_enum(Press))
    seq: int = seq_field()


@_register(0x05, "SELECT", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class Select(Message):
    """A seat was chosen on the reader's select dial (0 = none)."""

    EVENT = True

    seat: int = checked(check_seat)
    seq: int = seq_field()


@_register(0x06, "BATTERY", "<BH")
@dataclass(frozen=True, slots=True, repr=False)
class Battery(Message):
    """A battery reading."""

    EVENT = True

    percent: int = checked(check_battery)
    millivolts: int = checked(check_u16)
    seq: int = seq_field()


@_register(0x07, "LOST", "<HH")
@dataclass(frozen=True, slots=True, repr=False)
class Lost(Message):
    """`count` events from `first_seq` on can no longer be sent; the frame's seq is first_seq."""

    first_seq: int = checked(check_u16)
    count: int = checked(check_u16)
    seq: int = seq_field()

    def _validate(self) -> None:
        if self.count == 0:
            raise ProtocolUsageError("Lost.count must be at least 1")
        if self.seq not in (0, self.first_seq):
            raise ProtocolUsageError(
                f"Lost.seq must equal first_seq ({self.first_seq}), got {self.seq}"
            )
        object.__setattr__(self, "seq", self.first_seq)

    @classmethod
    def _unpack(cls, payload: bytes, seq: int) -> Self:
        message = super(Lost, cls)._unpack(payload, seq)
        if seq != message.first_seq:
            raise FrameError(
                FrameReason.BAD_VALUE,
                f"LOST frame seq {seq} differs from first_seq {message.first_seq}",
            )
        return message


@_register(0x08, "ERROR", "<BB")
@dataclass(frozen=True, slots=True, repr=False)
class Error(Message):
    """Something went wrong on the reader; see ErrorCode for what `detail` means."""

    EVENT = True

    code: ErrorCode = checked(check_enum(ErrorCode))
    detail: int = checked(check_u8)
    seq: int = seq_field()


# --- host to reader ---------------------------------------------------------------


@_register(0x41, "ACK", "<H")
@dataclass(frozen=True, slots=True, repr=False)
class Ack(Message):
    """Every event up to and including `up_to` is safely stored; the reader frees them."""

    up_to: int = checked(check_u16)
    seq: int = seq_field()


@_register(0x42, "RESUME", "<H")
@dataclass(frozen=True, slots=True, repr=False)
class Resume(Message):
    """Send again every buffered event from `from_seq` on."""

    from_seq: int = checked(check_u16)
    seq: int = seq_field()


@_register(0x43, "FEEDBACK", "<BBBH")
@dataclass(frozen=True, slots=True, repr=False)
class Feedback(Message):
    """Drive the LED and buzzer; `duration_ms` 0 lasts until the next FEEDBACK."""

    color: Color = checked(check_enum(Color))
    pattern: Pattern = checked(check_enum(Pattern))
    buzzer: Buzzer = checked(check_enum(Buzzer))
    duration_ms: int = checked(check_u16)
    seq: int = seq_field()


@_register(0x44, "SET_SEAT", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class SetSeat(Message):
    """Give the reader a seat (0 = a shared reader)."""

    seat: int = checked(check_seat)
    seq: int = seq_field()


@_register(0x45, "IDENTIFY", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class Identify(Message):
    """Blink the LED for `seconds`, so a person can tell which reader this is."""

    seconds: int = checked(check_u8)
    seq: int = seq_field()


@_register(0x46, "HELLO_REQUEST")
@dataclass(frozen=True, slots=True, repr=False)
class HelloRequest(Message):
    """Ask the reader for a HELLO (after subscribing, SPEC.md section 7)."""

    seq: int = seq_field()


#: Every reader event class.
EVENT_TYPES = tuple(cls for cls in _REGISTRY.values() if cls.EVENT)
