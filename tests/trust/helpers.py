"""Helpers of the trust tests: bleak clients on the simulated radio, window watching,
and a standalone simulator running in a thread of its own (so that the CLI, which
runs its own event loop, can reach it over HCI/TCP as another process would)."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bleak import BleakClient, BleakScanner
from bleak.backends.device import BLEDevice

from companion.readers.bumble_backend import BumbleClient, BumbleScanner
from hardware.sim.reader import SimulatedReader
from hardware.sim.server import SimOptions, run_simulator
from hardware.sim.table import SimulatedTable

TIMEOUT = 5.0
INSUFFICIENT_AUTHENTICATION = 0x05
INSUFFICIENT_ENCRYPTION = 0x0F
BATTERY_LEVEL_UUID = "00002a19-0000-1000-8000-00805f9b34fb"


async def find(table: SimulatedTable, reader: SimulatedReader) -> BLEDevice:
    """The reader as a scan on the table's host radio sees it."""
    device = await BleakScanner.find_device_by_address(
        reader.address,
        timeout=TIMEOUT,
        backend=BumbleScanner,
        bumble_device=table.host_device,  # type: ignore[call-arg]  # the bumble backend's own keyword, passed on by bleak's **kwargs
    )
    assert device is not None, f"{reader.name} not found"
    return device


@asynccontextmanager
async def connected(table: SimulatedTable, reader: SimulatedReader) -> AsyncIterator[BleakClient]:
    """A bleak client (our bumble backend) connected to `reader` from the host radio."""
    device = await find(table, reader)
    client = BleakClient(
        device, backend=BumbleClient, bumble_device=table.host_device, timeout=TIMEOUT
    )
    await client.connect()
    try:
        yield client
    finally:
        await client.disconnect()


def window_changes(reader: SimulatedReader) -> list[tuple[bool, str | None]]:
    """Every change of `reader`'s pairing window from now on, as (open, bonded peer)."""
    seen: list[tuple[bool, str | None]] = []
    reader.security.listeners.append(lambda is_open, peer: seen.append((is_open, peer)))
    return seen


def window_closed(reader: SimulatedReader) -> asyncio.Future[str | None]:
    """Resolves with the bonded peer (or None) when `reader`'s window next closes."""
    done: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def listen(is_open: bool, peer: str | None) -> None:
        if not is_open and not done.done():
            done.set_result(peer)

    reader.security.listeners.append(listen)
    return done


def connections(reader: SimulatedReader) -> list[str]:
    """Every link change `reader` announces from now on ("connected"/"disconnected")."""
    seen: list[str] = []
    reader.observers.append(
        lambda _reader, text: seen.append(text) if text in ("connected", "disconnected") else None
    )
    return seen


def announced(reader: SimulatedReader, text: str) -> asyncio.Future[None]:
    """Resolves when `reader` next announces `text` (e.g. "disconnected")."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    reader.observers.append(
        lambda _reader, said: done.set_result(None) if said == text and not done.done() else None
    )
    return done


class SimulatorThread:
    """`companion sim`'s body (`run_simulator`) on its own event loop and thread.

    `type(line)` feeds its console; `expect(pattern)` waits for an output line.
    """

    def __init__(self, options: SimOptions) -> None:
        self._options = options
        self._loop = asyncio.new_event_loop()
        self._queue: asyncio.Queue[str] | None = None
        self._lines: list[str] = []
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="simulator", daemon=True)
        self.spec = ""

    def _say(self, text: str) -> None:
        with self._changed:
            self._lines.extend(text.splitlines())
            self._changed.notify_all()

    async def _console(self) -> AsyncIterator[str]:
        assert self._queue is not None
        while True:
            yield await self._queue.get()

    def _run(self) -> None:
        async def main() -> None:
            self._queue = asyncio.Queue()
            await run_simulator(self._options, lines=self._console(), out=self._say)

        self._loop.run_until_complete(main())
        self._loop.close()

    def __enter__(self) -> SimulatorThread:
        self._thread.start()
        self.spec = "hci:" + self.expect(r"^hci: (\S+)$").group(1)
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.type("quit")
        self._thread.join(TIMEOUT)
        assert not self._thread.is_alive(), "the simulator did not quit"

    def type(self, line: str) -> None:
        self._loop.call_soon_threadsafe(lambda: self._queue.put_nowait(line))  # type: ignore[union-attr]

    def expect(self, pattern: str, timeout: float = TIMEOUT) -> re.Match[str]:
        """The first output line (from the start) matching `pattern`."""
        regex = re.compile(pattern)
        with self._changed:
            found: list[re.Match[str]] = []

            def hit() -> bool:
                found[:] = [m for line in self._lines if (m := regex.search(line))][:1]
                return bool(found)

            if not self._changed.wait_for(hit, timeout):
                raise AssertionError(f"no {pattern!r} in {self._lines}")
            return found[0]
