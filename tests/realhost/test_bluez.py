"""The simulated readers against a real Linux host stack: the kernel's Bluetooth
stack (reached through /dev/vhci), bluetoothd and stock bleak on BlueZ, inside the
QEMU guest (`python tests/realhost/run-guest.py`). Timings printed here are of an
emulated machine (QEMU TCG): they show trends, not what hardware does."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.realhost.guest import Sim, companion

pytestmark = pytest.mark.realhost

READER = "F1:00:7C:0A:00:01"  # the first simulated reader's address (reader id 7C0A0001)


@pytest.fixture
async def sim() -> AsyncIterator[Sim]:
    if not Path("/dev/vhci").exists():
        pytest.fail("no /dev/vhci: the real-host tests run inside the guest (run-guest.py)")
    readers = await Sim.launch("--pairing", "button", "--seed", "3")
    try:
        yield readers
    finally:
        await readers.quit()


async def test_listing_shows_an_unpaired_reader_apart_with_the_hint(
    sim: Sim, tmp_path: Path
) -> None:
    """`companion readers` on BlueZ lists a reader nobody paired under "not paired",
    with the hint to hold OK and pair, and never connects to it."""
    start = time.monotonic()
    done = await companion("readers", "--allowlist", str(tmp_path / "readers.json"))
    assert done.status == 0, done.err
    assert "not paired (hold OK on one for 3 s, then `companion readers pair`):" in done.out
    assert READER in done.out and "TCR-0001" in done.out
    assert "connected" not in "\n".join(sim.lines)
    print(f"\nBENCH listing (emulated): `companion readers` {time.monotonic() - start:.2f} s")
