"""COBS and the serial StreamDecoder: round trips, resynchronisation, oversize pieces."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_strategies import messages

from firmware_protocol import (
    MAX_PIECE,
    Ack,
    FrameError,
    FrameReason,
    Message,
    ProtocolUsageError,
    Select,
    StreamDecoder,
    cobs_decode,
    cobs_encode,
    encode,
    frame_for_serial,
)


@settings(deadline=None)  # the shared CI machine is slow at times
@given(st.binary(max_size=1200))
def test_cobs_round_trips_and_removes_every_zero(data: bytes) -> None:
    """COBS output has no 0x00, at most one byte per 254 of overhead, and decodes back."""
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert len(encoded) <= len(data) + 1 + len(data) // 254
    assert cobs_decode(encoded) == data


@pytest.mark.parametrize(
    "piece", [b"", b"\x05\x01\x02", b"\x02\x00", b"\x03\x11\x00", b"\x01\x00\x01"]
)
def test_cobs_decode_refuses_malformed_pieces(piece: bytes) -> None:
    """Empty input, a block running past the end, or a zero inside raise FrameError(BAD_COBS)."""
    with pytest.raises(FrameError) as caught:
        cobs_decode(piece)
    assert caught.value.reason is FrameReason.BAD_COBS


def test_frame_for_serial_wraps_in_delimiters() -> None:
    """A serial frame is 0x00, the COBS of the frame, 0x00; a Message is encoded first."""
    frame = encode(Ack(7))
    wire = frame_for_serial(frame)
    assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
    assert cobs_decode(wire[1:-1]) == frame
    assert frame_for_serial(Ack(7)) == wire
    with pytest.raises(ProtocolUsageError):
        frame_for_serial("0141")  # type: ignore[arg-type]


@settings(deadline=None)  # the shared CI machine is slow at times
@given(st.lists(messages, max_size=8), st.data())
def test_stream_decodes_any_split_of_a_clean_stream(items: list[Message], data) -> None:
    """However a clean stream is cut into reads, the decoder yields exactly its messages."""
    stream = b"".join(frame_for_serial(m) for m in items)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    decoder = StreamDecoder()
    out: list = []
    start = 0
    for cut in [*cuts, len(stream)]:
        out += decoder.feed(stream[start:cut])
        start = cut
    assert out == items
    assert decoder.buffered == 0


def test_resync_after_garbage_truncation_and_insertion() -> None:
    """Garbage, a truncated frame and a frame with an inserted byte each cost only themselves."""
    a, b, c = (frame_for_serial(Select(seat, seq=seat)) for seat in (1, 2, 3))
    stream = b"\xde\xad\xbe\xef" + a + b[:4] + c + b[:3] + b"\x77" + b[3:] + a
    out = StreamDecoder().feed(stream)
    messages = [item for item in out if not isinstance(item, FrameError)]
    errors = [item for item in out if isinstance(item, FrameError)]
    assert messages == [Select(1, seq=1), Select(3, seq=3), Select(1, seq=1)]
    assert len(errors) == 3


def test_a_frame_without_its_leading_delimiter_is_lost_with_the_garbage() -> None:
    """Why the leading 0x00 matters: garbage glued to a frame's COBS takes that frame down."""
    frame = frame_for_serial(Select(1))
    out = StreamDecoder().feed(b"\x42" + frame[1:])
    assert len(out) == 1 and isinstance(out[0], FrameError)


def test_oversize_piece_is_dropped_unread_and_the_next_frame_survives() -> None:
    """A piece over MAX_PIECE bytes, even fed in small reads, gives one TOO_LONG and no memory growth."""
    decoder = StreamDecoder()
    out: list = []
    for _ in range(100):
        out += decoder.feed(b"\x41" * 64)
        assert decoder.buffered <= MAX_PIECE
    out += decoder.feed(frame_for_serial(Select(4)))
    assert [type(item) for item in out] == [FrameError, Select]
    assert out[0].reason is FrameReason.TOO_LONG
    assert "6400 bytes" in out[0].detail


def test_piece_of_exactly_max_piece_bytes_is_read() -> None:
    """A piece of exactly MAX_PIECE bytes is decoded (and fails only as a frame)."""
    piece = cobs_encode(b"\x01" * (MAX_PIECE - 3))
    assert len(piece) == MAX_PIECE
    (error,) = StreamDecoder().feed(b"\x00" + piece + b"\x00")
    assert isinstance(error, FrameError) and error.reason is FrameReason.BAD_CRC


def test_feed_refuses_non_bytes() -> None:
    """Feeding a str is our misuse and raises ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError):
        StreamDecoder().feed("00")  # type: ignore[arg-type]
