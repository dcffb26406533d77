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


def test_no_system_bus_says_to_start_dbus_and_bluetoothd() -> None:
    """bleak on Linux fails to open the system bus socket: dbus (and bluetoothd) are down."""
    said = bluez.explain(FileNotFoundError(2, "No such file or directory"))
    assert said is not None and said.startswith("cannot reach the system D-Bus")


def test_the_agent_is_a_valid_bluez_agent_that_accepts_only_its_reader() -> None:
    """The agent object dbus-fast serves: BlueZ's Agent1 methods with their D-Bus
    signatures, Just Works for the reader being paired and a refusal for others."""
    from dbus_fast.errors import DBusError

    from companion.readers.bluez_agent import Agent

    agent = Agent("F1:00:7C:0A:00:01")
    methods = {m.name: (m.in_signature, m.out_signature) for m in agent.introspect().methods}
    assert methods["RequestConfirmation"] == ("ou", "")
    assert methods["RequestAuthorization"] == ("o", "")
    assert methods["DisplayPasskey"] == ("ouq", "")
    assert methods["RequestPasskey"] == ("o", "u")
    assert set(methods) >= {"Release", "AuthorizeService", "RequestPinCode", "Cancel"}
    agent._allow("/org/bluez/hci0/dev_F1_00_7C_0A_00_01")
    with pytest.raises(DBusError) as refused:
        agent._allow("/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF")
    assert refused.value.type == "org.bluez.Error.Rejected"
    assert agent.asked == [
        "/org/bluez/hci0/dev_F1_00_7C_0A_00_01",
        "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF",
    ]


def test_bluetoothd_that_dbus_cannot_start_says_how_to_start_it() -> None:
    """D-Bus tried to start bluetoothd on demand and failed (seen in the guest)."""
    error = BleakDBusError(
        "org.freedesktop.DBus.Error.Spawn.ChildExited",
        ["Launch helper exited with unknown return code 1"],
    )
    assert bluez.explain(error) is not None
    assert bluez.explain(error).startswith("bluetoothd is not running")  # type: ignore[union-attr]
