"""Our bleak backend on bumble, through bleak's public API only, against the simulated reader."""

from __future__ import annotations

import asyncio

import pytest
from bleak import BleakClient, BleakScanner
from bleak.backends.device import BLEDevice
from bleak.exc import BleakError
from bumble.hci import Address

from companion.readers.bumble_backend import BumbleClient, BumbleScanner
from firmware_protocol import Hello, HelloRequest, Status, decode, encode, profile
from firmware_protocol.profile import Info
from hardware.sim.table import HOST_ADDRESS, SimulatedTable
from tests.readers.helpers import TIMEOUT


async def find_reader(table: SimulatedTable) -> BLEDevice:
    device = await BleakScanner.find_device_by_filter(
        lambda _device, _adv: True,
        timeout=TIMEOUT,
        service_uuids=[profile.SERVICE_UUID],
        backend=BumbleScanner,
        bumble_device=table.host_device,  # type: ignore[call-arg]  # the bumble backend's own keyword, passed on by bleak's **kwargs
    )
    assert device is not None
    return device


async def test_scan_finds_the_reader_by_service_uuid() -> None:
    """A scan filtered on the reader service UUID finds the reader, with its name,
    the service UUID and an RSSI."""
    async with SimulatedTable(1) as table:
        seen: asyncio.Future[tuple[object, object]] = asyncio.get_running_loop().create_future()

        def found(device: object, adv: object) -> None:
            if not seen.done():
                seen.set_result((device, adv))

        async with BleakScanner(
            found,
            service_uuids=[profile.SERVICE_UUID],
            backend=BumbleScanner,
            bumble_device=table.host_device,
        ):
            device, adv = await asyncio.wait_for(seen, TIMEOUT)
        reader = table.readers[0]
        assert device.address == reader.address  # type: ignore[attr-defined]
        assert adv.local_name == reader.name  # type: ignore[attr-defined]
        assert adv.service_uuids == [profile.SERVICE_UUID]  # type: ignore[attr-defined]
        assert adv.rssi == -50  # type: ignore[attr-defined]


async def test_scan_filter_excludes_other_services() -> None:
    """A scan for another service UUID does not report the reader."""
    async with SimulatedTable(1) as table:
        device = await BleakScanner.find_device_by_filter(
            lambda _device, _adv: True,
            timeout=0.3,
            service_uuids=[profile.BATTERY_SERVICE_UUID],
            backend=BumbleScanner,
            bumble_device=table.host_device,  # type: ignore[call-arg]  # the bumble backend's own keyword, passed on by bleak's **kwargs
        )
        assert device is None


async def test_connect_discover_read_write_notify() -> None:
    """Connect discovers the reader, DIS and Battery services; reads, writes and
    notifications work through bleak's API."""
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        device = await find_reader(table)
        async with BleakClient(
            device, backend=BumbleClient, bumble_device=table.host_device, timeout=TIMEOUT
        ) as client:
            uuids = {service.uuid for service in client.services}
            assert {
                profile.SERVICE_UUID,
                profile.DEVICE_INFO_SERVICE_UUID,
                profile.BATTERY_SERVICE_UUID,
            } <= uuids
            event = client.services.get_characteristic(profile.EVENT_UUID)
            assert event is not None and set(event.properties) == {"notify", "read"}
            assert client.mtu_size == 247
            info = Info.from_bytes(bytes(await client.read_gatt_char(profile.INFO_UUID)))
            assert info.reader_id == reader.reader_id
            status = decode(bytes(await client.read_gatt_char(profile.EVENT_UUID)))
            assert isinstance(status, Status) and status.epoch == reader.epoch
            revision = await client.read_gatt_char(profile.SOFTWARE_REVISION_UUID)
            assert revision.decode() == profile.SOFTWARE_REVISION
            assert (await client.read_gatt_char(profile.BATTERY_LEVEL_UUID))[0] == 100

            frames: asyncio.Queue[bytes] = asyncio.Queue()
            await client.start_notify(
                profile.EVENT_UUID, lambda _c, data: frames.put_nowait(bytes(data))
            )
            await client.write_gatt_char(
                profile.COMMAND_UUID, encode(HelloRequest()), response=True
            )
            hello = decode(bytes(await asyncio.wait_for(frames.get(), TIMEOUT)))
            assert isinstance(hello, Hello) and hello.reader_id == reader.reader_id
            await reader.press("ok")
            assert decode(bytes(await asyncio.wait_for(frames.get(), TIMEOUT))).seq == 0
            await client.stop_notify(profile.EVENT_UUID)
        assert not client.is_connected


async def test_peripheral_disconnect_fires_the_disconnected_callback() -> None:
    """When the reader drops the link, bleak's disconnected_callback fires and the
    client reports it is no longer connected; the same client reconnects."""
    async with SimulatedTable(1) as table:
        device = await find_reader(table)
        lost: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        client = BleakClient(
            device,
            disconnected_callback=lost.set_result,
            backend=BumbleClient,
            bumble_device=table.host_device,
            timeout=TIMEOUT,
        )
        await client.connect()
        await table.readers[0].drop_link()
        assert await asyncio.wait_for(lost, TIMEOUT) is client
        assert not client.is_connected
        with pytest.raises(BleakError):
            await client.read_gatt_char(profile.INFO_UUID)
        await client.connect()
        assert client.is_connected
        await client.disconnect()


async def test_solicited_disconnect_does_not_fire_the_callback() -> None:
    """Our own disconnect() does not call disconnected_callback."""
    async with SimulatedTable(1) as table:
        device = await find_reader(table)
        calls: list[object] = []
        client = BleakClient(
            device,
            disconnected_callback=calls.append,
            backend=BumbleClient,
            bumble_device=table.host_device,
            timeout=TIMEOUT,
        )
        await client.connect()
        await client.disconnect()
        await client.connect()  # a round trip after the disconnection settled
        await client.disconnect()
        assert calls == []


async def test_concurrent_connects_are_serialised() -> None:
    """Three clients connecting at once all succeed (one pending LE connection at a time)."""
    async with SimulatedTable(3, shared=False) as table:
        found: dict[str, BLEDevice] = {}
        done = asyncio.Event()

        def on_adv(device: BLEDevice, _adv: object) -> None:
            found[device.address] = device
            if len(found) == 3:
                done.set()

        async with BleakScanner(
            on_adv,
            service_uuids=[profile.SERVICE_UUID],
            backend=BumbleScanner,
            bumble_device=table.host_device,
        ):
            await asyncio.wait_for(done.wait(), TIMEOUT)
        clients = [
            BleakClient(d, backend=BumbleClient, bumble_device=table.host_device, timeout=TIMEOUT)
            for d in found.values()
        ]
        await asyncio.gather(*(c.connect() for c in clients))
        assert all(c.is_connected for c in clients)
        await asyncio.gather(*(c.disconnect() for c in clients))


async def test_connect_to_an_absent_device_times_out() -> None:
    """Connecting to an address nobody advertises fails within bumble's own timeout."""
    async with SimulatedTable(1) as table:
        client = BleakClient(
            "C2:00:00:00:00:09", backend=BumbleClient, bumble_device=table.host_device, timeout=0.3
        )
        with pytest.raises(TimeoutError):
            await client.connect()
        assert not client.is_connected


async def test_a_cancelled_connect_leaves_no_connection_to_come() -> None:
    """Issue 33 item 6: a connect cancelled while the controller waited for the
    reader's next advertisement (the hub closing as a link came back at the end of a
    game) left the controller's create-connection pending; at that advertisement the
    controller completed it and bumble's host failed on a connection nobody expected
    (an AssertionError traceback in `on_le_connection`). The cancel now reaches the
    controller. The reader advertises once a second, so the wait is long enough to
    cancel in."""
    async with SimulatedTable(1, advertising_interval_ms=1000) as table:
        host, reader = table.host_device, table.readers[0]
        assert host is not None
        radio = table.link.find_le_controller(Address(HOST_ADDRESS))
        assert radio is not None
        failures: list[object] = []
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _loop, context: failures.append(context))
        try:
            device = await find_reader(table)
            client = BleakClient(device, backend=BumbleClient, bumble_device=host, timeout=30)
            connecting = asyncio.ensure_future(client.connect())
            async with asyncio.timeout(TIMEOUT):
                while radio.pending_le_connection is None:
                    await asyncio.sleep(0.005)
            connecting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await connecting
            adverts = 0
            two = asyncio.Event()

            def heard(adv: object) -> None:
                nonlocal adverts
                if adv.address == device.details:  # type: ignore[attr-defined]
                    adverts += 1
                    if adverts == 2:
                        two.set()

            host.on("advertisement", heard)
            await host.start_scanning(filter_duplicates=False)
            async with asyncio.timeout(TIMEOUT):  # past the one a pending connect takes
                await two.wait()
            await host.stop_scanning()
            assert radio.pending_le_connection is None
            assert not host.connections and not reader.is_connected
            assert not failures, failures
        finally:
            loop.set_exception_handler(None)


async def test_a_link_that_drops_as_it_completes_fails_the_connect_at_once() -> None:
    """A fault schedule's reader, rebooted and then switched off as the host reconnected
    (FAULT_SEED=332084, schedule 141): the link dropped between the controller's
    completion and the connecting task resuming, so its disconnection event fired before
    the client listened for it, and the MTU request went to a link bumble no longer knew.
    The connect then waited out the 30 s GATT timeout while the game waited for that
    reader. Here the host's stack reports the drop in the same turn as the connection
    (the HCI Disconnection Complete bumble's host would have received); the connect must
    fail saying so, not time out."""
    async with SimulatedTable(1) as table:
        host, reader = table.host_device, table.readers[0]
        assert host is not None
        device = await find_reader(table)

        def dropped_at_once(connection: object) -> None:
            host.on_disconnection(connection.handle, 0x08)  # type: ignore[attr-defined]  # HCI: connection timeout
            asyncio.ensure_future(reader.drop_link())  # the reader's side of it

        host.once("connection", dropped_at_once)
        client = BleakClient(device, backend=BumbleClient, bumble_device=host, timeout=TIMEOUT)
        with pytest.raises(BleakError, match="disconnected as it connected"):
            async with asyncio.timeout(2 * TIMEOUT):  # a hang detector only: past the GATT timeout
                await client.connect()
        assert not client.is_connected
        async with asyncio.timeout(TIMEOUT):
            while reader.is_connected:
                await asyncio.sleep(0.01)
        await client.connect()  # the same client connects again
        assert client.is_connected
        await client.disconnect()
