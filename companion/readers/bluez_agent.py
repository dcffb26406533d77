"""The companion's BlueZ pairing agent (org.bluez.Agent1), served with dbus-fast.

Why there is one, and how long it is registered: `bluez.pairing_agent`. It answers as
a device with no display and no keys (NoInputNoOutput): Just Works for the reader being
paired, a refusal for anything else, and never a PIN or passkey.

No `from __future__ import annotations` here: dbus-fast reads the D-Bus signatures
from the annotations themselves, and with postponed ones `-> None` would reach it as
the string "None", which it takes for a literal instead of "no reply body".
"""

import logging

from dbus_fast.annotations import DBusObjectPath, DBusStr, DBusUInt16, DBusUInt32
from dbus_fast.errors import DBusError
from dbus_fast.service import ServiceInterface, dbus_method

__all__ = ["Agent"]

_log = logging.getLogger(__name__)
_REJECTED = "org.bluez.Error.Rejected"


class Agent(ServiceInterface):
    """Just Works for the reader at `only` (any device when None), nothing else."""

    def __init__(self, only: str | None) -> None:
        super().__init__("org.bluez.Agent1")
        self._suffix = ("/DEV_" + only.upper().replace(":", "_")) if only else None
        #: The device object paths asked about, in order (accepted or not).
        self.asked: list[str] = []

    def _allow(self, device: str) -> None:
        self.asked.append(device)
        if self._suffix is not None and not device.upper().endswith(self._suffix):
            _log.info("pairing agent: refused %s (not the reader being paired)", device)
            raise DBusError(_REJECTED, "not the reader being paired")

    @dbus_method()
    def Release(self) -> None:  # BlueZ's method names
        return None

    @dbus_method()
    def RequestAuthorization(self, device: DBusObjectPath) -> None:
        self._allow(device)

    @dbus_method()
    def RequestConfirmation(self, device: DBusObjectPath, passkey: DBusUInt32) -> None:
        self._allow(device)

    @dbus_method()
    def AuthorizeService(self, device: DBusObjectPath, uuid: DBusStr) -> None:
        self._allow(device)

    @dbus_method()
    def RequestPinCode(self, device: DBusObjectPath) -> DBusStr:
        raise DBusError(_REJECTED, "no PIN: the reader pairs Just Works")

    @dbus_method()
    def RequestPasskey(self, device: DBusObjectPath) -> DBusUInt32:
        raise DBusError(_REJECTED, "no passkey: the reader pairs Just Works")

    @dbus_method()
    def DisplayPasskey(
        self, device: DBusObjectPath, passkey: DBusUInt32, entered: DBusUInt16
    ) -> None:
        return None

    @dbus_method()
    def DisplayPinCode(self, device: DBusObjectPath, pincode: DBusStr) -> None:
        return None

    @dbus_method()
    def Cancel(self) -> None:
        return None
