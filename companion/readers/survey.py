"""What `companion readers` says about off-the-shelf devices plugged into this computer.

Barcode scanners and PC/SC readers are not found by a radio scan, so the listing looks
at what the operating system names: serial ports and keyboards whose names say
"scanner" (udev's /dev/serial/by-id and /dev/input/by-id links), the readers pcscd
lists, and the Linux kernel's pn533 modules, which take an ACR122U away from pcscd.
Each finding says which `--reader` uses the device, or how to set it up.
"""

from __future__ import annotations

from pathlib import Path

from companion.readers.hid import BY_ID as INPUT_BY_ID
from companion.readers.hid import HidSource, is_scanner_name

__all__ = ["SERIAL_BY_ID", "pn533_conflict", "survey"]

SERIAL_BY_ID = Path("/dev/serial/by-id")
PROC_MODULES = Path("/proc/modules")
_PN533 = ("pn533_usb", "pn533", "nfc")
_SERIAL_SETUP = (
    "a scanner in keyboard mode switches to serial mode (any OS) by scanning its manual's "
    "setup barcodes: USB COM (virtual serial), suffix CR, duplicate suppression off"
)


def serial_scanners(by_id: Path = SERIAL_BY_ID) -> list[tuple[str, str]]:
    """(device, how to use it) for each serial port whose name says scanner."""
    if not by_id.is_dir():
        return []
    return [
        (str(link), f"serial mode: --reader scanner:{link}")
        for link in sorted(by_id.iterdir())
        if is_scanner_name(link.name)
    ]


def keyboard_scanners(by_id: Path = INPUT_BY_ID) -> list[tuple[str, str]]:
    """(device, how to use it) for each keyboard whose name says scanner."""
    return [
        (path, f"keyboard mode: --reader hid:{path} (or switch it to serial mode)")
        for path in HidSource(by_id=by_id).found()
    ]


def pcsc_readers() -> list[tuple[str, str]]:
    """(reader, how to use it) for each reader pcscd lists; none without pyscard or pcscd."""
    try:
        from companion.readers.base import ReaderUnavailable
        from companion.readers.pcsc import list_readers
    except ImportError:  # pyscard is not installed: no PC/SC readers to report
        return []
    try:
        names = list_readers()
    except ReaderUnavailable:
        return []
    return [(name, f"PC/SC: --reader 'pcsc:{name}'") for name in names]


def pn533_conflict(modules: Path = PROC_MODULES) -> str | None:
    """A warning if the kernel's pn533 NFC modules are loaded (they claim an ACR122U
    before pcscd can), saying how to unload and blacklist them; None otherwise."""
    try:
        loaded = {line.split()[0] for line in modules.read_text().splitlines() if line.strip()}
    except OSError:
        return None
    found = [name for name in _PN533 if name in loaded]
    if not found:
        return None
    return (
        f"the Linux kernel modules {', '.join(found)} are loaded: they take NFC readers such as "
        "the ACR122U away from pcscd. Unload them (sudo modprobe -r pn533_usb pn533 nfc) and "
        "blacklist them: a file /etc/modprobe.d/blacklist-pn533.conf with the lines "
        "'blacklist pn533_usb', 'blacklist pn533' and 'blacklist nfc'."
    )


def survey(
    *,
    serial_by_id: Path = SERIAL_BY_ID,
    input_by_id: Path = INPUT_BY_ID,
    modules: Path = PROC_MODULES,
) -> list[str]:
    """The listing's sections about scanners, PC/SC readers and the pn533 conflict;
    empty when there is nothing to say."""
    found = serial_scanners(serial_by_id) + keyboard_scanners(input_by_id) + pcsc_readers()
    sections = []
    if found:
        width = max(len(device) for device, _ in found)
        lines = [f"{device.ljust(width)}  {use}" for device, use in found]
        if any(use.startswith("keyboard") for _, use in found):
            lines.append(_SERIAL_SETUP)
        sections.append("scanners and NFC readers:\n" + "\n".join(lines))
    warning = pn533_conflict(modules)
    if warning is not None:
        sections.append(f"warning: {warning}")
    return sections
