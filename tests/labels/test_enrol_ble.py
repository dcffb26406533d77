"""Enrolment end to end: a simulated reader sends tag UIDs over the real bumble BLE path
(bleak with our bumble backend, the reader hub), with an interruption, a resume and a
refused duplicate."""

from __future__ import annotations

import asyncio
from pathlib import Path

from companion.codes import CardRef, all_codes
from companion.enrolment import Enrolment, Outcome, Registry, Step
from companion.enrolment.live import enrol_with_hub
from companion.readers import HubEvent, ReaderConnected, ReaderHub
from companion.readers.sim import SimSource
from firmware_protocol import Color
from hardware.sim.reader import SimulatedReader
from hardware.sim.table import SimulatedTable

TIMEOUT = 5.0
UIDS = [f"04A1B2{i:02X}" for i in range(16)]


class Run:
    """One `companion enrol` run over a hub: its steps arrive on a queue."""

    def __init__(self, table: SimulatedTable, path: Path, cards: list[CardRef]) -> None:
        self.enrolment = Enrolment(cards, Registry.load(path))
        self.hub = ReaderHub(SimSource(table, owns_table=False))
        self.steps: asyncio.Queue[Step] = asyncio.Queue()
        self.connected = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Run:
        await self.hub.__aenter__()

        async def on_step(step: Step) -> None:
            await self.steps.put(step)

        def on_notice(event: HubEvent) -> None:
            if isinstance(event, ReaderConnected):
                self.connected.set()

        save = self.enrolment.registry.save
        self.task = asyncio.create_task(
            enrol_with_hub(self.enrolment, self.hub, save, on_step, on_notice)
        )
        await asyncio.wait_for(self.connected.wait(), TIMEOUT)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()  # what Ctrl-C does to the command
            try:
                await self.task
            except asyncio.CancelledError:
                pass
        await self.hub.__aexit__(*exc)

    async def scan(self, reader: SimulatedReader, uid: str) -> Step:
        await reader.scan_uid(uid)
        return await asyncio.wait_for(self.steps.get(), TIMEOUT)

    async def press(self, reader: SimulatedReader, button: str) -> Step:
        await reader.press(button)
        return await asyncio.wait_for(self.steps.get(), TIMEOUT)


async def test_enrolment_over_ble_interrupted_resumed_and_duplicate_refused(tmp_path: Path) -> None:
    """UIDs sent over BLE are enrolled in order and saved; after an interruption a new run
    resumes at the first card without a tag; a tag of another card is refused (red LED,
    file unchanged); the run ends when every card has its tag."""
    path = tmp_path / "tags.json"
    cards = all_codes("identities")
    async with SimulatedTable(1, seed=11) as table:
        reader = table.readers[0]
        async with Run(table, path, cards) as first:
            for i in range(3):
                step = await first.scan(reader, UIDS[i])
                assert (step.outcome, step.card) == (Outcome.ENROLLED, cards[i])
            assert (await first.press(reader, "no")).outcome is Outcome.SKIPPED
            assert (await first.scan(reader, UIDS[4])).card == cards[4]
            assert (await reader.wait_feedback(5, TIMEOUT)).color is Color.GREEN
        # interrupted here: the saved file is all that survives
        assert len(Registry.load(path)) == 4

        async with Run(table, path, cards) as second:
            assert second.enrolment.expected() == cards[3]
            before = path.read_bytes()
            feedback_count = len(reader.feedback_history)
            step = await second.scan(reader, UIDS[0])
            assert (step.outcome, step.card) == (Outcome.DUPLICATE, cards[0])
            assert path.read_bytes() == before
            assert (await reader.wait_feedback(feedback_count + 1, TIMEOUT)).color is Color.RED
            for index in (3, *range(5, len(cards))):
                step = await second.scan(reader, UIDS[index])
                assert (step.outcome, step.card) == (Outcome.ENROLLED, cards[index])
            assert second.task is not None
            await asyncio.wait_for(second.task, TIMEOUT)  # every card done: the run ends

    final = Registry.load(path)
    assert len(final) == len(cards)
    assert all(final.lookup(bytes.fromhex(UIDS[i])) == card for i, card in enumerate(cards))
