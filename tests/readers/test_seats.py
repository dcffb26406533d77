"""Seats of off-the-shelf readers, end to end: serial scanners on real ptys, the runner
`companion play` uses (`run_session`: spec, hub, pump), a real SQLite log, and a
resume (`Session.load` + a new hub) that keeps every binding.

Scanner A is plugged in unbound and scans the "seat 1" command label at setup: it is
seat 1's reader from then on. Scanner B has the flag `@2`: its binding is logged when
it first connects. Scanner C, unbound, tries seat 2 (B holds it) and seat 9 (the table
has 5): both refused, narrated, nothing changed. Only the device is stood in for
(`hardware.sim.scanner` writes to the pty's master end)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion import codes
from companion.game.clock import WallClock
from companion.game.pump import reader_name
from companion.game.runner import ReaderPlan, run_session
from companion.game.session import Session
from companion.readers.adapter import adapted_reader_id
from companion.store.log import GameLog
from companion.table.inputs import InputKind, TableInput
from hardware.sim.scanner import SimulatedScanner

LABEL = {ref.text: ref.code for ref in codes.all_codes("commands")}
TIMEOUT = 20.0


async def until(check: Callable[[], bool], what: str) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not check():
            await asyncio.sleep(0.01)


def inputs(session: Session) -> list[TableInput]:
    return [item.input for item in session.log.inputs(session.game_id)]


def of(session: Session, reader: str) -> list[TableInput]:
    return [inp for inp in inputs(session) if inp.reader == reader]


class Run:
    """`run_session` in a task, as `companion play` runs it, with the narration kept."""

    def __init__(self, session: Session, spec: str, tmp: Path) -> None:
        self.session = session
        self.said: list[str] = []
        session.subscribe(lambda update: self.said.extend(update.sentences))
        self.plan = ReaderPlan(spec=spec, allowlist=tmp / "readers.json")
        self.task: asyncio.Task[Any] | None = None

    async def __aenter__(self) -> Run:
        clock = WallClock(0.0)
        self.task = asyncio.create_task(run_session(self.session, self.plan, clock))
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.task is not None
        self.task.cancel()  # what Ctrl-C does: the game stays saved
        with contextlib.suppress(asyncio.CancelledError):
            await self.task

    def seat_in_hub(self, reader_id: int) -> int | None:
        hub = self.plan.hub
        if hub is None:
            return None
        return next((s.seat for s in hub.status() if s.reader_id == reader_id), None)


async def test_bindings_by_label_and_flag_are_logged_refused_cleanly_and_resumed(
    tmp_path: Path,
) -> None:
    scanners = {name: SimulatedScanner(tmp_path / f"scanner{name}") for name in "ABC"}
    for scanner in scanners.values():
        scanner.plug()
    ids = {name: adapted_reader_id("scanner", str(s.path)) for name, s in scanners.items()}
    names = {name: reader_name(rid) for name, rid in ids.items()}
    paths = {name: str(s.path) for name, s in scanners.items()}
    spec = f"scanner:{paths['A']},scanner:{paths['B']}@2,scanner:{paths['C']}"
    db = tmp_path / "games.sqlite"
    log = GameLog(db)
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    game_id = session.game_id
    try:
        async with Run(session, spec, tmp_path) as run:
            # the flag: B's binding is in the log before anything B reads
            await until(lambda: bool(of(session, names["B"])), "B's flag logged")
            (flag,) = of(session, names["B"])
            assert flag.kind is InputKind.BIND and flag.data == {"reader": names["B"], "seat": 2}
            await until(lambda: run.seat_in_hub(ids["A"]) is not None, "A connected")

            # a seat label at setup: A becomes seat 1's reader
            scanners["A"].scan(LABEL["seat:1"])
            await until(lambda: session.table.bindings.get(names["A"]) == 1, "A bound")
            # named by what it is, not by its reader id (issue 29 item 5)
            assert f"The barcode scanner on {paths['A']} is now the reader of seat 1." in run.said
            await until(lambda: run.seat_in_hub(ids["A"]) == 1, "the hub told")
            scanners["A"].scan(codes.resolve_token("lord").code)
            await until(lambda: len(of(session, names["A"])) == 2, "A's identity logged")
            assert of(session, names["A"])[1].seat == 1
            assert session.table.view()["seats"][0]["identity"] == "lord"

            # refusals: a seat taken, a seat the table does not have
            before = (dict(session.table.bindings), session.state())
            said = len(run.said)
            scanners["C"].scan(LABEL["seat:2"])
            scanners["C"].scan(LABEL["seat:9"])
            await until(lambda: len(of(session, names["C"])) == 2, "C's labels logged")
            await until(lambda: len(run.said) >= said + 2, "refusals narrated")
            assert (session.table.bindings, session.state()) == before
            refusals = " ".join(run.said[said:])
            assert f"the barcode scanner on {paths['B']} holds that seat" in refusals
            assert "this table has seats 1 to 5" in refusals
            assert run.seat_in_hub(ids["C"]) == 0
        logged = len(inputs(session))
        log.close()

        # resume: the log's bindings, a new hub; the flag is not logged again
        log = GameLog(db)
        session = Session.load(log, game_id)
        assert session.table.bindings == {names["B"]: 2, names["A"]: 1}
        async with Run(session, spec, tmp_path) as run:
            await until(lambda: run.seat_in_hub(ids["A"]) == 1, "A's seat after resume")
            scanners["A"].scan(codes.resolve_token("caocao").code)
            await until(lambda: len(inputs(session)) == logged + 1, "A's general logged")
            assert inputs(session)[-1].reader == names["A"] and inputs(session)[-1].seat == 1
            await until(lambda: run.seat_in_hub(ids["B"]) == 2, "B back at seat 2")
        assert [i.kind for i in of(session, names["B"])] == [InputKind.BIND]
    finally:
        log.close()
        for scanner in scanners.values():
            scanner.unplug()
