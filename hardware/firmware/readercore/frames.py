"""Frame layout, message numbers and field checks of protocol version 1 (SPEC.md 2-3).

A frame is ``version u8, type u8, seq u16, payload, crc u16`` with little-endian
integers and a CRC-16/CCITT-FALSE over everything before it. This module is the
reader's side only: it builds what the reader sends and checks what the host sends.

>>> frame = encode_frame(SELECT, 0, b"\\x03")
>>> decode_frame(frame)
(5, 0, b'\\x03')
"""

import struct

from .crc16 import crc16

VERSION = 1
HEADER = 4  # version, type, seq
MIN_FRAME = HEADER + 2
MAX_FRAME = 20  # one notification at the default ATT MTU; a reader never sends more
MAX_PAYLOAD = MAX_FRAME - MIN_FRAME

# Reader to host (SPEC.md section 3).
HELLO = 0x01
STATUS = 0x02
CARD = 0x03
BUTTON = 0x04
SELECT = 0x05
BATTERY = 0x06
LOST = 0x07
ERROR = 0x08

# Host to reader.
ACK = 0x41
RESUME = 0x42
FEEDBACK = 0x43
SET_SEAT = 0x44
IDENTIFY = 0x45
HELLO_REQUEST = 0x46

# The exact payload length of each command the reader understands.
COMMAND_PAYLOAD = {ACK: 2, RESUME: 2, FEEDBACK: 5, SET_SEAT: 1, IDENTIFY: 1, HELLO_REQUEST: 0}

# CARD state_kind: bit 7 present, bits 0..3 kind.
PRESENT = 0x80
KIND_TEXT = 1
KIND_NDEF = 2
KIND_UID = 3
UID_LENGTHS = (4, 7, 10)
MAX_TEXT = 13

# BUTTON.
BUTTON_OK = 1
BUTTON_NO = 2
BUTTON_UNDO = 3
PRESS_SHORT = 0
PRESS_LONG = 1

# HELLO/STATUS flags.
FLAG_CARD = 0x01
FLAG_CHARGING = 0x02
FLAG_LOW_BATTERY = 0x04
FLAG_PAIRING = 0x08

# ERROR codes.
ERR_BAD_FRAME = 1
ERR_UNKNOWN_COMMAND = 2
ERR_HARDWARE = 3

# ERROR detail for ERR_BAD_FRAME: why the frame was dropped, numbered as the host's
# ``firmware_protocol.errors.FrameReason``. For ERR_UNKNOWN_COMMAND the detail is the
# type byte of the frame the reader does not take.
BAD_SHORT = 1
BAD_CRC = 2
BAD_VERSION = 3
BAD_UNKNOWN_TYPE = 4  # the reader answers these with ERR_UNKNOWN_COMMAND instead
BAD_LENGTH = 5
BAD_VALUE = 6
BAD_COBS = 7  # serial only: a piece between delimiters is not valid COBS
TOO_LONG = 8  # serial only: a piece over 512 bytes, dropped unread

REASONS = {
    BAD_SHORT: "too short",
    BAD_CRC: "bad crc",
    BAD_VERSION: "unsupported version",
    BAD_LENGTH: "payload length does not fit its type",
    BAD_VALUE: "field value out of range",
    BAD_COBS: "not valid COBS",
    TOO_LONG: "piece longer than 512 bytes",
}

# FEEDBACK fields.
COLOR_OFF = 0
COLOR_GREEN = 1
COLOR_RED = 2
COLOR_BLUE = 3
COLOR_YELLOW = 4
COLOR_WHITE = 5
PATTERN_SOLID = 0
PATTERN_BLINK = 1
PATTERN_PULSE = 2
PATTERN_DOUBLE_BLINK = 3
BUZZ_NONE = 0
BUZZ_BEEP = 1
BUZZ_DOUBLE = 2
BUZZ_LONG = 3

MAX_SEAT = 10
BATTERY_UNKNOWN = 255


class FrameError(ValueError):
    """A received frame was dropped; ``reason`` is one of the ``BAD_*`` numbers.

    ``kind`` is ``ERR_BAD_FRAME`` or ``ERR_UNKNOWN_COMMAND``: the ERROR code the reader
    answers with; ``detail`` is that ERROR's detail byte.
    """

    def __init__(self, kind: int, detail: int, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.detail = detail


def _bad(reason: int) -> FrameError:
    return FrameError(ERR_BAD_FRAME, reason, REASONS[reason])


def encode_frame(msg_type: int, seq: int, payload: bytes = b"") -> bytes:
    """One frame: header, payload and CRC.

    Raises:
        ValueError: the type or seq does not fit a byte/u16, or the frame would be
            longer than the 20 bytes a reader may send.
    """
    if not 0 <= msg_type <= 0xFF:
        raise ValueError("type out of range")
    if not 0 <= seq <= 0xFFFF:
        raise ValueError("seq out of range")
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"payload longer than {MAX_PAYLOAD} bytes")
    body = bytes((VERSION, msg_type, seq & 0xFF, seq >> 8)) + bytes(payload)
    crc = crc16(body)
    return body + bytes((crc & 0xFF, crc >> 8))


def decode_frame(frame: bytes | bytearray | memoryview) -> tuple[int, int, bytes]:
    """Check the envelope of a received frame and return ``(type, seq, payload)``.

    Raises:
        FrameError: too short, bad CRC or unsupported version.
    """
    n = len(frame)
    if n < MIN_FRAME:
        raise _bad(BAD_SHORT)
    crc = crc16(memoryview(frame)[: n - 2])
    if frame[n - 2] != crc & 0xFF or frame[n - 1] != crc >> 8:
        raise _bad(BAD_CRC)
    if frame[0] != VERSION:
        raise _bad(BAD_VERSION)
    return frame[1], frame[2] | (frame[3] << 8), bytes(frame[HEADER : n - 2])


def decode_command(frame: bytes | bytearray | memoryview) -> tuple[int, int, tuple]:
    """Decode a host command into ``(type, host_seq, fields)``, checking every field.

    ``fields`` is ``(up_to,)`` for ACK, ``(from_seq,)`` for RESUME, ``(color, pattern,
    buzzer, duration_ms)`` for FEEDBACK, ``(seat,)`` for SET_SEAT, ``(seconds,)`` for
    IDENTIFY and ``()`` for HELLO_REQUEST.

    Raises:
        FrameError: with ``kind`` ERR_BAD_FRAME for a damaged or malformed frame, or
            ERR_UNKNOWN_COMMAND for a type the reader does not take.
    """
    msg_type, seq, payload = decode_frame(frame)
    size = COMMAND_PAYLOAD.get(msg_type)
    if size is None:
        raise FrameError(ERR_UNKNOWN_COMMAND, msg_type, f"unknown command 0x{msg_type:02x}")
    if len(payload) != size:
        raise _bad(BAD_LENGTH)
    if msg_type == ACK or msg_type == RESUME:
        return msg_type, seq, (payload[0] | (payload[1] << 8),)
    if msg_type == FEEDBACK:
        color, pattern, buzzer, lo, hi = payload
        if color > COLOR_WHITE or pattern > PATTERN_DOUBLE_BLINK or buzzer > BUZZ_LONG:
            raise _bad(BAD_VALUE)
        return msg_type, seq, (color, pattern, buzzer, lo | (hi << 8))
    if msg_type == SET_SEAT:
        if payload[0] > MAX_SEAT:
            raise _bad(BAD_VALUE)
        return msg_type, seq, (payload[0],)
    if msg_type == IDENTIFY:
        return msg_type, seq, (payload[0],)
    return msg_type, seq, ()


def hello_payload(
    epoch: int, last_seq: int, seat: int, battery: int, flags: int, reader_id: int
) -> bytes:
    """The 13-byte payload shared by HELLO and STATUS."""
    return struct.pack("<IHBBBI", epoch, last_seq, seat, battery, flags, reader_id)


def card_payload(present: bool, kind: int, data: bytes) -> bytes:
    """CARD payload: ``state_kind`` then the card's data."""
    return bytes(((PRESENT if present else 0) | kind,)) + data


def button_payload(button: int, long: bool) -> bytes:
    """BUTTON payload: button, then press (0 short, 1 long)."""
    return bytes((button, PRESS_LONG if long else PRESS_SHORT))


def select_payload(seat: int) -> bytes:
    """SELECT payload: the seat chosen."""
    return bytes((seat,))


def battery_payload(percent: int, millivolts: int) -> bytes:
    """BATTERY payload: percent, then millivolts as u16."""
    return bytes((percent, millivolts & 0xFF, millivolts >> 8))


def error_payload(code: int, detail: int) -> bytes:
    """ERROR payload: code, then detail."""
    return bytes((code, detail))


def lost_frame(first_seq: int, count: int) -> bytes:
    """LOST(first_seq, count); its frame seq is first_seq (it is not an event)."""
    payload = bytes((first_seq & 0xFF, first_seq >> 8, count & 0xFF, count >> 8))
    return encode_frame(LOST, first_seq, payload)


def check_card(kind: int, data: bytes) -> None:
    """Refuse card data that SPEC.md section 3 does not allow.

    Raises:
        ValueError: unknown kind, text that is empty, longer than 13 bytes or not
            UTF-8, or a UID that is not 4, 7 or 10 bytes long.
    """
    if kind == KIND_TEXT or kind == KIND_NDEF:
        if not 1 <= len(data) <= MAX_TEXT:
            raise ValueError(f"card text must be 1..13 bytes, got {len(data)}")
        try:
            str(data, "utf-8")
        except UnicodeError:
            raise ValueError("card text is not UTF-8") from None
    elif kind == KIND_UID:
        if len(data) not in UID_LENGTHS:
            raise ValueError(f"a UID is 4, 7 or 10 bytes, got {len(data)}")
    else:
        raise ValueError(f"unknown card kind {kind!r}")


def info_record(
    reader_id: int, seat: int, firmware: tuple[int, int, int], capabilities: int
) -> bytes:
    """The 11-byte value of the ``info`` characteristic (SPEC.md section 5)."""
    major, minor, patch = firmware
    return struct.pack("<BBBBIHB", VERSION, major, minor, patch, reader_id, capabilities, seat)


# Capability bits of the info record.
CAP_NFC = 0x01
CAP_QR = 0x02
CAP_BUTTONS = 0x04
CAP_SELECT = 0x08
CAP_LED = 0x10
CAP_BUZZER = 0x20
CAP_BATTERY = 0x40
