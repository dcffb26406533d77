"""Two processes: `companion sim` and a host process reaching it over HCI/TCP."""

from __future__ import annotations

import asyncio
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STEP = 15.0  # seconds any one step may take (process start-up included)


class Proc:
    """A child process whose output lines we wait for."""

    def __init__(self, process: asyncio.subprocess.Process, name: str) -> None:
        self.process = process
        self.name = name
        self.lines: list[str] = []

    @classmethod
    async def start(cls, name: str, *args: str) -> Proc:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        return cls(process, name)

    async def expect(self, pattern: str) -> re.Match[str]:
        """Read lines until one matches `pattern`."""
        assert self.process.stdout is not None
        regex = re.compile(pattern)
        try:
            async with asyncio.timeout(STEP):
                while True:
                    raw = await self.process.stdout.readline()
                    if not raw:
                        raise AssertionError(f"{self.name} ended before {pattern!r}")
                    line = raw.decode().rstrip()
                    self.lines.append(line)
                    if match := regex.search(line):
                        return match
        except TimeoutError:
            raise AssertionError(f"{self.name}: no {pattern!r} in {self.lines}") from None

    async def type(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode())
        await self.process.stdin.drain()

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


async def test_killed_companion_is_replaced_and_resumes(tmp_path: Path) -> None:
    """A companion killed with kill -9 while connected: the standalone reader notices,
    advertises again, a new companion connects and resumes, and the log holds every
    event exactly once; a second host trying to take the radio is refused."""
    log = tmp_path / "inputs.jsonl"
    sim = await Proc.start("sim", "-m", "companion", "sim", "--port", "0", "--seed", "3")
    first = second = None
    try:
        spec = (await sim.expect(r"hci: (tcp-client:127\.0\.0\.1:(\d+))")).group(1)
        first = await Proc.start("host A", "-m", "tests.readers.hostproc", spec, str(log))
        await first.expect(r"^connected 7C0A0001$")
        await sim.type("press ok\nselect 3\n")
        await first.expect(r"^input 1$")

        first.process.kill()  # kill -9: no goodbye on the link
        await first.process.wait()
        await sim.expect(r"host from .* went away")
        await sim.expect(r"\[TCR-0001 shared\] disconnected")
        await sim.type("press no\nscan caocao\n")  # while no host is there

        second = await Proc.start("host B", "-m", "tests.readers.hostproc", spec, str(log))
        await second.expect(r"^connected 7C0A0001$")
        await second.expect(r"^input 3$")

        port = int(spec.rsplit(":", 1)[1])
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await asyncio.wait_for(reader.read(), STEP) == b""  # closed on us
        writer.close()
        await sim.expect(r"refused a second host")
        await sim.type("press undo\n")
        await second.expect(r"^input 4$")  # the first host kept its radio

        rows = [json.loads(line) for line in log.read_text().splitlines()]
        assert [row["seq"] for row in rows] == [0, 1, 2, 3, 4]
        assert len({row["epoch"] for row in rows}) == 1
        assert rows[2]["event"].startswith("Button(button=ButtonId.NO")
    finally:
        for proc in (second, first):
            if proc is not None:
                await proc.stop()
        await sim.type("quit\n")
        await asyncio.wait_for(sim.process.wait(), STEP)
    assert sim.process.returncode == 0
