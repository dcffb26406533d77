"""Portable tests: NDEF text records, PN532 frames, LED/buzzer rendering, battery curve."""

from fwrun import raises, unhex

# "kill@S7" as an NDEF text record (language "en") in a TLV, as on an NTAG's page 4.
KILL_TLV = "030ed1010a5402656e6b696c6c405337fe"


def test_ndef_text_record(rc, ctx):
    """The text of a well-known "T" record is read from the NDEF TLV."""
    ndef = rc.ndef
    assert ndef.ndef_text(unhex(KILL_TLV)) == "kill@S7"
    # NULL padding, a Lock Control TLV to skip, then the message.
    assert ndef.ndef_text(unhex("0000" + "0103a00c34" + KILL_TLV)) == "kill@S7"
    assert ndef.ndef_text(unhex("03ff000e" + KILL_TLV[4:])) == "kill@S7"


def test_ndef_utf8_text_and_language(rc, ctx):
    """UTF-8 text after a language code of any length is returned whole."""
    text = "杀♠7".encode()
    payload = b"\x05zh-CN" + text
    record = bytes((0xD1, 1, len(payload))) + b"T" + payload
    tlv = bytes((0x03, len(record))) + record + b"\xfe"
    assert rc.ndef.ndef_text(tlv) == "杀♠7"


def test_ndef_without_text(rc, ctx):
    """No NDEF TLV, a cut message, a URI record or UTF-16 text give None."""
    ndef = rc.ndef
    assert ndef.ndef_text(b"\xfe") is None
    assert ndef.ndef_text(b"\x00\x00\x00") is None
    assert ndef.ndef_text(unhex(KILL_TLV)[:10]) is None
    uri = unhex("0309d101055501") + b"a.bc" + b"\xfe"
    assert ndef.ndef_text(uri) is None
    utf16 = bytes((0xD1, 1, 5)) + b"T" + b"\x82en" + b"\x00K"
    assert ndef.ndef_text(bytes((3, len(utf16))) + utf16) is None
    long_record = bytes((0xC1, 1, 0, 0, 0, 4)) + b"T" + b"\x00abc"
    assert ndef.ndef_text(bytes((3, len(long_record))) + long_record) == "abc"


def test_pn532_command_frame(rc, ctx):
    """Commands are framed with length and data checksums (GetFirmwareVersion as in UM0701)."""
    pn = rc.pn532
    assert pn.command_frame(b"\x02") == unhex("0000ff02fed4022a00")
    frame = pn.command_frame(pn.SAM_NORMAL)
    assert (frame[3] + frame[4]) & 0xFF == 0
    assert sum(frame[5:-1]) & 0xFF == 0


def _answer(rc, data):
    body = bytes((0xD5,)) + data
    return (
        bytes((0, 0, 0xFF, len(body), (-len(body)) & 0xFF)) + body + bytes(((-sum(body)) & 0xFF, 0))
    )


def test_pn532_answers(rc, ctx):
    """Answers are checked and unwrapped; the UID and the tag's bytes come out."""
    pn = rc.pn532
    assert pn.is_ack(pn.ACK + b"\x00\x00")
    listed = _answer(rc, b"\x4b\x01\x01\x00\x44\x00\x07\x04\x11\x22\x33\x44\x55\x66")
    assert pn.target_uid(pn.parse_answer(listed, 0x4A)) == unhex("04112233445566")
    assert pn.target_uid(pn.parse_answer(_answer(rc, b"\x4b\x00"), 0x4A)) is None
    read = _answer(rc, b"\x41\x00" + unhex(KILL_TLV) + b"\x00" * 15)
    assert pn.exchange_data(pn.parse_answer(read, 0x40))[:17] == unhex(KILL_TLV)
    assert pn.read_pages(4) == b"\x40\x01\x30\x04"


def test_pn532_refuses_damaged_answers(rc, ctx):
    """A bad checksum, a cut frame, another command's answer or a failed exchange raise."""
    pn = rc.pn532
    good = _answer(rc, b"\x03\x32\x01\x06\x07")
    assert pn.parse_answer(good, 0x02) == b"\x32\x01\x06\x07"
    bad_dcs = good[:-2] + bytes((good[-2] ^ 1, 0))
    raises(pn.PN532Error, pn.parse_answer, bad_dcs, 0x02)
    raises(pn.PN532Error, pn.parse_answer, good[:8], 0x02)
    raises(pn.PN532Error, pn.parse_answer, good, 0x4A)
    raises(pn.PN532Error, pn.parse_answer, b"\xff\xff\xff", 0x02)
    raises(pn.PN532Error, pn.parse_answer, unhex("0000ff01ff7f8100"), 0x02)
    raises(pn.PN532Error, pn.exchange_data, b"\x01")


def test_led_language(rc, ctx):
    """Green, red, blue and yellow render as themselves; blink and double blink go dark between."""
    render = rc.render
    assert render.led_rgb((1, 0, None), 0, 255) == (0, 255, 0)
    assert render.led_rgb((3, 0, None), 0, 255) == (0, 0, 255)
    assert render.led_rgb((0, 0, None), 0, 255) == (0, 0, 0)
    r, g, b = render.led_rgb((4, 0, None), 0, 255)
    assert r == 255 and 0 < g < 255 and b == 0
    assert render.led_rgb((2, 1, None), 100, 255) == (255, 0, 0)
    assert render.led_rgb((2, 1, None), 300, 255) == (0, 0, 0)
    on = [t for t in range(0, 1200, 10) if render.pattern_level(3, t)]
    assert on[0] == 0 and on[-1] == 350 and len(on) == 24
    assert render.led_rgb((1, 0, None), 0, 64) == (0, 64, 0)


def test_pulse_rises_and_falls(rc, ctx):
    """A pulse brightens for half its period, then dims, never fully dark."""
    level = rc.render.pattern_level
    ups = [level(2, t) for t in range(0, 800, 100)]
    assert ups == sorted(ups) and ups[0] > 0
    assert level(2, 800) == 255 and level(2, 1500) < level(2, 1000)


def test_buzzer_sounds(rc, ctx):
    """Beep is one tone, double beep two with a gap, long one long tone, none nothing."""
    tones = rc.render.buzzer_tones
    assert tones(0) == () and len(tones(1)) == 1
    assert [f > 0 for f, _ in tones(2)] == [True, False, True]
    assert tones(3)[0][1] > 3 * tones(1)[0][1]
    assert tones(9) == ()


def test_battery_curve(rc, ctx):
    """The percentage falls with the voltage, from 100 at 4.2 V to 0 at 3.3 V."""
    pct = rc.power.percent_from_millivolts
    values = [pct(mv) for mv in range(4300, 3200, -25)]
    assert values == sorted(values, reverse=True)
    assert pct(4200) == 100 and pct(3300) == 0 and pct(3950) == 71
    assert rc.power.cell_millivolts(1_850_000) == 3700
