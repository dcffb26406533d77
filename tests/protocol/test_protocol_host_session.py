"""HostSession: exactly-once in-order delivery, gaps, duplicates, LOST, reboots, timers."""

from __future__ import annotations

import pytest

from firmware_protocol import (
    Ack,
    Battery,
    FrameError,
    FrameReason,
    Hello,
    HelloRequest,
    Lost,
    ProtocolUsageError,
    ReaderFlags,
    Resume,
    Select,
    Status,
    encode,
)
from firmware_protocol.host_session import _TRANSITIONS, _Input
from firmware_protocol.session import (
    Deliver,
    Dropped,
    DropReason,
    EventsLost,
    HostSession,
    HostState,
    Rebooted,
    Send,
    StatusReport,
)

EPOCH = 0x1234


def _dropped(effect: object) -> Dropped:
    """The effect, checked to be a drop (so its reason can be read)."""
    assert isinstance(effect, Dropped), effect
    return effect


def _hello(last_seq: int, epoch: int = EPOCH) -> Hello:
    return Hello(epoch, last_seq, 0, 255, ReaderFlags(0), 9)


def _synced(expected: int = 0) -> HostSession:
    """A host streaming from a reader of EPOCH whose next event is `expected`."""
    host = HostSession(EPOCH, expected)
    host.connected()
    host.receive(_hello((expected - 1) & 0xFFFF))
    assert host.state is HostState.STREAMING
    return host


def _kinds(effects: list) -> list[str]:
    return [type(effect).__name__ for effect in effects]


def _sent(effects: list) -> list:
    return [effect.command for effect in effects if isinstance(effect, Send)]


def test_connected_asks_for_hello() -> None:
    """connected() returns a HELLO_REQUEST and puts the session in AWAITING_HELLO."""
    host = HostSession()
    assert isinstance(host.connected(), HelloRequest)
    assert host.state is HostState.AWAITING_HELLO and host.epoch is None


def test_first_hello_adopts_the_readers_present() -> None:
    """A host that never knew the reader starts after its last_seq and acks that history."""
    host = HostSession()
    host.connected()
    effects = host.receive(encode(_hello(41)))
    assert effects == [StatusReport(_hello(41))]
    assert host.state is HostState.STREAMING and host.expected == 42 and host.epoch == EPOCH
    assert host.ack() == Ack(41, seq=1)
    assert host.receive(encode(Select(3, seq=42))) == [Deliver(Select(3, seq=42))]


def test_events_before_hello_are_dropped_then_recovered() -> None:
    """Events before this connection's HELLO are dropped NOT_SYNCED; the HELLO then RESUMEs them."""
    host = HostSession(EPOCH, 5)
    host.connected()
    (effect,) = host.receive(encode(Select(1, seq=5)))
    assert isinstance(effect, Dropped) and effect.reason is DropReason.NOT_SYNCED
    effects = host.receive(_hello(5))
    assert _sent(effects) == [Resume(5, seq=1)]
    assert host.state is HostState.RECOVERING
    assert host.receive(Select(1, seq=5)) == [Deliver(Select(1, seq=5))]
    assert host.state is HostState.STREAMING


def test_in_order_events_are_delivered_once() -> None:
    """Consecutive events are delivered; a repeat of one already delivered is a DUPLICATE."""
    host = _synced()
    assert host.receive(Select(1, seq=0)) == [Deliver(Select(1, seq=0))]
    assert host.receive(Select(2, seq=1)) == [Deliver(Select(2, seq=1))]
    (dropped,) = host.receive(Select(1, seq=0))
    assert _dropped(dropped).reason is DropReason.DUPLICATE
    assert host.expected == 2


def test_gap_sends_resume_once_and_is_filled() -> None:
    """An event after a gap is dropped with one RESUME(expected); the refill resumes streaming."""
    host = _synced()
    host.receive(Select(1, seq=0))
    effects = host.receive(Select(3, seq=2))
    assert _kinds(effects) == ["Dropped", "Send"] and _dropped(effects[0]).reason is DropReason.GAP
    assert _sent(effects) == [Resume(1, seq=1)]
    assert _kinds(host.receive(Select(4, seq=3))) == ["Dropped"]  # same gap: no second RESUME
    assert host.state is HostState.RECOVERING
    for seq in (1, 2):
        assert _kinds(host.receive(Select(9, seq=seq))) == ["Deliver"]
    assert host.state is HostState.RECOVERING  # seq 3 is known to exist
    assert _kinds(host.receive(Select(4, seq=3))) == ["Deliver"]
    assert host.state is HostState.STREAMING and host.expected == 4


def test_a_new_gap_while_recovering_sends_a_new_resume() -> None:
    """When the refill itself loses an event, the next gap at the new `expected` RESUMEs at once."""
    host = _synced()
    host.receive(Select(1, seq=3))  # gap at 0
    host.receive(Select(1, seq=0))  # refill: 0 arrives, 1 is lost again
    effects = host.receive(Select(1, seq=2))
    assert _sent(effects) == [Resume(1, seq=2)]


def test_lost_covering_expected_is_reported_and_skipped() -> None:
    """LOST(first, n) covering `expected` reports EventsLost from expected and moves past them."""
    host = _synced(10)
    host.receive(Select(1, seq=20))  # gap
    assert host.receive(Lost(10, 4)) == [EventsLost(10, 4)]
    assert host.expected == 14 and host.state is HostState.RECOVERING
    host.receive(Lost(12, 2))  # a repeat, now stale
    assert host.expected == 14
    effects = host.receive(Lost(12, 5))  # overlaps: only 14..16 are news
    assert effects == [EventsLost(14, 3)] and host.expected == 17


def test_stale_lost_is_dropped() -> None:
    """A LOST entirely before `expected` (or after it) is dropped as STALE."""
    host = _synced(10)
    for lost in (Lost(2, 3), Lost(11, 2)):
        (effect,) = host.receive(lost)
        assert _dropped(effect).reason is DropReason.STALE
    assert host.expected == 10


def test_reboot_is_reported_and_replayed_from_zero() -> None:
    """A HELLO with a new epoch reports Rebooted, restarts at 0 and RESUMEs(0) if it has events."""
    host = _synced(50)
    host.connected()
    effects = host.receive(_hello(2, epoch=0xBEEF))
    assert effects[0] == Rebooted(EPOCH, 0xBEEF)
    assert _sent(effects) == [Resume(0, seq=2)]  # after two HELLO_REQUESTs
    assert host.expected == 0 and host.ack() is None
    for seq in range(3):
        host.receive(Select(1, seq=seq))
    assert host.state is HostState.STREAMING and host.ack() == Ack(2, seq=3)


@pytest.mark.parametrize("reconnected", [False, True])
def test_a_hello_of_an_epoch_the_reader_left_is_dropped(reconnected: bool) -> None:
    """After a reboot, a HELLO or STATUS still carrying the previous boot's epoch (a
    real host stack once delivered one as the first notification after the reader
    rebooted) is stale: dropped, never taken for another reboot, so the new boot's
    events are neither replayed again nor skipped."""
    host = _synced(50)
    host.connected()
    host.receive(_hello(1, epoch=0xBEEF))
    for seq in range(2):
        assert _kinds(host.receive(Select(1, seq=seq))) == ["Deliver"]
    if reconnected:
        host.connected()
        assert _kinds(host.receive(_hello(50 - 1))) == ["Dropped"]
        assert host.state is HostState.AWAITING_HELLO  # still waiting for this link's HELLO
        assert _kinds(host.receive(_hello(1, epoch=0xBEEF))) == ["StatusReport"]
    for stale in (_hello(49), Status(EPOCH, 49, 0, 255, ReaderFlags(0), 9)):
        (effect,) = host.receive(stale)
        assert isinstance(effect, Dropped) and effect.reason is DropReason.STALE
        assert "epoch 00001234" in effect.detail
    assert host.epoch == 0xBEEF and host.expected == 2
    assert _kinds(host.receive(Select(1, seq=2))) == ["Deliver"]


def test_reboot_without_events_sends_nothing() -> None:
    """A rebooted reader with no events yet (last_seq 0xFFFF) needs no RESUME."""
    host = _synced(50)
    host.connected()
    effects = host.receive(_hello(0xFFFF, epoch=0xBEEF))
    assert _kinds(effects) == ["Rebooted", "StatusReport"] and host.expected == 0


def test_wrap_around_through_65535() -> None:
    """Delivery, gaps and duplicates follow seq order through 65535 -> 0."""
    host = _synced(65534)
    for seq in (65534, 65535, 0):
        assert _kinds(host.receive(Battery(9, 9, seq=seq))) == ["Deliver"]
    assert _kinds(host.receive(Battery(9, 9, seq=65535))) == ["Dropped"]  # duplicate
    effects = host.receive(Battery(9, 9, seq=2))
    assert _sent(effects) == [Resume(1, seq=1)]
    assert host.ack() == Ack(0, seq=2)


def test_hello_ahead_resumes_and_stale_hello_is_only_reported() -> None:
    """HELLO with last_seq ahead of delivery RESUMEs; one behind (an old answer) changes nothing."""
    host = _synced(8)
    assert _sent(host.receive(Status(EPOCH, 9, 0, 255, ReaderFlags(0), 9))) == [Resume(8, seq=1)]
    host = _synced(8)
    assert host.receive(_hello(3)) == [StatusReport(_hello(3))]
    assert host.state is HostState.STREAMING and host.expected == 8


def test_persisted_host_ahead_of_the_reader_resynchronises() -> None:
    """On connect, a HELLO behind a persisted `expected` (a mismatched store) restarts at the reader."""
    host = HostSession(EPOCH, 100)
    host.connected()
    effects = host.receive(_hello(40))
    assert _dropped(effects[0]).reason is DropReason.STALE and host.expected == 41


def test_corrupt_frame_is_dropped_with_its_reason_and_probes() -> None:
    """A frame that does not decode is dropped as CORRUPT, naming why, and a HELLO is asked for."""
    host = _synced()
    effects = host.receive(encode(Select(1))[:-1] + b"\x00")
    assert (
        _dropped(effects[0]).reason is DropReason.CORRUPT
        and "BAD_CRC" in _dropped(effects[0]).detail
    )
    assert isinstance(_sent(effects)[0], HelloRequest)
    error = FrameError(FrameReason.BAD_COBS, "from the stream decoder")
    assert _dropped(host.receive(error)[0]).reason is DropReason.CORRUPT


def test_commands_sent_to_the_host_are_dropped() -> None:
    """A host-to-reader command arriving at the host is dropped as MISDIRECTED."""
    host = _synced()
    (effect,) = host.receive(Ack(3))
    assert _dropped(effect).reason is DropReason.MISDIRECTED


def test_tick_retries_hello_request_and_resume() -> None:
    """tick re-sends an unanswered HELLO_REQUEST or RESUME after retry_interval, not before."""
    host = HostSession(retry_interval=0.5)
    host.connected(now=10.0)
    assert host.tick(10.4) == []
    assert isinstance(_sent(host.tick(10.5))[0], HelloRequest)
    host.receive(_hello(4), now=10.6)
    host.receive(Select(1, seq=7), now=10.7)  # gap at 5
    assert host.tick(11.1) == []
    assert [type(c) for c in _sent(host.tick(11.2))] == [Resume]


def test_tick_probes_a_quiet_link_and_repeats_the_last_ack() -> None:
    """After probe_interval of silence tick asks for a HELLO, and ack() repeats the last ACK."""
    host = HostSession(EPOCH, 0, probe_interval=2.0)
    host.connected(now=0.0)
    host.receive(_hello(0xFFFF), now=0.1)
    host.receive(Select(1, seq=0), now=0.2)
    assert host.ack() == Ack(0, seq=1)
    assert host.ack() is None
    assert host.tick(2.1) == []
    assert isinstance(_sent(host.tick(2.2))[0], HelloRequest)
    assert host.ack() == Ack(0, seq=3)


def test_no_probe_when_disabled() -> None:
    """With probe_interval None a quiet link is never probed."""
    host = HostSession(EPOCH, 0, probe_interval=None)
    host.connected(now=0.0)
    host.receive(_hello(0xFFFF))
    assert host.tick(1e6) == []


def test_receive_refuses_what_is_not_a_frame() -> None:
    """Passing something that is not bytes, a Message or a FrameError is our misuse."""
    with pytest.raises(ProtocolUsageError):
        HostSession().receive(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kwargs",
    [{"epoch": 0}, {"expected": 70000}, {"retry_interval": 0}, {"probe_interval": -1.0}],
)
def test_invalid_construction_is_refused(kwargs: dict) -> None:
    """An epoch of 0, an out-of-range expected or a non-positive interval raise ProtocolUsageError."""
    with pytest.raises(ProtocolUsageError):
        HostSession(**kwargs)


def test_transition_table_covers_every_reachable_pair() -> None:
    """Every state has a row for every input except a first HELLO once an epoch is known."""
    for state, row in _TRANSITIONS.items():
        missing = set(_Input) - set(row)
        if state is HostState.AWAITING_HELLO:
            assert missing == set()
        else:
            assert missing == {_Input.HELLO_FIRST}


def test_a_rebuilt_session_acknowledges_what_it_had_stored_once_the_hello_confirms() -> None:
    """A host restarted from its stored (epoch, expected), whose last ACKs died with it:
    once the reader's HELLO confirms the epoch, `ack()` acknowledges `expected - 1`
    and the reader frees those events; before the HELLO it acknowledges nothing."""
    from firmware_protocol.reader_session import ReaderSession

    reader = ReaderSession(EPOCH, 64, reader_id=9)
    for seat in range(1, 11):
        reader.record(Select(seat % 10))  # seqs 0..9, stored by the host, never acked
    assert reader.pending == 10
    host = HostSession(EPOCH, 10)  # rebuilt from its store after a crash
    (hello,) = reader.on_command(encode(host.connected()))
    assert host.ack() is None  # no HELLO yet: it could be a rebooted reader's
    assert _kinds(host.receive(hello)) == ["StatusReport"]
    ack = host.ack()
    assert ack is not None and ack.up_to == 9
    assert reader.on_command(encode(ack)) == [] and reader.pending == 0
    assert host.ack() is None  # once


def test_a_rebuilt_session_acknowledges_nothing_of_a_rebooted_reader() -> None:
    """The stored epoch is gone (the reader restarted): nothing of the new epoch has
    been delivered, so nothing is acknowledged."""
    host = HostSession(EPOCH, 10)
    host.connected()
    host.receive(_hello(0xFFFF, epoch=EPOCH + 1))
    assert host.ack() is None


def test_no_ack_is_written_into_a_connection_before_its_hello() -> None:
    """After a reconnect the last ACK is repeated only once the HELLO confirms the
    epoch: sent before it, an ACK could free a rebooted reader's new events."""
    host = _synced(0)
    host.receive(Select(1, seq=0))
    assert host.ack() == Ack(0, seq=1)
    host.connected()
    assert host.ack() is None
    host.receive(_hello(0))
    assert host.ack() == Ack(0, seq=3)
