"""The simulated radio: a bumble `LocalLink` with optional connection-interval latency.

bumble's `LocalLink` hands ACL data to the peer controller on the next loop turn, so a
notification arrives in about 0.2 ms where a real link takes 7.5-50 ms
(docs/ble.md §1.2, "Timing that is not simulated"). `RadioLink` can hold
the data of chosen controllers and release it on a connection-interval grid, in order.
It overrides `LocalLink.send_acl_data`, an internal method: that is one reason bumble
is pinned exactly (0.0.236). The override also names each LE sender by the address its
connection uses: bumble's own names it by the controller's random address, so a host
that connects with its public address (the Linux kernel through /dev/vhci does) never
gets a reply (docs/readers.md §5). `RadioController` fixes the controller's connection
cancel, which a connect timeout needs.
"""

from __future__ import annotations

import asyncio
import math
from collections import deque
from typing import Any

from bumble import hci
from bumble.controller import Controller
from bumble.core import PhysicalTransport
from bumble.device import Device
from bumble.hci import Address
from bumble.host import Host
from bumble.link import LocalLink
from bumble.transport.common import AsyncPipeSink

__all__ = ["RadioController", "RadioLink", "attach_device"]


class RadioController(Controller):
    """bumble's software controller, with LE Create Connection Cancel that cancels,
    and a disconnect that completes when the peer's controller has left the radio.

    bumble 0.0.236's controller acknowledges the cancel but keeps the connection
    pending and never completes it, so a host's `connect(timeout=...)` would wait
    forever for a reader that stopped advertising. Here the pending connection is
    dropped and completed with "unknown connection identifier", as the Core spec
    requires (Vol 4, Part E, 7.8.13), after the command's own completion.

    Its Disconnect raises inside the command handler when the peer's controller is no
    longer on the link (a host process that went away took its controller with it),
    so the disconnection never completes and whoever awaits it hangs. With nobody to
    tell, the link is simply gone, as after a supervision timeout: we complete it.
    """

    def on_hci_disconnect_command(self, command: hci.HCI_Disconnect_Command) -> None:
        connection = self.find_le_connection_by_handle(command.connection_handle)
        link = self.link
        if (
            connection is not None
            and link is not None
            and link.find_le_controller(connection.peer_address) is None
        ):
            self._send_hci_command_status(hci.HCI_COMMAND_STATUS_PENDING, command.op_code)
            self.on_le_disconnected(connection, command.reason)
            return None
        return super().on_hci_disconnect_command(command)

    def on_hci_le_create_connection_cancel_command(
        self, command: hci.HCI_LE_Create_Connection_Cancel_Command
    ) -> hci.HCI_StatusReturnParameters:
        pending, self.pending_le_connection = self.pending_le_connection, None
        if pending is None:
            return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.COMMAND_DISALLOWED_ERROR)
        event = hci.HCI_LE_Connection_Complete_Event(
            status=hci.HCI_ErrorCode.UNKNOWN_CONNECTION_IDENTIFIER_ERROR,
            connection_handle=0,
            role=hci.Role.CENTRAL,
            peer_address_type=pending.peer_address.address_type,
            peer_address=pending.peer_address,
            connection_interval=0,
            peripheral_latency=0,
            supervision_timeout=0,
            central_clock_accuracy=0,
        )
        loop = asyncio.get_running_loop()
        loop.call_soon(self.send_hci_packet, event)
        return hci.HCI_StatusReturnParameters(hci.HCI_ErrorCode.SUCCESS)


class RadioLink(LocalLink):
    """A `LocalLink` whose ACL data from or to a chosen controller waits for the next
    connection event (a multiple of its interval), keeping the order of the data."""

    def __init__(self) -> None:
        super().__init__()
        self._intervals: dict[Controller, float] = {}
        self._queues: dict[Controller, deque[tuple[Any, ...]]] = {}
        self._flushes: dict[Controller, asyncio.TimerHandle] = {}

    def set_interval(self, controller: Controller, interval_ms: float) -> None:
        """Put `controller`'s traffic on a grid of `interval_ms` (0 removes the delay)."""
        if interval_ms < 0 or not math.isfinite(interval_ms):
            raise ValueError(f"connection interval must be >= 0 ms, got {interval_ms!r}")
        if interval_ms == 0:
            self._intervals.pop(controller, None)
        else:
            self._intervals[controller] = interval_ms / 1000.0

    def interval_ms(self, controller: Controller) -> float:
        """The connection interval applied to `controller`, 0 for none."""
        return self._intervals.get(controller, 0.0) * 1000.0

    def send_acl_data(
        self,
        sender_controller: Controller,
        destination_address: Address,
        transport: PhysicalTransport,
        data: bytes,
    ) -> None:
        interval = self._intervals.get(sender_controller)
        if interval is None:
            destination = self.find_le_controller(destination_address)
            if destination is not None:
                interval = self._intervals.get(destination)
        queue = self._queues.get(sender_controller)
        if interval is None and not queue:
            self._deliver(sender_controller, destination_address, transport, data)
            return
        if queue is None:
            queue = self._queues[sender_controller] = deque()
        queue.append((destination_address, transport, data))
        if sender_controller not in self._flushes:
            loop = asyncio.get_running_loop()
            step = interval if interval is not None else 0.0
            now = loop.time()
            when = (math.floor(now / step) + 1) * step if step else now
            self._flushes[sender_controller] = loop.call_at(when, self._flush, sender_controller)

    def _flush(self, sender_controller: Controller) -> None:
        self._flushes.pop(sender_controller, None)
        queue = self._queues.pop(sender_controller, deque())
        while queue:
            destination_address, transport, data = queue.popleft()
            self._deliver(sender_controller, destination_address, transport, data)

    def _deliver(
        self,
        sender_controller: Controller,
        destination_address: Address,
        transport: PhysicalTransport,
        data: bytes,
    ) -> None:
        """Hand `data` to the destination on the next loop turn, as `LocalLink` does,
        naming an LE sender by its own address on that connection (public or random,
        whichever it connected or advertised with)."""
        if transport != PhysicalTransport.LE:
            super().send_acl_data(sender_controller, destination_address, transport, data)
            return
        destination = self.find_le_controller(destination_address)
        if destination is None:
            return
        connection = sender_controller.le_connections.get(destination_address)
        source = (
            connection.self_address if connection is not None else sender_controller.random_address
        )
        asyncio.get_running_loop().call_soon(destination.on_link_acl_data, source, transport, data)


def attach_device(link: LocalLink, name: str, address: str) -> tuple[Controller, Device]:
    """Put a new controller and its host `Device` on `link` (bumble's own test wiring).

    `address` is both the controller's public address and the device's random static
    address, which is what the device advertises and connects with.
    """
    controller = RadioController(name, link=link, public_address=address)
    device = Device(
        name=name,
        address=Address(address),
        host=Host(controller, AsyncPipeSink(controller)),
    )
    return controller, device
