"""What the real-host tests drive inside the guest: the simulated readers' process
(`companion sim --vhci`, attached to the kernel) and `companion` commands run as a user
would, with stock bleak on BlueZ. Not a test module."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _slowness() -> float:
    """The factor run-guest.py measured on the host (its load per core), 1 if absent."""
    try:
        return max(1.0, float(Path("/results/slowness").read_text()))
    except (OSError, ValueError):
        return 1.0


# seconds any one step may take (the guest is emulated: slow; slower on a busy host)
STEP = 60.0 * _slowness()


def env() -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = str(ROOT)
    out["COMPANION_TAG_REGISTRY"] = "/nonexistent/tags.json"
    return out


class Proc:
    """A child process whose output lines we wait for (stderr folded into stdout
    unless `split`), and whose stdin we type into."""

    def __init__(self, process: asyncio.subprocess.Process, name: str) -> None:
        self.process = process
        self.name = name
        self.lines: list[str] = []  # stdout (and stderr, unless split)
        self.err_lines: list[str] = []  # stderr when split
        self._seen = {"out": 0, "err": 0}
        self.started = time.monotonic()

    @classmethod
    async def start(cls, name: str, *argv: str, split: bool = False) -> Proc:
        process = await asyncio.create_subprocess_exec(
            *argv,
            cwd="/tmp",
            env=env(),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE if split else asyncio.subprocess.STDOUT,
        )
        return cls(process, name)

    async def expect(
        self, pattern: str, timeout: float = STEP, stream: str = "out"
    ) -> re.Match[str]:
        """The first line not yet looked at (on stdout, or stderr) matching `pattern`."""
        pipe = self.process.stdout if stream == "out" else self.process.stderr
        lines = self.lines if stream == "out" else self.err_lines
        assert pipe is not None
        regex = re.compile(pattern)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    while self._seen[stream] < len(lines):
                        line = lines[self._seen[stream]]
                        self._seen[stream] += 1
                        if match := regex.search(line):
                            return match
                    raw = await pipe.readline()
                    if not raw:
                        raise AssertionError(f"{self.name} ended before {pattern!r}: {lines}")
                    lines.append(raw.decode().rstrip())
        except TimeoutError:
            raise AssertionError(f"{self.name}: no {pattern!r} in {lines}") from None

    async def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        await self.process.stdin.drain()

    async def finish(self, timeout: float = STEP) -> Done:
        """Wait for the end; everything it printed."""
        out, err = await asyncio.wait_for(self.process.communicate(), timeout)
        self.lines += out.decode().splitlines()
        self.err_lines += (err or b"").decode().splitlines()
        return Done(
            self.process.returncode or 0,
            "".join(line + "\n" for line in self.lines),
            "".join(line + "\n" for line in self.err_lines),
            time.monotonic() - self.started,
        )

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


@dataclass
class Done:
    """A finished command: exit status, stdout, stderr, wall seconds."""

    status: int
    out: str
    err: str
    seconds: float


async def companion(*args: str, timeout: float = STEP) -> Done:
    """Run `companion ARGS` to its end, as a user would (the console script)."""
    proc = await Proc.start("companion " + " ".join(args), "companion", *args, split=True)
    try:
        return await proc.finish(timeout)
    finally:
        await proc.stop()


class Sim(Proc):
    """`companion sim --vhci`: the readers, on a radio whose host is this kernel."""

    adapter = ""

    @classmethod
    async def launch(cls, *args: str) -> Sim:
        """Start it (console on stdin), wait for the kernel's new adapter, power it on."""
        before = set(adapters())
        process = await asyncio.create_subprocess_exec(
            "companion", "sim", "--vhci", *args,
            cwd="/tmp", env=env(), stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
        )  # fmt: skip
        sim = cls(process, "sim")
        await sim.expect(r"kernel host attached")
        sim.adapter = await _new_adapter(before)
        await power_on()
        return sim

    async def settled(self, reader: str = "TCR-0001", timeout: float = STEP) -> None:
        """Until the reader holds no unacknowledged event (the host stored them all)."""
        async with asyncio.timeout(timeout):
            while True:
                await self.type("status\n")
                match = await self.expect(rf"^{reader} .* pending (\d+),")
                if match.group(1) == "0":
                    return
                await asyncio.sleep(0.5)

    async def quit(self) -> None:
        if self.process.returncode is None:
            try:
                await self.type("quit\n")
                await asyncio.wait_for(self.process.wait(), 15)
            except (TimeoutError, ConnectionError):
                pass
        await self.stop()


def forget_adapter_bonds(address: str = "F0:F0:F0:F0:F0:F2") -> None:
    """bluetoothd keeps bonds per adapter address, on disk; every test's kernel adapter
    has the same address, so each test starts with none (before the adapter exists)."""
    shutil.rmtree(Path("/var/lib/bluetooth") / address, ignore_errors=True)


def adapters() -> list[str]:
    base = Path("/sys/class/bluetooth")
    return sorted(p.name for p in base.iterdir() if ":" not in p.name) if base.exists() else []


async def _new_adapter(before: set[str]) -> str:
    async with asyncio.timeout(STEP):
        while True:
            new = [name for name in adapters() if name not in before]
            if new:
                return new[0]
            await asyncio.sleep(0.1)


async def power_on() -> None:
    """Power the adapter on, as a desktop does (bluetoothd takes a moment to know it)."""
    async with asyncio.timeout(STEP):
        while True:
            proc = await asyncio.create_subprocess_exec(
                "bluetoothctl", "--timeout", "5", "power", "on",
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            )  # fmt: skip
            out, _ = await proc.communicate()
            if b"succeeded" in out:
                return
            await asyncio.sleep(0.5)
