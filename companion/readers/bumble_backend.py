"""A bleak backend on bumble's central role, so bleak code drives simulated readers.

bleak lets a caller plug in its own backend classes (`BleakScanner(..., backend=)`,
`BleakClient(..., backend=)`) and passes extra keyword arguments through to them; we
take `bumble_device=`, the host-side bumble `Device` (in-process on a `LocalLink`, or
over HCI/TCP to a standalone simulator). The contract is bleak 3.1.0's
`BaseBleakScanner`/`BaseBleakClient`; the mapping onto bumble 0.0.236 follows
docs/ble.md §1.4, including its pitfalls:

- one pending LE connection per controller: connects are serialised per `Device`;
- `Device.connect` is given bumble's own `timeout=` (never `asyncio.wait_for`, which
  leaves the controller with a pending create-connection);
- bumble negotiates no MTU by itself, so we request 247 as the OS stacks do;
- reads go by handle, never by UUID;
- an unsolicited disconnection fires bleak's `disconnected_callback`;
- a GATT step fails at once when the link is down or drops meanwhile (`_link_guard`).

Security follows what the OS stacks do for bleak (SPEC.md "Security"): a peer the
host `Device` holds a bond with (its keystore has keys for the address) is encrypted
with that bond as soon as it is connected, and a failed encryption drops the link,
since an impostor at a bonded address has no key; `pair()` bonds over SMP (LE Secure
Connections) when there is no bond yet, and `unpair()` forgets it. `secure_host`
gives a host `Device` its pairing configuration and keystore.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bleak.assigned_numbers import gatt_char_props_to_strs
from bleak.backends.characteristic import BleakGATTCharacteristic
from bleak.backends.client import BaseBleakClient, NotifyCallback
from bleak.backends.descriptor import BleakGATTDescriptor
from bleak.backends.device import BLEDevice
from bleak.backends.scanner import AdvertisementData, AdvertisementDataCallback, BaseBleakScanner
from bleak.backends.service import BleakGATTService, BleakGATTServiceCollection
from bleak.exc import BleakError, BleakGATTProtocolError
from bumble.att import ATT_Error
from bumble.core import UUID, AdvertisingData, BaseBumbleError
from bumble.core import TimeoutError as BumbleTimeoutError
from bumble.device import Advertisement, Connection, Device, Peer
from bumble.gatt_client import CharacteristicProxy, DescriptorProxy
from bumble.hci import Address, HCI_LE_Create_Connection_Cancel_Command
from bumble.keys import JsonKeyStore
from bumble.pairing import PairingConfig, PairingDelegate

__all__ = ["BumbleClient", "BumbleScanner", "bleak_uuid", "secure_host"]

_log = logging.getLogger(__name__)

_REQUESTED_MTU = 247
_connect_locks: weakref.WeakKeyDictionary[Device, asyncio.Lock] = weakref.WeakKeyDictionary()


def bleak_uuid(value: UUID) -> str:
    """Write a bumble UUID the way bleak does: 128-bit, lower case, dashed."""
    return str(uuid.UUID(bytes=value.to_bytes(force_128=True)[::-1]))


def secure_host(device: Device, keys: Path | None = None) -> None:
    """Prepare a host `Device` (before `power_on`) to bond with readers: LE Secure
    Connections with bonding, its random static address as identity (the address it
    connects with, under which a reader files the bond), and its bonds in the JSON
    keystore `keys` (None: in memory, gone with the process).
    """
    device.pairing_config_factory = lambda _connection: PairingConfig(
        sc=True,
        mitm=False,
        bonding=True,
        delegate=PairingDelegate(io_capability=PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT),
        identity_address_type=PairingConfig.AddressType.RANDOM,
    )
    if keys is not None:
        device.keystore = JsonKeyStore(namespace=str(device.static_address), filename=str(keys))


def _connect_lock(device: Device) -> asyncio.Lock:
    lock = _connect_locks.get(device)
    if lock is None:
        lock = _connect_locks[device] = asyncio.Lock()
    return lock


async def _link_guard(operation: Any, gone: asyncio.Future[None] | None) -> Any:
    """Await a bumble GATT operation; a link that drops before or meanwhile is a
    `BleakError`, at once.

    bumble cancels the pending ATT response future when the connection goes down, so
    the awaiting coroutine sees `CancelledError` although nobody cancelled its task;
    letting that escape would silently end the caller's task. And it cancels only a
    request already sent: one sent after the disconnection (the next step of a
    service discovery) goes to a connection handle bumble no longer knows and waits
    for its 30 s GATT timeout (issue 33). So the operation also races `gone`, the
    connection's end (None or done: the link is down already).
    """
    work = asyncio.ensure_future(operation)
    try:
        if gone is None or gone.done():
            work.cancel()
        else:
            await asyncio.wait((work, gone), return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not work.done():
            work.cancel()
            await asyncio.wait((work,))
    if work.cancelled():
        raise BleakError("the link went down during the operation")
    return work.result()


def _advertisement_data(adv: Advertisement) -> AdvertisementData:
    data = adv.data
    name = data.get(AdvertisingData.Type.COMPLETE_LOCAL_NAME) or data.get(
        AdvertisingData.Type.SHORTENED_LOCAL_NAME
    )
    uuids: list[str] = []
    for kind in (
        AdvertisingData.Type.COMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
        AdvertisingData.Type.INCOMPLETE_LIST_OF_16_BIT_SERVICE_CLASS_UUIDS,
        AdvertisingData.Type.COMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
        AdvertisingData.Type.INCOMPLETE_LIST_OF_128_BIT_SERVICE_CLASS_UUIDS,
    ):
        for listed in data.get_all(kind):
            uuids.extend(bleak_uuid(u) for u in listed)
    manufacturer: dict[int, bytes] = {}
    for company, payload in data.get_all(AdvertisingData.Type.MANUFACTURER_SPECIFIC_DATA):
        manufacturer[company] = bytes(payload)
    service_data: dict[str, bytes] = {}
    for service, payload in [
        *data.get_all(AdvertisingData.Type.SERVICE_DATA_16_BIT_UUID),
        *data.get_all(AdvertisingData.Type.SERVICE_DATA_128_BIT_UUID),
    ]:
        service_data[bleak_uuid(service)] = bytes(payload)
    return AdvertisementData(
        local_name=name if isinstance(name, str) else None,
        manufacturer_data=manufacturer,
        service_data=service_data,
        service_uuids=uuids,
        tx_power=data.get(AdvertisingData.Type.TX_POWER_LEVEL),
        rssi=adv.rssi,
        platform_data=(adv,),
    )


class BumbleScanner(BaseBleakScanner):
    """`BaseBleakScanner` over a bumble `Device` (pass `bumble_device=`)."""

    def __init__(
        self,
        detection_callback: AdvertisementDataCallback | None,
        service_uuids: list[str] | None,
        scanning_mode: str = "active",
        *,
        bumble_device: Device,
        bluez: object = None,
        cb: object = None,
    ) -> None:
        super().__init__(detection_callback, service_uuids)
        self._device = bumble_device
        self._active = scanning_mode != "passive"
        self._scanning = False

    def _on_advertisement(self, adv: Advertisement) -> None:
        if not adv.is_connectable and not adv.is_scan_response:
            return
        data = _advertisement_data(adv)
        if not self.is_allowed_uuid(data.service_uuids):
            return
        key = str(adv.address)
        device = self.create_or_update_device(key, key, data.local_name, adv.address, data)
        self.call_detection_callbacks(device, data)

    async def start(self) -> None:
        self.seen_devices = {}
        self._device.on(Device.EVENT_ADVERTISEMENT, self._on_advertisement)
        try:
            await self._device.start_scanning(active=self._active, filter_duplicates=False)
        except BaseBumbleError as exc:
            self._device.remove_listener(Device.EVENT_ADVERTISEMENT, self._on_advertisement)
            raise BleakError(f"cannot start scanning: {exc}") from exc
        self._scanning = True

    async def stop(self) -> None:
        self._device.remove_listener(Device.EVENT_ADVERTISEMENT, self._on_advertisement)
        if self._scanning:
            self._scanning = False
            await self._device.stop_scanning()


class BumbleClient(BaseBleakClient):
    """`BaseBleakClient` over a bumble `Device` acting as central (pass `bumble_device=`).

    Create a fresh client per connection attempt (docs/ble.md, "bleak
    pitfalls"); a client may still reconnect after a disconnection.
    """

    def __init__(
        self,
        address_or_ble_device: BLEDevice | str,
        *,
        disconnected_callback: Callable[[], None] | None,
        timeout: float = 10.0,
        bumble_device: Device,
        services: set[str] | None = None,
        bluez: object = None,
        winrt: object = None,
    ) -> None:
        super().__init__(
            address_or_ble_device, disconnected_callback=disconnected_callback, timeout=timeout
        )
        self._device = bumble_device
        self._name: str | None = None
        if isinstance(address_or_ble_device, BLEDevice):
            self._name = address_or_ble_device.name
            details = address_or_ble_device.details
            self._peer_address = details if isinstance(details, Address) else Address(self.address)
        else:
            self._peer_address = Address(address_or_ble_device)
        self._connection: Connection | None = None
        self._gone: asyncio.Future[None] | None = None  # resolved when the connection ends
        self._closing = False
        self._subscribers: dict[int, Callable[[bytes], None]] = {}

    @property
    def name(self) -> str:
        return self._name or self.address

    @property
    def mtu_size(self) -> int:
        return self._connection.att_mtu if self._connection is not None else 23

    @property
    def is_connected(self) -> bool:
        return self._connection is not None

    async def connect(self, pair: bool, **kwargs: Any) -> None:
        if self._connection is not None:
            return
        async with _connect_lock(self._device):
            try:
                connection = await self._create_connection()
            except BumbleTimeoutError as exc:  # bleak's own backends raise the builtin one
                raise TimeoutError(
                    f"{self.address} did not connect within {self._timeout} s"
                ) from exc
            except BaseBumbleError as exc:
                raise BleakError(f"cannot connect to {self.address}: {exc}") from exc
        self._closing = False
        if self._device.connections.get(connection.handle) is not connection:
            # It dropped between the controller's completion and this task resuming (a
            # reader switched off as it connected): its disconnection event has fired
            # already, so nothing would ever end a GATT step waiting on this link.
            raise BleakError(f"{self.address} disconnected as it connected")
        self._connection = connection
        self._gone = asyncio.get_running_loop().create_future()
        connection.on(Connection.EVENT_DISCONNECTION, self._on_disconnection)
        try:
            peer = Peer(connection)
            await _link_guard(peer.request_mtu(_REQUESTED_MTU), self._gone)
            if pair:
                await self._secure(connection)
            elif await self._has_bond():
                await self._encrypt(connection)
            self.services = await _link_guard(self._discover(peer), self._gone)
        except (BaseBumbleError, ATT_Error, BleakError) as exc:
            await self.disconnect()
            raise BleakError(f"connecting to {self.address} failed: {exc}") from exc
        if self._connection is None:
            raise BleakError(f"{self.address} disconnected during service discovery")

    async def _create_connection(self) -> Connection:
        """`Device.connect`, cancelled cleanly. Cancelled, bumble leaves the controller's
        create-connection pending (it cancels it only on its own timeout): the
        connection the controller completes later, once the reader advertises, meets a
        host that expects none (`assert own_address_type is not None` in bumble's
        `on_le_connection`, a traceback near the end of games with link faults, when
        the hub closed during a reconnect). And its `asyncio.wait_for` may swallow the
        cancellation (Python 3.11). So the connect runs as a task of its own: a
        cancellation reaches us at once, cancels the pending connection at the
        controller, and drops a connection completed meanwhile."""
        attempt = asyncio.ensure_future(
            self._device.connect(self._peer_address, timeout=self._timeout)
        )
        try:
            return await asyncio.shield(attempt)
        except asyncio.CancelledError:
            if not attempt.done():
                with contextlib.suppress(BaseBumbleError):
                    await self._device.send_command(HCI_LE_Create_Connection_Cancel_Command())
            try:
                late = await attempt
            except (BaseBumbleError, asyncio.CancelledError):
                pass  # cancelled at the controller: no connection
            else:
                with contextlib.suppress(BaseBumbleError):
                    await late.disconnect()
            raise

    async def _discover(self, peer: Peer) -> BleakGATTServiceCollection:
        collection = BleakGATTServiceCollection()
        for service in await peer.discover_services():
            bleak_service = BleakGATTService(service, service.handle, bleak_uuid(service.uuid))
            collection.add_service(bleak_service)
            for char in await service.discover_characteristics():
                bleak_char = BleakGATTCharacteristic(
                    char,
                    char.handle,
                    bleak_uuid(char.uuid),
                    list(gatt_char_props_to_strs(int(char.properties))),
                    lambda: self.mtu_size - 3,
                    bleak_service,
                )
                collection.add_characteristic(bleak_char)
                for desc in await char.discover_descriptors():
                    collection.add_descriptor(
                        BleakGATTDescriptor(desc, desc.handle, bleak_uuid(desc.type), bleak_char)
                    )
        return collection

    def _on_disconnection(self, reason: int) -> None:
        solicited = self._closing
        self._connection = None
        if self._gone is not None and not self._gone.done():
            self._gone.set_result(None)
        self.services = None
        self._subscribers.clear()
        if not solicited and self._disconnected_callback is not None:
            _log.debug("%s disconnected (reason 0x%02X)", self.address, reason)
            self._disconnected_callback()

    async def disconnect(self) -> None:
        connection = self._connection
        if connection is None:
            return
        self._closing = True
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def on_disconnection(_reason: int) -> None:
            if not done.done():
                done.set_result(None)

        connection.once(Connection.EVENT_DISCONNECTION, on_disconnection)
        try:
            await connection.disconnect()
        except BaseBumbleError as exc:
            _log.debug("disconnect from %s: %s", self.address, exc)
            if self._connection is None:
                return
        await asyncio.wait_for(done, timeout=self._timeout)

    async def _has_bond(self) -> bool:
        keystore = self._device.keystore
        return keystore is not None and await keystore.get(str(self._peer_address)) is not None

    async def _encrypt(self, connection: Connection) -> None:
        try:
            await _link_guard(connection.encrypt(), self._gone)
        except BaseBumbleError as exc:
            raise BleakError(
                f"encryption with the bond failed ({exc}): the reader no longer knows this "
                "host, or it is not the reader that was paired"
            ) from exc

    async def _secure(self, connection: Connection) -> None:
        if connection.is_encrypted:
            return
        if await self._has_bond():
            await self._encrypt(connection)
            return
        try:
            await _link_guard(connection.pair(), self._gone)
        except BaseBumbleError as exc:
            # bumble keeps the failed SMP session until the link goes, and a second
            # pairing on the same link would wait for it forever: start afresh.
            await self.disconnect()
            raise BleakError(f"{self.address} refused to pair: {exc}") from exc

    async def pair(self, *args: Any, **kwargs: Any) -> None:
        """Bond with the reader over SMP, or encrypt with the bond there is already
        (as BlueZ's `Pair` does nothing for a device already paired).

        Raises:
            BleakError: not connected, pairing refused (the reader's window is
                closed), or encryption with the stored bond failed.
        """
        await self._secure(self._require_connection())

    async def unpair(self) -> None:
        """Forget the bond (the host's keys) and disconnect, as bleak's backends do."""
        keystore = self._device.keystore
        if keystore is not None and await keystore.get(str(self._peer_address)) is not None:
            await keystore.delete(str(self._peer_address))
            await self._device.refresh_resolving_list()
        await self.disconnect()

    def _require_connection(self) -> Connection:
        if self._connection is None:
            raise BleakError("Not connected")
        return self._connection

    async def _io(self, operation: Any) -> Any:
        self._require_connection()
        try:
            return await _link_guard(operation, self._gone)
        except ATT_Error as exc:
            raise BleakGATTProtocolError(exc.error_code) from exc
        except BaseBumbleError as exc:
            raise BleakError(str(exc)) from exc

    async def read_gatt_char(
        self, characteristic: BleakGATTCharacteristic, *, use_cached: bool = False, **kwargs: Any
    ) -> bytearray:
        proxy: CharacteristicProxy[bytes] = characteristic.obj
        return bytearray(await self._io(proxy.read_value()))

    async def read_gatt_descriptor(
        self, descriptor: BleakGATTDescriptor, *, use_cached: bool = False, **kwargs: Any
    ) -> bytearray:
        proxy: DescriptorProxy = descriptor.obj
        return bytearray(await self._io(proxy.read_value()))

    async def write_gatt_char(
        self, characteristic: BleakGATTCharacteristic, data: Any, response: bool
    ) -> None:
        proxy: CharacteristicProxy[bytes] = characteristic.obj
        await self._io(proxy.write_value(bytes(data), with_response=response))

    async def write_gatt_descriptor(self, descriptor: BleakGATTDescriptor, data: Any) -> None:
        proxy: DescriptorProxy = descriptor.obj
        await self._io(proxy.write_value(bytes(data), with_response=True))

    async def start_notify(
        self, characteristic: BleakGATTCharacteristic, callback: NotifyCallback, **kwargs: Any
    ) -> None:
        proxy: CharacteristicProxy[bytes] = characteristic.obj

        def deliver(value: bytes) -> None:
            callback(bytearray(value))

        self._subscribers[characteristic.handle] = deliver
        await self._io(proxy.subscribe(deliver, prefer_notify=True))

    async def stop_notify(self, characteristic: BleakGATTCharacteristic) -> None:
        proxy: CharacteristicProxy[bytes] = characteristic.obj
        deliver = self._subscribers.pop(characteristic.handle, None)
        if deliver is not None:
            await self._io(proxy.unsubscribe(deliver))
