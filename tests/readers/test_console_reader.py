"""The console at a table of real readers: a code typed (or typed by a keyboard-mode
scanner) and Enter is a read of the console's own reader, numbered by the adapter,
logged by the pump before it is applied, exactly as a serial scanner's line.

The table's real reader is a serial scanner on a real pty; the console is a real OS
pipe read by the runner's console thread; the log is real SQLite."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from companion import codes
from companion.game.clock import WallClock
from companion.game.pump import reader_name
from companion.game.runner import ReaderPlan, run_session
from companion.game.session import Session
from companion.readers.adapter import adapted_reader_id
from companion.store.log import GameLog
from companion.table.inputs import InputKind
from hardware.sim.scanner import SimulatedScanner

TIMEOUT = 20.0
CONSOLE = reader_name(adapted_reader_id("keyboard", "console"))


async def until(check: Callable[[], bool]) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not check():
            await asyncio.sleep(0.01)


async def test_a_code_and_enter_at_the_console_is_a_logged_read(tmp_path: Path) -> None:
    """The lord's identity typed as its code: one SCAN from the console's reader,
    numbered (epoch, seq), shared, in the log and applied; a line that names nothing
    is logged and refused like a scanner's garbage; the scanner still reads."""
    said: list[str] = []
    log = GameLog(tmp_path / "games.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    session.subscribe(lambda update: said.extend(update.sentences))
    read_end, write_end = os.pipe()
    console = os.fdopen(read_end, "r", encoding="utf-8")
    typing = os.fdopen(write_end, "w", encoding="utf-8")

    def logged() -> list:
        return [item.input for item in log.inputs(session.game_id)]

    with SimulatedScanner(tmp_path / "scanner") as scanner:
        plan = ReaderPlan(
            spec=f"scanner:{scanner.path}", console=console, allowlist=tmp_path / "r.json"
        )
        run = asyncio.create_task(run_session(session, plan, WallClock(0.0)))
        try:
            await until(lambda: plan.hub is not None and len(plan.hub.status()) == 2)
            typing.write(codes.resolve_token("lord").code + "\n")
            typing.flush()
            await until(lambda: len(logged()) == 1)
            (typed,) = logged()
            assert typed.kind is InputKind.SCAN and typed.reader == CONSOLE
            assert typed.seat is None and typed.epoch is not None and typed.seq == 0
            assert typed.data == {"code": codes.resolve_token("lord").code}
            assert session.table.view()["seats"][0]["identity"] == "lord"

            before = session.state()
            typing.write("NOTACODE\n")
            typing.flush()
            await until(lambda: len(logged()) == 2)
            assert logged()[1].reader == CONSOLE and logged()[1].seq == 1
            assert session.state()["seats"] == before["seats"]
            assert any("NOTACODE" in sentence for sentence in said)

            scanner.scan(codes.resolve_token("caocao").code)
            await until(lambda: len(logged()) == 3)
            assert logged()[2].reader == reader_name(
                adapted_reader_id("scanner", str(scanner.path))
            )

            typing.close()  # the console closes: the readers still play
            await until(lambda: not any(t.get_name() == "console" for t in asyncio.all_tasks()))
            assert not run.done()
            scanner.scan(codes.resolve_token("liubei").code)
            await until(lambda: len(logged()) == 4)
            assert not run.done()
        finally:
            run.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await run
            log.close()
            with contextlib.suppress(OSError):
                typing.close()
