"""A barcode scanner in serial mode on a real pseudo-terminal, as the host sees one.

A USB scanner switched to virtual-COM mode (CDC-ACM) appears as a tty and writes each
code it reads as a line with its suffix (CR by default). This class holds the master
end of a pty and writes those lines; the host opens the slave with plain pyserial,
through a symlink that stays put (as udev's /dev/serial/by-id links do). `unplug()`
closes the pty and removes the link (the host's read fails, as when a USB device
goes away); `plug()` makes a new pty behind the same link (it enumerated again).
What stands in for the device is only this writer: the tty, the line discipline and
pyserial on the host side are the real ones.
"""

from __future__ import annotations

import contextlib
import os
import tty
from pathlib import Path

__all__ = ["SimulatedScanner"]


class SimulatedScanner:
    """One serial-mode scanner behind `link_path`; `scan(code)` reads a code."""

    def __init__(self, link_path: Path, *, suffix: bytes = b"\r") -> None:
        self.path = Path(link_path)
        self.suffix = suffix
        self._master: int | None = None
        self._slave: int | None = None

    def __enter__(self) -> SimulatedScanner:
        self.plug()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.unplug()

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def plug(self) -> None:
        """Enumerate: a new pty behind the link."""
        if self._master is not None:
            return
        master, slave = os.openpty()
        tty.setraw(slave)
        self._master, self._slave = master, slave
        temporary = self.path.with_name(self.path.name + ".new")
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        temporary.symlink_to(os.ttyname(slave))
        temporary.replace(self.path)

    def unplug(self) -> None:
        """Go away: the link disappears and the host's open port fails."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None

    def scan(self, code: str) -> None:
        """The scanner reads a code and sends it with its suffix."""
        self.send(code.encode("utf-8") + self.suffix)

    def send(self, data: bytes) -> None:
        """Raw bytes on the line (noise, a binary blob, a line without its end).

        Raises:
            OSError: the scanner is unplugged.
        """
        if self._master is None:
            raise OSError("the scanner is unplugged")
        view = memoryview(data)
        while view:
            view = view[os.write(self._master, view) :]
