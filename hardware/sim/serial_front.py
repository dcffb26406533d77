"""The simulated reader's serial side: a pseudo-terminal speaking COBS frames.

A USB/UART reader writes each frame as `0x00 COBS(frame) 0x00` (SPEC.md section 6).
The simulator holds the master end of a pty; the host opens the slave with plain
pyserial, through a symlink that stays put (like /dev/serial/by-id), so that
"unplugging" the reader (a new pty pair behind the same link) looks to the host
exactly like a USB reader that went away and came back.

Bytes written while no host has the port open are lost, as on a real line (pyserial
also flushes input on open: docs/ble.md §3); the host's HELLO_REQUEST
and RESUME recover the events.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import tty
from pathlib import Path
from typing import TYPE_CHECKING

from firmware_protocol import frame_for_serial
from hardware.sim.commands import CommandLoop, ReturnTimer

if TYPE_CHECKING:
    from hardware.sim.reader import SimulatedReader

__all__ = ["SerialFront"]

_log = logging.getLogger(__name__)


class SerialFront:
    """Carries a `SimulatedReader`'s frames over a pseudo-terminal."""

    def __init__(self, reader: SimulatedReader, link_path: Path) -> None:
        self._reader = reader
        self.path = Path(link_path)
        self._master: int | None = None
        self._slave: int | None = None
        self._commands = CommandLoop(reader.name, reader.handle_serial)
        self._return = ReturnTimer(reader.back_in_range)

    async def start(self) -> None:
        self._plug()
        self._commands.start(f"{self._reader.name} serial commands")

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        # The slave stays open here too, so the master never reads EIO while the host
        # has the port closed.
        temporary = self.path.with_name(self.path.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(self.path)
        asyncio.get_running_loop().add_reader(master, self._on_readable)
        self._reader.link_changed(True)

    def _unplug(self) -> None:
        if self._master is None:
            return
        asyncio.get_running_loop().remove_reader(self._master)
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._reader.link_changed(False)

    def _on_readable(self) -> None:
        if self._master is None:
            return
        try:
            data = os.read(self._master, 4096)
        except BlockingIOError:
            return
        except OSError:
            return  # no host has the port open
        self._commands.put(data)

    # --- Front ------------------------------------------------------------------------

    @property
    def is_listening(self) -> bool:
        return self._master is not None

    @property
    def is_connected(self) -> bool:
        return self._master is not None

    async def send(self, frame: bytes) -> None:
        if self._master is None:
            return
        try:
            os.write(self._master, frame_for_serial(frame))
        except BlockingIOError:
            _log.debug("%s: nobody reads the port; frame lost", self._reader.name)
        except OSError as exc:
            _log.debug("%s: write failed: %s", self._reader.name, exc)

    def inject(self, data: bytes) -> None:
        """Put raw bytes on the line (noise, a truncated frame) as a fault."""
        if self._master is not None:
            os.write(self._master, data)

    async def drop(self) -> None:
        """Unplug and plug back in: the host sees the port fail and must reopen it."""
        self._unplug()
        self._plug()

    async def away(self, seconds: float | None) -> None:
        self._return.cancel()
        self._unplug()
        self._return.set(seconds)

    async def back(self) -> None:
        self._return.cancel()
        if self._master is None:
            self._plug()

    async def restart(self) -> None:
        """A USB reader that reboots disappears and enumerates again."""
        await self.drop()

    def set_latency(self, interval_ms: float) -> None:
        raise ValueError("connection-interval latency applies to the BLE link, not serial")

    async def battery_changed(self, percent: int) -> None:
        """Serial has no Battery service; the BATTERY event says it all."""

    async def close(self) -> None:
        self._return.cancel()
        await self._commands.stop()
        self._unplug()
