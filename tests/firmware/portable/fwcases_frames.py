"""Portable tests: CRC, frame envelope, host command decoding and COBS."""

from fwrun import raises, unhex


def test_crc_check_value(rc, ctx):
    """CRC-16/CCITT-FALSE of "123456789" is the published check value 0x29B1."""
    assert rc.crc16(b"123456789") == 0x29B1


def test_crc_continues_from_a_previous_value(rc, ctx):
    """The CRC can be computed in pieces by passing the running value on."""
    assert rc.crc16(b"56789", rc.crc16(b"1234")) == 0x29B1
    assert rc.crc16(b"") == 0xFFFF


def test_encode_frame_layout(rc, ctx):
    """A frame is version, type, little-endian seq, payload, then the little-endian CRC."""
    frame = rc.encode_frame(0x05, 0x1234, b"\x03")
    assert frame[:5] == b"\x01\x05\x34\x12\x03"
    crc = rc.crc16(frame[:5])
    assert frame[5] == crc & 0xFF and frame[6] == crc >> 8
    assert len(frame) == 7


def test_encode_refuses_frames_over_20_bytes(rc, ctx):
    """A reader never sends a frame longer than 20 bytes: a 15-byte payload is refused."""
    raises(ValueError, rc.encode_frame, 0x03, 0, b"x" * 15)
    assert len(rc.encode_frame(0x03, 0, b"x" * 14)) == 20


def test_decode_frame_reasons(rc, ctx):
    """Too short, bad CRC and a foreign version are refused with their reason numbers."""
    good = rc.encode_frame(0x46, 7, b"")
    assert rc.decode_frame(good) == (0x46, 7, b"")
    assert raises(rc.FrameError, rc.decode_frame, good[:5]).detail == 1
    damaged = bytes([good[0], good[1] ^ 0x01]) + good[2:]
    assert raises(rc.FrameError, rc.decode_frame, damaged).detail == 2
    body = b"\x02\x46\x07\x00"
    crc = rc.crc16(body)
    v2 = body + bytes((crc & 0xFF, crc >> 8))
    assert raises(rc.FrameError, rc.decode_frame, v2).detail == 3


def test_decode_commands(rc, ctx):
    """Every host command decodes to its fields; the host's seq is passed through."""
    enc = rc.encode_frame
    assert rc.decode_command(enc(0x41, 9, b"\x34\x12")) == (0x41, 9, (0x1234,))
    assert rc.decode_command(enc(0x42, 0, b"\xff\xff")) == (0x42, 0, (0xFFFF,))
    feedback = enc(0x43, 1, b"\x01\x02\x01\xe8\x03")
    assert rc.decode_command(feedback) == (0x43, 1, (1, 2, 1, 1000))
    assert rc.decode_command(enc(0x44, 2, b"\x0a")) == (0x44, 2, (10,))
    assert rc.decode_command(enc(0x45, 3, b"\x05")) == (0x45, 3, (5,))
    assert rc.decode_command(enc(0x46, 4, b"")) == (0x46, 4, ())


def test_decode_command_refusals(rc, ctx):
    """A wrong length, an out-of-range field and a non-command type are each refused."""
    enc = rc.encode_frame
    err = raises(rc.FrameError, rc.decode_command, enc(0x41, 0, b"\x01"))
    assert (err.kind, err.detail) == (1, 5)
    err = raises(rc.FrameError, rc.decode_command, enc(0x46, 0, b"\x00"))
    assert (err.kind, err.detail) == (1, 5)
    err = raises(rc.FrameError, rc.decode_command, enc(0x43, 0, b"\x06\x00\x00\x00\x00"))
    assert (err.kind, err.detail) == (1, 6)
    err = raises(rc.FrameError, rc.decode_command, enc(0x43, 0, b"\x00\x04\x00\x00\x00"))
    assert (err.kind, err.detail) == (1, 6)
    err = raises(rc.FrameError, rc.decode_command, enc(0x43, 0, b"\x00\x00\x04\x00\x00"))
    assert (err.kind, err.detail) == (1, 6)
    err = raises(rc.FrameError, rc.decode_command, enc(0x44, 0, b"\x0b"))
    assert (err.kind, err.detail) == (1, 6)
    err = raises(rc.FrameError, rc.decode_command, enc(0x47, 0, b""))
    assert (err.kind, err.detail) == (2, 0x47)
    err = raises(rc.FrameError, rc.decode_command, enc(0x03, 0, b"\x83\x01\x02\x03\x04"))
    assert (err.kind, err.detail) == (2, 0x03)


# Examples from the COBS description (Cheshire and Baker), as listed on Wikipedia.
COBS_EXAMPLES = (
    ("00", "0101"),
    ("0000", "010101"),
    ("001100", "01021101"),
    ("11220033", "0311220233"),
    ("11223344", "0511223344"),
    ("11000000", "0211010101"),
)


def test_cobs_known_encodings(rc, ctx):
    """COBS encodes the published examples byte for byte and decodes them back."""
    for plain, coded in COBS_EXAMPLES:
        assert rc.cobs_encode(unhex(plain)) == unhex(coded), plain
        assert rc.cobs_decode(unhex(coded)) == unhex(plain), coded


def test_cobs_long_runs(rc, ctx):
    """Runs of 254 non-zero bytes use code 0xFF without an implied zero, both ways."""
    run = bytes(range(1, 255))
    assert rc.cobs_encode(run) == b"\xff" + run
    assert rc.cobs_encode(b"\x00" + run) == b"\x01\xff" + run
    longer = bytes(range(1, 256))
    assert rc.cobs_encode(longer) == b"\xff" + run + b"\x02\xff"
    for data in (run, b"\x00" + run, longer, bytes(range(2, 256)) + b"\x00", bytes(600)):
        coded = rc.cobs_encode(data)
        assert 0 not in coded
        assert rc.cobs_decode(coded) == data


def test_cobs_decode_refuses_bad_pieces(rc, ctx):
    """A piece with a zero inside or a code byte pointing past its end is refused."""
    raises(rc.CobsError, rc.cobs_decode, b"")
    raises(rc.CobsError, rc.cobs_decode, b"\x03\x11")
    raises(rc.CobsError, rc.cobs_decode, b"\x03\x11\x00")


def test_serial_wrap_delimits_both_ends(rc, ctx):
    """A serial frame is a zero, the COBS-encoded frame, and a zero."""
    frame = rc.encode_frame(0x05, 0, b"\x00")
    wrapped = rc.serial_wrap(frame)
    assert wrapped[0] == 0 and wrapped[-1] == 0
    assert 0 not in wrapped[1:-1]
    assert rc.cobs_decode(wrapped[1:-1]) == frame


def test_deframer_resynchronises(rc, ctx):
    """Garbage, a cut frame and an overlong piece are reported; the good frames survive."""
    a = rc.encode_frame(0x41, 1, b"\x00\x00")
    b = rc.encode_frame(0x46, 2, b"")
    c = rc.encode_frame(0x42, 3, b"\x05\x00")
    stream = (
        b"\x13\x37garbage"
        + rc.serial_wrap(a)
        + rc.serial_wrap(b)[:4]  # cut off mid-frame
        + rc.serial_wrap(c)
        + b"\x00"
        + b"\x01" * 600
        + b"\x00"  # longer than 512 bytes: dropped unread
        + rc.serial_wrap(b)
    )
    for size in (1, 7, len(stream)):
        deframer = rc.Deframer()
        items = []
        for i in range(0, len(stream), size):  # arrives in chunks of any size
            items.extend(deframer.feed(stream[i : i + size]))
        assert items == [7, a, 7, c, 8, b], (size, items)


def test_deframer_keeps_an_unfinished_piece(rc, ctx):
    """A piece is only handed over once its closing delimiter has arrived."""
    frame = rc.encode_frame(0x46, 2, b"")
    wrapped = rc.serial_wrap(frame)
    deframer = rc.Deframer()
    assert deframer.feed(wrapped[:-1]) == []
    assert deframer.feed(b"\x00") == [frame]
    raw = b"\x01" * 512  # exactly the longest piece allowed
    assert deframer.feed(b"\x00" + raw + b"\x00") == [b"\x00" * 511]


def test_on_serial_answers_like_on_command(rc, ctx):
    """Serial bytes reach the same command handling; a bad piece is an ERROR(1, 7)."""
    core = rc.ReaderCore(0x1234, 0x4B7F)
    hello = core.hello_frame()
    wire = rc.serial_wrap(rc.encode_frame(0x46, 0, b"")) + b"\x00\x05\x01\x00"
    out = []
    for byte in wire:
        out += core.on_serial(bytes((byte,)))
    assert out[0] == hello
    assert rc.decode_frame(out[1]) == (0x08, 0, b"\x01\x07")
    assert len(out) == 2 and core.errors_received == 1
