"""The simulated reader's security: its bonds, its pairing window, and the ATT gate.

The reader has no screen and no keyboard, so it pairs with LE Secure Connections
"Just Works" (SPEC.md "Security"). What stops a stranger's laptop from pairing is
the **pairing window**: SMP pairing is accepted only while it is open, which takes a
person holding OK on the reader for 3 seconds; the first bond made in it closes it.
Outside the window every pairing request is refused (PAIRING_NOT_SUPPORTED), a
legacy (non-SC) request at any time (AUTHENTICATION_REQUIREMENTS).

The gate (`check`) is what the GATT server asks before serving anything but `info`:
a link that is encrypted and whose peer is bonded passes; a peer without a bond gets
ATT "insufficient authentication" (0x05), a bonded peer on a link it has not yet
encrypted "insufficient encryption" (0x0F): the Core specification's pair of codes
(Vol 3, Part C, 10.3.1) that tell a host to pair or to encrypt with its key.

Bonds live in a bumble keystore: in memory, or a JSON file (one namespace per
reader, so one file holds a whole table), which is what makes a bond survive a
restart of the reader.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from pathlib import Path

from bumble import smp
from bumble.att import ATT_Error, Bearer, ErrorCode, is_enhanced_bearer
from bumble.device import Connection, Device
from bumble.keys import JsonKeyStore, KeyStore, MemoryKeyStore
from bumble.pairing import PairingConfig, PairingDelegate

__all__ = [
    "PAIRING_HOLD_S",
    "PAIRING_WINDOW_S",
    "ReaderSecurity",
    "connection_of",
    "pairing_config",
]

_log = logging.getLogger(__name__)

#: Seconds OK must be held to open the pairing window.
PAIRING_HOLD_S = 3.0
#: How long the window stays open without a bond.
PAIRING_WINDOW_S = 60.0

# Each reader id's identity resolving key, drawn once per process: a real reader draws
# its IRK at its first start and keeps it in flash (MicroPython's NimBLE port does),
# and bonds a table restores within a process (`bonding.py`) carry the same key.
_IRKS: dict[str, bytes] = {}


def identity_key(address: str) -> bytes:
    """The identity resolving key of the reader at `address`: its own, random, never
    bumble's all-zero default (with which anyone could resolve its addresses)."""
    return _IRKS.setdefault(address, secrets.token_bytes(16))


WindowListener = Callable[[bool, str | None], None]
"""(open, bonded_peer): the window opened (True, None), closed (False, None), or
closed by a new bond with `bonded_peer` (False, address)."""


def pairing_config(delegate: PairingDelegate | None = None) -> PairingConfig:
    """LE Secure Connections, bonding, no MITM (no display, no keys: Just Works), and
    the random static address as identity, since that is what the device advertises
    and connects with (a bond stored under another address would never be found)."""
    return PairingConfig(
        sc=True,
        mitm=False,
        bonding=True,
        delegate=delegate or PairingDelegate(),
        identity_address_type=PairingConfig.AddressType.RANDOM,
    )


def connection_of(bearer: Bearer) -> Connection:
    """The connection behind an ATT bearer (bumble passes either)."""
    if is_enhanced_bearer(bearer):
        return bearer.connection
    return bearer


class _WindowDelegate(PairingDelegate):
    """Accepts a pairing request only while the reader's window is open."""

    def __init__(self, security: ReaderSecurity) -> None:
        super().__init__(io_capability=PairingDelegate.IoCapability.NO_OUTPUT_NO_INPUT)
        self._security = security

    async def accept(self) -> bool:
        if not self._security.window_open:
            _log.info("%s: pairing refused: the pairing window is closed", self._security.name)
            return False
        return True


class _SecureConnectionsOnly(smp.Session):
    """An SMP session that refuses legacy pairing (Secure Connections Only mode)."""

    def on_smp_pairing_request_command(self, command: smp.SMP_Pairing_Request_Command) -> None:
        if not command.auth_req & smp.AuthReq.SC:
            _log.info("pairing refused: the peer does not offer LE Secure Connections")
            self.send_pairing_failed(smp.ErrorCode.AUTHENTICATION_REQUIREMENTS)
            return
        super().on_smp_pairing_request_command(command)


class ReaderSecurity:
    """One reader's bonds and pairing window, installed on its bumble `Device`.

    Args:
        name: the reader's name, for logs.
        address: the reader's identity address (the keystore namespace).
        keys: a JSON keystore file; None keeps the bonds in memory.
    """

    def __init__(self, name: str, address: str, keys: Path | None = None) -> None:
        self.name = name
        #: The identity resolving key this reader hands out when it bonds.
        self.irk = identity_key(address)
        self.keystore: KeyStore = (
            JsonKeyStore(namespace=address, filename=str(keys)) if keys else MemoryKeyStore()
        )
        self._bonded: set[str] = set()
        self._window: asyncio.TimerHandle | None = None
        #: Told when the window opens or closes (see `WindowListener`).
        self.listeners: list[WindowListener] = []

    def install(self, device: Device) -> None:
        """Give `device` its identity key, the keystore and the pairing rules (before
        `power_on`)."""
        device.irk = self.irk
        device.keystore = self.keystore
        device.pairing_config_factory = lambda _connection: pairing_config(_WindowDelegate(self))
        device.smp_session_proxy = _SecureConnectionsOnly
        device.on(Device.EVENT_CONNECTION, self._watch)

    async def load(self) -> None:
        """Read the bonds kept in the keystore (a file survives restarts)."""
        self._bonded = {name for name, _keys in await self.keystore.get_all()}

    def _watch(self, connection: Connection) -> None:
        connection.on(Connection.EVENT_PAIRING, lambda _keys: self._paired(connection))

    def _paired(self, connection: Connection) -> None:
        # bumble has stored the keys under the peer's identity by now.
        peer = str(connection.peer_address)
        self._bonded.add(peer)
        _log.info("%s: bonded with %s", self.name, peer)
        self._close(peer)

    # --- the window -----------------------------------------------------------------

    @property
    def window_open(self) -> bool:
        return self._window is not None

    def open_window(self, seconds: float = PAIRING_WINDOW_S) -> None:
        """Accept one new bond during the next `seconds` (again: the clock restarts).

        Raises:
            ValueError: `seconds` is not positive.
        """
        if not seconds > 0:
            raise ValueError(f"a pairing window lasts a positive time, got {seconds!r}")
        was_open = self._window is not None
        if self._window is not None:
            self._window.cancel()
        self._window = asyncio.get_running_loop().call_later(seconds, self.close_window)
        if not was_open:
            self._tell(True, None)

    def close_window(self) -> None:
        """Close the window without a bond (time is up, or the reader restarts)."""
        self._close(None)

    def _close(self, bonded: str | None) -> None:
        if self._window is None:
            return
        self._window.cancel()
        self._window = None
        self._tell(False, bonded)

    def _tell(self, is_open: bool, bonded: str | None) -> None:
        for listener in list(self.listeners):
            listener(is_open, bonded)

    # --- bonds and the gate -----------------------------------------------------------

    @property
    def bonds(self) -> list[str]:
        """The identity addresses of the hosts this reader is bonded with."""
        return sorted(self._bonded)

    def is_bonded(self, address: str) -> bool:
        return address in self._bonded

    async def forget(self, address: str) -> bool:
        """Drop the bond with `address`; False if there was none."""
        if address not in self._bonded:
            return False
        self._bonded.discard(address)
        await self.keystore.delete(address)
        return True

    def trusts(self, connection: Connection) -> bool:
        """An encrypted link with a bonded peer: the only kind the reader serves."""
        return str(connection.peer_address) in self._bonded and connection.is_encrypted

    def check(self, connection: Connection) -> None:
        """Let the request through only on an encrypted link with a bonded peer.

        Raises:
            ATT_Error: INSUFFICIENT_AUTHENTICATION (no bond with this peer) or
                INSUFFICIENT_ENCRYPTION (a bond, but the link is not encrypted yet).
        """
        bonded = str(connection.peer_address) in self._bonded
        if bonded and connection.is_encrypted:
            return
        code = (
            ErrorCode.INSUFFICIENT_ENCRYPTION if bonded else ErrorCode.INSUFFICIENT_AUTHENTICATION
        )
        raise ATT_Error(code)
