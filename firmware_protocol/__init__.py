"""The card reader's wire protocol, sans-IO: messages, framing, sessions (SPEC.md).

Bytes in, messages out; messages in, bytes out. Nothing here does I/O, reads a clock
or imports asyncio/bleak/bumble, so the host, the simulated reader and the firmware's
reference logic all share it. The byte layouts are in `firmware_protocol/SPEC.md`; the
test vectors every implementation must match are in `vectors/v1.json`.
"""

from firmware_protocol import profile
from firmware_protocol.crc import CRC_CHECK_VALUE, crc16
from firmware_protocol.errors import FrameError, FrameReason, ProtocolError, ProtocolUsageError
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
from firmware_protocol.framing import (
    MAX_PIECE,
    StreamDecoder,
    cobs_decode,
    cobs_encode,
    frame_for_serial,
)
from firmware_protocol.jsonform import message_from_json, message_to_json
from firmware_protocol.messages import (
    BATTERY_UNKNOWN,
    EVENT_TYPES,
    MAX_FRAME,
    MAX_PAYLOAD,
    MAX_SEAT,
    MAX_TEXT,
    MESSAGE_TYPES,
    UID_LENGTHS,
    VERSION,
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
    decode,
    encode,
    is_command,
    is_reader_event,
)
from firmware_protocol.profile import Capability, Info, build_advertisement
from firmware_protocol.vectors import load_vectors

__all__ = [
    "BATTERY_UNKNOWN",
    "CRC_CHECK_VALUE",
    "EVENT_TYPES",
    "MAX_FRAME",
    "MAX_PAYLOAD",
    "MAX_PIECE",
    "MAX_SEAT",
    "MAX_TEXT",
    "MESSAGE_TYPES",
    "UID_LENGTHS",
    "VERSION",
    "Ack",
    "Battery",
    "Button",
    "ButtonId",
    "Buzzer",
    "Capability",
    "Card",
    "CardKind",
    "Color",
    "Error",
    "ErrorCode",
    "Feedback",
    "FrameError",
    "FrameReason",
    "Hello",
    "HelloRequest",
    "Identify",
    "Info",
    "Lost",
    "Message",
    "Pattern",
    "Press",
    "ProtocolError",
    "ProtocolUsageError",
    "ReaderFlags",
    "Resume",
    "Select",
    "SetSeat",
    "Status",
    "StreamDecoder",
    "build_advertisement",
    "cobs_decode",
    "cobs_encode",
    "crc16",
    "decode",
    "encode",
    "frame_for_serial",
    "is_command",
    "is_reader_event",
    "load_vectors",
    "message_from_json",
    "message_to_json",
    "profile",
]
