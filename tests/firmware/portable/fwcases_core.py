"""Portable tests: ReaderCore's sequence numbers, HELLO, commands, LED and buzzer state."""

from fwrun import parse, raises

EPOCH = 0x5EED1234
READER = 0xABCD4B7F


def _core(rc, **kw):
    return rc.ReaderCore(EPOCH, READER, **kw)


def _cmd(rc, msg_type, payload=b"", seq=0):
    return rc.encode_frame(msg_type, seq, payload)


def _u16(n):
    return bytes((n & 0xFF, n >> 8))


def _hello_fields(payload):
    p = payload
    return (
        p[0] | p[1] << 8 | p[2] << 16 | p[3] << 24,
        p[4] | p[5] << 8,
        p[6],
        p[7],
        p[8],
        p[9] | p[10] << 8 | p[11] << 16 | p[12] << 24,
    )


def test_boot_hello(rc, ctx):
    """At boot HELLO carries the epoch, last_seq 0xFFFF (as its seq too) and the reader id."""
    core = _core(rc, seat=3)
    msg_type, seq, payload = parse(rc, core.hello_frame())
    assert (msg_type, seq) == (0x01, 0xFFFF)
    assert _hello_fields(payload) == (EPOCH, 0xFFFF, 3, 255, 0, READER)
    msg_type, seq, payload2 = parse(rc, core.status_frame())
    assert (msg_type, seq, payload2) == (0x02, 0xFFFF, payload)


def test_hello_request_answers_hello(rc, ctx):
    """HELLO_REQUEST is answered with HELLO, which does not consume a seq."""
    core = _core(rc)
    core.select(2)
    out = core.on_command(_cmd(rc, 0x46))
    assert out == [core.hello_frame()]
    assert parse(rc, out[0])[1] == 0 and core.last_seq == 0


def test_events_take_consecutive_seqs_from_zero(rc, ctx):
    """The first event has seq 0 and each next one the following seq."""
    core = _core(rc)
    frames = core.select(1) + core.select(2) + core.battery(80, 3900)
    assert [parse(rc, f)[:2] for f in frames] == [(0x05, 0), (0x05, 1), (0x06, 2)]
    assert parse(rc, frames[2])[2] == b"\x50" + _u16(3900)
    assert core.last_seq == 2 and core.pending == 3


def test_ack_frees_and_resume_replays(rc, ctx):
    """ACK frees events; RESUME resends the unacknowledged ones byte for byte."""
    core = _core(rc)
    sent = []
    for seat in range(1, 7):
        sent += core.select(seat)
    assert core.on_command(_cmd(rc, 0x41, _u16(2))) == []
    assert core.pending == 3
    assert core.on_command(_cmd(rc, 0x42, _u16(3))) == sent[3:]
    assert core.on_command(_cmd(rc, 0x42, _u16(5))) == sent[5:]
    assert core.on_command(_cmd(rc, 0x42, _u16(6))) == []


def test_overflow_then_resume_sends_lost_first(rc, ctx):
    """With 70 events in a 64-event buffer, RESUME(0) sends LOST(0, 6) then events 6..69."""
    core = _core(rc, capacity=64)
    sent = []
    for i in range(70):
        sent += core.select(i % 11)
    assert (core.pending, core.dropped) == (64, 6)
    out = core.on_command(_cmd(rc, 0x42, _u16(0)))
    assert parse(rc, out[0]) == (0x07, 0, _u16(0) + _u16(6))
    assert out[1:] == sent[6:]
    out = core.on_command(_cmd(rc, 0x42, _u16(4)))
    assert parse(rc, out[0]) == (0x07, 4, _u16(4) + _u16(2))
    assert len(out) == 65


def test_resume_after_ack_of_part(rc, ctx):
    """After ACK(9), RESUME(10) replays exactly the events from 10 on."""
    core = _core(rc)
    sent = []
    for i in range(20):
        sent += core.select(i % 11)
    core.on_command(_cmd(rc, 0x41, _u16(9)))
    assert core.on_command(_cmd(rc, 0x42, _u16(10))) == sent[10:]


def test_seq_wraps_after_65536_events(rc, ctx):
    """Event 65536 has seq 0 again; ACK and RESUME keep working across the wrap."""
    core = _core(rc)
    ack = 0
    for i in range(65536 + 5):
        core.select(i % 11)
        if i % 50 == 49:
            ack = i
            core.on_command(_cmd(rc, 0x41, _u16(i & 0xFFFF)))
    assert core.last_seq == 4 and core.dropped == 0
    assert ack == 65499
    out = core.on_command(_cmd(rc, 0x42, _u16(65530)))
    assert [parse(rc, f)[1] for f in out] == [
        65530,
        65531,
        65532,
        65533,
        65534,
        65535,
        0,
        1,
        2,
        3,
        4,
    ]
    core.on_command(_cmd(rc, 0x41, _u16(1)))
    assert core.pending == 3
    assert parse(rc, core.hello_frame())[1] == 4


def test_bad_command_frames_become_error_events(rc, ctx):
    """A damaged command is answered with ERROR(1, reason), a sequenced, replayable event."""
    core = _core(rc)
    good = _cmd(rc, 0x41, _u16(0))
    damaged = good[:-1] + bytes((good[-1] ^ 0xFF,))
    out = core.on_command(damaged)
    assert [parse(rc, f) for f in out] == [(0x08, 0, b"\x01\x02")]
    out = core.on_command(b"\x01\x41")
    assert [parse(rc, f) for f in out] == [(0x08, 1, b"\x01\x01")]
    out = core.on_command(_cmd(rc, 0x41, b"\x00"))
    assert [parse(rc, f) for f in out] == [(0x08, 2, b"\x01\x05")]
    out = core.on_command(_cmd(rc, 0x60))
    assert [parse(rc, f) for f in out] == [(0x08, 3, b"\x02\x60")]
    assert core.errors_received == 4 and core.pending == 4


def test_feedback_sets_led_and_buzzer(rc, ctx):
    """FEEDBACK sets the LED until now + duration and asks for the buzzer sound once."""
    core = _core(rc)
    core.tick(1000)
    assert core.led == (0, 0, None) and core.buzzer == (0, 0)
    core.on_command(_cmd(rc, 0x43, b"\x01\x00\x01" + _u16(1500)), 1000)
    assert core.led == (1, 0, 2500)
    assert core.buzzer == (1, 1000)
    core.tick(2499)
    assert core.led == (1, 0, 2500)
    core.tick(2500)
    assert core.led == (0, 0, None)


def test_feedback_without_duration_lasts(rc, ctx):
    """FEEDBACK with duration 0 lasts until the next FEEDBACK; buzzer NONE keeps the last sound."""
    core = _core(rc)
    core.on_command(_cmd(rc, 0x43, b"\x03\x02\x02" + _u16(0)), 10)
    core.tick(10**9)
    assert core.led == (3, 2, None) and core.buzzer == (2, 10)
    core.on_command(_cmd(rc, 0x43, b"\x02\x03\x00" + _u16(0)), 20)
    assert core.led == (2, 3, None) and core.buzzer == (2, 10)


def test_identify_blinks_over_feedback(rc, ctx):
    """IDENTIFY blinks white for its seconds, then the lasting FEEDBACK shows again."""
    core = _core(rc)
    core.on_command(_cmd(rc, 0x43, b"\x04\x00\x00" + _u16(0)), 0)
    core.on_command(_cmd(rc, 0x45, b"\x03"), 100)
    assert core.led == (5, 1, 3100)
    core.tick(3099)
    assert core.led == (5, 1, 3100)
    core.tick(3100)
    assert core.led == (4, 0, None)


def test_set_seat(rc, ctx):
    """SET_SEAT changes the seat HELLO reports; an invalid seat is refused with ERROR."""
    core = _core(rc)
    assert core.on_command(_cmd(rc, 0x44, b"\x07")) == []
    assert core.seat == 7 and _hello_fields(parse(rc, core.hello_frame())[2])[2] == 7
    out = core.on_command(_cmd(rc, 0x44, b"\x0b"))
    assert [parse(rc, f) for f in out] == [(0x08, 0, b"\x01\x06")]
    assert core.seat == 7


def test_select_checks_the_seat(rc, ctx):
    """SELECT takes seats 0..10; an invalid seat raises and consumes no seq."""
    core = _core(rc)
    raises(ValueError, core.select, 11)
    raises(ValueError, core.select, -1)
    assert core.last_seq == 0xFFFF and core.pending == 0
    assert parse(rc, core.select(0)[0]) == (0x05, 0, b"\x00")
    assert core.seat == 0


def test_battery_reports_changes_and_flags(rc, ctx):
    """BATTERY is sent when the percentage changes; HELLO flags low battery and charging."""
    core = _core(rc)
    assert len(core.battery(50, 3800)) == 1
    assert core.battery(50, 3790) == []
    assert len(core.battery(12, 3500)) == 1
    core.charging = True
    fields = _hello_fields(parse(rc, core.hello_frame())[2])
    assert fields[3:5] == (12, 0x04 | 0x02)
    raises(ValueError, core.battery, 101, 4000)
    raises(ValueError, core.battery, 50, 70000)
    assert core.battery_percent == 12


def test_fault_is_error_code_3(rc, ctx):
    """A hardware fault becomes ERROR(3, detail)."""
    core = _core(rc)
    assert [parse(rc, f) for f in core.fault(0x21)] == [(0x08, 0, b"\x03\x21")]


def test_constructor_checks(rc, ctx):
    """Epoch 0, a buffer under 64 events and a seat over 10 are refused."""
    raises(ValueError, rc.ReaderCore, 0, READER)
    raises(ValueError, rc.ReaderCore, EPOCH, READER, 0, 63)
    raises(ValueError, rc.ReaderCore, EPOCH, READER, 11)
    raises(ValueError, rc.ReaderCore, EPOCH, 1 << 32)
    assert rc.ReaderCore(EPOCH, READER, 0, 64).capacity == 64


def test_new_epoch_is_never_zero(rc, ctx):
    """The boot epoch skips zero draws and keeps 32 bits of the random source."""
    draws = [0, 0, 0x1_0000_0000, 0xDEADBEEF]
    assert rc.new_epoch(lambda: draws.pop(0)) == 0xDEADBEEF


def test_info_record(rc, ctx):
    """The info record is version, firmware version, reader id, capabilities and seat."""
    core = _core(rc, seat=4)
    info = core.info_record((1, 2, 3), 0x75)
    assert info == b"\x01\x01\x02\x03" + b"\x7f\x4b\xcd\xab" + b"\x75\x00" + b"\x04"
