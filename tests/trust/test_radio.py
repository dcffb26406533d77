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
