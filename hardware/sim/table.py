"""`SimulatedTable`: simulated readers and a host radio on one simulated link.

This is the helper for anything that wants the whole BLE path in one process: the
companion's end-to-end tests, `companion play --reader sim --script FILE`, and our
own tests. It owns a `RadioLink`, N `SimulatedReader`s advertising on it, and a
host-side bumble `Device` that the bumble bleak backend drives
(`BleakClient(..., backend=BumbleClient, bumble_device=table.host_device)`), so the
host code that runs is the production bleak code.

Readers serve only bonded hosts (SPEC.md "Security"), so a table bonds its readers
with its host radio as part of `start()` (`bonding.py`): OK is held on each reader
(its pairing window opens), the host connects and pairs over bumble's SMP (LE Secure
Connections), and disconnects. Like a real table that pairs once and plays many
games, a later table in the same process restores the bond a reader id made before
instead of pairing again. The bonds are in memory unless keystore files are named
(`reader_keys` for the readers' side, one namespace per reader; `host_keys` for the
host's), and then every table pairs for real. `bonds` lists them for the allowlist.

    async with SimulatedTable(1) as table:          # one shared reader (seat 0)
        ...connect a ReaderHub to table.host_device...
        await table.play("@* scan kill@S7\\npress ok")
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path

from bumble.device import Device
from bumble.keys import JsonKeyStore

from hardware.sim.bonding import Bond, bond
from hardware.sim.radio import RadioLink, attach_device
from hardware.sim.reader import LogicFactory, SimulatedReader, firmware_logic
from hardware.sim.script import (
    SHARED,
    Fault,
    FaultKind,
    Hold,
    Press,
    Remove,
    Scan,
    ScanUid,
    ScriptError,
    ScriptLine,
    Select,
    Wait,
    parse_script,
)
from hardware.sim.security import pairing_config
from hardware.sim.tokens import TokenEncoder, TokenError, default_token_encoder

__all__ = [
    "HOST_ADDRESS",
    "FIRST_READER_ID",
    "Bond",
    "SimulatedTable",
    "play_line",
    "reader_index",
]

#: The host radio's address on the simulated link.
HOST_ADDRESS = "F0:F0:F0:F0:F0:F0"
#: Reader ids of a table: FIRST_READER_ID, FIRST_READER_ID + 1, ...
FIRST_READER_ID = 0x7C0A0001

WaitHandler = Callable[[float], Awaitable[None] | None]


class SimulatedTable:
    """N simulated readers and a host `Device` on one `RadioLink` (async context manager).

    Args:
        n_readers: how many readers (1..10).
        shared: True for shared readers (seat 0); False gives reader i seat i + 1.
        seats: explicit seats, one per reader (overrides `shared`).
        advertising_interval_ms: 20 ms keeps scans and reconnects fast
            (docs/ble.md §1.2).
        seed: seeds the readers' epochs, for repeatable runs.
        host: put a host radio (`host_device`) on the link; a standalone simulator
            exports the link over HCI instead (`hardware.sim.server`).
        bonded: bond every reader with the host radio in `start()` (with a host).
        reader_keys, host_keys: keystore files for the bonds (None: in memory).
    """

    def __init__(
        self,
        n_readers: int = 1,
        *,
        shared: bool = True,
        seats: Sequence[int] | None = None,
        advertising_interval_ms: float = 20.0,
        token_encoder: TokenEncoder = default_token_encoder,
        logic_factory: LogicFactory = firmware_logic,
        seed: int | None = None,
        host: bool = True,
        bonded: bool = True,
        reader_keys: Path | None = None,
        host_keys: Path | None = None,
    ) -> None:
        if not 1 <= n_readers <= 10:
            raise ValueError(f"a table has 1 to 10 readers, not {n_readers}")
        if seats is None:
            seats = [0] * n_readers if shared else list(range(1, n_readers + 1))
        if len(seats) != n_readers:
            raise ValueError(f"{len(seats)} seats given for {n_readers} readers")
        taken = [s for s in seats if s]
        if len(taken) != len(set(taken)):
            raise ValueError(f"two readers cannot share a seat: {list(seats)}")
        rng = random.Random(seed)
        self.link = RadioLink()
        self.readers = [
            SimulatedReader(
                FIRST_READER_ID + index,
                seat=seat,
                token_encoder=token_encoder,
                logic_factory=logic_factory,
                rng=random.Random(rng.getrandbits(64)),
                keys=reader_keys,
            )
            for index, seat in enumerate(seats)
        ]
        self._interval = advertising_interval_ms
        self._bonded = bonded
        self._reuse_bonds = reader_keys is None and host_keys is None
        self.host_device: Device | None = None
        if host:
            _, self.host_device = attach_device(self.link, "companion", HOST_ADDRESS)
            self.host_device.pairing_config_factory = lambda _connection: pairing_config()
            if host_keys is not None:
                self.host_device.keystore = JsonKeyStore(
                    namespace=HOST_ADDRESS, filename=str(host_keys)
                )
        #: The readers bonded with the host radio by `start()`.
        self.bonds: list[Bond] = []
        self._started = False

    async def start(self) -> None:
        """Power the host radio and every reader on; readers start advertising; with
        `bonded`, each reader is bonded with the host radio.

        Raises:
            TimeoutError, bumble errors: a reader could not be bonded.
        """
        if self.host_device is not None:
            await self.host_device.power_on()
        for reader in self.readers:
            await reader.attach_ble(self.link, advertising_interval_ms=self._interval)
        if self.host_device is not None and self._bonded:
            for reader in self.readers:
                made = await bond(self.host_device, reader, reuse=self._reuse_bonds)
                self.bonds.append(made)
        self._started = True

    async def close(self) -> None:
        for reader in self.readers:
            await reader.close()
        self._started = False

    async def __aenter__(self) -> SimulatedTable:
        try:
            await self.start()
        except BaseException:
            await self.close()
            raise
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def wait_ready(self, timeout: float | None = 5.0) -> None:
        """Wait until a host said HELLO to every reader (see `SimulatedReader.wait_greeted`).

        Raises:
            TimeoutError: some reader was not greeted within `timeout` seconds.
        """
        async with asyncio.timeout(timeout):
            for reader in self.readers:
                await reader.wait_greeted(timeout)

    async def drop_all_links(self) -> None:
        """Every reader drops its link (the host went away)."""
        for reader in self.readers:
            if reader.is_connected:
                await reader.drop_link()

    def reader_for(self, target: int | str | None) -> SimulatedReader:
        """The reader a script line is meant for (see `reader_index`).

        Raises:
            LookupError: no reader fits, or it is ambiguous which one.
        """
        return self.readers[reader_index([r.seat for r in self.readers], target)]

    async def play(
        self, script: str | Iterable[ScriptLine], on_wait: WaitHandler | None = None
    ) -> None:
        """Play a table script (text or parsed lines) through the readers, in order.

        Raises:
            ScriptError: a bad line (text is checked whole before anything is played;
                a line that fails while playing names itself too).
        """
        lines = parse_script(script) if isinstance(script, str) else list(script)
        for line in lines:
            await play_line(self, line, on_wait)


def reader_index(seats: Sequence[int], target: int | str | None) -> int:
    """Which of the readers with these `seats` (0 = shared) a script line's target
    means: `@N` the reader of seat N (or the shared reader if no reader has that seat),
    `@*` or no prefix the shared reader (or the only reader). A function of the seats
    alone, so a script can be checked before any reader exists.

    >>> reader_index([0, 1, 2], 2), reader_index([0, 1, 2], 5), reader_index([3], None)
    (2, 0, 0)

    Raises:
        LookupError: no reader fits, or it is ambiguous which one.
    """
    shared = [i for i, seat in enumerate(seats) if seat == 0]
    if isinstance(target, int):
        if target in seats:
            return list(seats).index(target)
        if len(shared) == 1:
            return shared[0]
        raise LookupError(f"no reader has seat {target}")
    if len(shared) == 1:
        return shared[0]
    if target is None and len(seats) == 1:
        return 0
    what = "@*" if target == SHARED else "a line without @N"
    raise LookupError(f"{what} needs exactly one shared reader; this table has {len(shared)}")


async def play_line(
    table: SimulatedTable, line: ScriptLine, on_wait: WaitHandler | None = None
) -> None:
    """Do what one parsed line says. `wait N` calls `on_wait(N)` (virtual time: the
    caller advances its clock); without a handler it does nothing.

    Raises:
        ScriptError: the line cannot be played (no such reader, no card to remove, a
            token no label carries); nothing was sent for it.
    """
    action = line.action
    if isinstance(action, Wait):
        if on_wait is not None:
            result = on_wait(action.seconds)
            if result is not None:
                await result
        return
    try:
        reader = table.reader_for(line.target)
        await _apply(reader, action)
    except (LookupError, TokenError, ValueError) as exc:
        raise ScriptError(line.number, line.text, str(exc)) from exc


async def _apply(reader: SimulatedReader, action: object) -> None:
    if isinstance(action, Scan):
        await reader.scan(action.token)
    elif isinstance(action, ScanUid):
        await reader.scan_uid(action.uid_hex)
    elif isinstance(action, Remove):
        await reader.remove()
    elif isinstance(action, Press):
        await reader.press(action.button, long=action.long)
    elif isinstance(action, Hold):
        reader.hold_ok(action.seconds)
    elif isinstance(action, Select):
        await reader.select(action.seat)
    elif isinstance(action, Fault):
        await _fault(reader, action)
    else:  # pragma: no cover - parse_line makes nothing else
        raise TypeError(f"not a script action: {action!r}")


async def _fault(reader: SimulatedReader, fault: Fault) -> None:
    kind = fault.kind
    if kind is FaultKind.DROP:
        await reader.drop_link()
    elif kind is FaultKind.DUPLICATE:
        reader.duplicate_next()
    elif kind is FaultKind.CORRUPT:
        reader.corrupt_next()
    elif kind is FaultKind.REBOOT:
        await reader.reboot()
    elif kind is FaultKind.LOW_BATTERY:
        await reader.low_battery()
    elif kind is FaultKind.AWAY:
        await reader.out_of_range(fault.amount)
    elif kind is FaultKind.LATENCY:
        reader.set_latency(fault.amount)
    elif kind is FaultKind.POWER_CYCLE:
        await reader.power_cycle(fault.amount)
    elif kind is FaultKind.STALE_HELLO:
        await reader.reboot(stale_hello=True)
