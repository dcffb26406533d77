"""The standalone simulator (`companion sim`): N readers a host in another process reaches.

The readers live on a `RadioLink` in this process; `HostPort` exports it over HCI/TCP
on loopback, one host at a time, with the watchdog that drops the readers' links
when the host dies. Input comes from a table-script file and/or the console; output
is one line per thing worth seeing, flushed at once so another program can follow.

The readers serve bonded hosts only (SPEC.md "Security"); their bonds are kept in the
keystore file `keys` (in memory without one). Pairing needs each reader's window
open. With `pairing="auto"` (the default) the simulator holds OK on every reader
whenever a host process attaches, as the in-process simulated table does, so a
companion pairs without a manual step; `pairing="button"` leaves it to the console
(`hold ok`), like a real reader.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hardware.sim.console import run_console
from hardware.sim.hci_port import HostPort
from hardware.sim.reader import SimulatedReader
from hardware.sim.script import parse_script
from hardware.sim.table import SimulatedTable
from hardware.sim.vhci_port import VhciPort

__all__ = ["PAIRING_MODES", "SimOptions", "run_simulator"]

#: How the simulator's readers open their pairing window (see the module docstring).
PAIRING_MODES = ("auto", "button")

DEFAULT_PORT = 9101


@dataclass(frozen=True)
class SimOptions:
    """What `companion sim` was asked for."""

    readers: int = 1
    shared: bool = True
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    script: Path | None = None
    console: bool = True
    latency_ms: float = 0.0
    advertising_interval_ms: float = 20.0
    seed: int | None = None
    keys: Path | None = None
    pairing: Literal["auto", "button"] = "auto"
    #: Attach the radio to this machine's kernel through this VHCI device instead of
    #: exporting it over TCP (Linux with hci_vhci; `hardware.sim.vhci_port`).
    vhci: str | None = None

    def __post_init__(self) -> None:
        if self.pairing not in PAIRING_MODES:
            raise ValueError(f"pairing is one of {', '.join(PAIRING_MODES)}, not {self.pairing!r}")


def _hold_ok_on_all(table: SimulatedTable) -> None:
    """A host attached: open every reader's pairing window, as a person would."""
    for reader in table.readers:
        reader.hold_ok()


def _printer(out: Callable[[str], None]) -> Callable[[SimulatedReader, str], None]:
    def show(reader: SimulatedReader, text: str) -> None:
        where = f"seat {reader.seat}" if reader.seat else "shared"
        out(f"[{reader.name} {where}] {text}")

    return show


async def run_simulator(
    options: SimOptions,
    lines: AsyncIterator[str] | None = None,
    out: Callable[[str], None] | None = None,
) -> int:
    """Run until the console says quit (or forever without a console); returns 0.

    Raises:
        ScriptError: the script file is not table script (checked before anything runs).
        OSError: the port cannot be opened.
    """
    say = out or (lambda text: print(text, flush=True))
    script = parse_script(options.script.read_text(encoding="utf-8")) if options.script else None
    table = SimulatedTable(
        options.readers,
        shared=options.shared,
        advertising_interval_ms=options.advertising_interval_ms,
        seed=options.seed,
        host=False,
        bonded=False,
        reader_keys=options.keys,
    )
    show = _printer(say)
    for reader in table.readers:
        reader.observers.append(show)
    port: HostPort | VhciPort
    if options.vhci is not None:
        port = VhciPort(table.link, options.vhci, on_event=lambda text: say(f"[radio] {text}"))
    else:
        port = HostPort(
            table.link,
            table.drop_all_links,
            host=options.host,
            port=options.port,
            on_event=lambda text: say(f"[radio] {text}"),
            on_host=(lambda: _hold_ok_on_all(table)) if options.pairing == "auto" else None,
        )
    async with table:
        await port.start()
        try:
            if options.latency_ms:
                for reader in table.readers:
                    reader.set_latency(options.latency_ms)
            names = ", ".join(
                f"{r.name} ({'seat ' + str(r.seat) if r.seat else 'shared'})" for r in table.readers
            )
            say(f"simulated readers: {names}")
            say(f"hci: {port.transport_spec}")
            if isinstance(port, VhciPort):
                if options.pairing == "auto":
                    _hold_ok_on_all(table)
                say("connect with: --reader ble (this machine's own Bluetooth stack)")
            else:
                say(f"connect with: --reader hci:{port.transport_spec}")
            if script is not None:
                say("script: waiting for a host to say HELLO to every reader")
                await table.wait_ready(timeout=None)
                await table.play(script, on_wait=asyncio.sleep)
                say("script: done")
            if options.console:
                from hardware.sim.console import stdin_lines

                await run_console(table, lines or stdin_lines(), say)
            else:
                await asyncio.Event().wait()
        finally:
            await port.close()
    return 0
