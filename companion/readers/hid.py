"""Barcode scanners in keyboard mode, read as Linux input devices with python-evdev.

A scanner in keyboard (HID) mode types each code followed by Enter. Read as
keystrokes by the desktop, the host's layout would garble it (on AZERTY, QWERTZ or
Czech layouts digits and letters come out wrong), and it would type into whatever
window has focus. So this transport opens the device itself (`/dev/input/by-id/
...-event-kbd`), grabs it (its keystrokes then reach no other program) and decodes
the *key codes* as a scanner sends them (`KeyDecoder`): for a US keyboard, which is
every scanner's default, including the "Alt + numeric keypad" mode some (Datalogic)
use. `--reader hid` takes every keyboard whose name says it is a scanner,
`--reader hid:/dev/input/by-id/...` one device.

Only Linux has such devices; on Windows and macOS use the scanner's serial mode, or
type into the companion's console (a scanned code and Enter is a scan there too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.readers.adapter import (
    AdaptedReader,
    CodeDevice,
    Misread,
    MisreadKind,
    ReadHandler,
    code_read,
)
from companion.readers.base import (
    FoundHandler,
    LostHandler,
    ReaderSource,
    ReaderUnavailable,
    check_port,
)

__all__ = [
    "BY_ID",
    "HidDevice",
    "HidSource",
    "KeyDecoder",
    "is_scanner_name",
]

_log = logging.getLogger(__name__)

#: Where udev names input devices by vendor and model.
BY_ID = Path("/dev/input/by-id")
_POLL_S = 1.0
MAX_LINE = 512
_SCANNER_WORDS = re.compile(
    r"barcode|scanner|scan|honeywell|datalogic|zebra|symbol|newland|netum|tera|eyoyo|inateck|"
    r"opticon|metrologic|hid_barcode",
    re.IGNORECASE,
)

# Linux key codes (linux/input-event-codes.h) to what a US keyboard types, unshifted
# and shifted. A scanner sends these codes for the characters of the code it read.
EV_KEY = 1
_KEY_DOWN, _KEY_UP = 1, 0
_SHIFTS = {42, 54}  # KEY_LEFTSHIFT, KEY_RIGHTSHIFT
_ALT = 56  # KEY_LEFTALT: held while a character is typed as its decimal number
_ENDS = {28, 96, 15}  # KEY_ENTER, KEY_KPENTER, KEY_TAB: the scanner's suffix
_ROWS = {
    2: "1!", 3: "2@", 4: "3#", 5: "4$", 6: "5%", 7: "6^", 8: "7&", 9: "8*", 10: "9(",
    11: "0)", 12: "-_", 13: "=+", 16: "qQ", 17: "wW", 18: "eE", 19: "rR", 20: "tT",
    21: "yY", 22: "uU", 23: "iI", 24: "oO", 25: "pP", 26: "[{", 27: "]}", 30: "aA",
    31: "sS", 32: "dD", 33: "fF", 34: "gG", 35: "hH", 36: "jJ", 37: "kK", 38: "lL",
    39: ";:", 40: "'\"", 41: "`~", 43: "\\|", 44: "zZ", 45: "xX", 46: "cC", 47: "vV",
    48: "bB", 49: "nN", 50: "mM", 51: ",<", 52: ".>", 53: "/?", 57: "  ",
}  # fmt: skip
_KEYPAD = {
    71: "7", 72: "8", 73: "9", 74: "-", 75: "4", 76: "5", 77: "6", 78: "+", 79: "1",
    80: "2", 81: "3", 82: "0", 83: ".", 98: "/", 55: "*",
}  # fmt: skip


def is_scanner_name(name: str) -> bool:
    """Whether an input device's name (its by-id link) says it is a barcode scanner.

    >>> is_scanner_name("usb-Datalogic_ADC__Inc._Handheld_Barcode_Scanner_S_N-event-kbd")
    True
    >>> is_scanner_name("usb-Logitech_USB_Keyboard-event-kbd")
    False
    """
    return bool(_SCANNER_WORDS.search(name))


class KeyDecoder:
    """Key events in, one line per code out, as a US keyboard would type them.

    Press events make characters (shift held: the shifted one); releases and the
    kernel's autorepeat make none; Enter, keypad Enter or Tab ends a line; a
    character typed as Left Alt + keypad digits (Alt mode) is that decimal code,
    cp1252 with a leading 0, else cp437, as Windows reads it.

    >>> d = KeyDecoder()
    >>> [d.feed(1, c, v) for c, v in ((42, 1), (31, 1), (31, 0), (42, 0), (11, 1), (28, 1))]
    [None, None, None, None, None, b'S0']
    """

    def __init__(self) -> None:
        self._line: list[str] = []
        self._shift: set[int] = set()
        self._alt_digits: str | None = None
        self._overlong = False

    def feed(self, type_: int, code: int, value: int) -> bytes | Misread | None:
        """One input event; a finished line's bytes (or a misread), else None."""
        if type_ != EV_KEY:
            return None
        if code in _SHIFTS:
            if value == _KEY_DOWN:
                self._shift.add(code)
            elif value == _KEY_UP:
                self._shift.discard(code)
            return None
        if code == _ALT:
            if value == _KEY_DOWN:
                self._alt_digits = ""
            elif value == _KEY_UP and self._alt_digits is not None:
                digits, self._alt_digits = self._alt_digits, None
                if digits:
                    self._add(_alt_character(digits))
            return None
        if value != _KEY_DOWN:
            return None
        if code in _ENDS:
            return self._finish()
        if self._alt_digits is not None:
            digit = _KEYPAD.get(code, "")
            if digit.isdigit():
                self._alt_digits += digit
            return None
        pair = _ROWS.get(code)
        if pair is not None:
            self._add(pair[1 if self._shift else 0])
        elif code in _KEYPAD:
            self._add(_KEYPAD[code])
        return None

    def _add(self, char: str) -> None:
        if not self._overlong:
            self._line.append(char)
            self._overlong = len(self._line) > MAX_LINE

    def _finish(self) -> bytes | Misread | None:
        line, self._line = "".join(self._line), []
        overlong, self._overlong = self._overlong, False
        if overlong:
            return Misread(MisreadKind.TOO_LONG, f"a code of more than {MAX_LINE} characters")
        return line.encode("utf-8") if line else None


def _alt_character(digits: str) -> str:
    number = int(digits) & 0xFF
    return bytes([number]).decode("cp1252" if digits.startswith("0") else "cp437", "replace")


def _open_evdev(path: str) -> Any:
    import evdev  # Linux only: imported when a keyboard scanner is opened

    return evdev.InputDevice(path)


class HidDevice(CodeDevice):
    """One keyboard-mode scanner, by its input device path.

    Args:
        path: the device (a /dev/input/by-id/...-event-kbd link is stable).
        opener: makes the evdev `InputDevice` (a test gives a stand-in, since this
            machine has no /dev/input).
    """

    kind = "hid"

    def __init__(self, path: str, opener: Callable[[str], Any] = _open_evdev) -> None:
        self._path = path
        self._opener = opener
        self._device: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def address(self) -> str:
        return self._path

    @property
    def name(self) -> str:
        return f"keyboard-mode scanner {Path(self._path).name}"

    async def wait_available(self) -> None:
        while not Path(self._path).exists():
            await asyncio.sleep(_POLL_S)

    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        if self._device is not None:
            raise ReaderUnavailable(self._path, "already open")
        try:
            device = self._opener(self._path)
        except PermissionError as exc:
            raise ReaderUnavailable(
                self._path, f"not allowed to read it ({exc}): add yourself to the 'input' group"
            ) from exc
        except OSError as exc:
            raise ReaderUnavailable(self._path, f"cannot open: {exc}") from exc
        try:
            device.grab()  # its keystrokes now reach no other window
        except OSError as exc:
            with contextlib.suppress(OSError):
                device.close()
            raise ReaderUnavailable(
                self._path, f"another program holds it ({exc}); close it and try again"
            ) from exc
        self._device = device
        loop = self._loop = asyncio.get_running_loop()
        decoder = KeyDecoder()

        def readable() -> None:
            try:
                events = list(device.read())
            except BlockingIOError:
                return
            except OSError as exc:  # unplugged: ENODEV
                _log.info("%s: %s", self._path, exc)
                self._release()
                on_lost()
                return
            for event in events:
                line = decoder.feed(event.type, event.code, event.value)
                if isinstance(line, bytes):
                    on_read(code_read(line))
                elif isinstance(line, Misread):
                    on_read(line)

        loop.add_reader(device.fd, readable)

    def _release(self) -> None:
        device, self._device = self._device, None
        if device is None:
            return
        if self._loop is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(device.fd)
        with contextlib.suppress(OSError):
            device.ungrab()
        with contextlib.suppress(OSError):
            device.close()

    async def close(self) -> None:
        self._release()


class HidSource(ReaderSource):
    """Keyboard-mode scanners: the one at `path`, or every input device whose by-id
    name says it is a scanner, found as they are plugged in."""

    def __init__(
        self,
        path: str | None = None,
        *,
        seat: int = 0,
        duplicate_window: float = 0.0,
        by_id: Path = BY_ID,
        opener: Callable[[str], Any] = _open_evdev,
    ) -> None:
        self._path = path
        self._opener = opener
        self._seat = seat
        self._window = duplicate_window
        self._by_id = by_id
        self.readers: dict[str, AdaptedReader] = {}

    def describe(self) -> str:
        return f"keyboard-mode scanner {self._path}" if self._path else "keyboard-mode scanners"

    def found(self) -> list[str]:
        """The scanner-like input devices there are now (or the one asked for)."""
        if self._path is not None:
            return [self._path]
        if not self._by_id.is_dir():
            return []
        return sorted(
            str(link)
            for link in self._by_id.iterdir()
            if link.name.endswith("-event-kbd") and is_scanner_name(link.name)
        )

    async def check(self) -> None:
        if self._path is not None:
            check_port(self._path, "keyboard-mode scanner", "/dev/input/by-id/")
        elif not self._by_id.parent.is_dir():
            raise ReaderUnavailable(
                "hid",
                f"there is no {self._by_id.parent} here (keyboard scanners are read on Linux): "
                "use the scanner's serial mode, or scan into the console",
            )

    async def discover(self, on_found: FoundHandler) -> None:
        if self._path is None:
            await self.check()
        while True:
            for path in self.found():
                if path not in self.readers:
                    reader = AdaptedReader(
                        HidDevice(path, self._opener),
                        seat=self._seat,
                        duplicate_window=self._window,
                    )
                    self.readers[path] = reader
                    result = on_found(reader)
                    if result is not None:
                        await result
            await asyncio.sleep(_POLL_S)
