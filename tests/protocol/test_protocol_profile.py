"""GATT profile: UUIDs, properties, advertisement and info record (SPEC.md sections 1, 5)."""

from __future__ import annotations

import uuid

import pytest

from firmware_protocol import Capability, FrameError, FrameReason, Info, ProtocolUsageError, profile
from firmware_protocol.profile import Property, build_advertisement, default_name


def test_uuids_are_valid_and_share_the_service_base() -> None:
    """The four card-reader UUIDs parse as UUIDs and differ only in the second 16-bit word."""
    ours = [profile.SERVICE_UUID, profile.EVENT_UUID, profile.COMMAND_UUID, profile.INFO_UUID]
    assert [str(uuid.UUID(u)) for u in ours] == ours
    assert [u[4:8] for u in ours] == ["0001", "0002", "0003", "0004"]
    assert len({u[:4] + u[8:] for u in ours}) == 1
    assert profile.BATTERY_LEVEL_UUID == "00002a19-0000-1000-8000-00805f9b34fb"


def test_characteristic_table_matches_the_spec() -> None:
    """event is notify+read, command is write+write-without-response, info is read-only."""
    table = {c.name: c for c in profile.READER_CHARACTERISTICS}
    assert table["event"].properties == Property.NOTIFY | Property.READ
    assert table["command"].properties == Property.WRITE | Property.WRITE_WITHOUT_RESPONSE
    assert table["info"].properties == Property.READ
    assert table["event"].uuid == profile.EVENT_UUID


def test_advertisement_layout() -> None:
    """The advertisement is Flags, the 128-bit service list (UUID little-endian), then the name."""
    adv = build_advertisement("TCR-4B7F")
    assert len(adv) == 31
    assert adv[0:3] == b"\x02\x01\x06"
    assert adv[3:5] == b"\x11\x07"
    assert uuid.UUID(bytes=adv[5:21][::-1]) == uuid.UUID(profile.SERVICE_UUID)
    assert adv[21:23] == b"\x09\x09" and adv[23:] == b"TCR-4B7F"


@pytest.mark.parametrize("name", ["TCR-4B7FX", "读卡器读卡", ""])
def test_advertisement_past_31_bytes_or_empty_is_refused(name: str) -> None:
    """A name that would push the advertisement past 31 bytes, or no name, raises ValueError."""
    with pytest.raises(ValueError):
        build_advertisement(name)


def test_default_name() -> None:
    """The default name is TCR- and the last four hex digits of the reader id, upper case."""
    assert default_name(0xABCD0F0E) == "TCR-0F0E"
    assert len(build_advertisement(default_name(0xFFFFFFFF))) == 31
    with pytest.raises(ProtocolUsageError):
        default_name(-1)


def test_info_record_layout() -> None:
    """The info record is version, firmware x3, reader_id u32 LE, capabilities u16 LE, seat."""
    info = Info((1, 2, 3), 0x01020304, Capability.NFC | Capability.BATTERY, seat=9)
    assert bytes(info) == bytes([1, 1, 2, 3, 4, 3, 2, 1, 0x41, 0, 9])
    assert Info.from_bytes(bytes(info) + b"\xaa\xbb") == info


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (bytes(10), FrameReason.BAD_LENGTH),
        (bytes([2]) + bytes(10), FrameReason.UNSUPPORTED_VERSION),
        (bytes([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11]), FrameReason.BAD_VALUE),
    ],
)
def test_bad_info_records_are_refused(data: bytes, reason: FrameReason) -> None:
    """A short record, another protocol version or seat 11 raise FrameError with that reason."""
    with pytest.raises(FrameError) as caught:
        Info.from_bytes(data)
    assert caught.value.reason is reason


@pytest.mark.parametrize(
    "kwargs",
    [
        {"firmware": (1, 2), "reader_id": 0, "capabilities": 0},
        {"firmware": (1, 2, 256), "reader_id": 0, "capabilities": 0},
        {"firmware": (1, 2, 3), "reader_id": -1, "capabilities": 0},
        {"firmware": (1, 2, 3), "reader_id": 0, "capabilities": 1 << 16},
        {"firmware": (1, 2, 3), "reader_id": 0, "capabilities": 0, "seat": 11},
        {"firmware": (1, 2, 3), "reader_id": 0, "capabilities": 0, "protocol_version": 0},
    ],
)
def test_invalid_info_construction(kwargs: dict) -> None:
    """Building an info record with a bad field raises ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError):
        Info(**kwargs)
