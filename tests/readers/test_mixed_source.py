"""One mechanism for a mixed table, two spellings: `--reader A --reader B` (the runner)
and `--reader A,B` (`open_reader`) both make a `MixedSource`. Real pty scanners
through a real hub; one stand-in, said where it is used."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.readers import HubOptions, ReaderConnected, ReaderHub, ReaderUnavailable, open_reader
from companion.readers.base import FoundHandler, ReaderSource
from companion.readers.mixed import MixedSource
from firmware_protocol import Card
from hardware.sim.scanner import SimulatedScanner
from tests.readers.helpers import take_inputs, take_until

FAST = HubOptions(retry_initial=0.02, retry_max=0.1)


async def test_a_comma_spec_is_one_mixed_source_reading_every_part(tmp_path: Path) -> None:
    """Two scanners in one spec: one hub, each scanner's codes in order, once each,
    with the seat its `@N` gives."""
    with SimulatedScanner(tmp_path / "a") as a, SimulatedScanner(tmp_path / "b") as b:
        source = open_reader(f"scanner:{a.path}@1,scanner:{b.path}")
        assert isinstance(source, MixedSource) and len(source.parts) == 2
        async with ReaderHub(source, FAST) as hub:
            await take_until(hub, ReaderConnected)
            await take_until(hub, ReaderConnected)
            a.scan("SG:A01")
            b.scan("SG:B01")
            a.scan("SG:A02")
            seen = await take_inputs(hub, 3, ack=True)
    by_seat = {(i.seat, i.event.text) for i in seen.inputs if isinstance(i.event, Card)}
    assert by_seat == {(1, "SG:A01"), (0, "SG:B01"), (1, "SG:A02")}
    assert seen.seqs(source.parts[0].readers[0].reader_id) == [0, 1]  # type: ignore[attr-defined]


def test_sim_does_not_join_a_comma_spec() -> None:
    with pytest.raises(ValueError, match="sim readers do not mix"):
        open_reader("sim,scanner:/dev/ttyACM0")


class _Failing(ReaderSource):
    """Stands in for a transport whose start fails after opening something (no such
    transport can be made to fail on this machine on demand)."""

    def __init__(self) -> None:
        self.stopped = False

    def describe(self) -> str:
        return "failing"

    async def start(self) -> None:
        raise ReaderUnavailable("failing", "no adapter")

    async def stop(self) -> None:
        self.stopped = True

    async def discover(self, on_found: FoundHandler) -> None:
        raise AssertionError("never started")


async def test_a_part_that_fails_to_start_stops_the_others(tmp_path: Path) -> None:
    """The scanner started first is stopped again (its port closed), and the failing
    part is told to release what it opened; the error is the part's own."""
    with SimulatedScanner(tmp_path / "a") as a:
        scanner = open_reader(f"scanner:{a.path}")
        failing = _Failing()
        mixed = MixedSource([(scanner, None), (failing, None)])
        with pytest.raises(ReaderUnavailable, match="no adapter"):
            await mixed.start()
        assert failing.stopped
        assert mixed._started == []
