"""Write `v1.json`, the test vectors (run `python -m firmware_protocol.vectors.build`).

The cases are listed here by hand; the hex is computed by this package's encoder, and
the committed JSON is then the contract: the tests check every vector both ways, and
the CRC and header bytes of each against an independent bitwise CRC. Regenerate only
when adding cases; a change in existing hex means a protocol change (SPEC.md section 9).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from firmware_protocol.crc import crc16
from firmware_protocol.errors import FrameError, FrameReason
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
from firmware_protocol.framing import StreamDecoder, cobs_encode, frame_for_serial
from firmware_protocol.jsonform import message_to_json
from firmware_protocol.messages import (
    Ack,
    Battery,
    Button,
    Card,
    Error,
    Feedback,
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Message,
    Resume,
    Select,
    SetSeat,
    Status,
    encode,
)
from firmware_protocol.profile import Capability, Info, build_advertisement

_ALL_FLAGS = ReaderFlags.CARD_PRESENT | ReaderFlags.CHARGING | ReaderFlags.LOW_BATTERY
_ALL_FLAGS |= ReaderFlags.PAIRING

MESSAGES: list[tuple[str, Message]] = [
    (
        "hello after boot, no events yet",
        Hello(0xDEADBEEF, 0xFFFF, 0, 255, ReaderFlags(0), 0x12344B7F),
    ),
    ("hello seat 10, all flags", Hello(1, 0, 10, 100, _ALL_FLAGS, 0xFFFFFFFF)),
    ("hello mid-game", Hello(0x0BADCAFE, 1234, 3, 57, ReaderFlags.CARD_PRESENT, 7)),
    ("status shared reader charging", Status(0xFFFFFFFF, 65534, 0, 0, ReaderFlags.CHARGING, 0)),
    ("status seat 5", Status(42, 9, 5, 80, ReaderFlags(0), 0x00C0FFEE)),
    ("card text read seq 0", Card(True, CardKind.TEXT, b"SGS:0042", seq=0)),
    (
        "card text of 13 bytes removed, seq 65535",
        Card(False, CardKind.TEXT, b"SGS-EX:123456", seq=65535),
    ),
    ("card text of 1 byte", Card(True, CardKind.TEXT, b"K", seq=1)),
    ("card NDEF UTF-8 text", Card(True, CardKind.NDEF, "杀:S7".encode(), seq=300)),
    ("card UID 4 bytes", Card(True, CardKind.UID, bytes.fromhex("04a1b2c3"), seq=2)),
    ("card UID 7 bytes", Card(True, CardKind.UID, bytes.fromhex("04112233445566"), seq=3)),
    (
        "card UID 10 bytes removed",
        Card(False, CardKind.UID, bytes.fromhex("00112233445566778899"), seq=4),
    ),
    ("button OK short", Button(ButtonId.OK, Press.SHORT, seq=0)),
    ("button NO long", Button(ButtonId.NO, Press.LONG, seq=17)),
    ("button UNDO short seq 65535", Button(ButtonId.UNDO, Press.SHORT, seq=65535)),
    ("select no seat", Select(0, seq=5)),
    ("select seat 1", Select(1, seq=6)),
    ("select seat 10", Select(10, seq=0x1234)),
    ("battery full", Battery(100, 4150, seq=7)),
    ("battery empty", Battery(0, 3300, seq=8)),
    ("battery unknown", Battery(255, 0, seq=65535)),
    ("lost one from 0", Lost(0, 1)),
    ("lost across the wrap", Lost(65500, 100)),
    ("lost the most", Lost(65535, 65535)),
    ("error bad frame (bad CRC)", Error(ErrorCode.BAD_FRAME, FrameReason.BAD_CRC, seq=9)),
    ("error unknown command 0x47", Error(ErrorCode.UNKNOWN_COMMAND, 0x47, seq=10)),
    ("error hardware fault", Error(ErrorCode.HARDWARE_FAULT, 255, seq=65535)),
    ("ack 0", Ack(0)),
    ("ack 65535", Ack(65535, seq=65535)),
    ("ack 300, host seq 7", Ack(300, seq=7)),
    ("resume from 0", Resume(0, seq=1)),
    ("resume from 65535", Resume(65535, seq=2)),
    ("feedback off", Feedback(Color.OFF, Pattern.SOLID, Buzzer.NONE, 0)),
    ("feedback accepted", Feedback(Color.GREEN, Pattern.SOLID, Buzzer.BEEP, 500, seq=3)),
    (
        "feedback rejected",
        Feedback(Color.RED, Pattern.DOUBLE_BLINK, Buzzer.DOUBLE_BEEP, 1000, seq=4),
    ),
    ("feedback your decision", Feedback(Color.BLUE, Pattern.PULSE, Buzzer.NONE, 0, seq=5)),
    ("feedback judgment", Feedback(Color.YELLOW, Pattern.BLINK, Buzzer.LONG, 65535, seq=6)),
    ("feedback white", Feedback(Color.WHITE, Pattern.BLINK, Buzzer.NONE, 1, seq=65535)),
    ("set seat none", SetSeat(0)),
    ("set seat 10", SetSeat(10, seq=8)),
    ("identify 0 s", Identify(0)),
    ("identify 5 s", Identify(5, seq=9)),
    ("identify 255 s", Identify(255, seq=10)),
    ("hello request", HelloRequest()),
    ("hello request seq 65535", HelloRequest(seq=65535)),
]


def _frame(version: int, type_byte: int, seq: int, payload: bytes) -> bytes:
    """A frame with a correct CRC around whatever header and payload are given."""
    body = bytes((version, type_byte, seq & 0xFF, seq >> 8)) + payload
    crc = crc16(body)
    return body + bytes((crc & 0xFF, crc >> 8))


_GOOD = encode(Button(ButtonId.OK, Press.SHORT, seq=1))
_BAD_CRC = _GOOD[:-1] + bytes((_GOOD[-1] ^ 0x01,))
_FLIPPED = _GOOD[:4] + bytes((_GOOD[4] ^ 0x02,)) + _GOOD[5:]
_BIG_ENDIAN_CRC = _GOOD[:-2] + _GOOD[-2:][::-1]

INVALID: list[tuple[str, bytes, FrameReason]] = [
    ("empty", b"", FrameReason.TOO_SHORT),
    ("5 bytes", bytes.fromhex("0141000000"), FrameReason.TOO_SHORT),
    ("last CRC bit flipped", _BAD_CRC, FrameReason.BAD_CRC),
    ("payload bit flipped", _FLIPPED, FrameReason.BAD_CRC),
    ("CRC written big-endian", _BIG_ENDIAN_CRC, FrameReason.BAD_CRC),
    ("version 2", _frame(2, 0x04, 1, b"\x01\x00"), FrameReason.UNSUPPORTED_VERSION),
    ("version 0", _frame(0, 0x41, 0, b"\x00\x00"), FrameReason.UNSUPPORTED_VERSION),
    ("type 0x00", _frame(1, 0x00, 0, b""), FrameReason.UNKNOWN_TYPE),
    ("type 0x09", _frame(1, 0x09, 0, b"\x01"), FrameReason.UNKNOWN_TYPE),
    ("type 0x40", _frame(1, 0x40, 0, b""), FrameReason.UNKNOWN_TYPE),
    ("type 0x47", _frame(1, 0x47, 0, b""), FrameReason.UNKNOWN_TYPE),
    ("type 0xFF", _frame(1, 0xFF, 0, b""), FrameReason.UNKNOWN_TYPE),
    ("ACK with 3 payload bytes", _frame(1, 0x41, 0, b"\x01\x00\x00"), FrameReason.BAD_LENGTH),
    ("ACK with 1 payload byte", _frame(1, 0x41, 0, b"\x01"), FrameReason.BAD_LENGTH),
    ("HELLO with 12 payload bytes", _frame(1, 0x01, 0, bytes(12)), FrameReason.BAD_LENGTH),
    ("HELLO_REQUEST with a payload byte", _frame(1, 0x46, 0, b"\x00"), FrameReason.BAD_LENGTH),
    ("CARD with no data", _frame(1, 0x03, 0, b"\x81"), FrameReason.BAD_LENGTH),
    ("CARD of 21 bytes", _frame(1, 0x03, 0, b"\x81" + b"A" * 14), FrameReason.BAD_LENGTH),
    ("BUTTON 4", _frame(1, 0x04, 0, b"\x04\x00"), FrameReason.BAD_VALUE),
    ("BUTTON 0", _frame(1, 0x04, 0, b"\x00\x00"), FrameReason.BAD_VALUE),
    ("BUTTON press 2", _frame(1, 0x04, 0, b"\x01\x02"), FrameReason.BAD_VALUE),
    ("SET_SEAT 11", _frame(1, 0x44, 0, b"\x0b"), FrameReason.BAD_VALUE),
    ("SELECT 255", _frame(1, 0x05, 0, b"\xff"), FrameReason.BAD_VALUE),
    ("BATTERY 101 percent", _frame(1, 0x06, 0, b"\x65\x00\x00"), FrameReason.BAD_VALUE),
    (
        "HELLO epoch 0",
        _frame(1, 0x01, 0xFFFF, bytes(4) + b"\xff\xff\x00\xff\x00" + bytes(4)),
        FrameReason.BAD_VALUE,
    ),
    (
        "HELLO seq differs from last_seq",
        _frame(1, 0x01, 0, b"\x01\x00\x00\x00\x05\x00\x00\xff\x00" + bytes(4)),
        FrameReason.BAD_VALUE,
    ),
    (
        "STATUS battery 200",
        _frame(1, 0x02, 5, b"\x01\x00\x00\x00\x05\x00\x00\xc8\x00" + bytes(4)),
        FrameReason.BAD_VALUE,
    ),
    ("LOST count 0", _frame(1, 0x07, 3, b"\x03\x00\x00\x00"), FrameReason.BAD_VALUE),
    (
        "LOST seq differs from first_seq",
        _frame(1, 0x07, 0, b"\x03\x00\x01\x00"),
        FrameReason.BAD_VALUE,
    ),
    ("CARD kind 0", _frame(1, 0x03, 0, b"\x80A"), FrameReason.BAD_VALUE),
    ("CARD kind 4", _frame(1, 0x03, 0, b"\x84A"), FrameReason.BAD_VALUE),
    ("CARD reserved bit 4 set", _frame(1, 0x03, 0, b"\x91A"), FrameReason.BAD_VALUE),
    ("CARD UID of 5 bytes", _frame(1, 0x03, 0, b"\x83" + bytes(5)), FrameReason.BAD_VALUE),
    ("CARD text not UTF-8", _frame(1, 0x03, 0, b"\x81\xff\xfe"), FrameReason.BAD_VALUE),
    ("ERROR code 0", _frame(1, 0x08, 0, b"\x00\x00"), FrameReason.BAD_VALUE),
    ("ERROR code 4", _frame(1, 0x08, 0, b"\x04\x00"), FrameReason.BAD_VALUE),
    ("FEEDBACK color 6", _frame(1, 0x43, 0, b"\x06\x00\x00\x00\x00"), FrameReason.BAD_VALUE),
    ("FEEDBACK pattern 4", _frame(1, 0x43, 0, b"\x01\x04\x00\x00\x00"), FrameReason.BAD_VALUE),
    ("FEEDBACK buzzer 4", _frame(1, 0x43, 0, b"\x01\x00\x04\x00\x00"), FrameReason.BAD_VALUE),
]

COBS: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("one zero", b"\x00"),
    ("two zeros", b"\x00\x00"),
    ("zero in the middle", bytes.fromhex("11220033")),
    ("ends with zero", bytes.fromhex("112233440000")),
    ("254 non-zero bytes (no trailing block)", bytes(range(1, 255))),
    ("255 non-zero bytes", bytes(range(1, 256))),
    ("254 non-zero bytes then a zero", bytes(range(1, 255)) + b"\x00"),
    ("a frame", encode(Ack(7))),
]

_F1 = frame_for_serial(encode(Button(ButtonId.OK, Press.SHORT, seq=1)))
_F2 = frame_for_serial(encode(Select(4, seq=2)))
_F3 = frame_for_serial(encode(Card(True, CardKind.UID, bytes.fromhex("04a1b2c3"), seq=3)))

STREAMS: list[tuple[str, bytes]] = [
    ("three frames back to back", _F1 + _F2 + _F3),
    ("empty pieces between frames", b"\x00\x00\x00" + _F1 + b"\x00\x00" + _F2),
    ("garbage before a frame", b"\x13\x37\xca\xfe" + _F1 + _F2),
    ("a truncated frame, then a frame", _F1[:6] + _F2 + _F3),
    ("a byte inserted into a frame", _F1[:5] + b"\x5a" + _F1[5:] + _F2),
    ("a byte removed from a frame", _F1[:4] + _F1[5:] + _F3),
    ("a frame with a flipped bit", _F1[:3] + bytes((_F1[3] ^ 0x10,)) + _F1[4:] + _F2),
    ("a piece of 600 bytes, then a frame", b"\x00" + b"\x41" * 600 + _F2),
    ("no trailing delimiter yet", _F1 + _F2[:-1]),
]


def _stream_expect(stream: bytes) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for item in StreamDecoder().feed(stream):
        if isinstance(item, FrameError):
            out.append({"error": item.reason.name})
        else:
            out.append({"message": message_to_json(item)})
    return out


def build() -> dict[str, Any]:
    """The whole vector document."""
    info = [
        ("a seat reader", Info((1, 2, 3), 0x12344B7F, Capability.NFC | Capability.BUTTONS, 3)),
        ("a shared QR reader, everything", Info((0, 0, 1), 0, Capability(0x7F), 0)),
    ]
    return {
        "protocol_version": 1,
        "about": "Test vectors of the card reader wire protocol; format in SPEC.md section 10.",
        "crc": [
            {
                "name": "check value",
                "input": b"123456789".hex(),
                "crc": f"{crc16(b'123456789'):04x}",
            },
            {"name": "empty", "input": "", "crc": f"{crc16(b''):04x}"},
            {"name": "a frame body", "input": _GOOD[:-2].hex(), "crc": f"{crc16(_GOOD[:-2]):04x}"},
        ],
        "messages": [
            {"name": name, "message": message_to_json(msg), "hex": encode(msg).hex()}
            for name, msg in MESSAGES
        ],
        "invalid_frames": [
            {"name": name, "hex": data.hex(), "reason": reason.name}
            for name, data, reason in INVALID
        ],
        "cobs": [
            {"name": name, "decoded": data.hex(), "encoded": cobs_encode(data).hex()}
            for name, data in COBS
        ],
        "streams": [
            {"name": name, "hex": data.hex(), "expect": _stream_expect(data)}
            for name, data in STREAMS
        ],
        "info_records": [
            {
                "name": name,
                "info": {
                    "protocol_version": record.protocol_version,
                    "firmware": list(record.firmware),
                    "reader_id": record.reader_id,
                    "capabilities": int(record.capabilities),
                    "seat": record.seat,
                },
                "hex": bytes(record).hex(),
            }
            for name, record in info
        ],
        "advertisements": [
            {"name": name, "local_name": name, "hex": build_advertisement(name).hex()}
            for name in ("TCR-4B7F", "T")
        ],
    }


def main() -> int:
    """Write v1.json next to this file (or to the path given)."""
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("v1.json")
    text = json.dumps(build(), ensure_ascii=False, indent=1) + "\n"
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
