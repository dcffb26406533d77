"""Field checks of the message dataclasses (private to `messages`).

Each check takes (owner class name, field name, value) and returns the value to store
(coerced: an int to its enum, str text to UTF-8 bytes) or raises ProtocolUsageError
naming the class and the field. `decode` turns that error into FrameError(BAD_VALUE).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from enum import IntEnum
from typing import Any

from firmware_protocol.errors import ProtocolUsageError
from firmware_protocol.fields import BATTERY_UNKNOWN, MAX_SEAT, ReaderFlags

Check = Callable[[str, str, Any], Any]


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_uint(bits: int) -> Callable[[str, str, Any], int]:
    top = (1 << bits) - 1

    def check(owner: str, name: str, value: Any) -> int:
        if not is_int(value):
            raise ProtocolUsageError(f"{owner}.{name} must be an int, not {value!r}")
        if not 0 <= value <= top:
            raise ProtocolUsageError(f"{owner}.{name} must be 0..{top}, got {value}")
        return int(value)

    return check


check_u8, check_u16, check_u32 = check_uint(8), check_uint(16), check_uint(32)


def check_seat(owner: str, name: str, value: Any) -> int:
    number = check_u8(owner, name, value)
    if number > MAX_SEAT:
        raise ProtocolUsageError(
            f"{owner}.{name} must be 0 (no seat) or 1..{MAX_SEAT}, got {number}"
        )
    return number


def check_battery(owner: str, name: str, value: Any) -> int:
    number = check_u8(owner, name, value)
    if number > 100 and number != BATTERY_UNKNOWN:
        raise ProtocolUsageError(
            f"{owner}.{name} must be 0..100 percent or {BATTERY_UNKNOWN} (unknown), got {number}"
        )
    return number


def check_epoch(owner: str, name: str, value: Any) -> int:
    number = check_u32(owner, name, value)
    if number == 0:
        raise ProtocolUsageError(f"{owner}.{name} must be non-zero (0 is reserved)")
    return number


def check_flags(owner: str, name: str, value: Any) -> ReaderFlags:
    # Unknown bits are kept, not refused: new flag bits do not change the version.
    return ReaderFlags(check_u8(owner, name, value))


def check_enum(enum_cls: type[IntEnum]) -> Check:
    def check(owner: str, name: str, value: Any) -> IntEnum:
        if isinstance(value, enum_cls):
            return value
        if is_int(value):
            try:
                return enum_cls(value)
            except ValueError:
                pass
        known = ", ".join(f"{m.value} {m.name}" for m in enum_cls)
        raise ProtocolUsageError(
            f"{owner}.{name} must be a {enum_cls.__name__} ({known}), got {value!r}"
        )

    return check


def check_bool(owner: str, name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ProtocolUsageError(f"{owner}.{name} must be a bool, got {value!r}")
    return value


def check_card_data(owner: str, name: str, value: Any) -> bytes:
    # Text may be given as str for convenience; it is stored as its UTF-8 bytes.
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise ProtocolUsageError(f"{owner}.{name} must be bytes (or str for text), got {value!r}")


def checked(check: Check, **kwargs: Any) -> Any:
    return field(metadata={"check": check}, **kwargs)


def seq_field() -> Any:
    return checked(check_u16, default=0)
