"""BLE readers through plain `BleakScanner`/`BleakClient` code.

The same code serves real readers (bleak's platform backend: BlueZ, WinRT,
CoreBluetooth) and simulated ones (our bumble backend, `bumble_backend.py`): only
`BleStack` differs. Following docs/ble.md "bleak pitfalls": a fresh
`BleakClient` per connection, devices from a fresh scan rather than raw addresses,
subscribe before anything else, and one shared scanner.

Readers serve bonded hosts only (SPEC.md "Security"). The backend (the OS, or ours
on bumble) encrypts a bonded link by itself; when pairing is allowed for a reader,
`connect` calls bleak's `pair()` first, which bonds if there is no bond yet. A
reader that refuses us (ATT "insufficient authentication/encryption", a refused
pairing) is unavailable with a reason that says to pair it. On Linux, stock bleak
runs on BlueZ, which needs a pairing agent and speaks in D-Bus error names: `bluez.py`
supplies the agent while pairing and the words for its errors.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bleak import BleakClient, BleakScanner
from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData
from bleak.exc import BleakDBusError, BleakError, BleakGATTProtocolError, BleakGATTProtocolErrorCode

from companion.logging_setup import reason
from companion.readers import bluez
from companion.readers.base import (
    FoundHandler,
    FrameHandler,
    LostHandler,
    Reader,
    ReaderPolicy,
    ReaderSource,
    ReaderUnavailable,
)
from firmware_protocol import profile

if TYPE_CHECKING:
    from bumble.device import Device

__all__ = ["BleReader", "BleSource", "BleStack"]

_log = logging.getLogger(__name__)

_BATTERY_LEVEL_UUID = "00002a19-0000-1000-8000-00805f9b34fb"
_REFUSED = (
    BleakGATTProtocolErrorCode.INSUFFICIENT_AUTHENTICATION,
    BleakGATTProtocolErrorCode.INSUFFICIENT_ENCRYPTION,
)
_REFUSES = (
    "the reader refuses this computer{detail}: not paired, or its bond is gone; hold OK on "
    "it for 3 s and pair it"
)
_IN_PROGRESS = "org.bluez.Error.InProgress"
_PAIR_ATTEMPTS = 3


@dataclass(frozen=True)
class BleStack:
    """Which bleak backend to use: the platform's, or ours on a bumble `Device`."""

    bumble_device: Device | None = None
    connect_timeout: float = 5.0

    def _extra(self, role: str) -> dict[str, Any]:
        if self.bumble_device is None:
            return {}
        from companion.readers import bumble_backend

        backend = bumble_backend.BumbleScanner if role == "scan" else bumble_backend.BumbleClient
        return {"backend": backend, "bumble_device": self.bumble_device}

    def scanner(
        self, on_advertisement: Callable[[BLEDevice, AdvertisementData], None]
    ) -> BleakScanner:
        """A scanner for the card-reader service UUID."""
        return BleakScanner(
            on_advertisement, service_uuids=[profile.SERVICE_UUID], **self._extra("scan")
        )

    def client(
        self, device: BLEDevice, on_disconnect: Callable[[BleakClient], None]
    ) -> BleakClient:
        """A fresh client for one connection attempt."""
        return BleakClient(
            device,
            disconnected_callback=on_disconnect,
            timeout=self.connect_timeout,
            **self._extra("client"),
        )

    def describe(self) -> str:
        return "BLE (simulated stack via bumble)" if self.bumble_device else "BLE"

    async def pair(self, client: BleakClient) -> None:
        """Bond with `client`'s reader if there is no bond yet. On BlueZ the companion's
        agent answers while it runs (`bluez.pairing_agent`), and a pairing BlueZ started
        by itself meanwhile ("InProgress") is waited for and asked about again.

        Raises:
            BleakError: the reader refused, or the link dropped.
            bluez.AgentError: the agent could not be registered.
        """
        agent: contextlib.AbstractAsyncContextManager[None] = contextlib.nullcontext()
        if self.bumble_device is None and bluez.is_bluez():
            agent = bluez.pairing_agent(client.address)
        async with agent:
            for attempt in range(_PAIR_ATTEMPTS):
                try:
                    await client.pair()
                    return
                except NotImplementedError:
                    return  # macOS: the OS pairs on the first protected access
                except BleakDBusError as exc:
                    if exc.dbus_error != _IN_PROGRESS or attempt == _PAIR_ATTEMPTS - 1:
                        raise
                    await asyncio.sleep(1.0)


class BleReader(Reader):
    """A reader seen advertising the card-reader service."""

    def __init__(self, stack: BleStack, device: BLEDevice, adv: AdvertisementData) -> None:
        self._stack = stack
        self._device = device
        self._name = adv.local_name or device.name or device.address
        self._rssi: int | None = adv.rssi
        self._advertising = asyncio.Event()
        self._advertising.set()
        self._client: BleakClient | None = None
        self._on_lost: LostHandler | None = None
        self._may_pair = True

    @property
    def address(self) -> str:
        return self._device.address

    @property
    def bond_identity(self) -> str:
        """The address: BLE stacks name a bonded device by its identity address."""
        return self._device.address.upper()

    def set_pairing(self, allowed: bool) -> None:
        self._may_pair = allowed

    @property
    def name(self) -> str:
        return self._name

    @property
    def rssi(self) -> int | None:
        return self._rssi

    @property
    def is_connected(self) -> bool:
        return self._client is not None and self._client.is_connected

    def saw_advertisement(self, device: BLEDevice, adv: AdvertisementData) -> None:
        """Called by the source for every advertisement of this device."""
        self._device = device
        self._rssi = adv.rssi
        if adv.local_name:
            self._name = adv.local_name
        self._advertising.set()

    async def wait_available(self) -> None:
        await self._advertising.wait()

    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        if self._client is not None:
            raise ReaderUnavailable(self.address, "already connected")
        # A reader advertises only while nobody is connected; the next advertisement
        # says it is free again.
        self._advertising.clear()
        client = self._stack.client(self._device, self._on_disconnect)
        self._client = client
        self._on_lost = on_lost
        try:
            await client.connect()
            if self._may_pair:
                await self._stack.pair(client)
            await client.start_notify(profile.EVENT_UUID, lambda _char, data: on_frame(bytes(data)))
        except (BleakError, TimeoutError, OSError, bluez.AgentError) as exc:
            self._client = None
            self._on_lost = None
            await _quietly_disconnect(client)
            raise ReaderUnavailable(self.address, _why(exc)) from exc

    def _on_disconnect(self, client: BleakClient) -> None:
        if client is not self._client:
            return  # a late callback from a superseded client
        self._client = None
        on_lost, self._on_lost = self._on_lost, None
        if on_lost is not None:
            on_lost()

    async def send(self, frame: bytes) -> None:
        client = self._client
        if client is None or not client.is_connected:
            raise ReaderUnavailable(self.address, "not connected")
        try:
            await client.write_gatt_char(profile.COMMAND_UUID, frame, response=False)
        except (BleakError, OSError) as exc:
            raise ReaderUnavailable(self.address, f"write failed: {exc}") from exc

    async def disconnect(self) -> None:
        client, self._client = self._client, None
        self._on_lost = None
        if client is not None:
            await _quietly_disconnect(client)

    async def read_battery(self) -> int | None:
        client = self._client
        if client is None:
            return None
        try:
            value = await client.read_gatt_char(_BATTERY_LEVEL_UUID)
        except (BleakError, OSError):
            return None
        return value[0] if value else None


def _why(exc: BaseException) -> str:
    if isinstance(exc, BleakGATTProtocolError) and exc.code in _REFUSED:
        return _REFUSES.format(detail=f" ({exc.code.name.lower().replace('_', ' ')})")
    said = bluez.explain(exc)
    if said == bluez.PAIRING_REFUSED:
        return _REFUSES.format(detail="")
    if said is not None:
        return said
    if isinstance(exc, bluez.AgentError):
        return str(exc)
    return f"cannot connect: {reason(exc)}"


async def _quietly_disconnect(client: BleakClient) -> None:
    try:
        await client.disconnect()
    except (BleakError, TimeoutError, OSError) as exc:
        _log.debug("disconnect from %s: %s", client.address, exc)


class BleSource(ReaderSource):
    """Every device advertising the card-reader service (or only `address`).

    `trust` makes the source's own trust policy when it is first asked for (as
    `open_reader("ble")` does with the allowlist file: only the readers paired in it);
    `HubOptions.trust` overrides it.
    """

    def __init__(
        self,
        stack: BleStack | None = None,
        address: str | None = None,
        *,
        trust: Callable[[], ReaderPolicy] | None = None,
    ) -> None:
        self._stack = stack or BleStack()
        self._address = address.upper() if address else None
        self._readers: dict[str, BleReader] = {}
        self._make_trust = trust
        self._trust: ReaderPolicy | None = None

    @property
    def trust(self) -> ReaderPolicy | None:
        """The source's own policy, made when first asked for.

        Raises:
            ReaderUnavailable: it cannot be made (the allowlist file is unreadable).
        """
        if self._trust is None and self._make_trust is not None:
            self._trust = self._make_trust()
        return self._trust

    @property
    def stack(self) -> BleStack:
        return self._stack

    def describe(self) -> str:
        where = f" at {self._address}" if self._address else ""
        return f"{self._stack.describe()}{where}"

    async def check(self) -> None:
        """Start a scan and stop it: what fails here (no adapter, no bluetoothd) would
        fail the game's first scan."""
        scanner = await self._scan(lambda device, adv: None)
        with contextlib.suppress(BleakError, OSError):
            await scanner.stop()

    async def _scan(self, on_advertisement: Any) -> Any:
        """A started scanner calling `on_advertisement`.

        Raises:
            ReaderUnavailable: the scan cannot start (said in the host stack's words).
        """
        try:
            scanner = self._stack.scanner(on_advertisement)
            await scanner.start()
        except (BleakError, OSError) as exc:
            said = bluez.explain(exc)
            raise ReaderUnavailable(
                "BLE", said or f"cannot scan: {exc} (is there a Bluetooth adapter, and is it on?)"
            ) from exc
        return scanner

    async def discover(self, on_found: FoundHandler) -> None:
        found: asyncio.Queue[BleReader] = asyncio.Queue()
        self._readers = {}  # each run reports every reader anew

        def on_advertisement(device: BLEDevice, adv: AdvertisementData) -> None:
            if self._address is not None and device.address.upper() != self._address:
                return
            reader = self._readers.get(device.address)
            if reader is None:
                reader = self._readers[device.address] = BleReader(self._stack, device, adv)
                found.put_nowait(reader)
            else:
                reader.saw_advertisement(device, adv)

        scanner = await self._scan(on_advertisement)
        try:
            while True:
                result = on_found(await found.get())
                if result is not None:
                    await result
        finally:
            try:
                await scanner.stop()
            except (BleakError, OSError) as exc:
                _log.debug("stopping the scan: %s", exc)
