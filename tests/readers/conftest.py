"""Fixtures of the reader tests: simulated readers on a real BLE stack or a real pty.

`rig` is parametrised over the two transports, so a test written once runs over
bleak + our bumble backend + a bumble GATT server on a simulated radio, and over
pyserial + COBS on a real pseudo-terminal pair. Nothing of our own is mocked.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from companion.readers.base import ReaderSource
from companion.readers.serial import SerialSource
from companion.readers.sim import SimSource
from hardware.sim.firmware_logic import FirmwareLogic
from hardware.sim.logic import SessionLogic
from hardware.sim.reader import LogicFactory, SimulatedReader
from hardware.sim.table import FIRST_READER_ID, SimulatedTable
from tests.readers.helpers import Rig

LOGICS: dict[str, LogicFactory] = {"session": SessionLogic, "firmware": FirmwareLogic}
"""The reader logic behind the seam: the protocol package's session, or the firmware core."""


@asynccontextmanager
async def ble_rig(
    n_readers: int = 1,
    *,
    shared: bool = True,
    seed: int = 7,
    logic: str = "session",
    advertising_interval_ms: float = 20.0,
) -> AsyncIterator[Rig]:
    """N simulated readers and a host radio on one simulated link, in this process."""
    async with SimulatedTable(
        n_readers,
        shared=shared,
        seed=seed,
        logic_factory=LOGICS[logic],
        advertising_interval_ms=advertising_interval_ms,
    ) as table:
        source: ReaderSource = SimSource(table, owns_table=False)
        yield Rig("ble", table.readers, source, table)


@asynccontextmanager
async def serial_rig(directory: Path, seed: int = 7, logic: str = "session") -> AsyncIterator[Rig]:
    """One simulated reader behind a pty; the host opens it by its stable symlink."""
    reader = SimulatedReader(FIRST_READER_ID, rng=random.Random(seed), logic_factory=LOGICS[logic])
    front = await reader.attach_serial(directory)
    try:
        yield Rig("serial", [reader], SerialSource(str(front.path)), None)
    finally:
        await reader.close()


@pytest.fixture(
    params=[
        ("ble", "session"),
        ("ble", "firmware"),
        ("serial", "session"),
        ("serial", "firmware"),
    ],
    ids=lambda p: "-".join(p),
)
async def rig(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Rig]:
    """One simulated reader, over each transport and each reader logic in turn."""
    transport, logic = request.param
    if transport == "ble":
        async with ble_rig(logic=logic) as made:
            yield made
    else:
        async with serial_rig(tmp_path, logic=logic) as made:
            yield made


@pytest.fixture
async def ble() -> AsyncIterator[Rig]:
    """One simulated shared reader over BLE."""
    async with ble_rig() as made:
        yield made
