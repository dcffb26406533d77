"""The simulated reader's BLE side: a bumble GATT server on the simulated radio.

The profile is SPEC.md section 1, taken from `firmware_protocol.profile` so the
server and the host's client share the constants: the card-reader service (`event`
notify/read, `command` write, `info` read), Device Information and Battery. The
advertisement is the profile's (Flags, service UUID, name; at most 31 bytes, nothing
in the scan response: docs/ble.md §1.2).

Everything but `info`, Device Information and Battery Level passes the reader's
security gate (`security.ReaderSecurity.check`, SPEC.md "Security"): reads of `event`,
writes of `command`, and subscriptions to `event`, whose CCCD is ours for that reason
(bumble adds an unguarded one only where a characteristic has none). Battery Level is
open because a stock host's OS reads it (and subscribes) right after discovery, and a
refusal makes it start pairing on its own; its notifications go to trusted links only.

Advertising is restarted here rather than by bumble's `auto_restart`, because "out
of range" must keep the reader silent after the disconnection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from bumble import hci
from bumble.att import AttributeValueV2, Bearer
from bumble.core import UUID, BaseBumbleError
from bumble.device import Connection, Device
from bumble.gatt import (
    GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR,
    Characteristic,
    CharacteristicValue,
    Descriptor,
    Service,
)
from bumble.profiles.battery_service import BatteryService
from bumble.profiles.device_information_service import DeviceInformationService

from firmware_protocol import profile
from hardware.sim.commands import CommandLoop, ReturnTimer
from hardware.sim.logic import FIRMWARE_VERSION
from hardware.sim.radio import RadioLink, attach_device
from hardware.sim.security import ReaderSecurity, connection_of

if TYPE_CHECKING:
    from hardware.sim.reader import SimulatedReader

__all__ = ["BleFront", "MANUFACTURER", "MODEL"]

_log = logging.getLogger(__name__)

MANUFACTURER = "Table Companion"
MODEL = "TCR-SIM"
_P = Characteristic.Properties


def _props(spec: profile.Property) -> Characteristic.Properties:
    return Characteristic.Properties(int(spec))


class BleFront:
    """Carries a `SimulatedReader`'s frames over a bumble GATT server."""

    def __init__(
        self,
        reader: SimulatedReader,
        link: RadioLink,
        security: ReaderSecurity,
        *,
        advertising_interval_ms: float = 20.0,
    ) -> None:
        self._reader = reader
        self._link = link
        self._security = security
        self._interval = advertising_interval_ms
        self.advertisement = profile.build_advertisement(reader.name)
        self.controller, self.device = attach_device(link, reader.name, reader.address)
        self._subscribed: set[Connection] = set()
        self._commands = CommandLoop(reader.name, reader.handle_command)
        self._in_range = True
        self._closed = False
        self._return = ReturnTimer(reader.back_in_range)
        # bumble's host runs one HCI command at a time; advertising changes come from
        # several places (disconnections, faults), so they take turns.
        self._radio_lock = asyncio.Lock()
        security.install(self.device)
        self._build_services()

    def _status(self, connection: Connection) -> bytes:
        self._security.check(connection)
        return self._reader.status_frame()

    def _command(self, connection: Connection, value: bytes) -> None:
        # Synchronous on purpose: bumble runs each write in its own task, and a queue
        # is what keeps the commands in the order they were written.
        self._security.check(connection)
        self._commands.put(bytes(value))

    def _battery(self, connection: Connection) -> int:
        return self._reader.battery_percent

    def _guard_subscriptions(self, characteristic: Characteristic) -> None:
        """Give `characteristic` a CCCD whose writes (subscribing) pass the gate."""
        server = self.device.gatt_server

        def write(bearer: Bearer, value: bytes) -> None:
            self._security.check(connection_of(bearer))
            server.write_cccd(bearer, characteristic, value)

        cccd = Descriptor(
            GATT_CLIENT_CHARACTERISTIC_CONFIGURATION_DESCRIPTOR,
            Descriptor.READABLE | Descriptor.WRITEABLE,
            AttributeValueV2(lambda bearer: server.read_cccd(bearer, characteristic), write=write),
        )
        characteristic.descriptors = [*characteristic.descriptors, cccd]

    def _build_services(self) -> None:
        specs = {spec.name: spec for spec in profile.READER_CHARACTERISTICS}
        self.event_characteristic: Characteristic[bytes] = Characteristic(
            UUID(profile.EVENT_UUID),
            _props(specs["event"].properties),
            Characteristic.READABLE,
            CharacteristicValue(read=self._status),
        )
        self._guard_subscriptions(self.event_characteristic)
        command: Characteristic[bytes] = Characteristic(
            UUID(profile.COMMAND_UUID),
            _props(specs["command"].properties),
            Characteristic.WRITEABLE,
            CharacteristicValue(write=self._command),
        )
        info: Characteristic[bytes] = Characteristic(
            UUID(profile.INFO_UUID),
            _props(specs["info"].properties),
            Characteristic.READABLE,
            CharacteristicValue(read=lambda _conn: self._reader.info_record()),
        )
        self.battery_service = BatteryService(self._battery)
        self.device.add_services(
            [
                Service(UUID(profile.SERVICE_UUID), [self.event_characteristic, command, info]),
                DeviceInformationService(
                    manufacturer_name=MANUFACTURER,
                    model_number=MODEL,
                    firmware_revision=".".join(map(str, FIRMWARE_VERSION)),
                    software_revision=profile.SOFTWARE_REVISION,
                ),
                self.battery_service,
            ]
        )
        self.device.on(Device.EVENT_CONNECTION, self._on_connection)
        self.device.on("characteristic_subscription", self._on_subscription)

    async def start(self) -> None:
        await self._security.load()
        await self.device.power_on()
        self._commands.start(f"{self._reader.name} commands")
        await self._advertise()

    async def _advertise(self) -> None:
        async with self._radio_lock:
            if self._closed or not self._in_range or self.device.connections:
                return
            if self.device.is_advertising:
                return
            await self.device.start_advertising(
                advertising_data=self.advertisement,
                scan_response_data=b"",
                advertising_interval_min=self._interval,
                advertising_interval_max=self._interval,
            )

    async def _silence(self) -> None:
        async with self._radio_lock:
            await self.device.stop_advertising()

    def _on_connection(self, connection: Connection) -> None:
        connection.on(Connection.EVENT_DISCONNECTION, lambda _reason: self._on_gone(connection))
        self._reader.link_changed(True)

    def _on_gone(self, connection: Connection) -> None:
        self._subscribed.discard(connection)
        self._reader.link_changed(False)
        if not self._closed:
            asyncio.get_running_loop().create_task(self._advertise())

    def _on_subscription(
        self, connection: Connection, characteristic: Characteristic, notify: bool, indicate: bool
    ) -> None:
        if characteristic is not self.event_characteristic:
            return
        if notify or indicate:
            self._subscribed.add(connection)
            stale, self._reader.stale_hello = self._reader.stale_hello, None
            if stale is not None:
                self._reader.announce("fault: notified the previous boot's HELLO, unasked")
                asyncio.get_running_loop().create_task(
                    self.device.notify_subscriber(connection, self.event_characteristic, stale)
                )
        else:
            self._subscribed.discard(connection)

    # --- Front ------------------------------------------------------------------------

    @property
    def is_listening(self) -> bool:
        return bool(self._subscribed)

    @property
    def is_connected(self) -> bool:
        return bool(self.device.connections)

    async def send(self, frame: bytes) -> None:
        for connection in list(self._subscribed):
            try:
                await self.device.notify_subscriber(connection, self.event_characteristic, frame)
            except BaseBumbleError as exc:
                _log.debug("%s: notification lost: %s", self._reader.name, exc)

    async def _disconnect_all(self, reason: int) -> None:
        for connection in list(self.device.connections.values()):
            done = asyncio.get_running_loop().create_future()
            connection.once(
                Connection.EVENT_DISCONNECTION, lambda _r, d=done: d.done() or d.set_result(None)
            )
            try:
                await connection.disconnect(reason)
            except BaseBumbleError as exc:
                _log.debug("%s: disconnect: %s", self._reader.name, exc)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done, timeout=2.0)

    async def drop(self) -> None:
        """Drop the link as a supervision timeout would; advertising resumes."""
        await self._disconnect_all(hci.HCI_CONNECTION_TIMEOUT_ERROR)

    async def away(self, seconds: float | None) -> None:
        self._in_range = False
        self._return.cancel()
        await self._silence()
        await self._disconnect_all(hci.HCI_CONNECTION_TIMEOUT_ERROR)
        self._return.set(seconds)

    async def back(self) -> None:
        self._return.cancel()
        self._in_range = True
        await self._advertise()

    async def restart(self) -> None:
        """A reboot: the link goes down, the reader comes back advertising."""
        await self._disconnect_all(
            hci.HCI_REMOTE_DEVICE_TERMINATED_CONNECTION_DUE_TO_POWER_OFF_ERROR
        )
        await self._advertise()

    def set_latency(self, interval_ms: float) -> None:
        self._link.set_interval(self.controller, interval_ms)

    async def battery_changed(self, percent: int) -> None:
        level = self.battery_service.battery_level_characteristic
        for connection in list(self.device.connections.values()):
            if self._security.trusts(connection):
                with contextlib.suppress(BaseBumbleError):
                    await self.device.notify_subscriber(connection, level)

    async def close(self) -> None:
        self._closed = True
        self._return.cancel()
        await self._commands.stop()
        with contextlib.suppress(BaseBumbleError):
            await self._silence()
        await self._disconnect_all(
            hci.HCI_REMOTE_DEVICE_TERMINATED_CONNECTION_DUE_TO_POWER_OFF_ERROR
        )
        with contextlib.suppress(KeyError):
            self._link.remove_controller(self.controller)
