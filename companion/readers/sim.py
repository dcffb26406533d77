"""Reader sources on bumble: simulated readers in this process, or any HCI transport.

Both drive readers through the ordinary BLE path (`ble.py`: `BleakScanner` and
`BleakClient`) with our bumble backend, so what runs against the simulator is the
production host code.

- `SimSource`: a `hardware.sim.SimulatedTable` in this process; `source.table`
  gives the simulated readers to script.
- `HciSource`: a host radio reached through a bumble HCI transport, e.g.
  `tcp-client:127.0.0.1:9101` for a `companion sim` process, or `usb:0` for a real
  controller dongle.
"""

from __future__ import annotations

import logging

from bumble.device import Device
from bumble.hci import Address
from bumble.transport import open_transport

from companion.readers.base import FoundHandler, ReaderSource, ReaderUnavailable
from companion.readers.ble import BleSource, BleStack
from hardware.sim.table import SimulatedTable

__all__ = ["HOST_RADIO_ADDRESS", "HciSource", "SimSource"]

_log = logging.getLogger(__name__)

#: The random static address our host radio uses on an HCI transport.
HOST_RADIO_ADDRESS = "F0:F0:F0:F0:F0:F1"


class SimSource(ReaderSource):
    """Simulated readers on a simulated radio, in this process."""

    def __init__(self, table: SimulatedTable | None = None, *, owns_table: bool = True) -> None:
        self.table = table or SimulatedTable(1)
        if self.table.host_device is None:
            raise ValueError("SimSource needs a SimulatedTable with a host radio (host=True)")
        self._owns_table = owns_table
        self._ble = BleSource(BleStack(bumble_device=self.table.host_device))

    def describe(self) -> str:
        return f"{len(self.table.readers)} simulated reader(s) on a simulated BLE radio"

    async def start(self) -> None:
        if self._owns_table:
            await self.table.start()

    async def stop(self) -> None:
        if self._owns_table:
            await self.table.close()

    async def discover(self, on_found: FoundHandler) -> None:
        await self._ble.discover(on_found)


class HciSource(ReaderSource):
    """Readers reached through a bumble HCI transport (`tcp-client:HOST:PORT`, `usb:0`...)."""

    def __init__(self, transport: str) -> None:
        self._spec = transport
        self._transport = None
        self.device: Device | None = None
        self._ble: BleSource | None = None

    def describe(self) -> str:
        return f"BLE through HCI transport {self._spec}"

    async def start(self) -> None:
        try:
            self._transport = await open_transport(self._spec)
        except (OSError, ValueError) as exc:
            raise ReaderUnavailable(self._spec, f"cannot open the HCI transport: {exc}") from exc
        source, sink = self._transport.source, self._transport.sink
        self.device = Device.with_hci("companion", Address(HOST_RADIO_ADDRESS), source, sink)
        await self.device.power_on()
        self._ble = BleSource(BleStack(bumble_device=self.device))

    async def stop(self) -> None:
        transport, self._transport = self._transport, None
        if transport is not None:
            try:
                await transport.close()
            except OSError as exc:
                _log.debug("closing %s: %s", self._spec, exc)

    async def discover(self, on_found: FoundHandler) -> None:
        if self._ble is None:
            raise ReaderUnavailable(self._spec, "the HCI transport is not open")
        await self._ble.discover(on_found)
