"""The committed test vectors (vectors/v1.json), checked both ways."""

from __future__ import annotations

import pytest

from firmware_protocol import (
    MAX_FRAME,
    VERSION,
    Capability,
    FrameError,
    FrameReason,
    Info,
    ProtocolUsageError,
    StreamDecoder,
    build_advertisement,
    cobs_decode,
    cobs_encode,
    crc16,
    decode,
    encode,
    is_reader_event,
    load_vectors,
    message_from_json,
    message_to_json,
)

VECTORS = load_vectors()


def _bitwise_crc(data: bytes) -> int:
    """CRC-16/CCITT-FALSE written out bit by bit, independent of binascii."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _ids(section: str) -> list[str]:
    return [entry["name"] for entry in VECTORS[section]]


@pytest.mark.parametrize("entry", VECTORS["crc"], ids=_ids("crc"))
def test_crc_vectors(entry: dict) -> None:
    """crc16 and an independent bitwise CRC both give each vector's CRC."""
    data = bytes.fromhex(entry["input"])
    assert crc16(data) == int(entry["crc"], 16) == _bitwise_crc(data)


def test_crc_check_value_is_the_catalogue_one() -> None:
    """The vectors carry 0x29B1 as the CRC of "123456789", CRC-16/CCITT-FALSE's check value."""
    entry = VECTORS["crc"][0]
    assert bytes.fromhex(entry["input"]) == b"123456789" and entry["crc"] == "29b1"


@pytest.mark.parametrize("entry", VECTORS["messages"], ids=_ids("messages"))
def test_message_vectors_both_ways(entry: dict) -> None:
    """Each message encodes to its hex, and its hex decodes to the message."""
    frame = bytes.fromhex(entry["hex"])
    message = message_from_json(entry["message"])
    assert encode(message) == frame
    assert message_to_json(decode(frame)) == entry["message"]


@pytest.mark.parametrize("entry", VECTORS["messages"], ids=_ids("messages"))
def test_message_vector_headers_and_crc_by_hand(entry: dict) -> None:
    """Each vector's header bytes and trailing CRC follow SPEC.md section 2, checked independently."""
    frame = bytes.fromhex(entry["hex"])
    message = message_from_json(entry["message"])
    assert frame[0] == VERSION
    assert frame[1] == message.TYPE
    assert int.from_bytes(frame[2:4], "little") == message.seq
    assert int.from_bytes(frame[-2:], "little") == _bitwise_crc(frame[:-2])
    if is_reader_event(message):
        assert len(frame) <= MAX_FRAME


def test_vectors_cover_every_type_and_edge_seqs() -> None:
    """The vectors hold every message type, several of each, and seq 0 and 65535."""
    types = [entry["message"]["type"] for entry in VECTORS["messages"]]
    assert len(set(types)) == 14
    assert all(types.count(name) >= 2 for name in set(types))
    seqs = {entry["message"]["seq"] for entry in VECTORS["messages"]}
    assert {0, 65535} <= seqs
    uid_sizes = {
        len(bytes.fromhex(entry["message"]["data"]))
        for entry in VECTORS["messages"]
        if entry["message"].get("kind") == "UID"
    }
    assert uid_sizes == {4, 7, 10}


@pytest.mark.parametrize("entry", VECTORS["invalid_frames"], ids=_ids("invalid_frames"))
def test_invalid_frame_vectors(entry: dict) -> None:
    """Each invalid frame raises FrameError with the vector's reason."""
    with pytest.raises(FrameError) as caught:
        decode(bytes.fromhex(entry["hex"]))
    assert caught.value.reason is FrameReason[entry["reason"]]


def test_invalid_vectors_cover_every_frame_reason() -> None:
    """Every reason decode can give appears among the invalid-frame vectors."""
    reasons = {entry["reason"] for entry in VECTORS["invalid_frames"]}
    assert reasons == {
        "TOO_SHORT",
        "BAD_CRC",
        "UNSUPPORTED_VERSION",
        "UNKNOWN_TYPE",
        "BAD_LENGTH",
        "BAD_VALUE",
    }


@pytest.mark.parametrize("entry", VECTORS["cobs"], ids=_ids("cobs"))
def test_cobs_vectors_both_ways(entry: dict) -> None:
    """Each COBS case encodes to its encoded hex, which has no zero and decodes back."""
    decoded, encoded = bytes.fromhex(entry["decoded"]), bytes.fromhex(entry["encoded"])
    assert cobs_encode(decoded) == encoded
    assert 0 not in encoded
    assert cobs_decode(encoded) == decoded


@pytest.mark.parametrize("entry", VECTORS["streams"], ids=_ids("streams"))
def test_stream_vectors_whole_and_byte_by_byte(entry: dict) -> None:
    """Each serial stream decodes to the expected messages and errors, in one piece or bytewise."""
    stream = bytes.fromhex(entry["hex"])
    expected = entry["expect"]

    def as_json(items: list) -> list[dict]:
        return [
            {"error": item.reason.name}
            if isinstance(item, FrameError)
            else {"message": message_to_json(item)}
            for item in items
        ]

    assert as_json(StreamDecoder().feed(stream)) == expected
    decoder = StreamDecoder()
    bytewise: list = []
    for byte in stream:
        bytewise += decoder.feed(bytes((byte,)))
    assert as_json(bytewise) == expected


@pytest.mark.parametrize("entry", VECTORS["info_records"], ids=_ids("info_records"))
def test_info_record_vectors_both_ways(entry: dict) -> None:
    """Each info record encodes to its hex and parses back to its fields."""
    fields = entry["info"]
    info = Info(
        firmware=tuple(fields["firmware"]),
        reader_id=fields["reader_id"],
        capabilities=Capability(fields["capabilities"]),
        seat=fields["seat"],
        protocol_version=fields["protocol_version"],
    )
    assert bytes(info).hex() == entry["hex"]
    assert Info.from_bytes(bytes.fromhex(entry["hex"])) == info


@pytest.mark.parametrize("entry", VECTORS["advertisements"], ids=_ids("advertisements"))
def test_advertisement_vectors(entry: dict) -> None:
    """Each advertisement vector is what build_advertisement makes of its local name."""
    assert build_advertisement(entry["local_name"]).hex() == entry["hex"]


def test_unknown_vector_version_is_refused() -> None:
    """Asking for vectors of a version that has none raises a clear ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError, match="version 9"):
        load_vectors(9)
