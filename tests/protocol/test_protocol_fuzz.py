"""Fuzzing decode and StreamDecoder with seeded loops: over 100,000 inputs in a few seconds.

The property: any bytes either decode to a valid message that re-encodes to exactly
those bytes, or raise FrameError; nothing else ever escapes, and a stream decoder
always resynchronises on the frames that reached it intact.
"""

from __future__ import annotations

import random

from firmware_protocol import (
    MAX_TEXT,
    Ack,
    Battery,
    Button,
    ButtonId,
    Buzzer,
    Card,
    CardKind,
    Color,
    Error,
    ErrorCode,
    Feedback,
    FrameError,
    Hello,
    HelloRequest,
    Identify,
    Lost,
    Message,
    Pattern,
    Press,
    ReaderFlags,
    ReaderSession,
    Resume,
    Select,
    SetSeat,
    Status,
    StreamDecoder,
    crc16,
    decode,
    encode,
    frame_for_serial,
)
from firmware_protocol.session import HostSession


def random_message(rng: random.Random) -> Message:
    """A random valid message of any type, from a seeded generator."""
    seq = rng.randrange(65536)
    kind = rng.randrange(14)
    if kind == 0:
        text = bytes(rng.randrange(0x20, 0x7F) for _ in range(rng.randint(1, MAX_TEXT)))
        return Card(rng.random() < 0.5, rng.choice([CardKind.TEXT, CardKind.NDEF]), text, seq=seq)
    if kind == 1:
        uid = rng.randbytes(rng.choice([4, 7, 10]))
        return Card(rng.random() < 0.5, CardKind.UID, uid, seq=seq)
    if kind == 2:
        return Button(ButtonId(rng.randint(1, 3)), Press(rng.randint(0, 1)), seq=seq)
    if kind == 3:
        return Select(rng.randint(0, 10), seq=seq)
    if kind == 4:
        return Battery(rng.choice([rng.randint(0, 100), 255]), rng.randrange(65536), seq=seq)
    if kind == 5:
        return Error(ErrorCode(rng.randint(1, 3)), rng.randrange(256), seq=seq)
    if kind in (6, 7):
        cls = Hello if kind == 6 else Status
        return cls(
            rng.randrange(1, 1 << 32),
            seq,
            rng.randint(0, 10),
            rng.choice([rng.randint(0, 100), 255]),
            ReaderFlags(rng.randrange(256)),
            rng.randrange(1 << 32),
        )
    if kind == 8:
        return Lost(seq, rng.randrange(1, 65536))
    if kind == 9:
        return Ack(rng.randrange(65536), seq=seq)
    if kind == 10:
        return Resume(rng.randrange(65536), seq=seq)
    if kind == 11:
        return Feedback(
            Color(rng.randint(0, 5)),
            Pattern(rng.randint(0, 3)),
            Buzzer(rng.randint(0, 3)),
            rng.randrange(65536),
            seq=seq,
        )
    if kind == 12:
        return (
            SetSeat(rng.randint(0, 10), seq=seq)
            if rng.random() < 0.5
            else Identify(rng.randrange(256), seq=seq)
        )
    return HelloRequest(seq=seq)


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits: flip a bit, set a byte, insert, delete, truncate, extend."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        at = rng.randrange(len(out) + 1)
        if op == 0 and out:
            out[at % len(out)] ^= 1 << rng.randrange(8)
        elif op == 1 and out:
            out[at % len(out)] = rng.randrange(256)
        elif op == 2:
            out[at:at] = bytes((rng.randrange(256),))
        elif op == 3 and out:
            del out[at % len(out)]
        elif op == 4:
            del out[at:]
        else:
            out += rng.randbytes(rng.randint(1, 4))
    return bytes(out)


def _with_good_crc(data: bytes) -> bytes:
    """Recompute the trailing CRC so the mutation reaches the type/length/value checks."""
    if len(data) < 6:
        return data
    return data[:-2] + crc16(data[:-2]).to_bytes(2, "little")


def _check_decode(data: bytes) -> bool:
    """Decode must return a message that re-encodes to the same bytes, or raise FrameError."""
    try:
        message = decode(data)
    except FrameError:
        return False
    assert encode(message) == data, data.hex()
    return True


def test_decode_random_bytes() -> None:
    """30,000 random byte strings of 0..40 bytes: only valid messages or FrameError."""
    rng = random.Random(1)
    for _ in range(30_000):
        _check_decode(rng.randbytes(rng.randint(0, 40)))


def test_decode_mutated_frames() -> None:
    """40,000 mutated valid frames: only valid messages or FrameError."""
    rng = random.Random(2)
    for _ in range(40_000):
        _check_decode(mutate(encode(random_message(rng)), rng))


def test_decode_mutated_frames_with_repaired_crc() -> None:
    """30,000 mutated frames with a correct CRC reach the deep checks; some still decode."""
    rng = random.Random(3)
    decoded = 0
    for _ in range(30_000):
        decoded += _check_decode(_with_good_crc(mutate(encode(random_message(rng)), rng)))
    assert 0 < decoded < 30_000


def _is_subsequence(needle: list, haystack: list) -> bool:
    it = iter(haystack)
    return all(any(item == other for other in it) for item in needle)


def test_stream_decoder_on_damaged_streams() -> None:
    """3,000 streams of 8 frames with garbage and damage, fed in random reads (over 24,000 frames).

    Every frame whose serial bytes arrived intact comes out, in order; everything else
    comes out as FrameError (or, once in 65,536, as a message whose CRC happens to match).
    """
    rng = random.Random(4)
    for _ in range(3_000):
        chunks: list[bytes] = []
        intact: list[Message] = []
        for _ in range(8):
            message = random_message(rng)
            wire = frame_for_serial(message)
            roll = rng.random()
            if roll < 0.15:
                chunks.append(rng.randbytes(rng.randint(1, 30)))  # garbage between frames
            if roll > 0.7:
                wire = mutate(wire, rng)
            else:
                intact.append(message)
            chunks.append(wire)
        stream = b"".join(chunks)
        decoder = StreamDecoder()
        out: list = []
        at = 0
        while at < len(stream):
            step = rng.randint(1, 40)
            out += decoder.feed(stream[at : at + step])
            at += step
        assert all(isinstance(item, (Message, FrameError)) for item in out)
        decoded = [item for item in out if isinstance(item, Message)]
        assert _is_subsequence(intact, decoded)


def test_sessions_survive_garbage() -> None:
    """10,000 random or mutated frames thrown at both session ends never raise."""
    rng = random.Random(5)
    reader = ReaderSession(7)
    host = HostSession()
    host.connected()
    host.receive(reader.hello_frame())
    for i in range(10_000):
        frame = (
            mutate(encode(random_message(rng)), rng) if i % 2 else rng.randbytes(rng.randint(0, 24))
        )
        replies = reader.on_command(frame)
        assert all(isinstance(reply, bytes) for reply in replies)
        host.receive(frame, now=i * 0.01)
        reader.on_command(encode(Ack(reader.last_seq)))  # keep the ring buffer small
