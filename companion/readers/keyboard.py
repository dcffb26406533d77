"""The companion's own console as a reader: a code typed (or typed by a keyboard-mode
scanner) followed by Enter is a read, numbered and logged like any scanner's.

Where the scanner's keyboard device cannot be read directly (Windows, macOS, no
`input` group), a keyboard-mode scanner types into the focused window; with real
readers that window may be the companion's terminal. `KeyboardDevice` takes each such
line (`type_line`) and makes it a read (`adapter.code_read`), so it enters the hub
through `adapter.AdaptedReader` exactly as a serial scanner's line does: its own
reader id (kind ``keyboard``), numbered on arrival, logged before it is applied,
garbage reported as a misread naming the console.
"""

from __future__ import annotations

from companion.readers.adapter import (
    AdaptedReader,
    CodeDevice,
    DeviceSource,
    ReadHandler,
    code_read,
)
from companion.readers.base import LostHandler, ReaderUnavailable

__all__ = ["KeyboardDevice", "KeyboardSource"]


class KeyboardDevice(CodeDevice):
    """Lines typed at the console, as a code reader (open while the game runs)."""

    kind = "keyboard"

    def __init__(self, address: str = "console") -> None:
        self._address = address
        self._on_read: ReadHandler | None = None

    @property
    def address(self) -> str:
        return self._address

    @property
    def name(self) -> str:
        return "the console's keyboard"

    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        self._on_read = on_read

    async def close(self) -> None:
        self._on_read = None

    def type_line(self, text: str) -> None:
        """One line typed and ended with Enter (without its line end); call it on the
        event loop's thread.

        Raises:
            ReaderUnavailable: the hub has not opened the console reader (yet).
        """
        if self._on_read is None:
            raise ReaderUnavailable(self._address, "the console reader is not open")
        self._on_read(code_read(text.strip().encode("utf-8")))


class KeyboardSource(DeviceSource):
    """The console as one shared reader (`duplicate_window` as for scanners)."""

    def __init__(self, *, duplicate_window: float = 0.0) -> None:
        self.device = KeyboardDevice()
        reader = AdaptedReader(self.device, duplicate_window=duplicate_window)
        super().__init__([reader], "the console (a code and Enter)")
