"""The simulated radio when a host's controller leaves it mid-connection (a host
process that died takes its controller along): the reader still closes."""

from __future__ import annotations

import asyncio

from bumble.hci import Address

from hardware.sim.table import HOST_ADDRESS, SimulatedTable
from tests.trust.helpers import TIMEOUT


async def test_a_link_whose_peer_left_the_radio_still_disconnects() -> None:
    """Disconnecting a link whose peer controller is gone from the radio completes at
    once (as a supervision timeout would) instead of waiting forever."""
    table = SimulatedTable(1, bonded=False)
    await table.start()
    reader = table.readers[0]
    host = table.host_device
    assert host is not None
    await host.connect(Address(reader.address), timeout=TIMEOUT)
    assert reader.is_connected
    host_controller = table.link.find_le_controller(Address(HOST_ADDRESS))
    assert host_controller is not None and host_controller is not reader.front.controller  # type: ignore[attr-defined]
    table.link.remove_controller(host_controller)
    await asyncio.wait_for(table.close(), TIMEOUT)
    assert not reader.is_connected


async def test_a_host_connecting_with_its_public_address_gets_replies() -> None:
    """A host controller that connects with its public address (as the Linux kernel
    does), not the random one bumble's link used to name every LE sender by, reaches
    the reader's GATT server: discovery and a read of `info` complete."""
    from bumble.device import Device, Peer
    from bumble.hci import OwnAddressType
    from bumble.host import Host
    from bumble.transport.common import AsyncPipeSink

    from firmware_protocol import profile
    from hardware.sim.radio import RadioController

    table = SimulatedTable(1, host=False, bonded=False)
    await table.start()
    try:
        reader = table.readers[0]
        controller = RadioController("kernel", link=table.link, public_address="F0:F0:F0:F0:F0:F2")
        host = Device(
            name="kernel",
            address=Address("C4:11:22:33:44:55"),  # a random address the link is not to use
            host=Host(controller, AsyncPipeSink(controller)),
        )
        await host.power_on()
        connection = await host.connect(
            Address(reader.address), own_address_type=OwnAddressType.PUBLIC, timeout=TIMEOUT
        )
        peer = Peer(connection)
        await asyncio.wait_for(peer.discover_services(), TIMEOUT)
        await asyncio.wait_for(peer.discover_characteristics(), TIMEOUT)
        (info,) = peer.get_characteristics_by_uuid(profile.INFO_UUID)  # type: ignore[arg-type]
        record = await asyncio.wait_for(info.read_value(), TIMEOUT)
        assert profile.Info.from_bytes(bytes(record)).reader_id == reader.reader_id
    finally:
        await table.close()
