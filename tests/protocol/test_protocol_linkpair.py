"""Reader and host joined by a faulty link (LinkPair): exactly once, in order, whatever happens."""

from __future__ import annotations

import random

import pytest

from firmware_protocol import Ack, Battery, Button, ButtonId, Card, CardKind, Press, Select, encode
from firmware_protocol.session import HostSession, HostState, ReaderSession
from firmware_protocol.testing import Faults, LinkPair


def _random_event(rng: random.Random, i: int):
    choice = rng.randrange(3)
    if choice == 0:
        return Card(rng.random() < 0.5, CardKind.TEXT, f"C{i}".encode())
    if choice == 1:
        return Button(rng.choice(list(ButtonId)), rng.choice(list(Press)))
    return Battery(50, i)


def _assert_exactly_once(pair: LinkPair) -> None:
    expected = pair.expected_delivery()
    assert pair.delivered == expected
    seqs = [event.seq for event in pair.delivered]
    assert len(seqs) == len(set(seqs))
    lost = [(item.first_seq, item.count) for item in pair.lost]
    assert len(lost) == len(set(lost))


@pytest.mark.parametrize("seed", range(40))
def test_random_fault_schedules_never_lose_or_duplicate(seed: int) -> None:
    """Under random drop/duplicate/corrupt/delay both ways, every event arrives once, in order,
    unless the host reported it lost after a buffer overflow."""
    rng = random.Random(seed)
    faults = Faults(
        drop=rng.uniform(0, 0.15),
        duplicate=rng.uniform(0, 0.1),
        corrupt=rng.uniform(0, 0.1),
        delay=rng.uniform(0, 0.1),
    )
    pair = LinkPair(seed=seed, up=faults, down=faults, latency=0.01)
    assert pair.sync()
    for i in range(150):
        pair.record(_random_event(rng, i))
        for _ in range(rng.randint(0, 6)):
            pair.step()
        if rng.random() < 0.02:
            pair.connect()  # the connection drops and comes back: in-flight frames are gone
    assert pair.settle()
    _assert_exactly_once(pair)
    assert len(pair.delivered) + sum(item.count for item in pair.lost) == len(pair.recorded)


def test_clean_link_delivers_everything_with_no_drops() -> None:
    """On a perfect link nothing is dropped, lost or resent: the baseline of the fault tests."""
    pair = LinkPair(seed=1)
    assert pair.sync()
    for i in range(200):
        pair.record(Select(i % 11))
        pair.step()
    assert pair.settle()
    assert pair.delivered == pair.recorded and not pair.lost and not pair.dropped


def test_overflow_while_the_link_is_down_is_reported_lost() -> None:
    """100 events while nothing reaches the host overflow the 64-event buffer: 36 reported LOST."""
    pair = LinkPair(seed=2)
    assert pair.sync()
    pair.up.faults = Faults(drop=1.0)
    for i in range(100):
        pair.record(Battery(50, i))
        pair.step()
    assert pair.reader.dropped == 36
    pair.up.faults = Faults()
    pair.connect()
    assert pair.settle()
    assert [(item.first_seq, item.count) for item in pair.lost] == [(0, 36)]
    assert [event.seq for event in pair.delivered] == list(range(36, 100))
    _assert_exactly_once(pair)


def test_overflow_of_events_the_host_already_had_is_not_lost() -> None:
    """Events pushed out of the buffer before their ACK but already delivered are not reported lost."""
    pair = LinkPair(seed=3)
    assert pair.sync()
    pair.down.faults = Faults(drop=1.0)  # ACKs never reach the reader
    for i in range(100):
        pair.record(Battery(50, i))
        pair.step()
    assert pair.reader.dropped == 36
    assert pair.settle()
    assert not pair.lost and pair.delivered == pair.recorded


def test_reboot_is_reported_and_new_events_flow() -> None:
    """A reboot loses what was unacknowledged, is reported once, and events restart at seq 0."""
    pair = LinkPair(seed=4)
    assert pair.sync()
    for i in range(5):
        pair.record(Select(i))
    old_epoch = pair.reader.epoch
    pair.reboot(epoch=0xB007)
    for i in range(3):
        pair.record(Select(i + 1))
    assert pair.settle()
    assert [(r.old_epoch, r.new_epoch) for r in pair.reboots] == [(old_epoch, 0xB007)]
    assert [event.seq for event in pair.delivered] == [0, 1, 2]
    _assert_exactly_once(pair)


def test_host_restart_with_a_persisted_session_resumes_exactly() -> None:
    """A host rebuilt from its stored (epoch, expected) gets exactly the events it had not stored."""
    pair = LinkPair(seed=5)
    assert pair.sync()
    for i in range(10):
        pair.record(Select(i % 11))
        pair.step()
    assert pair.settle()
    stored = list(pair.delivered[:6])  # the app crashed after storing six
    host = HostSession(pair.host.epoch, stored[-1].seq + 1)
    restarted = LinkPair(pair.reader, host, seed=6)
    restarted.connect()
    # the reader still holds what the old host had not acknowledged... here all were acked,
    # so the new host is told they are gone rather than silently missing them
    assert restarted.settle()
    assert [(item.first_seq, item.count) for item in restarted.lost] == [(6, 4)]


def test_wrap_around_through_65535_under_faults() -> None:
    """With the reader near seq 65535, a faulty link still delivers exactly once across the wrap."""
    reader = ReaderSession(0xFEED)
    for i in range(65_480):
        reader.record(Battery(50, i & 0xFFFF))
        if i % 48 == 47:
            reader.on_command(encode(Ack(reader.last_seq)))
    reader.on_command(encode(Ack(reader.last_seq)))
    host = HostSession(reader.epoch, (reader.last_seq + 1) & 0xFFFF)
    faults = Faults(drop=0.1, duplicate=0.05, corrupt=0.05, delay=0.05)
    pair = LinkPair(reader, host, seed=7, up=faults, down=faults)
    assert pair.sync()
    for i in range(150):
        pair.record(Select(i % 11))
        pair.step()
        pair.step()
    assert pair.settle()
    assert pair.host.state is HostState.STREAMING
    assert {65535, 0} <= {event.seq for event in pair.recorded}
    _assert_exactly_once(pair)


def test_same_seed_same_run() -> None:
    """LinkPair is deterministic: the same seed gives the same deliveries and drops."""

    def run() -> tuple:
        faults = Faults(drop=0.2, duplicate=0.1, corrupt=0.1, delay=0.1)
        pair = LinkPair(seed=8, up=faults, down=faults)
        pair.sync()
        for i in range(60):
            pair.record(Select(i % 11))
            pair.step()
        pair.settle()
        return pair.delivered, pair.lost, pair.dropped, pair.now

    assert run() == run()
