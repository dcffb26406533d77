"""A real pcscd with the vsmartcard-vpcd virtual reader, for the PC/SC tests: private
to this process, so it runs beside a desktop's own pcscd and beside the other pytest
workers' (issue 32 item 8).

CI starts no services, so the tests start pcscd themselves (`pcscd --foreground` with
a reader.conf.d of their own: vpcd's two slots, as Debian's /etc/reader.conf.d/vpcd
has them, but on two free ports of this process, `PORT` and `PORT + 1`, not vpcd's
35963 that a desktop's pcscd may hold). Its socket is private too: pcsc-lite's client
library takes the socket's path from `PCSCLITE_CSOCK_NAME` (set here, at import, for
this process and the programs it starts: the library reads it once per process), but
pcscd 1.9 (Debian 12) always listens at /run/pcscd/pcscd.comm, so it runs in a mount
namespace of its own (`unshare --mount`; `--user --map-root-user` too for a user who
is not root) where this process's directory is mounted on /run/pcscd.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.readers.base import ReaderUnavailable
from companion.readers.pcsc import list_readers

PCSCD = Path("/usr/sbin/pcscd")
VPCD_DRIVER = Path("/usr/lib/pcsc/drivers/serial/libifdvpcd.so")
#: The names pcscd gives vpcd's two slots.
SLOTS = ("Virtual PCD 00 00", "Virtual PCD 00 01")
#: Where this process's pcscd keeps its socket (its /run/pcscd).
RUN = Path(tempfile.gettempdir()) / f"table-companion-pcscd-{os.getuid()}-{os.getpid()}"
os.environ["PCSCLITE_CSOCK_NAME"] = str(RUN / "pcscd.comm")
_TARGET = Path("/run/pcscd")


def _free_ports() -> int:
    """A port whose next one is free too (vpcd listens on both): the first slot's."""
    while True:
        with socket.socket() as first:
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            with socket.socket() as second:
                try:
                    second.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
        return port


#: The vpcd port of this process's pcscd: a `VirtualTag(..., port=PORT)` is placed on
#: the first slot, `PORT + 1` on the second.
PORT = _free_ports()


def _readers() -> list[str] | None:
    try:
        return list_readers()
    except ReaderUnavailable:
        return None


def _command(conf: Path) -> list[str]:
    """pcscd in a mount namespace where `RUN` is its /run/pcscd."""
    if not _TARGET.is_dir():
        if os.geteuid() != 0:
            pytest.fail(f"{_TARGET} is missing: install pcscd (tests/system-deps.sh)")
        _TARGET.mkdir(parents=True)
    as_user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
    mount = 'mount --bind "$0" /run/pcscd && exec "$@"'
    return [
        "unshare", *as_user, "--mount", "--propagation", "private", "sh", "-c", mount,
        str(RUN), str(PCSCD), "--foreground", "--config", str(conf),
    ]  # fmt: skip


class Pcscd:
    """This process's pcscd with vpcd's slots listed; `stop()` and `start()` unplug and
    replug every reader at once (as pulling the USB hub would)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        if not PCSCD.exists() or not VPCD_DRIVER.exists():
            pytest.fail("pcscd and vsmartcard-vpcd are not installed: run tests/system-deps.sh")
        conf = self.directory / "reader.conf.d"
        conf.mkdir(parents=True, exist_ok=True)
        (conf / "vpcd").write_text(
            f'FRIENDLYNAME "Virtual PCD"\nDEVICENAME   /dev/null:0x{PORT:04X}\n'
            f"LIBPATH      {VPCD_DRIVER}\nCHANNELID    0x{PORT:04X}\n",
            encoding="ascii",
        )
        RUN.mkdir(exist_ok=True)
        log = self.directory / "pcscd.log"
        with log.open("ab") as out:
            self.process = subprocess.Popen(_command(conf), stdout=out, stderr=subprocess.STDOUT)
        # a wait on a condition: pcscd lists both slots (the limit only bounds a failure)
        deadline = time.monotonic() + 120.0
        while not set(SLOTS) <= set(_readers() or []):
            if self.process.poll() is not None or time.monotonic() > deadline:
                text = log.read_text(errors="replace")[-2000:]
                pytest.fail(f"pcscd did not come up with vpcd: {text}")
            time.sleep(0.1)  # polling the condition above

    def stop(self) -> None:
        """End this process's pcscd."""
        process, self.process = self.process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(30.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_empty(slot: str, limit: float = 120.0) -> None:
    """Return once pcscd reports no card on `slot` (a lifted tag is gone for it too)."""
    from smartcard import scard

    result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
    assert result == scard.SCARD_S_SUCCESS, scard.SCardGetErrorMessage(result)
    try:
        state, deadline = scard.SCARD_STATE_UNAWARE, time.monotonic() + limit
        while time.monotonic() < deadline:
            result, states = scard.SCardGetStatusChange(context, 1000, [(slot, state)])
            if result == scard.SCARD_S_SUCCESS:
                state = states[0][1] & ~scard.SCARD_STATE_CHANGED
                if state & scard.SCARD_STATE_EMPTY:
                    return
        raise AssertionError(f"pcscd still sees a card on {slot} after {limit} s")
    finally:
        scard.SCardReleaseContext(context)


@contextlib.contextmanager
def running_pcscd(directory: Path) -> Iterator[Pcscd]:
    """This process's pcscd, with vpcd's slots listed, for the duration of the block."""
    daemon = Pcscd(directory)
    daemon.start()
    try:
        yield daemon
    finally:
        daemon.stop()
