"""`companion readers` on off-the-shelf devices: scanners by their udev names, PC/SC
readers from a real pcscd, and the pn533 kernel-module conflict. The by-id folders
and /proc/modules are stood in for by files in a temporary folder (this machine has
neither scanners nor those modules)."""

from __future__ import annotations

from pathlib import Path

from companion.readers.survey import pn533_conflict, survey
from tests.readers.pcscd import SLOTS, running_pcscd


def test_scanners_are_found_by_name_with_how_to_use_them(tmp_path: Path) -> None:
    """A serial port and a keyboard whose names say scanner are listed with the
    `--reader` that uses each, and how to switch a keyboard-mode one to serial; an
    ordinary keyboard or port is not."""
    serial, keys = tmp_path / "serial", tmp_path / "input"
    serial.mkdir()
    keys.mkdir()
    (serial / "usb-Honeywell_1900_Barcode_Scanner-if00").touch()
    (serial / "usb-FTDI_FT232R-if00-port0").touch()
    (keys / "usb-Datalogic_Handheld_Barcode_Scanner-event-kbd").touch()
    (keys / "usb-Logitech_USB_Keyboard-event-kbd").touch()
    (section,) = survey(serial_by_id=serial, input_by_id=keys, modules=tmp_path / "none")
    assert f"--reader scanner:{serial}/usb-Honeywell_1900_Barcode_Scanner-if00" in section
    assert f"--reader hid:{keys}/usb-Datalogic_Handheld_Barcode_Scanner-event-kbd" in section
    assert "FTDI" not in section and "Logitech" not in section
    assert "USB COM (virtual serial), suffix CR, duplicate suppression off" in section


def test_the_pn533_conflict_is_explained(tmp_path: Path) -> None:
    """With pn533_usb loaded the listing says what it does and how to blacklist it;
    without it, nothing."""
    modules = tmp_path / "modules"
    modules.write_text("pn533_usb 20480 0 - Live 0x0\npn533 45056 1 pn533_usb, Live 0x0\n")
    warning = pn533_conflict(modules)
    assert warning is not None and "pn533_usb, pn533" in warning
    assert "blacklist pn533_usb" in warning
    modules.write_text("snd 1 0 - Live 0x0\n")
    assert pn533_conflict(modules) is None
    sections = survey(serial_by_id=tmp_path, input_by_id=tmp_path, modules=modules)
    assert not [s for s in sections if s.startswith("warning")]  # (a pcscd may be running)


def test_pcsc_readers_pcscd_lists_are_reported(tmp_path: Path) -> None:
    """A running pcscd's readers are listed with their `--reader pcsc:NAME`."""
    with running_pcscd(tmp_path):
        (section,) = survey(serial_by_id=tmp_path, input_by_id=tmp_path, modules=tmp_path / "x")
    for name in SLOTS:
        assert f"--reader 'pcsc:{name}'" in section


def test_companion_readers_lists_a_serial_scanner(tmp_path: Path) -> None:
    """`companion readers --reader scanner:PORT` shows the scanner as a reader: its name,
    port and reader id (0xAD......), shared when no seat is given."""
    import os
    import subprocess
    import sys

    from hardware.sim.scanner import SimulatedScanner

    with SimulatedScanner(tmp_path / "scanner") as scanner:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "readers", "--reader", f"scanner:{scanner.path}",
             "--timeout", "1.5", "--allowlist", str(tmp_path / "readers.json")],
            capture_output=True, text=True, timeout=60, env={**os.environ},
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"barcode scanner on {scanner.path}" in done.stdout and "shared" in done.stdout
    assert "AD" in done.stdout.split(str(scanner.path))[-1]
