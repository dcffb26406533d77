"""A host whose Bluetooth is not ready, in the guest: no adapter, an adapter switched
off, bluetoothd not running, another program's pairing agent. Each gets one line that
says what to do (never a traceback or a D-Bus error name alone), or simply works."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.realhost.guest import STEP, Done, Sim, adapters, companion, forget_adapter_bonds

pytestmark = pytest.mark.realhost

BLUETOOTHD = "/usr/libexec/bluetooth/bluetoothd"


def one_line(done: Done, prefix: str, *, after: int = 0) -> str:
    """The one line of explanation (after `after` lines of instructions)."""
    assert done.status == 1, done.out + done.err
    lines = done.err.strip().splitlines()[after:]
    assert len(lines) == 1 and lines[0].startswith(prefix), done.err
    for raw in ("org.bluez", "org.freedesktop", "Traceback", "Errno"):
        assert raw not in done.err
    return lines[0]


@pytest.fixture
async def sim(tmp_path: Path) -> AsyncIterator[Sim]:
    if not Path("/dev/vhci").exists():
        pytest.fail("no /dev/vhci: the real-host tests run inside the guest (run-guest.py)")
    forget_adapter_bonds()
    readers = await Sim.launch("--pairing", "button", "--seed", "3")
    try:
        yield readers
    finally:
        await readers.quit()


async def test_no_adapter(tmp_path: Path) -> None:
    """No Bluetooth adapter at all: listing and pairing say so."""
    assert adapters() == []
    allowlist = str(tmp_path / "readers.json")
    line = one_line(await companion("readers", "--allowlist", allowlist), "companion readers: ")
    assert "no Bluetooth LE adapter" in line
    done = await companion("readers", "pair", "--allowlist", allowlist, "--timeout", "5")
    assert "no Bluetooth LE adapter" in one_line(done, "companion readers: ", after=1)


async def test_adapter_switched_off(sim: Sim, tmp_path: Path) -> None:
    """The adapter is off: turn it on, says the companion."""
    off = await asyncio.create_subprocess_exec("bluetoothctl", "power", "off")
    await off.wait()
    done = await companion("readers", "--allowlist", str(tmp_path / "readers.json"))
    assert "Bluetooth is off: turn it on" in one_line(done, "companion readers: ")


async def _gone(pid: int) -> None:
    """Wait until process `pid` has exited (a zombie counts as gone): an emulated guest
    may take well over a second to end bluetoothd, and a listing asked before that
    still finds it."""

    def alive() -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except FileNotFoundError:
            return False

    async with asyncio.timeout(STEP):
        while alive():
            await asyncio.sleep(0.1)  # polling the condition above


async def test_bluetoothd_not_running(tmp_path: Path) -> None:
    """bluetoothd stopped: the companion says to start it (and it is started again)."""
    pid = (
        await (
            await asyncio.create_subprocess_exec(
                "pidof", "bluetoothd", stdout=asyncio.subprocess.PIPE
            )
        ).communicate()
    )[0].split()
    assert pid, "bluetoothd should be running in the guest"
    stop = await asyncio.create_subprocess_exec("kill", pid[0].decode())
    await stop.wait()
    await _gone(int(pid[0]))
    try:
        done = await companion("readers", "--allowlist", str(tmp_path / "readers.json"))
        assert "bluetoothd is not running: start it" in one_line(done, "companion readers: ")
    finally:
        log = open("/tmp/bluetoothd.log", "ab")  # the daemon keeps it open
        await asyncio.create_subprocess_exec(BLUETOOTHD, "--nodetach", stdout=log, stderr=log)
        await _bluez_back()


async def _bluez_back() -> None:
    async with asyncio.timeout(30):
        while True:
            probe = await asyncio.create_subprocess_exec(
                "dbus-send", "--system", "--print-reply", "--dest=org.bluez", "/",
                "org.freedesktop.DBus.ObjectManager.GetManagedObjects",
                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
            )  # fmt: skip
            if await probe.wait() == 0:
                return
            await asyncio.sleep(0.3)


async def test_pairing_beside_another_programs_agent(sim: Sim, tmp_path: Path) -> None:
    """Another program (bluetoothctl) has registered a default agent: the companion's
    own stands in front of it while pairing, and the pairing works."""
    other = await asyncio.create_subprocess_exec(
        "bluetoothctl", "--agent", "NoInputNoOutput",
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    try:
        assert other.stdin is not None
        other.stdin.write(b"default-agent\n")
        await other.stdin.drain()
        await asyncio.sleep(2.0)
        await sim.type("hold ok\n")
        await sim.expect(r"pairing window open", timeout=10)
        allowlist = tmp_path / "readers.json"
        done = await companion("readers", "pair", "--allowlist", str(allowlist), "--timeout", "60")
        assert done.status == 0, done.err
        assert json.loads(allowlist.read_text())["readers"]
    finally:
        other.kill()
        await other.wait()
