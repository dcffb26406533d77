"""Portable tests: the ring buffer of unacknowledged events, replay, LOST and wrap-around."""

from fwrun import parse, raises


def _frame(rc, seq):
    return rc.encode_frame(0x05, seq, bytes((seq % 11,)))


def _fill(rc, ring, first, count):
    for i in range(count):
        ring.push((first + i) & 0xFFFF, _frame(rc, (first + i) & 0xFFFF))


def _seqs(rc, frames):
    return [parse(rc, f)[1] for f in frames]


def test_ring_keeps_frames_until_acked(rc, ctx):
    """ACK(up_to) frees the events up to and including up_to, oldest first."""
    ring = rc.EventRing(8)
    _fill(rc, ring, 0, 5)
    assert ring.count == 5
    assert ring.ack(2) == 3
    assert (ring.head, ring.count) == (3, 2)
    assert _seqs(rc, ring.frames_from(3)[1]) == [3, 4]


def test_ring_ack_behind_or_ahead(rc, ctx):
    """An ACK behind the oldest event or ahead of the newest frees nothing."""
    ring = rc.EventRing(8)
    _fill(rc, ring, 0, 5)
    ring.ack(1)
    assert ring.ack(0) == 0 and ring.count == 3
    assert ring.ack(5) == 0 and ring.ack(40) == 0 and ring.count == 3
    assert ring.ack(4) == 3 and ring.count == 0
    assert ring.next_seq() == 5
    assert ring.ack(4) == 0 and ring.ack(5) == 0


def test_ring_replays_exact_bytes(rc, ctx):
    """RESUME returns the very frames that were pushed, in order, from the asked seq on."""
    ring = rc.EventRing(8)
    frames = [_frame(rc, s) for s in range(6)]
    for s, f in enumerate(frames):
        ring.push(s, f)
    assert ring.frames_from(0) == (0, frames)
    assert ring.frames_from(4) == (0, frames[4:])
    assert ring.frames_from(6) == (0, [])


def test_ring_refuses_a_seq_out_of_order(rc, ctx):
    """Events must carry consecutive seqs; a skipped seq is refused and nothing changes."""
    ring = rc.EventRing(8)
    _fill(rc, ring, 0, 2)
    raises(ValueError, ring.push, 5, _frame(rc, 5))
    assert (ring.head, ring.count) == (0, 2)


def test_ring_overflow_drops_oldest(rc, ctx):
    """A full buffer pushes out its oldest event and counts it as dropped."""
    ring = rc.EventRing(4)
    _fill(rc, ring, 0, 4)
    assert ring.push(4, _frame(rc, 4)) is True
    _fill(rc, ring, 5, 2)
    assert (ring.head, ring.count, ring.dropped) == (3, 4, 3)


def test_ring_resume_from_dropped_reports_lost(rc, ctx):
    """RESUME from an event no longer held reports how many are gone, then replays the rest."""
    ring = rc.EventRing(4)
    _fill(rc, ring, 0, 7)
    lost, frames = ring.frames_from(0)
    assert lost == 3 and _seqs(rc, frames) == [3, 4, 5, 6]
    lost, frames = ring.frames_from(2)
    assert lost == 1 and _seqs(rc, frames) == [3, 4, 5, 6]


def test_ring_wraps_around_seq_65535(rc, ctx):
    """Seqs run 65534, 65535, 0, 1: ACK, RESUME and LOST all work across the wrap."""
    ring = rc.EventRing(4, first_seq=65533)
    _fill(rc, ring, 65533, 6)  # 65533 .. 2; the first two are pushed out
    assert (ring.head, ring.count, ring.dropped) == (65535, 4, 2)
    assert _seqs(rc, ring.frames_from(0)[1]) == [0, 1, 2]
    lost, frames = ring.frames_from(65534)
    assert lost == 1 and _seqs(rc, frames) == [65535, 0, 1, 2]
    assert ring.ack(0) == 2
    assert _seqs(rc, ring.frames_from(1)[1]) == [1, 2]
    assert ring.ack(65535) == 0  # behind the oldest: already acknowledged
    assert ring.next_seq() == 3


def test_ring_capacity_limits(rc, ctx):
    """A ring needs room for at least one event and fewer than half the seq space."""
    raises(ValueError, rc.EventRing, 0)
    raises(ValueError, rc.EventRing, 32768)
    assert rc.EventRing(32767).capacity == 32767
