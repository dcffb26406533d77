"""The hub applying the allowlist over the real BLE stack: strangers are shown and never
connected, a HELLO that contradicts the bond drops the link, new readers pair only
when allowed, and a forgotten reader is refused until paired again."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from companion.readers import (
    HubOptions,
    IgnoreReason,
    KnownReader,
    ReaderConnected,
    ReaderHub,
    ReaderIgnored,
)
from companion.readers.allowlist import Allowlist
from companion.readers.ble import BleStack
from companion.readers.pairing import PairingFailed, forget_reader, pair_reader
from companion.readers.sim import SimSource
from companion.readers.trust import TrustPolicy
from hardware.sim.reader import SimulatedReader
from hardware.sim.table import HOST_ADDRESS, SimulatedTable
from tests.readers.helpers import take_inputs, take_until
from tests.trust.helpers import TIMEOUT, announced, connections


def _known(reader: SimulatedReader, reader_id: int | None = None) -> KnownReader:
    return KnownReader(reader_id or reader.reader_id, reader.address, reader.name)


def _hub(table: SimulatedTable, policy: TrustPolicy, **options: object) -> ReaderHub:
    return ReaderHub(
        SimSource(table, owns_table=False),
        HubOptions(auto_ack=True, trust=policy, retry_max=0.2, **options),  # type: ignore[arg-type]
    )


async def test_a_reader_not_on_the_allowlist_is_shown_and_never_connected() -> None:
    """A reader that is not on the allowlist (bonded on its side or not) is reported as
    not paired, with its name and RSSI, and never connected; the paired one works."""
    async with SimulatedTable(2, shared=False) as table:
        paired, stranger = table.readers
        links = connections(stranger)
        policy = TrustPolicy(Allowlist(None, [_known(paired)]))
        async with _hub(table, policy) as hub:
            seen = await take_until(hub, ReaderIgnored)
            seen = await take_until(hub, ReaderConnected, seen)
            await paired.press("ok")
            await stranger.press("ok")
            seen = await take_inputs(hub, 1, seen)
        [ignored] = seen.of(ReaderIgnored)
        assert (ignored.name, ignored.because, ignored.rssi) == (
            stranger.name,
            IgnoreReason.NOT_PAIRED,
            -50,
        )
        assert {i.reader_id for i in seen.inputs} == {paired.reader_id}
        assert links == []


async def test_a_hello_contradicting_the_bond_drops_the_link(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A bonded reader whose HELLO announces another id than the allowlist binds to its
    identity is dropped with a warning, and none of its events are delivered."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        links = connections(reader)
        policy = TrustPolicy(Allowlist(None, [_known(reader, 0x12345678)]))
        with caplog.at_level(logging.WARNING, logger="companion.readers.hub"):
            async with _hub(table, policy) as hub:
                seen = await take_until(hub, ReaderIgnored)
                await reader.press("ok")
                assert not any(isinstance(e, ReaderConnected) for e in seen.notices)
        [ignored] = seen.of(ReaderIgnored)
        assert ignored.because is IgnoreReason.IDENTITY
        assert "announced reader 7C0A0001" in ignored.reason
        assert any("announced reader 7C0A0001" in r.getMessage() for r in caplog.records)
        assert links == ["connected", "disconnected"]
        assert seen.inputs == []


async def test_a_paired_id_from_another_identity_is_refused_even_with_allow_new() -> None:
    """An impostor with a paired reader's name and id but its own identity may pair
    (its window is open and new readers are allowed) but is dropped at HELLO; the
    allowlist keeps only the real reader, which works."""
    async with SimulatedTable(1) as table:
        real = table.readers[0]
        impostor = SimulatedReader(real.reader_id, name=real.name, address="C4:00:00:00:00:01")
        await impostor.attach_ble(table.link)
        try:
            impostor.hold_ok()
            allowlist = Allowlist(None, [_known(real)])
            async with _hub(table, TrustPolicy(allowlist, allow_new=True)) as hub:
                seen = await take_until(hub, ReaderIgnored)
                seen = await take_until(hub, ReaderConnected, seen)
                await real.press("ok")
                seen = await take_inputs(hub, 1, seen)
            [ignored] = seen.of(ReaderIgnored)
            assert ignored.address == impostor.address
            assert ignored.because is IgnoreReason.IDENTITY
            assert f"paired at {real.address}" in ignored.reason
            assert [c.address for c in seen.of(ReaderConnected)] == [real.address]
            assert allowlist.readers == [_known(real)]
        finally:
            await impostor.close()


async def test_allow_new_pairs_a_reader_once_its_window_opens(tmp_path: Path) -> None:
    """With new readers allowed, an unknown reader is paired as soon as its OK is held
    (until then it refuses), and it is added to the allowlist file."""
    path = tmp_path / "readers.json"
    async with SimulatedTable(1, bonded=False) as table:
        reader = table.readers[0]
        policy = TrustPolicy(Allowlist.load(path), allow_new=True)
        refused = announced(reader, "disconnected")
        async with _hub(table, policy) as hub:
            await asyncio.wait_for(refused, TIMEOUT)  # an attempt while the window is shut
            assert reader.security.bonds == []
            reader.hold_ok()
            seen = await take_until(hub, ReaderConnected)
        assert seen.of(ReaderConnected)[0].reader_id == reader.reader_id
        assert reader.security.bonds == [HOST_ADDRESS]
        [entry] = Allowlist.load(path).readers
        assert (entry.reader_id, entry.identity, entry.name) == (
            reader.reader_id,
            reader.address,
            reader.name,
        )


async def test_a_forgotten_reader_is_refused_until_paired_again(tmp_path: Path) -> None:
    """Pair, forget, and the reader is ignored by the hub and will not pair without its
    window (the host's keys are gone too); paired again through the window, it works."""
    path, keys = tmp_path / "readers.json", tmp_path / "readers.keys.json"
    async with SimulatedTable(1, bonded=False, host_keys=keys) as table:
        reader = table.readers[0]
        stack = BleStack(bumble_device=table.host_device)
        allowlist = Allowlist.load(path)
        reader.hold_ok()
        entry = await pair_reader(stack, allowlist, timeout=TIMEOUT)
        assert Allowlist.load(path).readers == [entry]
        assert await forget_reader(allowlist, "TCR-0001", keys) == entry
        assert Allowlist.load(path).readers == []
        assert await table.host_device.keystore.get(reader.address) is None  # type: ignore[union-attr]

        async with _hub(table, TrustPolicy(Allowlist.load(path))) as hub:
            seen = await take_until(hub, ReaderIgnored)
        assert seen.of(ReaderIgnored)[0].because is IgnoreReason.NOT_PAIRED
        with pytest.raises(PairingFailed, match="hold OK"):
            await pair_reader(stack, allowlist, timeout=0.5)

        reader.hold_ok()
        await pair_reader(stack, allowlist, timeout=TIMEOUT)
        async with _hub(table, TrustPolicy(Allowlist.load(path))) as hub:
            await take_until(hub, ReaderConnected)
            await table.wait_ready(TIMEOUT)
            await reader.press("ok")
            seen = await take_inputs(hub, 1)
        assert seen.inputs[0].reader_id == reader.reader_id


async def test_pairing_with_nobody_in_reach_says_so() -> None:
    """`pair_reader` with every reader in reach already paired fails saying no unpaired
    reader was seen."""
    async with SimulatedTable(1) as table:
        allowlist = Allowlist(None, [_known(table.readers[0])])
        with pytest.raises(PairingFailed, match="no unpaired reader"):
            await pair_reader(BleStack(bumble_device=table.host_device), allowlist, timeout=0.3)
