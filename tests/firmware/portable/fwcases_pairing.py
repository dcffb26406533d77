"""Portable tests: the pairing window (SPEC.md 12), opened by holding OK, through ReaderCore."""

from fwrun import parse, raises

OK, NO, UNDO = 1, 2, 3
FLAG_PAIRING = 0x08
WHITE, DOUBLE_BLINK = 5, 3


def _core(rc, **kw):
    return rc.ReaderCore(0x1234, 0x4B7F, **kw)


def _hello_flags(rc, core):
    _type, _seq, payload = parse(rc, core.status_frame())
    return payload[8]  # epoch u32, last_seq u16, seat, battery, then flags


def _hold_ok(core, start, ms):
    """Hold OK from ``start`` for ``ms``, ticking every 100 ms; the frames sent."""
    core.button_down(OK, start)
    out = []
    t = start
    while t < start + ms:
        t += 100
        out += core.tick(t)
    return out + core.button_up(OK, start + ms)


def test_window_closed_at_boot(rc, ctx):
    """A new core (a boot) has the pairing window closed and flags bit 3 clear."""
    core = _core(rc)
    assert not core.pairing_allowed
    assert _hello_flags(rc, core) & FLAG_PAIRING == 0


def test_ok_hold_opens_the_window_without_a_button_event(rc, ctx):
    """OK held 3 s opens the window at 3 s, and the hold sends no BUTTON event at all."""
    core = _core(rc)
    core.button_down(OK, 1000)
    assert core.tick(3999) == [] and not core.pairing_allowed
    assert core.tick(4000) == [] and core.pairing_allowed
    assert core.button_up(OK, 5000) == []
    assert core.pending == 0 and core.last_seq == 0xFFFF


def test_open_window_sets_flag_and_led(rc, ctx):
    """While the window is open HELLO and STATUS carry flag bit 3 and the LED double-blinks white."""
    core = _core(rc)
    _hold_ok(core, 0, 3200)
    assert _hello_flags(rc, core) & FLAG_PAIRING
    _type, _seq, payload = parse(rc, core.hello_frame())
    assert payload[8] & FLAG_PAIRING
    assert core.led == (WHITE, DOUBLE_BLINK, 63000)


def test_window_shows_over_feedback_which_comes_back(rc, ctx):
    """The pairing signal shows over the host's FEEDBACK, which is shown again once it closes."""
    core = _core(rc)
    feedback = rc.encode_frame(0x43, 1, bytes((3, 2, 0, 0, 0)))  # blue pulsing, no end
    assert core.on_command(feedback, 0) == []
    assert core.led == (3, 2, None)
    _hold_ok(core, 100, 3000)
    assert core.led[:2] == (WHITE, DOUBLE_BLINK)
    core.bonded()
    assert core.led == (3, 2, None)


def test_bond_closes_the_window(rc, ctx):
    """The glue's bonded() call closes the window: one bond per window."""
    core = _core(rc)
    _hold_ok(core, 0, 3000)
    assert core.pairing_allowed
    core.bonded()
    assert not core.pairing_allowed
    assert _hello_flags(rc, core) & FLAG_PAIRING == 0


def test_window_times_out(rc, ctx):
    """Without a bond the window closes 60 s after it opened, at the tick that reaches it."""
    core = _core(rc)
    _hold_ok(core, 0, 3000)
    assert core.tick(62999) == [] and core.pairing_allowed
    assert core.tick(63000) == [] and not core.pairing_allowed
    assert core.led == (0, 0, None)


def test_window_settings_are_used(rc, ctx):
    """The hold time and the window length are settings of the core."""
    core = _core(rc, pairing_hold_ms=1500, pairing_window_ms=5000)
    core.button_down(OK, 0)
    core.tick(1499)
    assert not core.pairing_allowed
    core.tick(1500)
    assert core.pairing_allowed
    core.tick(6499)
    assert core.pairing_allowed
    core.tick(6500)
    assert not core.pairing_allowed


def test_hold_again_restarts_the_window(rc, ctx):
    """A second hold while the window is open gives it its full time again."""
    core = _core(rc)
    _hold_ok(core, 0, 3000)  # open until 63000
    _hold_ok(core, 50000, 3000)  # open until 113000
    assert core.tick(100000) == [] and core.pairing_allowed
    core.tick(113000)
    assert not core.pairing_allowed


def test_hold_released_without_tick_still_opens(rc, ctx):
    """An OK hold released past 3 s with no tick in between opens the window and sends nothing."""
    core = _core(rc)
    core.button_down(OK, 0)
    assert core.button_up(OK, 3500) == []
    assert core.pairing_allowed and core.pending == 0


def test_ok_long_press_reported_on_release(rc, ctx):
    """OK held past the long-press time but under 3 s is a long BUTTON on release, not at 0.8 s."""
    core = _core(rc)
    core.button_down(OK, 0)
    assert core.tick(800) == [] and core.tick(2900) == []
    frames = core.button_up(OK, 2950)
    assert [parse(rc, f)[2] for f in frames] == [bytes((OK, 1))]
    assert not core.pairing_allowed


def test_other_buttons_never_open_the_window(rc, ctx):
    """NO and UNDO held 3 s are long presses at 0.8 s and leave the window closed."""
    core = _core(rc)
    out = []
    for button in (NO, UNDO):
        core.button_down(button, 0)
        out += core.tick(800) + core.tick(4000) + core.button_up(button, 4000)
    assert [parse(rc, f)[2] for f in out] == [bytes((NO, 1)), bytes((UNDO, 1))]
    assert not core.pairing_allowed


def test_glue_may_set_the_window(rc, ctx):
    """Setting ``pairing`` opens the window with no deadline and clears it again."""
    core = _core(rc)
    core.pairing = True
    core.tick(10000000)
    assert core.pairing_allowed and core.pairing
    core.pairing = False
    assert not core.pairing_allowed


def test_bad_pairing_settings_are_refused(rc, ctx):
    """A hold no longer than the long press, or a window of no time, raises ValueError."""
    raises(ValueError, _core, rc, pairing_hold_ms=800)
    raises(ValueError, _core, rc, pairing_window_ms=0)
