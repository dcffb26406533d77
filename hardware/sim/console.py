"""The simulator's console: type table-script lines, watch the LEDs.

Every line is table script (`scan kill@S7`, `@3 press ok`, `fault drop`; see
`script.py`); `wait N` really waits here. Three console words are extra: `status`,
`help` and `quit`. What the readers do (connections, LED and buzzer, faults) is
printed as it happens.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from typing import Any

from hardware.sim.reader import SimulatedReader
from hardware.sim.script import ScriptError, parse_line
from hardware.sim.table import SimulatedTable, play_line

__all__ = ["HELP", "describe_reader", "run_console", "stdin_lines"]

HELP = """\
  scan TOKEN | scan uid:HEX | remove | press ok|no|undo [long] | select N | wait N
  fault drop|duplicate|corrupt|reboot|low-battery | fault away S | fault latency MS
  fault power-cycle S  (off for S seconds, then a fresh boot)
  fault stale-hello  (a reboot; the next link first gets the old boot's HELLO)
  hold ok [S]  (hold OK 3 s or more: the pairing window opens)
  prefix @N for the reader of seat N, @* for the shared reader
  status | help | quit"""


def describe_reader(reader: SimulatedReader) -> str:
    """One status line for a reader: link, stream position, LED, battery, card."""
    seat = f"seat {reader.seat}" if reader.seat else "shared"
    link = "connected" if reader.is_connected else "offline"
    card = f", card {reader.card.data!r}" if reader.card else ""
    window = ", pairing window open" if reader.pairing_window_open else ""
    bonds = len(reader.security.bonds)
    return (
        f"{reader.name} {seat} epoch {reader.epoch:08X} {link}, last seq {reader.last_seq}, "
        f"pending {reader.logic.pending}, LED {reader.led}, battery {reader.battery_percent}%"
        f"{card}, {bonds} bond{'' if bonds == 1 else 's'}{window}"
    )


async def stdin_lines(source: Any = None) -> AsyncIterator[str]:
    """Lines typed on stdin (or read from `source`'s `readline`, a line editor), read by
    a daemon thread so the loop never blocks."""
    import sys

    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    readline = (source or sys.stdin).readline

    def pump() -> None:
        while line := readline():
            loop.call_soon_threadsafe(queue.put_nowait, line)
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=pump, name="console stdin", daemon=True).start()
    while (line := await queue.get()) is not None:
        yield line


async def run_console(
    table: SimulatedTable, lines: AsyncIterator[str], say: Callable[[str], None]
) -> None:
    """Play each line as it comes; a bad line is explained and changes nothing."""
    number = 0
    async for text in lines:
        number += 1
        word = text.strip().lower()
        if word in ("quit", "exit"):
            return
        if word == "help":
            say(HELP)
            continue
        if word == "status":
            for reader in table.readers:
                say(describe_reader(reader))
            continue
        try:
            line = parse_line(text, number)
            if line is not None:
                await play_line(table, line, on_wait=asyncio.sleep)
        except ScriptError as exc:
            say(f"? {exc.reason} (type help)")
