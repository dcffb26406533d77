"""Bonding on the ESP32 (SPEC.md section 12): LE Secure Connections, Just Works, bonds
kept in a file, and new bonds only while the core's pairing window is open.

MicroPython's BLE module has no IRQ that asks "accept this pairing request?": NimBLE
answers a pairing request by itself. What it does give us is the key store: a new bond
arrives as ``_IRQ_SET_SECRET`` (the keys NimBLE wants kept), then the link reports
``_IRQ_ENCRYPTION_UPDATE``. So the gate is: outside the window, refuse to store a new
bond's keys, and drop the link as soon as it is encrypted by that refused pairing (or
by any pairing without bonding). Inside the window, the first bond stored closes it
(``core.bonded()``). A bonded host reconnecting only reads its keys (``_IRQ_GET_SECRET``)
and is let through. ``link.py`` adds the other half: only an encrypted, bonded link is
notified or heard.

Everything else goes to aioble's own handler (``aioble.core.ble_irq``), which keeps the
secrets in ``SECRETS_FILE`` (aioble.security) and tracks each connection's
``encrypted``/``bonded`` state.
"""

import aioble
import aioble.core
import aioble.security

_IRQ_ENCRYPTION_UPDATE = 28
_IRQ_SET_SECRET = 30
_IO_NO_INPUT_OUTPUT = 3
# NimBLE's key-store object types that make up a bond: our and the peer's security
# material (LTK, IRK, CSRK). CCCD values (3) and our IRK (10) are stored freely.
_BOND_TYPES = (1, 2)


class BondGate:
    """Lets NimBLE store a new bond only while ``core.pairing_allowed``."""

    def __init__(self, core, secrets_file: str) -> None:
        self.core = core
        self._refused = False  # a new bond's keys were refused: drop the link it encrypts
        self._stored = False  # a new bond's keys were stored: it closes the window
        aioble.security.load_secrets(secrets_file)
        aioble.config(bond=True, le_secure=True, mitm=False, io=_IO_NO_INPUT_OUTPUT)
        aioble.core.ble.irq(self._irq)

    def _irq(self, event: int, data):
        if event == _IRQ_SET_SECRET:
            sec_type, _key, value = data
            if value is not None and sec_type in _BOND_TYPES:
                if not self.core.pairing_allowed:
                    self._refused = True
                    return False  # not stored: NimBLE keeps no bond
                self._stored = True
            return aioble.core.ble_irq(event, data)
        result = aioble.core.ble_irq(event, data)
        if event == _IRQ_ENCRYPTION_UPDATE:
            conn_handle, encrypted, _authenticated, bonded, _key_size = data
            if encrypted and (self._refused or not bonded):
                aioble.core.ble.gap_disconnect(conn_handle)
            elif encrypted and self._stored:
                self.core.bonded()
            self._refused = False
            self._stored = False
        return result


def is_trusted(connection) -> bool:
    """An encrypted link with a bonded peer: the only kind the reader serves."""
    return bool(connection.encrypted and connection.bonded)


def guard(characteristic: aioble.Characteristic, read: bool, write: bool) -> None:
    """Ask NimBLE for an encrypted link before a read or a write of ``characteristic``
    (aioble's constructor has no such option; the flags are MicroPython's
    ``gatts_register_services`` flags). Call before ``register_services``."""
    if read:
        characteristic.flags |= 0x0200  # _FLAG_READ_ENCRYPTED
    if write:
        characteristic.flags |= 0x1000  # _FLAG_WRITE_ENCRYPTED

