"""What only a real host stack shows, checked in the guest with the readers in this
process on /dev/vhci and stock bleak on BlueZ (the kernel, bluetoothd): the OS's own
GATT traffic, BlueZ's agent, its key store, its MTU bookkeeping, reconnections. The
BENCH lines are the issue's figures, measured on an emulated machine (QEMU TCG):
trends, not hardware numbers."""

from __future__ import annotations

import asyncio
import configparser
import logging
import statistics
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bleak import BleakClient, BleakScanner
from bleak.exc import BleakError

from companion.readers import HubOptions, ReaderConnected, ReaderHub, ReaderInput
from companion.readers.allowlist import Allowlist
from companion.readers.ble import BleSource, BleStack
from companion.readers.events import ReaderRestarted
from companion.readers.pairing import pair_reader
from companion.readers.trust import TrustPolicy
from firmware_protocol import Card, decode, profile
from hardware.sim.hci_port import HOST_CONTROLLER_ADDRESS
from hardware.sim.table import SimulatedTable
from hardware.sim.tokens import text_tag
from hardware.sim.vhci_port import VhciPort
from tests.realhost.guest import STEP, forget_adapter_bonds, power_on

pytestmark = pytest.mark.realhost

BATTERY_LEVEL = "00002a19-0000-1000-8000-00805f9b34fb"


@pytest.fixture
async def table() -> AsyncIterator[SimulatedTable]:
    """Two readers on a radio whose host is this machine's kernel."""
    if not Path("/dev/vhci").exists():
        pytest.fail("no /dev/vhci: the real-host tests run inside the guest (run-guest.py)")
    forget_adapter_bonds()
    readers = SimulatedTable(2, host=False, bonded=False, seed=3)
    await readers.start()
    port = VhciPort(readers.link)
    await port.start()
    try:
        await power_on()
        yield readers
    finally:
        await port.close()
        await readers.close()


async def found(address: str) -> tuple[object, float]:
    """The reader as a fresh BlueZ scan sees it, and how long the scan took."""
    start = time.monotonic()
    device = await BleakScanner.find_device_by_address(address, timeout=STEP)
    assert device is not None, f"{address} not found"
    return device, time.monotonic() - start


async def paired(table: SimulatedTable, index: int, allowlist: Allowlist) -> float:
    """Hold OK on a reader and pair it as `companion readers pair` does; seconds taken."""
    reader = table.readers[index]
    reader.hold_ok()
    start = time.monotonic()
    known = await pair_reader(BleStack(connect_timeout=20.0), allowlist, timeout=STEP)
    assert known.reader_id == reader.reader_id
    return time.monotonic() - start


async def test_a_stock_host_stays_connected_to_an_unpaired_reader(table: SimulatedTable) -> None:
    """bluetoothd reads (and subscribes to) Battery Level right after discovery. The
    reader serves it without a bond (SPEC.md section 12), so the kernel does not start
    pairing on its own: the link stays up, `info` and the battery read, nothing bonds,
    and the protected `event` is still refused."""
    reader = table.readers[0]
    device, _ = await found(reader.address)
    async with BleakClient(device, timeout=STEP) as client:  # type: ignore[arg-type]
        info = profile.Info.from_bytes(bytes(await client.read_gatt_char(profile.INFO_UUID)))
        assert info.reader_id == reader.reader_id
        assert bytes(await client.read_gatt_char(BATTERY_LEVEL)) == bytes([100])
        await asyncio.sleep(3.0)  # bluetoothd's own reads happen meanwhile
        assert client.is_connected
        # refused: the kernel then tries to pair by itself, which the closed window
        # refuses too, and BlueZ reports ATT "unlikely error"
        with pytest.raises(BleakError):
            await client.read_gatt_char(profile.EVENT_UUID)
    assert reader.security.bonds == []


async def test_pairing_through_bluez_with_the_companions_agent(
    table: SimulatedTable, tmp_path: Path
) -> None:
    """With no agent running (this guest has none), pairing still bonds: the companion
    registers a NoInputNoOutput agent while it pairs. BlueZ then keeps the reader's
    own identity key, not an all-zero one, and a different one for each reader."""
    allowlist = Allowlist(tmp_path / "readers.json")
    first = await paired(table, 0, allowlist)
    second = await paired(table, 1, allowlist)
    assert [r.reader_id for r in allowlist.readers] == [r.reader_id for r in table.readers]
    irks = []
    for reader in table.readers:
        # the kernel pairs with its public address, which bumble writes with "/P"
        assert reader.security.bonds == [f"{HOST_CONTROLLER_ADDRESS}/P"]
        info = configparser.ConfigParser()
        info.read(Path("/var/lib/bluetooth") / HOST_CONTROLLER_ADDRESS / reader.address / "info")
        irks.append(info["IdentityResolvingKey"]["Key"])
    assert irks == [r.security.irk.hex().upper() for r in table.readers]
    assert "0" * 32 not in irks and irks[0] != irks[1]
    print(f"\nBENCH pairing through BlueZ (pair_reader), emulated: {first:.2f} s, {second:.2f} s")


async def test_everything_works_at_the_default_mtu(table: SimulatedTable, tmp_path: Path) -> None:
    """A reader that never raises its ATT MTU above the default 23: pairing, HELLO and
    the longest event (a 13-byte CARD, a 20-byte frame) arrive whole, although
    bleak's `mtu_size` on BlueZ is no guide (nothing in the companion reads it)."""
    reader = table.readers[0]
    reader.front.device.gatt_server.max_mtu = 23  # type: ignore[attr-defined]
    allowlist = Allowlist(tmp_path / "readers.json")
    await paired(table, 0, allowlist)
    source = BleSource(address=reader.address)
    async with ReaderHub(source, HubOptions(trust=TrustPolicy(allowlist))) as hub:
        while not isinstance(await hub.next_event(timeout=STEP), ReaderConnected):
            pass
        await reader.scan_tag(text_tag("ABCDEFGHIJKLM"))
        event = await hub.next_event(timeout=STEP)
        while not isinstance(event, ReaderInput):
            event = await hub.next_event(timeout=STEP)
    assert isinstance(event.event, Card) and event.event.data == b"ABCDEFGHIJKLM"
    connection = next(iter(reader.front.device.connections.values()), None)  # type: ignore[attr-defined]
    assert connection is None or connection.att_mtu == 23


async def test_figures_notification_latency_and_reconnection(
    table: SimulatedTable, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The issue's figures on the real stack: scan time, notification -> bleak callback
    latency over 200 events (every one arrives, in order) and the hub's reconnection
    after reader reboots (each reported once, no input lost or doubled). Counts how
    often the first notification after a reboot was a stale HELLO (dropped)."""
    reader = table.readers[0]
    _, scan = await found(reader.address)
    allowlist = Allowlist(tmp_path / "readers.json")
    await paired(table, 0, allowlist)

    device, _ = await found(reader.address)
    times: list[float] = []
    got: list[bytes] = []
    arrived = asyncio.Event()
    sent_at = [0.0]

    def on_note(_char: object, data: bytearray) -> None:
        times.append(time.perf_counter() - sent_at[0])
        got.append(bytes(data))
        arrived.set()

    async with BleakClient(device, timeout=STEP) as client:  # type: ignore[arg-type]
        await client.start_notify(profile.EVENT_UUID, on_note)
        for _ in range(200):
            arrived.clear()
            sent_at[0] = time.perf_counter()
            await reader.press("ok")
            await asyncio.wait_for(arrived.wait(), 10)
    assert len(got) == 200
    assert [decode(frame).seq for frame in got] == list(range(200))

    caplog.set_level(logging.DEBUG, logger="companion.readers.hub")
    reconnects: list[float] = []
    source = BleSource(address=reader.address)
    inputs: list[tuple[int, int]] = []
    async with ReaderHub(source, HubOptions(trust=TrustPolicy(allowlist))) as hub:

        async def next_of(kind: type) -> object:
            while True:
                event = await hub.next_event(timeout=STEP)
                if isinstance(event, ReaderInput):
                    inputs.append((event.epoch, event.seq))
                    await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
                if isinstance(event, kind):
                    return event

        await next_of(ReaderConnected)
        for _ in range(5):
            await reader.press("no")
            await next_of(ReaderInput)
            start = time.monotonic()
            await reader.reboot()
            await next_of(ReaderConnected)  # the new link's HELLO: then the restart
            reconnects.append(time.monotonic() - start)
            await next_of(ReaderRestarted)
    assert len(inputs) == 5 and len({epoch for epoch, _ in inputs}) == 5
    stale = sum("a HELLO before our HELLO_REQUEST" in r.getMessage() for r in caplog.records)
    q = statistics.quantiles(times, n=100)
    print(
        f"\nBENCH (emulated, QEMU TCG) scan until the reader is found: {scan:.2f} s"
        f"\nBENCH notification -> bleak callback over {len(times)} events: "
        f"p50 {statistics.median(times) * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms"
        f"\nBENCH reconnection after a reader reboot (5): median "
        f"{statistics.median(reconnects):.2f} s, max {max(reconnects):.2f} s"
        f"\nBENCH stale HELLOs dropped after 5 reboots: {stale}"
    )
