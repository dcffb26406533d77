"""The reader's main program: wires the core to the radio, the NFC chip and the panel.

Each loop below only moves data between a device and the core, whose methods take the
time from the Clock; all decisions (debouncing, card presence, sequence numbers,
replay, feedback state) are the core's.
"""

import asyncio
import os

import machine
import settings as S
from bonds import BondGate
from clock import Clock
from link import Link
from nfc import PN532
from panel import Battery, Buttons, Buzzer, Led
from readercore import ReaderCore, default_name, new_epoch
from readercore.pn532 import PN532Error

_TICK_MS = 10
_BATTERY_EVERY_MS = 60_000
_NFC_FAULT = 0x01  # ERROR(3, detail): the PN532 stopped answering


def _random_u32() -> int:
    return int.from_bytes(os.urandom(4), "little")


def _reader_id() -> int:
    """A stable id from the chip's factory MAC address (its last 4 bytes)."""
    return int.from_bytes(machine.unique_id()[-4:], "big")


class Reader:
    """Everything running on the board."""

    def __init__(self) -> None:
        self.settings = S.load()
        self.clock = Clock()
        reader_id = _reader_id()
        self.core = ReaderCore(
            new_epoch(_random_u32),
            reader_id,
            seat=self.settings["seat"],
            capacity=self.settings["capacity"],
            debounce_ms=self.settings["debounce_ms"],
            long_press_ms=self.settings["long_press_ms"],
            card_quiet_ms=self.settings["card_quiet_ms"],
            pairing_hold_ms=self.settings["pairing_hold_ms"],
            pairing_window_ms=self.settings["pairing_window_ms"],
        )
        # Before the services are registered: the key store and the bonding rules.
        self.bonds = BondGate(self.core, S.SECRETS_FILE)
        name = self.settings["name"] or default_name(reader_id)
        firmware = ".".join(str(n) for n in S.FIRMWARE_VERSION)
        info = self.core.info_record(S.FIRMWARE_VERSION, 0x75)  # NFC, buttons, LED, buzzer, battery
        self.link = Link(self.core, name, info, firmware, S.MANUFACTURER, S.MODEL)
        i2c = machine.I2C(
            S.I2C_ID, scl=machine.Pin(S.PIN_SCL), sda=machine.Pin(S.PIN_SDA), freq=100_000
        )
        self.nfc = PN532(i2c, S.PN532_ADDRESS)
        self.buttons = Buttons(S.PIN_BUTTONS)
        self.led = Led(S.PIN_LED, self.settings["brightness"])
        self.buzzer = Buzzer(S.PIN_BUZZER)
        self.battery = Battery(S.PIN_BATTERY, S.BATTERY_DIVIDER)

    async def panel_loop(self) -> None:
        """Buttons in; LED and buzzer out; the core's timers; the seat kept on flash."""
        while True:
            now = self.clock.now()
            frames = []
            for button, down in self.buttons.changes():
                if down:
                    self.core.button_down(button, now)
                else:
                    frames += self.core.button_up(button, now)
            frames += self.core.tick(now)
            self.link.send(frames)
            self.led.show(self.core.led, now)
            if self.core.seat != self.settings["seat"]:
                self.settings["seat"] = self.core.seat
                S.save(self.settings)
            if self.buzzer.is_new(self.core.buzzer):
                asyncio.create_task(self.buzzer.play(self.core.buzzer[0]))
            await asyncio.sleep_ms(_TICK_MS)

    async def nfc_loop(self) -> None:
        """Poll the PN532; report a hardware fault once if it stops answering."""
        failed = False
        while True:
            try:
                if failed:
                    self.nfc.start()
                card = self.nfc.poll()
                failed = False
                if card is not None:
                    self.link.send(self.core.card_seen(card[0], card[1], self.clock.now()))
            except (OSError, PN532Error):
                if not failed:
                    self.link.send(self.core.fault(_NFC_FAULT))
                failed = True
            await asyncio.sleep_ms(self.settings["poll_ms"])

    async def battery_loop(self) -> None:
        """Read the battery every minute."""
        while True:
            percent, millivolts = self.battery.read()
            self.link.send(self.core.battery(percent, millivolts))
            self.link.set_battery(percent)
            await asyncio.sleep_ms(_BATTERY_EVERY_MS)

    async def run(self) -> None:
        """Start every loop; the NFC chip is woken first."""
        try:
            self.nfc.start()
        except (OSError, PN532Error):
            self.link.send(self.core.fault(_NFC_FAULT))
        asyncio.create_task(self.link.sender())
        asyncio.create_task(self.link.advertiser())
        asyncio.create_task(self.link.commands(self.clock))
        asyncio.create_task(self.nfc_loop())
        asyncio.create_task(self.battery_loop())
        await self.panel_loop()


def run() -> None:
    """Entry point, called by main.py at boot."""
    asyncio.run(Reader().run())
