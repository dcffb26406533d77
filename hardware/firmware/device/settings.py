"""Pins of the reference board and the reader's settings file on flash.

Reference board: Adafruit HUZZAH32 (ESP32-WROOM-32E Feather), which charges a LiPo
cell and has the cell voltage on GPIO 35 behind a 1:2 divider. The wiring table is in
hardware/README.md. Settings live in /settings.json so that the seat number given by
SET_SEAT (or by hand, see the README) survives a reboot.
"""

import json

SETTINGS_FILE = "/settings.json"
SECRETS_FILE = "/ble_secrets.json"  # the bonds (aioble.security's key store)

I2C_ID = 0
PIN_SDA = 23
PIN_SCL = 22
PN532_ADDRESS = 0x24  # 7-bit I2C address of the PN532
PIN_BUTTONS = ((1, 32), (2, 33), (3, 27))  # (button number, GPIO): OK, NO, UNDO
PIN_LED = 14  # WS2812 data in
PIN_BUZZER = 21  # passive piezo, PWM
PIN_BATTERY = 35  # ADC1 (ADC2 cannot be read while the radio is on)
BATTERY_DIVIDER = 2

FIRMWARE_VERSION = (0, 1, 0)
MANUFACTURER = "Table Companion"
MODEL = "TCR-ESP32-NFC"

DEFAULTS = {
    "seat": 0,  # 0 = a shared reader in the middle of the table
    "name": "",  # the advertised name; empty = TCR- and the last 4 hex digits of the id
    "capacity": 64,
    "debounce_ms": 30,
    "long_press_ms": 800,
    "card_quiet_ms": 600,
    "pairing_hold_ms": 3000,  # OK held this long opens the pairing window ...
    "pairing_window_ms": 60000,  # ... for this long (SPEC.md section 12)
    "brightness": 64,
    "poll_ms": 100,
}


def load() -> dict:
    """The settings: the file's values over the defaults (a missing or bad file = defaults)."""
    settings = dict(DEFAULTS)
    try:
        with open(SETTINGS_FILE) as f:
            stored = json.load(f)
    except (OSError, ValueError):
        return settings
    if isinstance(stored, dict):
        for key in DEFAULTS:
            if key in stored and type(stored[key]) is type(DEFAULTS[key]):
                settings[key] = stored[key]
    return settings


def save(settings: dict) -> None:
    """Write the settings file (called when SET_SEAT changes the seat)."""
    with open(SETTINGS_FILE, "w") as f:
        json.dump(settings, f)
