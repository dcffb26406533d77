"""A real pcscd with the vsmartcard-vpcd virtual reader, for the PC/SC tests.

CI starts no services, so the tests start pcscd themselves (`pcscd --foreground`
with a reader.conf.d of their own: vpcd's two slots on ports 35963 and 35964, as
Debian's /etc/reader.conf.d/vpcd has them). A pcscd already running with vpcd (a
developer's machine) is used as it is. pcscd keeps its socket at the fixed
/run/pcscd, so only one runs at a time: a test that uses it holds a lock file
(`running_pcscd`), which keeps the tests of parallel workers (pytest -n) apart.
"""

from __future__ import annotations

import contextlib
import fcntl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.readers.base import ReaderUnavailable
from companion.readers.pcsc import list_readers
from hardware.sim.nfc_tag import VPCD_PORT

PCSCD = Path("/usr/sbin/pcscd")
VPCD_DRIVER = Path("/usr/lib/pcsc/drivers/serial/libifdvpcd.so")
#: The names pcscd gives vpcd's two slots.
SLOTS = ("Virtual PCD 00 00", "Virtual PCD 00 01")
_CONF = f"""FRIENDLYNAME "Virtual PCD"
DEVICENAME   /dev/null:0x{VPCD_PORT:04X}
LIBPATH      {VPCD_DRIVER}
CHANNELID    0x{VPCD_PORT:04X}
"""


def _readers() -> list[str] | None:
    try:
        return list_readers()
    except ReaderUnavailable:
        return None


class Pcscd:
    """pcscd with vpcd's slots listed; `stop()` and `start()` unplug and replug every
    reader at once (as pulling the USB hub would)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None
        self.ours = False

    def start(self) -> None:
        if not PCSCD.exists() or not VPCD_DRIVER.exists():
            pytest.fail("pcscd and vsmartcard-vpcd are not installed: run tests/system-deps.sh")
        present = _readers()
        if present is not None and not self.ours:
            if not set(SLOTS) <= set(present):
                pytest.fail(f"a pcscd runs without the vpcd virtual reader (it lists {present})")
            return  # someone else's, with vpcd: use it
        conf = self.directory / "reader.conf.d"
        conf.mkdir(parents=True, exist_ok=True)
        (conf / "vpcd").write_text(_CONF, encoding="ascii")
        log = self.directory / "pcscd.log"
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [str(PCSCD), "--foreground", "--config", str(conf)],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.ours = True
        deadline = time.monotonic() + 10.0
        while not set(SLOTS) <= set(_readers() or []):
            if self.process.poll() is not None or time.monotonic() > deadline:
                text = log.read_text(errors="replace")[-2000:]
                pytest.fail(f"pcscd did not come up with vpcd: {text}")
            time.sleep(0.1)

    def stop(self) -> None:
        """End our pcscd (a test that needs this fails on someone else's)."""
        if not self.ours:
            pytest.fail("this test stops pcscd, and the one running is not the test's own")
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(5.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


#: Held while a test uses pcscd and the virtual reader's slots.
LOCK = Path("/tmp/table-companion-pcscd.lock")


@contextlib.contextmanager
def running_pcscd(directory: Path) -> Iterator[Pcscd]:
    """pcscd with vpcd's slots listed, for the duration of the block, for this
    process alone (other processes' blocks wait)."""
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        daemon = Pcscd(directory)
        daemon.start()
        try:
            yield daemon
        finally:
            if daemon.ours:
                daemon.stop()
