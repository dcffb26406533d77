"""Portable tests: button debouncing and card present/removed, through ReaderCore."""

from fwrun import parse, raises

OK, NO, UNDO = 1, 2, 3


def _core(rc, **kw):
    kw.setdefault("debounce_ms", 30)
    kw.setdefault("long_press_ms", 800)
    kw.setdefault("card_quiet_ms", 600)
    return rc.ReaderCore(0x1234, 0x4B7F, **kw)


def _presses(rc, frames):
    out = []
    for f in frames:
        msg_type, _seq, payload = parse(rc, f)
        assert msg_type == 0x04
        out.append((payload[0], payload[1]))
    return out


def _cards(rc, frames):
    out = []
    for f in frames:
        msg_type, _seq, payload = parse(rc, f)
        assert msg_type == 0x03
        out.append((payload[0], payload[1:]))
    return out


def test_short_press_reported_on_release(rc, ctx):
    """A clean press and release gives one short BUTTON event on release."""
    core = _core(rc)
    core.button_down(OK, 1000)
    assert core.tick(1100) == []
    assert _presses(rc, core.button_up(OK, 1200)) == [(OK, 0)]


def test_bounces_give_one_press(rc, ctx):
    """Contact bounce on press and on release still gives exactly one press."""
    core = _core(rc)
    out = []
    for t, down in ((0, 1), (2, 0), (4, 1), (7, 0), (9, 1), (300, 0), (302, 1), (305, 0)):
        if down:
            core.button_down(NO, 1000 + t)
        else:
            out += core.button_up(NO, 1000 + t)
        out += core.tick(1000 + t + 1)
    out += core.tick(2000)
    assert _presses(rc, out) == [(NO, 0)]


def test_glitch_shorter_than_debounce_is_ignored(rc, ctx):
    """A press released within the debounce interval is noise, even after later ticks."""
    core = _core(rc)
    core.button_down(UNDO, 500)
    assert core.button_up(UNDO, 510) == []
    assert core.tick(600) == [] and core.tick(5000) == []
    assert core.pending == 0


def test_long_press_reported_once_at_threshold(rc, ctx):
    """Held for the long-press time, a button reports one long press then nothing on release."""
    core = _core(rc)
    core.button_down(UNDO, 0)
    assert core.tick(799) == []
    assert _presses(rc, core.tick(800)) == [(UNDO, 1)]
    assert core.tick(900) == [] and core.tick(3000) == []
    assert core.button_up(UNDO, 3100) == []


def test_long_press_without_tick_reported_on_release(rc, ctx):
    """A press held past the threshold with no tick in between is long when released."""
    core = _core(rc)
    core.button_down(NO, 0)
    assert _presses(rc, core.button_up(NO, 900)) == [(NO, 1)]


def test_quick_repress_settles_after_lockout(rc, ctx):
    """A second press that starts inside the release lockout still counts once it holds."""
    core = _core(rc)
    core.button_down(OK, 0)
    assert _presses(rc, core.button_up(OK, 100)) == [(OK, 0)]
    core.button_down(OK, 110)  # within 30 ms of the release: held back
    assert core.tick(120) == []
    assert _presses(rc, core.button_up(OK, 400)) == [(OK, 0)]


def test_buttons_are_independent(rc, ctx):
    """Presses of different buttons overlap without disturbing each other."""
    core = _core(rc)
    core.button_down(OK, 0)
    core.button_down(NO, 10)
    out = core.button_up(NO, 100) + core.tick(805) + core.button_up(OK, 900)
    assert _presses(rc, out) == [(NO, 0), (OK, 1)]


def test_bad_button_is_refused(rc, ctx):
    """Button numbers other than 1..3 raise ValueError and change nothing."""
    core = _core(rc)
    raises(ValueError, core.button_down, 0, 0)
    raises(ValueError, core.button_up, 4, 0)
    assert core.tick(2000) == [] and core.pending == 0


def test_debounce_settings_are_checked(rc, ctx):
    """A long-press threshold must exceed the debounce interval."""
    raises(ValueError, _core, rc, debounce_ms=50, long_press_ms=50)
    raises(ValueError, _core, rc, card_quiet_ms=0)


def test_card_held_is_reported_once(rc, ctx):
    """A card read again and again while held gives one CARD present event."""
    core = _core(rc)
    out = []
    for t in range(0, 5000, 100):
        out += core.card_seen(rc.KIND_TEXT, b"kill@S7", t)
        out += core.tick(t + 50)
    assert _cards(rc, out) == [(0x81, b"kill@S7")]
    assert core.card == (1, b"kill@S7")


def test_card_removed_after_quiet_time(rc, ctx):
    """A card not seen for the quiet time is reported removed, repeating its data."""
    core = _core(rc)
    uid = b"\x04\xa2\x19\x5a\x3c\x11\x80"
    core.card_seen(rc.KIND_UID, uid, 1000)
    assert core.tick(1599) == []
    assert _cards(rc, core.tick(1600)) == [(0x03, uid)]
    assert core.card is None and core.tick(5000) == []


def test_different_card_replaces(rc, ctx):
    """A different card replacing the first reports it removed, then the new one present."""
    core = _core(rc)
    core.card_seen(rc.KIND_NDEF, "杀♠7", 0)
    out = core.card_seen(rc.KIND_NDEF, "dodge@H2", 100)
    assert _cards(rc, out) == [(0x02, "杀♠7".encode()), (0x82, b"dodge@H2")]
    assert [parse(rc, f)[1] for f in out] == [1, 2]


def test_card_put_back_after_removal_is_new(rc, ctx):
    """The same card placed again after it was reported removed is reported present again."""
    core = _core(rc)
    core.card_seen(rc.KIND_TEXT, b"peach@H3", 0)
    out = core.card_seen(rc.KIND_TEXT, b"peach@H3", 700)  # no tick in between
    assert _cards(rc, out) == [(0x01, b"peach@H3"), (0x81, b"peach@H3")]


def test_card_present_flag(rc, ctx):
    """HELLO's flag bit 0 follows the card on the reader."""
    core = _core(rc)
    core.card_seen(rc.KIND_UID, b"\x01\x02\x03\x04", 0)
    assert parse(rc, core.hello_frame())[2][8] & 0x01
    core.tick(600)
    assert not parse(rc, core.hello_frame())[2][8] & 0x01


def test_bad_card_data_is_refused(rc, ctx):
    """Text over 13 bytes or not UTF-8, a 5-byte UID or an unknown kind raise and change nothing."""
    core = _core(rc)
    raises(ValueError, core.card_seen, rc.KIND_TEXT, b"x" * 14, 0)
    raises(ValueError, core.card_seen, rc.KIND_TEXT, b"", 0)
    raises(ValueError, core.card_seen, rc.KIND_NDEF, b"\xff\xfe", 0)
    raises(ValueError, core.card_seen, rc.KIND_UID, b"\x01\x02\x03\x04\x05", 0)
    raises(ValueError, core.card_seen, 4, b"abcd", 0)
    assert core.card is None and core.pending == 0
    assert len(core.card_seen(rc.KIND_TEXT, b"x" * 13, 0)) == 1
