"""Bonding a simulated reader with a host radio, as a person does at a real table.

`pair_with_host` is the whole gesture: hold OK on the reader (its pairing window
opens), connect from the host, pair over bumble's SMP (LE Secure Connections), and
disconnect. It costs about 20 ms a reader, nearly all of it waiting for the reader's
next advertisement (the 20 ms interval), which adds up over the many simulated tables
a test run builds.

A real table pairs its readers once and then plays game after game on the stored
bond. `bond` does the same within a process: the first table pairs each reader id for
real and keeps a copy of both sides' keys; a later table with the same reader
restores that bond into both (in-memory) keystores, as a restart with keystore files
would, and its links are then encrypted with it like any bonded link. Only tables
whose bonds are in memory share them; the copies are never written back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bumble.device import Connection, Device
from bumble.hci import Address
from bumble.keys import PairingKeys

from hardware.sim.reader import SimulatedReader

__all__ = ["Bond", "bond", "pair_with_host"]

_TIMEOUT = 5.0

# (host address, reader id, reader address) -> (the reader's keys for the host, the
# host's keys for the reader), from a real pairing earlier in this process.
_KEPT: dict[tuple[str, int, str], tuple[dict[str, object], dict[str, object]]] = {}


@dataclass(frozen=True)
class Bond:
    """A reader bonded with a host radio: what the host's allowlist holds."""

    reader_id: int
    identity: str
    name: str


def _host_address(host: Device) -> str:
    return str(host.static_address)


async def pair_with_host(host: Device, reader: SimulatedReader) -> Bond:
    """Hold OK on `reader`, connect `host` to it, pair, and disconnect.

    Raises:
        TimeoutError: the reader did not connect or disconnect in time.
        bumble errors: pairing failed.
    """
    reader.hold_ok()
    connection = await host.connect(Address(reader.address), timeout=_TIMEOUT)
    gone: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_disconnection(_reason: int) -> None:
        if not gone.done():
            gone.set_result(None)

    connection.once(Connection.EVENT_DISCONNECTION, on_disconnection)
    try:
        await connection.pair()
    finally:
        await connection.disconnect()
        async with asyncio.timeout(_TIMEOUT):
            await gone
    reader_keys = await reader.security.keystore.get(_host_address(host))
    host_keys = await host.keystore.get(reader.address) if host.keystore else None
    if reader_keys is not None and host_keys is not None:
        key = (_host_address(host), reader.reader_id, reader.address)
        _KEPT[key] = (reader_keys.to_dict(), host_keys.to_dict())
    return Bond(reader.reader_id, reader.address, reader.name)


async def bond(host: Device, reader: SimulatedReader, *, reuse: bool = True) -> Bond:
    """Bond `reader` with `host`: restore the bond this process made before for the
    same reader (with `reuse`), else pair for real (`pair_with_host`)."""
    kept = _KEPT.get((_host_address(host), reader.reader_id, reader.address)) if reuse else None
    if kept is None or host.keystore is None:
        return await pair_with_host(host, reader)
    reader_side, host_side = kept
    await reader.security.keystore.update(_host_address(host), PairingKeys.from_dict(reader_side))
    await host.keystore.update(reader.address, PairingKeys.from_dict(host_side))
    await reader.security.load()
    return Bond(reader.reader_id, reader.address, reader.name)
