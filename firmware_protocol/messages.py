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
from dataclasses import dataclass, field, fields
from enum import IntEnum, IntFlag
from types import MappingProxyType
from typing import Any, ClassVar, Self

from firmware_protocol.crc import crc16
from firmware_protocol.errors import FrameError, FrameReason, ProtocolUsageError
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
#: Number of seats a table can have; seat 0 means "no seat".
MAX_SEAT = 10
#: Battery value meaning "unknown".
BATTERY_UNKNOWN = 255
#: Valid lengths of a raw tag UID.
UID_LENGTHS = (4, 7, 10)

_HEADER = struct.Struct("<BBH")
_CRC = struct.Struct("<H")

_Check = Callable[[str, str, Any], Any]


# --- field checks -----------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _uint(bits: int) -> _Check:
    top = (1 << bits) - 1

    def check(owner: str, name: str, value: Any) -> int:
        if not _is_int(value):
            raise ProtocolUsageError(f"{owner}.{name} must be an int, not {value!r}")
        if not 0 <= value <= top:
            raise ProtocolUsageError(f"{owner}.{name} must be 0..{top}, got {value}")
        return int(value)

    return check


_U8, _U16, _U32 = _uint(8), _uint(16), _uint(32)


def _seat(owner: str, name: str, value: Any) -> int:
    value = _U8(owner, name, value)
    if value > MAX_SEAT:
        raise ProtocolUsageError(
            f"{owner}.{name} must be 0 (no seat) or 1..{MAX_SEAT}, got {value}"
        )
    return value


def _battery(owner: str, name: str, value: Any) -> int:
    value = _U8(owner, name, value)
    if value > 100 and value != BATTERY_UNKNOWN:
        raise ProtocolUsageError(
            f"{owner}.{name} must be 0..100 percent or {BATTERY_UNKNOWN} (unknown), got {value}"
        )
    return value


def _epoch(owner: str, name: str, value: Any) -> int:
    value = _U32(owner, name, value)
    if value == 0:
        raise ProtocolUsageError(f"{owner}.{name} must be non-zero (0 is reserved)")
    return value


def _flags(owner: str, name: str, value: Any) -> ReaderFlags:
    # Unknown bits are kept, not refused: new flag bits do not change the version.
    return ReaderFlags(_U8(owner, name, value))


def _enum(enum_cls: type[IntEnum]) -> _Check:
    def check(owner: str, name: str, value: Any) -> IntEnum:
        if isinstance(value, enum_cls):
            return value
        if _is_int(value):
            try:
                return enum_cls(value)
            except ValueError:
                pass
        known = ", ".join(f"{m.value} {m.name}" for m in enum_cls)
        raise ProtocolUsageError(
            f"{owner}.{name} must be a {enum_cls.__name__} ({known}), got {value!r}"
        )

    return check


def _bool(owner: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolUsageError(f"{owner}.{name} must be a bool, got {value!r}")
    return value


def _card_data(owner: str, name: str, value: Any) -> bytes:
    # Text may be given as str for convenience; it is stored as its UTF-8 bytes.
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise ProtocolUsageError(f"{owner}.{name} must be bytes (or str for text), got {value!r}")


def _f(check: _Check, **kwargs: Any) -> Any:
    return field(metadata={"check": check}, **kwargs)


def _seq_field() -> Any:
    return _f(_U16, default=0)


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

    TYPE: ClassVar[int]
    NAME: ClassVar[str]
    #: True for sequenced reader events (CARD, BUTTON, SELECT, BATTERY, ERROR).
    EVENT: ClassVar[bool] = False
    _LAYOUT: ClassVar[struct.Struct]
    _CHECKS: ClassVar[tuple[tuple[str, _Check], ...]]
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
        args = ", ".join(
            f"{f.name}={_repr_value(getattr(self, f.name))}"
            for f in fields(self)  # type: ignore[arg-type]
        )
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


def decode(data: bytes) -> Message:
    """The message in one frame; any flaw raises FrameError and yields nothing.

    The checks run in the order of the reasons: TOO_SHORT, BAD_CRC, UNSUPPORTED_VERSION,
    UNKNOWN_TYPE, BAD_LENGTH, BAD_VALUE.

    Raises:
        FrameError: the frame is not a valid version-1 message.
        ProtocolUsageError: `data` is not bytes-like.
    """
    if not isinstance(data, bytes):
        if not isinstance(data, (bytearray, memoryview)):
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

    epoch: int = _f(_epoch)
    last_seq: int = _f(_U16)
    seat: int = _f(_seat)
    battery: int = _f(_battery)
    flags: ReaderFlags = _f(_flags)
    reader_id: int = _f(_U32)
    seq: int = _seq_field()

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

    present: bool = _f(_bool)
    kind: CardKind = _f(_enum(CardKind))
    data: bytes = _f(_card_data)
    seq: int = _seq_field()

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
        return cls(bool(state_kind & 0x80), state_kind & 0x0F, payload[1:], seq=seq)


@_register(0x04, "BUTTON", "<BB")
@dataclass(frozen=True, slots=True, repr=False)
class Button(Message):
    """A button was pressed."""

    EVENT = True

    button: ButtonId = _f(_enum(ButtonId))
    press: Press = _f(_enum(Press))
    seq: int = _seq_field()


@_register(0x05, "SELECT", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class Select(Message):
    """A seat was chosen on the reader's select dial (0 = none)."""

    EVENT = True

    seat: int = _f(_seat)
    seq: int = _seq_field()


@_register(0x06, "BATTERY", "<BH")
@dataclass(frozen=True, slots=True, repr=False)
class Battery(Message):
    """A battery reading."""

    EVENT = True

    percent: int = _f(_battery)
    millivolts: int = _f(_U16)
    seq: int = _seq_field()


@_register(0x07, "LOST", "<HH")
@dataclass(frozen=True, slots=True, repr=False)
class Lost(Message):
    """`count` events from `first_seq` on can no longer be sent; the frame's seq is first_seq."""

    first_seq: int = _f(_U16)
    count: int = _f(_U16)
    seq: int = _seq_field()

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

    code: ErrorCode = _f(_enum(ErrorCode))
    detail: int = _f(_U8)
    seq: int = _seq_field()


# --- host to reader ---------------------------------------------------------------


@_register(0x41, "ACK", "<H")
@dataclass(frozen=True, slots=True, repr=False)
class Ack(Message):
    """Every event up to and including `up_to` is safely stored; the reader frees them."""

    up_to: int = _f(_U16)
    seq: int = _seq_field()


@_register(0x42, "RESUME", "<H")
@dataclass(frozen=True, slots=True, repr=False)
class Resume(Message):
    """Send again every buffered event from `from_seq` on."""

    from_seq: int = _f(_U16)
    seq: int = _seq_field()


@_register(0x43, "FEEDBACK", "<BBBH")
@dataclass(frozen=True, slots=True, repr=False)
class Feedback(Message):
    """Drive the LED and buzzer; `duration_ms` 0 lasts until the next FEEDBACK."""

    color: Color = _f(_enum(Color))
    pattern: Pattern = _f(_enum(Pattern))
    buzzer: Buzzer = _f(_enum(Buzzer))
    duration_ms: int = _f(_U16)
    seq: int = _seq_field()


@_register(0x44, "SET_SEAT", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class SetSeat(Message):
    """Give the reader a seat (0 = a shared reader)."""

    seat: int = _f(_seat)
    seq: int = _seq_field()


@_register(0x45, "IDENTIFY", "<B")
@dataclass(frozen=True, slots=True, repr=False)
class Identify(Message):
    """Blink the LED for `seconds`, so a person can tell which reader this is."""

    seconds: int = _f(_U8)
    seq: int = _seq_field()


@_register(0x46, "HELLO_REQUEST")
@dataclass(frozen=True, slots=True, repr=False)
class HelloRequest(Message):
    """Ask the reader for a HELLO (after subscribing, SPEC.md section 7)."""

    seq: int = _seq_field()


#: Every reader event class.
EVENT_TYPES = tuple(cls for cls in _REGISTRY.values() if cls.EVENT)
