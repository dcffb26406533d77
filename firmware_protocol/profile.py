"""The GATT profile: UUIDs, characteristic properties, advertisement, info record.

Shared by the simulated reader (the GATT server) and the host (the client), so both
ends use the same constants (SPEC.md sections 1 and 5). Pure data and byte layouts.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from enum import IntFlag
from typing import Self, TypeGuard

from firmware_protocol.errors import FrameError, FrameReason, ProtocolUsageError
from firmware_protocol.fields import MAX_SEAT
from firmware_protocol.messages import VERSION

_BASE = "-0000-1000-8000-00805f9b34fb"


def uuid16(short: int) -> str:
    """The 128-bit text form of a Bluetooth SIG 16-bit UUID.

    >>> uuid16(0x180A)
    '0000180a-0000-1000-8000-00805f9b34fb'
    """
    if not 0 <= short <= 0xFFFF:
        raise ProtocolUsageError(f"a 16-bit UUID is 0..0xFFFF, got {short!r}")
    return f"0000{short:04x}{_BASE}"


#: The card-reader service (primary, advertised).
SERVICE_UUID = "6b1d0001-7a3e-4c59-8f21-3c5a9e0d4b7f"
#: Reader to host: each notification is one frame; a read returns a STATUS frame.
EVENT_UUID = "6b1d0002-7a3e-4c59-8f21-3c5a9e0d4b7f"
#: Host to reader: one frame per write.
COMMAND_UUID = "6b1d0003-7a3e-4c59-8f21-3c5a9e0d4b7f"
#: The info record (`Info`).
INFO_UUID = "6b1d0004-7a3e-4c59-8f21-3c5a9e0d4b7f"

DEVICE_INFO_SERVICE_UUID = uuid16(0x180A)
MANUFACTURER_NAME_UUID = uuid16(0x2A29)
MODEL_NUMBER_UUID = uuid16(0x2A24)
FIRMWARE_REVISION_UUID = uuid16(0x2A26)
#: Software Revision holds the protocol version as text.
SOFTWARE_REVISION_UUID = uuid16(0x2A28)
SOFTWARE_REVISION = str(VERSION)
BATTERY_SERVICE_UUID = uuid16(0x180F)
BATTERY_LEVEL_UUID = uuid16(0x2A19)


class Property(IntFlag):
    """GATT characteristic properties (the bit values of the Core spec, Vol 3 Part G 3.3.1.1)."""

    READ = 0x02
    WRITE_WITHOUT_RESPONSE = 0x04
    WRITE = 0x08
    NOTIFY = 0x10


@dataclass(frozen=True, slots=True)
class CharacteristicSpec:
    """One characteristic of the profile table."""

    name: str
    uuid: str
    properties: Property


#: The card-reader service's characteristics, in declaration order.
READER_CHARACTERISTICS = (
    CharacteristicSpec("event", EVENT_UUID, Property.NOTIFY | Property.READ),
    CharacteristicSpec("command", COMMAND_UUID, Property.WRITE | Property.WRITE_WITHOUT_RESPONSE),
    CharacteristicSpec("info", INFO_UUID, Property.READ),
)

# --- advertisement (SPEC.md section 1) ----------------------------------------------

#: A legacy advertisement carries at most 31 bytes.
MAX_ADVERTISEMENT = 31
#: Flags (3 bytes) + 128-bit service list (18 bytes) leave 10: a 2-byte header and 8.
MAX_NAME_BYTES = 8
_AD_FLAGS = 0x01
_AD_COMPLETE_128 = 0x07
_AD_COMPLETE_NAME = 0x09
_LE_GENERAL_DISCOVERABLE_NO_BREDR = 0x06


def default_name(reader_id: int) -> str:
    """`TCR-` and the last 4 hex digits of the reader id.

    >>> default_name(0x12344B7F)
    'TCR-4B7F'
    """
    if isinstance(reader_id, bool) or not isinstance(reader_id, int):
        raise ProtocolUsageError(f"reader_id must be an int, got {reader_id!r}")
    if not 0 <= reader_id <= 0xFFFFFFFF:
        raise ProtocolUsageError(f"reader_id must be 0..0xFFFFFFFF, got {reader_id}")
    return f"TCR-{reader_id & 0xFFFF:04X}"


def _uuid_le(uuid: str) -> bytes:
    return bytes.fromhex(uuid.replace("-", ""))[::-1]


def build_advertisement(name: str) -> bytes:
    """The advertising data: Flags, the service UUID, the Complete Local Name.

    >>> adv = build_advertisement("TCR-4B7F")
    >>> len(adv), adv[:3].hex()
    (31, '020106')

    Raises:
        ProtocolUsageError (a ValueError): the name is empty or the data would pass 31 bytes.
    """
    if not isinstance(name, str) or not name:
        raise ProtocolUsageError(f"the local name must be a non-empty str, got {name!r}")
    encoded = name.encode("utf-8")
    data = (
        bytes((2, _AD_FLAGS, _LE_GENERAL_DISCOVERABLE_NO_BREDR))
        + bytes((17, _AD_COMPLETE_128))
        + _uuid_le(SERVICE_UUID)
        + bytes((len(encoded) + 1, _AD_COMPLETE_NAME))
        + encoded
    )
    if len(data) > MAX_ADVERTISEMENT:
        raise ProtocolUsageError(
            f"advertisement would be {len(data)} bytes (max {MAX_ADVERTISEMENT}): "
            f"the name {name!r} is {len(encoded)} bytes, at most {MAX_NAME_BYTES} fit"
        )
    return data


# --- info record (SPEC.md section 5) -----------------------------------------------


class Capability(IntFlag):
    """What the reader's hardware can do (info record `capabilities`)."""

    NFC = 1 << 0
    QR = 1 << 1
    BUTTONS = 1 << 2
    SELECT_DIAL = 1 << 3
    LED = 1 << 4
    BUZZER = 1 << 5
    BATTERY = 1 << 6


_INFO = struct.Struct("<B3BIHB")


@dataclass(frozen=True, slots=True)
class Info:
    """The `info` characteristic's record: protocol and firmware version, identity, features.

    >>> info = Info(firmware=(1, 2, 3), reader_id=0x12344B7F, capabilities=Capability.NFC, seat=3)
    >>> Info.from_bytes(bytes(info)) == info
    True
    """

    firmware: tuple[int, int, int]
    reader_id: int
    capabilities: Capability
    seat: int = 0
    protocol_version: int = VERSION

    SIZE = _INFO.size

    def __post_init__(self) -> None:
        firmware = tuple(self.firmware)
        if len(firmware) != 3 or not all(_is_u8(part) for part in firmware):
            raise ProtocolUsageError(
                f"Info.firmware must be (major, minor, patch) of 0..255, got {self.firmware!r}"
            )
        object.__setattr__(self, "firmware", firmware)
        if not _is_int(self.reader_id) or not 0 <= self.reader_id <= 0xFFFFFFFF:
            raise ProtocolUsageError(f"Info.reader_id must be a u32, got {self.reader_id!r}")
        if not _is_int(self.capabilities) or not 0 <= self.capabilities <= 0xFFFF:
            raise ProtocolUsageError(f"Info.capabilities must be a u16, got {self.capabilities!r}")
        object.__setattr__(self, "capabilities", Capability(self.capabilities))
        if not _is_int(self.seat) or not 0 <= self.seat <= MAX_SEAT:
            raise ProtocolUsageError(f"Info.seat must be 0..{MAX_SEAT}, got {self.seat!r}")
        if not _is_u8(self.protocol_version) or self.protocol_version == 0:
            raise ProtocolUsageError(
                f"Info.protocol_version must be 1..255, got {self.protocol_version!r}"
            )

    def __bytes__(self) -> bytes:
        return _INFO.pack(
            self.protocol_version, *self.firmware, self.reader_id, self.capabilities, self.seat
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> Self:
        """Parse an info record; bytes after the 11 known ones are ignored (later additions).

        Raises:
            FrameError: too short (BAD_LENGTH), another protocol version
                (UNSUPPORTED_VERSION, the message names it), or a bad value (BAD_VALUE).
        """
        data = bytes(data)
        if len(data) < _INFO.size:
            raise FrameError(
                FrameReason.BAD_LENGTH, f"info record is {_INFO.size} bytes, got {len(data)}"
            )
        version, major, minor, patch, reader_id, capabilities, seat = _INFO.unpack_from(data)
        if version != VERSION:
            raise FrameError(
                FrameReason.UNSUPPORTED_VERSION,
                f"the reader speaks protocol version {version}; this side speaks {VERSION}",
            )
        try:
            return cls((major, minor, patch), reader_id, Capability(capabilities), seat, version)
        except ProtocolUsageError as error:
            raise FrameError(FrameReason.BAD_VALUE, f"info record: {error}") from None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_u8(value: object) -> bool:
    return _is_int(value) and 0 <= value <= 255
