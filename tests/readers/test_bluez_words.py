"""What BlueZ and bleak raise, said in the companion's words (`companion.readers.bluez`):
one line with what to do, never a D-Bus error name alone. The errors are bleak's own
exception types, built as bleak builds them on Linux."""

from __future__ import annotations

import pytest
from bleak.exc import (
    BleakBluetoothNotAvailableError,
    BleakBluetoothNotAvailableReason,
    BleakDBusError,
    BleakError,
)

from companion.readers import bluez
from companion.readers.ble import _why

_REFUSALS = [
    ("org.bluez.Error.InProgress", "Operation already in progress"),
    ("org.bluez.Error.AuthenticationFailed", "Authentication Failed"),
    ("org.bluez.Error.AuthenticationRejected", "Authentication Rejected"),
    ("org.bluez.Error.AuthenticationCanceled", "Authentication Canceled"),
]


@pytest.mark.parametrize(("name", "text"), _REFUSALS)
def test_a_refused_pairing_is_the_hold_ok_hint(name: str, text: str) -> None:
    """InProgress and the Authentication* errors mean the reader did not accept us."""
    said = bluez.explain(BleakDBusError(name, [text]))
    assert said == bluez.PAIRING_REFUSED and "hold OK on it for 3 s" in said
    assert "org.bluez" not in _why(BleakDBusError(name, [text]))
    assert "hold OK on it for 3 s" in _why(BleakDBusError(name, [text]))


def test_a_link_dropped_at_once_is_the_hold_ok_hint() -> None:
    """bleak's "Not connected" right after connecting: the reader refused our keys."""
    assert bluez.explain(BleakError("Not connected")) == bluez.PAIRING_REFUSED


@pytest.mark.parametrize(
    ("reason", "words"),
    [
        (BleakBluetoothNotAvailableReason.NO_BLUETOOTH, "no Bluetooth LE adapter"),
        (BleakBluetoothNotAvailableReason.POWERED_OFF, "Bluetooth is off: turn it on"),
        (BleakBluetoothNotAvailableReason.DENIED_BY_SYSTEM, "may not use Bluetooth"),
    ],
)
def test_no_adapter_or_a_powered_off_one_says_what_to_do(
    reason: BleakBluetoothNotAvailableReason, words: str
) -> None:
    """No adapter, an adapter switched off, D-Bus refusing: one line each."""
    said = bluez.explain(BleakBluetoothNotAvailableError("raw text", reason))
    assert said is not None and words in said and "raw text" not in said


def test_bluetoothd_not_running_says_how_to_start_it() -> None:
    """D-Bus finds no org.bluez service: bluetoothd is not running."""
    error = BleakDBusError("org.freedesktop.DBus.Error.ServiceUnknown", ["no org.bluez"])
    assert bluez.explain(error) == (
        "bluetoothd is not running: start it (sudo systemctl start bluetooth) and try again"
    )


def test_an_unknown_error_is_left_to_the_caller() -> None:
    """Anything else is not guessed at: the caller words it with its own context."""
    assert bluez.explain(BleakDBusError("org.bluez.Error.Failed", ["le-connection-abort"])) is None
    assert _why(BleakDBusError("org.bluez.Error.Failed", ["x"])).startswith("cannot connect:")
