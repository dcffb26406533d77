"""Reader sources on bumble: simulated readers in this process, or any HCI transport.

Both drive readers through the ordinary BLE path (`ble.py`: `BleakScanner` and
`BleakClient`) with our bumble backend, so what runs against the simulator is the
production host code.

- `SimSource`: a `hardware.sim.SimulatedTable` in this process; `source.table`
  gives the simulated readers to script. The table bonds its readers with its host
  radio as it starts. A source that owns its table is the companion's own (`companion
  play --reader sim`, `companion readers --reader sim`): it trusts exactly the readers
  the table bonded (its `trust` policy holds an in-memory allowlist of the bonds), so
  a stranger on the same simulated radio is shown and never used. A caller that
  brings a table of its own chooses (`trusted_only`; default: like a bare hub).
- `HciSource`: a host radio reached through a bumble HCI transport, e.g.
  `tcp-client:127.0.0.1:9101` for a `companion sim` process, or `usb:0` for a real
  controller dongle. Its bonds are kept in the keystore file `keys` (in memory
  without one); which readers it may use is the hub's `TrustPolicy`.
"""

from __future__ import annotations

import logging
from pathlib import Path

from bumble.device import Device
from bumble.hci import Address
from bumble.transport import open_transport
from bumble.transport.common import Transport

from companion.readers.allowlist import Allowlist, KnownReader
from companion.readers.base import FoundHandler, ReaderSource, ReaderUnavailable
from companion.readers.ble import BleSource, BleStack
from companion.readers.bumble_backend import secure_host
from companion.readers.trust import TrustPolicy
from hardware.sim.table import SimulatedTable

__all__ = ["HOST_RADIO_ADDRESS", "HciSource", "SimSource"]

_log = logging.getLogger(__name__)

#: The random static address our host radio uses on an HCI transport.
HOST_RADIO_ADDRESS = "F0:F0:F0:F0:F0:F1"


class SimSource(ReaderSource):
    """Simulated readers on a simulated radio, in this process."""

    def __init__(
        self,
        table: SimulatedTable | None = None,
        *,
        owns_table: bool = True,
        trusted_only: bool | None = None,
    ) -> None:
        self.table = table or SimulatedTable(1)
        if self.table.host_device is None:
            raise ValueError("SimSource needs a SimulatedTable with a host radio (host=True)")
        self._owns_table = owns_table
        self._ble = BleSource(BleStack(bumble_device=self.table.host_device))
        self._allowlist = Allowlist()
        only = owns_table if trusted_only is None else trusted_only
        self._trust = TrustPolicy(self._allowlist) if only else None

    def describe(self) -> str:
        return f"{len(self.table.readers)} simulated reader(s) on a simulated BLE radio"

    @property
    def ble(self) -> BleSource:
        return self._ble

    @property
    def trust(self) -> TrustPolicy | None:
        """With `trusted_only`: the readers the table bonded with its host radio, and
        no others."""
        return self._trust

    async def start(self) -> None:
        if self._owns_table:
            await self.table.start()
        for bond in self.table.bonds:
            self._allowlist.add(KnownReader(bond.reader_id, bond.identity, bond.name))

    async def stop(self) -> None:
        if self._owns_table:
            await self.table.close()

    async def discover(self, on_found: FoundHandler) -> None:
        await self._ble.discover(on_found)


class HciSource(ReaderSource):
    """Readers reached through a bumble HCI transport (`tcp-client:HOST:PORT`, `usb:0`...)."""

    def __init__(self, transport: str, keys: Path | None = None) -> None:
        self._spec = transport
        self._keys = keys
        self._transport: Transport | None = None
        self.device: Device | None = None
        self._ble: BleSource | None = None

    def describe(self) -> str:
        return f"BLE through HCI transport {self._spec}"

    @property
    def keys(self) -> Path | None:
        """The keystore file of this host radio's bonds (None: in memory)."""
        return self._keys

    async def start(self) -> None:
        try:
            transport = self._transport = await open_transport(self._spec)
        except (OSError, ValueError) as exc:
            raise ReaderUnavailable(self._spec, f"cannot open the HCI transport: {exc}") from exc
        source, sink = transport.source, transport.sink
        self.device = Device.with_hci("companion", Address(HOST_RADIO_ADDRESS), source, sink)
        secure_host(self.device, self._keys)
        await self.device.power_on()
        self._ble = BleSource(BleStack(bumble_device=self.device))

    @property
    def ble(self) -> BleSource:
        """The BLE side, once started.

        Raises:
            ReaderUnavailable: the transport is not open.
        """
        if self._ble is None:
            raise ReaderUnavailable(self._spec, "the HCI transport is not open")
        return self._ble

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
