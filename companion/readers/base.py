"""The reader interface: what every transport implements and what the hub asks.

This module is the bottom of `companion/readers/` (it imports only
`firmware_protocol`); everything else builds on it, each layer importing only
the ones listed before it::

    base, events, allowlist       the interface, the hub's events, the paired-reader file
    trust                         the allowlist as a policy (`ReaderPolicy`); no transport
    hub (+ _link)                 many readers, one ordered stream, exactly once
    adapter                       devices that do not speak our protocol, made readers
    ble, serial, sim, ...         transports: leaves, importing only base, events,
                                  allowlist, trust, adapter (sim is BLE on a bumble
                                  radio, so it also drives ble)
    spec, pairing                 the top: a spec string to a source; BLE pairing

A transport only moves frames. It knows nothing of sequence numbers, epochs or
acknowledgement: the hub runs `firmware_protocol`'s host session over any `Reader`,
so BLE (bleak, on any backend) and serial readers behave the same above this line.
A device that does not speak the protocol at all (a barcode scanner, a PC/SC NFC
reader) implements the smaller `adapter.CodeDevice` instead, and `adapter` turns it
into a `Reader` that speaks the protocol for it.

Adding a transport (say ``foo``):

1. ``companion/readers/foo.py`` with a `Reader` per device and a `ReaderSource` that
   finds them; import only this module, `events` and `firmware_protocol` (or
   `adapter` for a device that is not one of our readers). Nothing imports it but
   `spec.py`.
2. A spec form in `spec.open_reader` (``foo:WHERE``), imported lazily there, so
   that its third-party library is needed only by those who use it.
3. Tests through `ReaderHub` with the real library and a real stand-in device
   (a pty, a socket), as tests/readers does for serial.

For implementers of `Reader`:

- `connect(on_frame, on_lost)` opens the link and, for BLE, subscribes to the `event`
  characteristic *before* returning: anything the reader sends afterwards must reach
  `on_frame`, one call per frame, in the order sent, on the event loop's thread. A
  frame is the exact bytes of one notification (BLE); a stream transport passes what
  `firmware_protocol.StreamDecoder` made of each piece (a message or a `FrameError`).
  Never drop frames here: the hub's session does that, and logs why.
- `on_lost()` is called exactly once per successful `connect` when the link goes
  down by itself (not after our own `disconnect()`); afterwards `on_frame` is never
  called again for that connection.
- `send(frame)` writes one frame (one GATT write, one COBS piece) and raises
  `ReaderUnavailable` if the link is down.
- `wait_available()` returns when a connect attempt has a chance: BLE waits for an
  advertisement, serial returns at once. Sources create one `Reader` per device and
  keep updating it (`rssi`, availability) while they run.
- Every method may raise only `ReaderUnavailable` (with a reason) for link trouble;
  the hub treats anything else as a bug and still does not crash.
- Security (SPEC.md "Security"): `bond_identity` is the identity a bond with the
  reader is kept under (a BLE identity address), None for a transport that needs no
  bond (a cable). `set_pairing(False)` tells `connect` not to pair: only a bond that
  exists may be used. A source may carry its own `trust` policy (an in-process
  simulated table trusts exactly the readers it bonded); the hub asks a
  `ReaderPolicy` (`trust.TrustPolicy` is the one the companion uses).
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from firmware_protocol import FrameError, Message

__all__ = [
    "Decision",
    "FoundHandler",
    "FrameHandler",
    "IgnoreReason",
    "LostHandler",
    "Reader",
    "ReaderPolicy",
    "ReaderSource",
    "ReaderUnavailable",
]

FrameHandler = Callable[[bytes | Message | FrameError], None]
"""Takes one frame: its bytes (BLE), or what a stream decoder made of one serial piece."""
LostHandler = Callable[[], None]
FoundHandler = Callable[["Reader"], Awaitable[None] | None]


class ReaderUnavailable(ConnectionError):
    """The link to a reader cannot be opened or used; `reason` says why."""

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(f"{address}: {reason}")
        self.address = address
        self.reason = reason


def check_port(port: str, what: str, by_id: str = "/dev/serial/by-id/") -> None:
    """Refuse a device path that does not exist (a COM port is only tried); `what` the
    device is, `by_id` where its stable names are.

    Raises:
        ReaderUnavailable: no such device.
    """
    import os

    if port.startswith("/") and not os.path.exists(port):
        raise ReaderUnavailable(
            port, f"no such device: is the {what} plugged in? (its stable name is in {by_id})",
        )  # fmt: skip


class IgnoreReason(Enum):
    """Why a device is not used, for a program to tell apart (the text says it too)."""

    OTHER = "other"
    NOT_PAIRED = "not paired"  # not on the allowlist: shown, never connected
    IDENTITY = "identity mismatch"  # the bond and the announced reader id disagree


@dataclass(frozen=True)
class Decision:
    """Whether the hub may connect a reader, and whether it may pair with it."""

    use: bool
    may_pair: bool = False
    because: IgnoreReason = IgnoreReason.OTHER
    reason: str = ""


class ReaderPolicy(Protocol):
    """Which readers a hub may use; asked before connecting and after each HELLO."""

    def admit(self, reader: Reader) -> Decision:
        """Before connecting: may the hub use (and pair with) this reader?"""
        ...

    def check_hello(self, reader: Reader, reader_id: int) -> Decision:
        """After HELLO: may this link carry the reader id it announced?"""
        ...


class Reader(abc.ABC):
    """One link to one physical (or simulated) reader; frames in, frames out."""

    @property
    def kind(self) -> str:
        """What the device is, for people: "reader" (one of ours, on BLE or a cable),
        "scanner", "hid", "pcsc", "keyboard" (adapted code readers), "phone"."""
        return "reader"

    @property
    @abc.abstractmethod
    def address(self) -> str:
        """The transport address (BLE address, serial port path): stable for a device."""

    @property
    def name(self) -> str:
        """A human-readable name (the advertised name for BLE)."""
        return self.address

    @property
    def rssi(self) -> int | None:
        """Signal strength of the last advertisement in dBm, `None` if not radio."""
        return None

    @property
    @abc.abstractmethod
    def is_connected(self) -> bool:
        """Whether the link is up."""

    @property
    def bond_identity(self) -> str | None:
        """The identity a bond with this reader is kept under; None: no bond needed."""
        return None

    def set_pairing(self, allowed: bool) -> None:
        """Whether `connect` may pair with the reader when there is no bond yet."""
        return None

    async def wait_available(self) -> None:
        """Return when a `connect()` attempt may succeed (the reader is in range)."""
        return None

    @abc.abstractmethod
    async def connect(self, on_frame: FrameHandler, on_lost: LostHandler) -> None:
        """Open the link and start delivering frames (see the module docstring).

        Raises:
            ReaderUnavailable: the link could not be opened.
        """

    @abc.abstractmethod
    async def send(self, frame: bytes) -> None:
        """Send one frame to the reader.

        Raises:
            ReaderUnavailable: the link is down.
        """

    @abc.abstractmethod
    async def disconnect(self) -> None:
        """Close the link; `on_lost` is not called for it. Never raises."""

    async def read_battery(self) -> int | None:
        """Battery percent from the standard Battery service, `None` if unknown."""
        return None


class ReaderSource(abc.ABC):
    """Finds readers and hands each one, once, to the hub while it runs.

    Use as an async context manager; `discover(on_found)` runs until cancelled,
    calling `on_found` for every new reader device (never twice for one address).
    """

    async def __aenter__(self) -> ReaderSource:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    async def start(self) -> None:
        """Acquire what discovery needs (a BLE stack, a port); called once."""
        return None

    async def stop(self) -> None:
        """Release it; called once, also after a failed start. Never raises."""
        return None

    async def check(self) -> None:
        """Fail now if discovery cannot run here at all (no adapter, no PC/SC service, no
        such port), so that a game is not begun with readers that cannot be opened
        (`companion.game.preflight.check_readers`); called on its own, without `start`.
        Readers merely not in reach yet are no failure: the hub waits for them.

        Raises:
            ReaderUnavailable: the source cannot run; the reason says what to do.
        """
        return None

    @abc.abstractmethod
    async def discover(self, on_found: FoundHandler) -> None:
        """Report readers to `on_found` until cancelled.

        Raises:
            ReaderUnavailable: discovery itself cannot run (no adapter, no port).
        """

    def describe(self) -> str:
        """What this source looks at, for messages ("BLE via bumble hci tcp...")."""
        return type(self).__name__

    @property
    def trust(self) -> ReaderPolicy | None:
        """The source's own idea of which readers to use (None: the hub's options)."""
        return None
