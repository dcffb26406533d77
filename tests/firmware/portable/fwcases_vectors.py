"""Portable tests: the shared protocol test vectors (firmware_protocol/vectors/v1.json).

Every vector that concerns the reader is checked: the reader encodes what it sends
byte for byte, decodes what the host sends to the same fields, answers every invalid
frame with an ERROR and nothing else, and agrees on CRC, COBS, serial streams, the
info record and the advertisement. ``ctx["vectors"]`` is the parsed JSON file.
"""

from fwrun import parse, raises, tohex, unhex

READER_TYPES = {
    "HELLO": 0x01,
    "STATUS": 0x02,
    "CARD": 0x03,
    "BUTTON": 0x04,
    "SELECT": 0x05,
    "BATTERY": 0x06,
    "LOST": 0x07,
    "ERROR": 0x08,
}
HOST_TYPES = {
    "ACK": 0x41,
    "RESUME": 0x42,
    "FEEDBACK": 0x43,
    "SET_SEAT": 0x44,
    "IDENTIFY": 0x45,
    "HELLO_REQUEST": 0x46,
}
# Field names to numbers (SPEC.md section 3, "Field values").
KIND = {"TEXT": 1, "NDEF": 2, "UID": 3}
BUTTON = {"OK": 1, "NO": 2, "UNDO": 3}
PRESS = {"SHORT": 0, "LONG": 1}
ERROR_CODE = {"BAD_FRAME": 1, "UNKNOWN_COMMAND": 2, "HARDWARE_FAULT": 3}
COLOR = {"OFF": 0, "GREEN": 1, "RED": 2, "BLUE": 3, "YELLOW": 4, "WHITE": 5}
PATTERN = {"SOLID": 0, "BLINK": 1, "PULSE": 2, "DOUBLE_BLINK": 3}
BUZZER = {"NONE": 0, "BEEP": 1, "DOUBLE_BEEP": 2, "LONG": 3}
# Why a frame is dropped: the numbers a reader puts in ERROR(1, detail).
REASON = {
    "TOO_SHORT": 1,
    "BAD_CRC": 2,
    "UNSUPPORTED_VERSION": 3,
    "UNKNOWN_TYPE": 4,
    "BAD_LENGTH": 5,
    "BAD_VALUE": 6,
    "BAD_COBS": 7,
    "TOO_LONG": 8,
}
ENVELOPE = ("TOO_SHORT", "BAD_CRC", "UNSUPPORTED_VERSION")


def _vectors(ctx):
    vectors = ctx.get("vectors")
    assert vectors is not None, "the test vectors were not passed in"
    assert vectors["protocol_version"] == 1
    return vectors


def _reader_frame(rc, m):
    """Build the frame of a reader message with the reader's own encoders."""
    F = rc.frames
    t = m["type"]
    if t in ("HELLO", "STATUS"):
        payload = F.hello_payload(
            m["epoch"], m["last_seq"], m["seat"], m["battery"], m["flags"], m["reader_id"]
        )
        return rc.encode_frame(READER_TYPES[t], m["last_seq"], payload)
    if t == "CARD":
        payload = F.card_payload(m["present"], KIND[m["kind"]], unhex(m["data"]))
    elif t == "BUTTON":
        payload = F.button_payload(BUTTON[m["button"]], PRESS[m["press"]] == 1)
    elif t == "SELECT":
        payload = F.select_payload(m["seat"])
    elif t == "BATTERY":
        payload = F.battery_payload(m["percent"], m["millivolts"])
    elif t == "LOST":
        return F.lost_frame(m["first_seq"], m["count"])
    elif t == "ERROR":
        payload = F.error_payload(ERROR_CODE[m["code"]], m["detail"])
    else:
        raise AssertionError(f"not a reader message: {t}")
    return rc.encode_frame(READER_TYPES[t], m["seq"], payload)


def _host_fields(m):
    t = m["type"]
    if t == "ACK":
        return (m["up_to"],)
    if t == "RESUME":
        return (m["from_seq"],)
    if t == "FEEDBACK":
        return (COLOR[m["color"]], PATTERN[m["pattern"]], BUZZER[m["buzzer"]], m["duration_ms"])
    if t == "SET_SEAT":
        return (m["seat"],)
    if t == "IDENTIFY":
        return (m["seconds"],)
    assert t == "HELLO_REQUEST", t
    return ()


def test_vectors_crc(rc, ctx):
    """The CRC of every CRC vector matches."""
    cases = _vectors(ctx)["crc"]
    assert cases
    for case in cases:
        assert rc.crc16(unhex(case["input"])) == int(case["crc"], 16), case["name"]


def test_vectors_every_message_type_is_covered(rc, ctx):
    """Every message vector is a reader or host type this reader knows, and all appear."""
    seen = set()
    for case in _vectors(ctx)["messages"]:
        t = case["message"]["type"]
        assert t in READER_TYPES or t in HOST_TYPES, t
        seen.add(t)
    assert len(seen) == len(READER_TYPES) + len(HOST_TYPES), seen


def test_vectors_reader_messages_encode(rc, ctx):
    """The reader encodes every reader-to-host vector byte for byte, within 20 bytes."""
    count = 0
    for case in _vectors(ctx)["messages"]:
        m = case["message"]
        if m["type"] not in READER_TYPES:
            continue
        frame = _reader_frame(rc, m)
        assert tohex(frame) == case["hex"], (case["name"], tohex(frame))
        assert parse(rc, frame)[:2] == (READER_TYPES[m["type"]], m["seq"]), case["name"]
        count += 1
    assert count >= len(READER_TYPES)


def test_vectors_boot_hello_from_the_core(rc, ctx):
    """A freshly booted ReaderCore's HELLO equals the "after boot" vectors."""
    count = 0
    for case in _vectors(ctx)["messages"]:
        m = case["message"]
        if m["type"] != "HELLO" or m["last_seq"] != 0xFFFF or m["battery"] != 255:
            continue
        if m["flags"] != 0:
            continue
        core = rc.ReaderCore(m["epoch"], m["reader_id"], m["seat"])
        assert tohex(core.hello_frame()) == case["hex"], case["name"]
        count += 1
    assert count >= 1


def test_vectors_host_commands_decode(rc, ctx):
    """Every host-to-reader vector decodes to its fields, and the core takes it without ERROR."""
    count = 0
    for case in _vectors(ctx)["messages"]:
        m = case["message"]
        if m["type"] not in HOST_TYPES:
            continue
        frame = unhex(case["hex"])
        expected = (HOST_TYPES[m["type"]], m["seq"], _host_fields(m))
        assert rc.decode_command(frame) == expected, case["name"]
        core = rc.ReaderCore(0x1234, 0x4B7F)
        for out in core.on_command(frame, 0):
            assert parse(rc, out)[0] != 0x08, case["name"]
        assert core.errors_received == 0
        count += 1
    assert count >= len(HOST_TYPES)


def _expected_error(case):
    frame = unhex(case["hex"])
    reason = case["reason"]
    if reason in ENVELOPE:
        return (1, REASON[reason])
    if frame[1] in HOST_TYPES.values():
        return (1, REASON[reason])
    return (2, frame[1])  # a type the reader does not take as a command


def test_vectors_invalid_frames_get_error_and_change_nothing(rc, ctx):
    """Each invalid frame sent to the reader gives exactly one ERROR event and no other change."""
    cases = _vectors(ctx)["invalid_frames"]
    assert cases
    for case in cases:
        assert case["reason"] in REASON, case["reason"]
        core = rc.ReaderCore(0x1234, 0x4B7F, 5)
        core.on_command(rc.encode_frame(0x43, 0, b"\x01\x00\x00\x00\x00"), 0)
        before = (core.seat, core.led, core.buzzer, core.hello_frame())
        out = core.on_command(unhex(case["hex"]), 10)
        assert len(out) == 1, case["name"]
        msg_type, seq, payload = parse(rc, out[0])
        assert (msg_type, seq) == (0x08, 0), case["name"]
        assert (payload[0], payload[1]) == _expected_error(case), (case["name"], payload)
        assert (core.seat, core.led, core.buzzer) == before[:3], case["name"]
        assert core.pending == 1 and core.errors_received == 1


def test_vectors_invalid_frames_refused_by_decoder(rc, ctx):
    """The reader's decoder refuses every invalid frame that claims a command type."""
    for case in _vectors(ctx)["invalid_frames"]:
        err = raises(rc.FrameError, rc.decode_command, unhex(case["hex"]))
        assert (err.kind, err.detail) == _expected_error(case), case["name"]


def test_vectors_cobs(rc, ctx):
    """COBS encodes and decodes every COBS vector."""
    cases = _vectors(ctx)["cobs"]
    assert cases
    for case in cases:
        plain, coded = unhex(case["decoded"]), unhex(case["encoded"])
        assert rc.cobs_encode(plain) == coded, case["name"]
        assert rc.cobs_decode(coded) == plain, case["name"]


def _expected_item(rc, item):
    if "error" in item:
        return REASON[item["error"]]
    return tohex(_reader_frame(rc, item["message"]))


def _stream_items(rc, stream, chunk):
    deframer = rc.Deframer()
    pieces = []
    for i in range(0, len(stream), chunk):
        pieces.extend(deframer.feed(stream[i : i + chunk]))
    out = []
    for piece in pieces:
        if isinstance(piece, int):
            out.append(piece)
            continue
        try:
            rc.decode_frame(piece)
        except rc.FrameError as err:
            out.append(err.detail)
            continue
        out.append(tohex(piece))
    return out


def test_vectors_streams(rc, ctx):
    """Each serial stream vector yields its frames and dropped pieces in order, however sliced."""
    cases = _vectors(ctx)["streams"]
    assert cases
    for case in cases:
        stream = unhex(case["hex"])
        expected = [_expected_item(rc, item) for item in case["expect"]]
        for chunk in (1, 5, len(stream) or 1):
            got = _stream_items(rc, stream, chunk)
            assert got == expected, (case["name"], chunk, got)


def test_vectors_info_records(rc, ctx):
    """The info record is encoded byte for byte as in the vectors."""
    cases = _vectors(ctx)["info_records"]
    assert cases
    for case in cases:
        info = case["info"]
        assert info["protocol_version"] == 1
        got = rc.frames.info_record(
            info["reader_id"], info["seat"], tuple(info["firmware"]), info["capabilities"]
        )
        assert tohex(got) == case["hex"], case["name"]


def test_vectors_advertisements(rc, ctx):
    """The advertising data is built byte for byte as in the vectors, within 31 bytes."""
    cases = _vectors(ctx)["advertisements"]
    assert cases
    for case in cases:
        data = rc.advertisement(case["local_name"])
        assert tohex(data) == case["hex"], case["name"]
        assert len(data) <= 31
