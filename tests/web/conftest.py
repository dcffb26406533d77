"""Fixtures for the table-view tests: a real game, a real server, a real Chromium."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, Page, async_playwright

from companion.web import TableServer, commit_to_session, serve_table

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def game(tmp_path: Path) -> Iterator[Any]:
    """A five-seat game (`helpers.TableGame`) on a fresh SQLite log, nothing scanned yet."""
    from tests.web.helpers import TableGame

    table = TableGame(tmp_path / "games.sqlite")
    yield table
    table.close()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser)."""
    async with async_playwright() as p:
        chromium = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        await chromium.close()


@pytest.fixture
async def server(game: Any) -> AsyncIterator[TableServer]:
    """The table view of `game` on loopback, port chosen by the OS, host controls on."""
    view = serve_table(
        game.session, "127.0.0.1", 0, on_command=commit_to_session(game.session, lambda: game.now)
    )
    async with view:
        yield view


@dataclass
class Viewer:
    """A page open on the table view, with the script errors it raised."""

    page: Page
    errors: list[str] = field(default_factory=list)

    async def synced(self, server: TableServer) -> None:
        """Wait until the page has rendered every update the server has published."""
        await self.page.wait_for_function(f"window.__tc.seq >= {server.feed.seq}", timeout=5000)
        assert not self.errors, self.errors


async def open_page(browser: Browser, url: str, **context: Any) -> Viewer:
    """A new page at `url` once it has its first snapshot; script errors are kept."""
    viewer = Viewer(await browser.new_page(**context))
    viewer.page.on("pageerror", lambda exc: viewer.errors.append(str(exc)))
    await viewer.page.goto(url)
    await viewer.page.wait_for_function("window.__tc && window.__tc.seq >= 0")
    return viewer
