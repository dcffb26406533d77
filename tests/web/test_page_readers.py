"""Binding readers to seats from the host page: real Chromium on the real table view,
over a game whose readers are serial scanners on real ptys (the runner, hub and pump
of `companion play`, a real SQLite log). Only the scanners themselves are stood in
for (`hardware.sim.scanner`)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.async_api import Browser

from companion import codes
from companion.game.clock import WallClock
from companion.game.pump import reader_name
from companion.game.runner import ReaderPlan, reader_list, run_session
from companion.game.session import Session
from companion.readers.adapter import adapted_reader_id
from companion.store.log import GameLog
from companion.table.inputs import HOST, InputKind
from companion.web import TableServer, commit_to_session, serve_table
from hardware.sim.scanner import SimulatedScanner
from tests.web.conftest import open_page

TIMEOUT = 20.0


async def until(check: Callable[[], bool]) -> None:
    async with asyncio.timeout(TIMEOUT):
        while not check():
            await asyncio.sleep(0.01)


@dataclass
class Table:
    session: Session
    plan: ReaderPlan
    server: TableServer
    scanners: dict[str, SimulatedScanner]
    names: dict[str, str]

    def seat_in_hub(self, name: str) -> int | None:
        hub = self.plan.hub
        rows = hub.status() if hub is not None else []
        return next((s.seat for s in rows if f"{s.reader_id:08X}" == name), None)

    def logged(self) -> list[Any]:
        return [item.input for item in self.session.log.inputs(self.session.game_id)]


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """Two unbound scanners, a five-seat game, its table view with host controls."""
    scanners = {name: SimulatedScanner(tmp_path / f"scanner{name}") for name in "AB"}
    for scanner in scanners.values():
        scanner.plug()
    names = {n: reader_name(adapted_reader_id("scanner", str(s.path))) for n, s in scanners.items()}
    log = GameLog(tmp_path / "games.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    spec = ",".join(f"scanner:{s.path}" for s in scanners.values())
    plan = ReaderPlan(spec=spec, allowlist=tmp_path / "readers.json")
    clock = WallClock(0.0)
    server = serve_table(
        session, "127.0.0.1", 0, on_command=commit_to_session(session, clock.now),
        readers=lambda: reader_list(plan),
    )  # fmt: skip
    run = asyncio.create_task(run_session(session, plan, clock))
    try:
        async with server:
            found = Table(session, plan, server, scanners, names)
            await until(lambda: all(found.seat_in_hub(n) is not None for n in names.values()))
            yield found
    finally:
        run.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await run
        log.close()
        for scanner in scanners.values():
            scanner.unplug()


async def test_the_host_binds_and_unbinds_a_reader_on_the_page(
    table: Table, browser: Browser
) -> None:
    """The page lists both scanners; binding A to seat 3 is logged (a `bind` input from
    the host), narrated, told to the hub, and A's next read is seat 3's. B cannot take
    seat 3 (refused, narrated, nothing changed); once A is made shared again, it can."""
    a, b = table.names["A"], table.names["B"]
    scanner_a, scanner_b = (f"barcode scanner on {table.scanners[n].path}" for n in "AB")
    host = await open_page(browser, str(table.server.host_url))
    page = host.page
    for name in (a, b):
        await page.locator(f'form[data-op="bind"][data-reader="{name}"]').wait_for()
    status = page.locator("#host .status")

    async def bind(reader: str, seat: int) -> str:
        """Choose the seat in the reader's row, press Bind, wait for the answer and for
        the list drawn again after it; what the status line says."""
        listed = await page.evaluate("window.__tc.readers")
        sent = await page.evaluate("window.__tc.commands || 0")
        row = page.locator(f'form[data-op="bind"][data-reader="{reader}"]')
        await row.locator("select").select_option(str(seat))
        await row.locator("button").click()
        await page.wait_for_function(f"window.__tc.commands === {sent + 1}")
        await page.wait_for_function(f"window.__tc.readers > {listed}")
        return await status.inner_text()

    assert f"The {scanner_a} is now the reader of seat 3." in await bind(a, 3)
    assert table.session.table.bindings == {a: 3}
    bind_input = table.logged()[-1]
    assert bind_input.kind is InputKind.BIND and bind_input.reader == HOST
    assert bind_input.data == {"reader": a, "seat": 3}
    await until(lambda: table.seat_in_hub(a) == 3)
    table.scanners["A"].scan(codes.resolve_token("lord").code)
    await until(lambda: table.logged()[-1].reader == a)
    assert table.logged()[-1].seat == 3

    before = (dict(table.session.table.bindings), table.session.state(), len(table.logged()))
    said = await bind(b, 3)
    assert said.startswith("Refused") and f"the {scanner_a} holds that seat" in said
    assert (table.session.table.bindings, table.session.state()) == before[:2]
    assert len(table.logged()) == before[2] + 1  # the refused input is logged, nothing else
    assert table.seat_in_hub(b) == 0

    assert f"The {scanner_a} is now shared" in await bind(a, 0)
    assert f"The {scanner_b} is now the reader of seat 3." in await bind(b, 3)
    assert table.session.table.bindings == {a: 0, b: 3}
    await until(lambda: table.seat_in_hub(a) == 0 and table.seat_in_hub(b) == 3)
    assert await page.locator(f'form[data-reader="{b}"] select').input_value() == "3"
    assert not host.errors, host.errors


async def test_the_readers_route_and_bad_binds_over_http(table: Table) -> None:
    """`GET /readers` needs the host token and lists the readers; a malformed bind is
    answered 400 with the reason and logs nothing."""
    base = table.server.base_url
    token = {"X-Host-Token": table.server.access.host_token}
    async with httpx.AsyncClient(timeout=10.0) as client:
        assert (await client.get(f"{base}/readers")).status_code == 403
        listed = (await client.get(f"{base}/readers", headers=token)).json()["readers"]
        assert {r["reader"] for r in listed} == set(table.names.values())
        assert all(r["seat"] == 0 and r["connected"] for r in listed)
        before = len(table.logged())
        for body, why in [
            ({"op": "bind", "reader": "nothex!!", "seat": 1}, "8 hex digits"),
            ({"op": "bind", "reader": table.names["A"], "seat": -1}, "within 0..99"),
            ({"op": "bind", "reader": table.names["A"]}, "seat must be a whole number"),
        ]:
            answer = await client.post(f"{base}/host", json=body, headers=token)
            assert answer.status_code == 400 and why in answer.json()["error"], answer.text
        assert len(table.logged()) == before
