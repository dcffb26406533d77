"""Property: no schedule of link faults loses or doubles an event (bounded run)."""

from __future__ import annotations

import asyncio

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.readers import HubOptions, ReaderHub, ReaderInput
from tests.readers.conftest import ble_rig
from tests.readers.helpers import TIMEOUT

#: One step of a schedule: an event, or a fault between events.
step = st.one_of(
    st.just(("event", 0.0)),
    st.just(("drop", 0.0)),
    st.just(("duplicate", 0.0)),
    st.just(("corrupt", 0.0)),
    st.tuples(st.just("away"), st.floats(min_value=0.0, max_value=0.1)),
    st.tuples(st.just("latency"), st.sampled_from([0.0, 7.5])),
)


async def run_schedule(
    schedule: list[tuple[str, float]], auto_ack: bool, logic: str = "session"
) -> list[int]:
    async with (
        ble_rig(seed=len(schedule), logic=logic) as rig,
        ReaderHub(rig.source, HubOptions(auto_ack=auto_ack, retry_interval=0.1)) as hub,
    ):
        reader = rig.reader
        seqs: list[int] = []

        async def consume(count: int) -> None:
            while len(seqs) < count:
                event = await hub.next_event(timeout=TIMEOUT)
                if isinstance(event, ReaderInput):
                    seqs.append(event.seq)
                    if not auto_ack:
                        await hub.ack(event.reader_id, event.seq, epoch=event.epoch)

        await reader.wait_greeted(TIMEOUT)
        for kind, amount in schedule:
            if kind == "event":
                await reader.press("ok")
            elif kind == "drop" and reader.is_connected:
                await reader.drop_link()
            elif kind == "duplicate":
                reader.duplicate_next()
            elif kind == "corrupt":
                reader.corrupt_next()
            elif kind == "away":
                await reader.out_of_range(amount)
            elif kind == "latency":
                reader.set_latency(amount)
        await reader.press("no")  # at least one event, and a last one after the faults
        await consume(reader.last_seq + 1)
        try:
            extra = await hub.next_event(timeout=0.1)
        except TimeoutError:
            extra = None
        if isinstance(extra, ReaderInput):
            seqs.append(extra.seq)
        return seqs


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    schedule=st.lists(step, max_size=25),
    auto_ack=st.booleans(),
    logic=st.sampled_from(["session", "firmware"]),
)
def test_random_fault_schedules_never_lose_or_double_an_event(
    schedule: list[tuple[str, float]], auto_ack: bool, logic: str
) -> None:
    """Whatever drops, duplicates, corruptions, absences and latency happen between
    events, the consumer gets every event exactly once and in order (with either
    reader logic behind the simulator)."""
    seqs = asyncio.run(asyncio.wait_for(run_schedule(schedule, auto_ack, logic), 60))
    assert seqs == list(range(len(seqs)))
    assert seqs[-1] == sum(1 for kind, _ in schedule if kind == "event")
