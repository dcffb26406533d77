"""Linux's BlueZ, as stock bleak meets it: a pairing agent, and its errors in our words.

Two things a real BlueZ host does that the bumble-only path never showed
(docs/readers.md §5):

- **No agent, no bond.** bluetoothd asks a pairing agent to confirm even a Just Works
  pairing; with none registered it logs "No agent available for request type 2" and
  the pairing fails. Desktops run one; a headless machine or a fresh login may not.
  `pairing_agent(address)` registers ours (capability NoInputNoOutput, as the reader
  has no screen or keys) and makes it the default for as long as a pairing runs,
  accepting only the reader being paired. BlueZ offers no way to ask whether another
  agent is there, so ours stands in front of it for those seconds; when ours goes,
  BlueZ makes the previous default agent (a desktop's own) the default again (as its
  agent code reads; not checked by a test).
- **Errors are D-Bus names.** `explain` turns what BlueZ and bleak raise into one
  line saying what happened and what to do, never a D-Bus error text alone.

Linux only: `dbus_fast` (a dependency of bleak on Linux) is imported when used.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

from bleak.exc import (
    BleakBluetoothNotAvailableError,
    BleakBluetoothNotAvailableReason,
    BleakDBusError,
    BleakDeviceNotFoundError,
    BleakError,
)

if TYPE_CHECKING:
    from dbus_fast.aio import MessageBus

__all__ = ["AgentError", "PAIRING_REFUSED", "explain", "is_bluez", "pairing_agent"]

_log = logging.getLogger(__name__)

AGENT_PATH = "/org/tablecompanion/agent"
_BLUEZ = "org.bluez"

#: What a refused pairing means, whatever BlueZ called it.
PAIRING_REFUSED = (
    "the reader did not accept pairing: hold OK on it for 3 s (its LED double-blinks "
    "white), then pair it"
)

# What BlueZ says when the reader refused, or dropped the link, while pairing: the
# window was closed (the reader answers PAIRING_NOT_SUPPORTED), or BlueZ's own pairing
# (started by the kernel on a protected read) was refused and this one came second.
_REFUSED = {
    "org.bluez.Error.AuthenticationFailed",
    "org.bluez.Error.AuthenticationRejected",
    "org.bluez.Error.AuthenticationCanceled",
    "org.bluez.Error.AuthenticationTimeout",
    "org.bluez.Error.ConnectionAttemptFailed",
    "org.bluez.Error.InProgress",
    "org.bluez.Error.NotConnected",
}
_NO_DAEMON = {
    "org.freedesktop.DBus.Error.ServiceUnknown",
    "org.freedesktop.DBus.Error.NameHasNoOwner",
    "org.freedesktop.DBus.Error.NoServer",
}
# D-Bus tried to start bluetoothd on demand (bus activation) and could not
_SPAWN = "org.freedesktop.DBus.Error.Spawn."
_NO_BLUEZ = "bluetoothd is not running: start it (sudo systemctl start bluetooth) and try again"
_NO_BUS = (
    "cannot reach the system D-Bus, which bluetoothd needs: start both "
    "(sudo systemctl start dbus bluetooth) and try again"
)


class AgentError(Exception):
    """The pairing agent could not be registered; the message says why and what to do."""


def is_bluez() -> bool:
    """Does stock bleak run on BlueZ here (Linux)?"""
    return sys.platform.startswith("linux")


def explain(exc: BaseException) -> str | None:
    """What the host's Bluetooth stack meant by `exc`, in one line with what to do;
    None when it is not one of the cases we know."""
    if isinstance(exc, BleakBluetoothNotAvailableError):
        reason = exc.reason
        if reason is BleakBluetoothNotAvailableReason.POWERED_OFF:
            return "Bluetooth is off: turn it on (bluetoothctl power on) and try again"
        if reason in (
            BleakBluetoothNotAvailableReason.NO_BLUETOOTH,
            BleakBluetoothNotAvailableReason.NO_BLE_CENTRAL_ROLE,
        ):
            return "this computer has no Bluetooth LE adapter: plug one in, or use --reader sim"
        return "this user may not use Bluetooth here (the system refused): see your OS settings"
    if isinstance(exc, BleakDBusError):
        if exc.dbus_error in _REFUSED:
            return PAIRING_REFUSED
        if exc.dbus_error in _NO_DAEMON or exc.dbus_error.startswith(_SPAWN):
            return _NO_BLUEZ
        return None
    if isinstance(exc, FileNotFoundError | ConnectionRefusedError) and is_bluez():
        # bleak on Linux opens the system bus's socket first: there is none
        return _NO_BUS
    if isinstance(exc, BleakDeviceNotFoundError):
        return "the reader went away (out of range, or switched off)"
    if isinstance(exc, BleakError) and "not connected" in str(exc).lower():
        # the link dropped right after connecting: the reader refused this host's keys
        return PAIRING_REFUSED
    return None


async def _call(bus: MessageBus, member: str, signature: str, body: list[Any]) -> None:
    from dbus_fast import Message, MessageType

    reply = await bus.call(
        Message(
            destination=_BLUEZ,
            path="/org/bluez",
            interface="org.bluez.AgentManager1",
            member=member,
            signature=signature,
            body=body,
        )
    )
    if reply is not None and reply.message_type == MessageType.ERROR:
        name = reply.error_name or "?"
        if name in _NO_DAEMON or name.startswith(_SPAWN):
            raise AgentError(_NO_BLUEZ)
        detail = f": {reply.body[0]}" if reply.body else ""
        raise AgentError(f"BlueZ refused the companion's pairing agent ({name}{detail})")


@contextlib.asynccontextmanager
async def pairing_agent(address: str | None = None) -> AsyncIterator[None]:
    """Our agent registered and made BlueZ's default while the block runs (see the
    module docstring); it accepts only the reader at `address` (any, if None).

    Raises:
        AgentError: no system bus, bluetoothd not running, or BlueZ refused the agent.
    """
    from dbus_fast import BusType
    from dbus_fast.aio import MessageBus

    try:
        bus = await MessageBus(bus_type=BusType.SYSTEM).connect()
    except (OSError, ValueError) as exc:
        raise AgentError(_NO_BUS) from exc
    try:
        from companion.readers.bluez_agent import Agent

        bus.export(AGENT_PATH, Agent(address))
        await _call(bus, "RegisterAgent", "os", [AGENT_PATH, "NoInputNoOutput"])
        try:
            await _call(bus, "RequestDefaultAgent", "o", [AGENT_PATH])
            yield
        finally:
            with contextlib.suppress(AgentError, OSError, EOFError):
                await _call(bus, "UnregisterAgent", "o", [AGENT_PATH])
    finally:
        bus.disconnect()
