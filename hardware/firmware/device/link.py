"""The BLE side: the GATT profile of SPEC.md section 1 on aioble, and advertising.

Frames from the core are notified one per notification on the ``event``
characteristic, in order, through a queue that a single task drains (a RESUME can
answer with 65 frames at once). Frames that cannot be sent (no connection, the
stack's buffers full) are not retried here: the core keeps every event until it is
acknowledged, and the host's gap rule brings them back with RESUME. The ``event``
characteristic's stored value is kept equal to the STATUS frame, because on the ESP32
MicroPython cannot answer a read with a value computed at that moment.

Security (SPEC.md section 12, ``bonds.py``): ``event`` (reads) and ``command``
(writes) need an encrypted link, which NimBLE enforces with ATT errors; ``info``,
Device Information and Battery Level (reads) stay open. NimBLE's CCCDs cannot be guarded
(it registers them readable and writable by anyone), so a subscription from a stranger
is accepted, but nothing is ever notified to a link that is not encrypted and bonded,
and no command is taken from one.
"""

import asyncio

import aioble
import bluetooth
from bonds import guard, is_trusted
from readercore import advertisement
from readercore import profile as P

_ADV_INTERVAL_US = 100_000
_SEND_RETRIES = 3


class Link:
    """The reader's GATT server and its one connection."""

    def __init__(
        self, core, name: str, info: bytes, firmware: str, manufacturer: str, model: str
    ) -> None:
        self.core = core
        self._adv = advertisement(name)
        reader = aioble.Service(bluetooth.UUID(P.SERVICE_UUID))
        self.event = aioble.Characteristic(
            reader,
            bluetooth.UUID(P.EVENT_UUID),
            read=True,
            notify=True,
            initial=core.status_frame(),
        )
        self.command = aioble.Characteristic(
            reader, bluetooth.UUID(P.COMMAND_UUID), write=True, write_no_response=True, capture=True
        )
        guard(self.event, read=True, write=False)
        guard(self.command, read=False, write=True)
        self.info = aioble.Characteristic(
            reader, bluetooth.UUID(P.INFO_UUID), read=True, initial=info
        )
        device_info = aioble.Service(bluetooth.UUID(P.DEVICE_INFO_SERVICE))
        for uuid, text in (
            (P.MANUFACTURER_NAME, manufacturer),
            (P.MODEL_NUMBER, model),
            (P.FIRMWARE_REVISION, firmware),
            (P.SOFTWARE_REVISION, "1"),
        ):
            aioble.Characteristic(
                device_info, bluetooth.UUID(uuid), read=True, initial=text.encode()
            )
        battery = aioble.Service(bluetooth.UUID(P.BATTERY_SERVICE))
        self.battery_level = aioble.Characteristic(
            battery, bluetooth.UUID(P.BATTERY_LEVEL), read=True, notify=True, initial=b"\x00"
        )
        # Battery Level stays readable without a bond (SPEC.md section 12): a stock
        # host's OS reads it right after discovery and would otherwise pair on its own.
        aioble.register_services(reader, device_info, battery)
        self.connection: aioble.DeviceConnection | None = None
        self._status = core.status_frame()
        self._queue: list = []
        self._wake = asyncio.Event()

    def send(self, frames: list) -> None:
        """Queue the core's frames for notification and refresh the readable STATUS."""
        status = self.core.status_frame()
        if status != self._status:
            self.event.write(status)
            self._status = status
        if frames and self.connection is not None:
            self._queue.extend(frames)
            self._wake.set()

    def set_battery(self, percent: int) -> None:
        """Update the standard Battery Level characteristic (notified to a trusted link)."""
        self.battery_level.write(bytes((percent,)))
        connection = self.connection
        if connection is not None and is_trusted(connection):
            try:
                self.battery_level.notify(connection)
            except OSError:
                pass  # the host reads it again on its next STATUS

    async def sender(self) -> None:
        """Notify queued frames in order, one at a time."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._queue:
                frame = self._queue.pop(0)
                connection = self.connection
                if connection is None or not is_trusted(connection):
                    # Kept by the core until ACKed: RESUME brings them back once the
                    # bonded host has encrypted the link.
                    self._queue.clear()
                    break
                for _ in range(_SEND_RETRIES):
                    try:
                        self.event.notify(connection, frame)
                        break
                    except OSError:
                        await asyncio.sleep_ms(20)  # the stack's buffers are full
                await asyncio.sleep_ms(0)

    async def advertiser(self) -> None:
        """Advertise, serve one connection until it drops, and again."""
        while True:
            connection = await aioble.advertise(_ADV_INTERVAL_US, adv_data=self._adv, resp_data=b"")
            self.connection = connection
            self.send([])
            await connection.disconnected(timeout_ms=None)
            self.connection = None
            self._queue.clear()

    async def commands(self, clock) -> None:
        """Hand every write on the command characteristic to the core; send its answers."""
        while True:
            written = await self.command.written()
            if written is None:
                continue
            connection, data = written
            if connection is None or not is_trusted(connection):
                continue  # NimBLE refuses these already; a late one is dropped too
            self.send(self.core.on_command(bytes(data), clock.now()))
