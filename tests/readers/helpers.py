"""Helpers of the reader tests: a rig description and ways to await hub events."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from companion.readers import HubEvent, ReaderHub, ReaderInput
from companion.readers.base import ReaderSource
from hardware.sim.reader import SimulatedReader
from hardware.sim.table import SimulatedTable

E = TypeVar("E")

TIMEOUT = 30.0
"""How long a test waits for one awaited event: a bound that only ends a failing test
(a passing one goes on as soon as the event is there), generous for a loaded machine."""


@dataclass
class Rig:
    """Simulated readers and the source a hub finds them through."""

    transport: str
    readers: list[SimulatedReader]
    source: ReaderSource
    table: SimulatedTable | None

    @property
    def reader(self) -> SimulatedReader:
        return self.readers[0]


@dataclass
class Seen:
    """Hub events taken so far, split into inputs and notices."""

    inputs: list[ReaderInput] = field(default_factory=list)
    notices: list[HubEvent] = field(default_factory=list)

    def of(self, kind: type[E]) -> list[E]:
        return [n for n in self.notices if isinstance(n, kind)]

    def seqs(self, reader_id: int | None = None) -> list[int]:
        return [i.seq for i in self.inputs if reader_id is None or i.reader_id == reader_id]


async def take_inputs(
    hub: ReaderHub,
    count: int,
    seen: Seen | None = None,
    *,
    ack: bool = False,
    timeout: float = TIMEOUT,
) -> Seen:
    """Take hub events until `count` more inputs arrived (each within `timeout`);
    optionally acknowledge each input as a consumer that stored it would."""
    seen = seen or Seen()
    goal = len(seen.inputs) + count
    while len(seen.inputs) < goal:
        event = await hub.next_event(timeout=timeout)
        if isinstance(event, ReaderInput):
            seen.inputs.append(event)
            if ack:
                await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
        else:
            seen.notices.append(event)
    return seen


async def take_until(
    hub: ReaderHub,
    kind: type,
    seen: Seen | None = None,
    *,
    count: int = 1,
    timeout: float = TIMEOUT,
) -> Seen:
    """Take hub events until `count` notices of `kind` arrived."""
    seen = seen or Seen()
    while len(seen.of(kind)) < count:
        event = await hub.next_event(timeout=timeout)
        if isinstance(event, ReaderInput):
            seen.inputs.append(event)
        else:
            seen.notices.append(event)
    return seen
