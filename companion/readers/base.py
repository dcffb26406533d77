"""The transport seam: `Reader` (one link to one reader) and `ReaderSource` (finds them).

A transport only moves frames. It knows nothing of sequence numbers, epochs or
acknowledgement: the hub runs `firmware_protocol`'s host session over any `Reader`,
so BLE (bleak, on any backend) and serial readers behave the same above this line.

For implementers:

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
  simulated table trusts exactly the readers it bonded).
"""

from __future__ import annotations

import abc
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from firmware_protocol import FrameError, Message

if TYPE_CHECKING:
    from companion.readers.trust import TrustPolicy

__all__ = ["FrameHandler", "LostHandler", "Reader", "ReaderSource", "ReaderUnavailable"]

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


class Reader(abc.ABC):
    """One link to one physical (or simulated) reader; frames in, frames out."""

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
    def trust(self) -> TrustPolicy | None:
        """The source's own idea of which readers to use (None: the hub's options)."""
        return None
