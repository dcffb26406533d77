"""Enumerated field values of the messages (SPEC.md section 3, "Field values")."""

from __future__ import annotations

from enum import IntEnum, IntFlag

#: Number of seats a table can have; seat 0 means "no seat".
MAX_SEAT = 10
#: Battery value meaning "unknown".
BATTERY_UNKNOWN = 255


class CardKind(IntEnum):
    """What a CARD event's data holds."""

    TEXT = 1  # a printed label's text code, UTF-8
    NDEF = 2  # the text of an NFC NDEF text record, UTF-8
    UID = 3  # a raw tag UID of 4, 7 or 10 bytes


class ButtonId(IntEnum):
    """The reader's three buttons."""

    OK = 1
    NO = 2
    UNDO = 3


class Press(IntEnum):
    """How long a button was held."""

    SHORT = 0
    LONG = 1


class Color(IntEnum):
    """LED colour of a FEEDBACK command."""

    OFF = 0
    GREEN = 1
    RED = 2
    BLUE = 3
    YELLOW = 4
    WHITE = 5


class Pattern(IntEnum):
    """LED pattern of a FEEDBACK command."""

    SOLID = 0
    BLINK = 1
    PULSE = 2
    DOUBLE_BLINK = 3


class Buzzer(IntEnum):
    """Buzzer sound of a FEEDBACK command."""

    NONE = 0
    BEEP = 1
    DOUBLE_BEEP = 2
    LONG = 3


class ErrorCode(IntEnum):
    """Code of an ERROR event."""

    BAD_FRAME = 1  # detail = the FrameReason number
    UNKNOWN_COMMAND = 2  # detail = the message type byte
    HARDWARE_FAULT = 3  # detail = a hardware-specific code


class ReaderFlags(IntFlag):
    """HELLO/STATUS `flags` bits; receivers keep (and ignore) bits they do not know."""

    CARD_PRESENT = 1
    CHARGING = 2
    LOW_BATTERY = 4
    PAIRING = 8
