"""The table page in a two-side mode (real Chromium, real session): teams instead of
identities, 1v1 reserves as a count only, the 3v3 action unit, 4v4 marked provisional."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser

from companion.web import TableServer, commit_to_session, serve_table
from tests.scripted_play import SCRIPTS
from tests.web.conftest import open_page
from tests.web.helpers import TableGame


def _script_until(name: str, stop: str) -> str:
    """A mode script's accepted lines (refused ones left out) before the line `stop`."""
    out = []
    for line in (SCRIPTS / name).read_text("utf-8").splitlines():
        if line.startswith(stop):
            break
        if not line.startswith("@") or "refused" in line:
            continue
        out.append(line.split("#")[0].split(" ", 1)[1].strip())
    return "\n".join(out)


async def _served(game: TableGame) -> AsyncIterator[TableServer]:
    view = serve_table(
        game.session, "127.0.0.1", 0, on_command=commit_to_session(game.session, lambda: game.now)
    )
    async with view:
        yield view


@pytest.fixture
def three(tmp_path: Path):
    table = TableGame(tmp_path / "g.sqlite", players=6, settings={"game_mode": "3v3"})
    yield table
    table.close()


@pytest.fixture
def one(tmp_path: Path):
    table = TableGame(tmp_path / "g.sqlite", players=2, settings={"game_mode": "1v1"})
    yield table
    table.close()


async def test_3v3_page_shows_teams_roles_and_the_action_unit(
    browser: Browser, three: TableGame
) -> None:
    three.play(_script_until("mode_3v3.script", "correct"))  # the unit's choice is made
    async for server in _served(three):
        viewer = await open_page(browser, server.url)
        await viewer.synced(server)
        chips = await viewer.page.locator("#seats .seat .identity").all_inner_texts()
        assert chips == ["the cool team · vanguard", "the cool team · marshal",
                         "the cool team · vanguard", "the warm team · vanguard",
                         "the warm team · marshal", "the warm team · vanguard"]  # fmt: skip
        centre = await viewer.page.locator("#centre .unit").inner_text()
        assert centre == "Acting: the cool team · Zhang Fei"
        html = await viewer.page.content()
        assert "Lord" not in html and "Rebel" not in html


async def test_1v1_page_shows_reserve_counts_not_names(browser: Browser, one: TableGame) -> None:
    one.play(_script_until("mode_1v1.script", "@1 scan kill@S7"))
    async for server in _served(one):
        viewer = await open_page(browser, server.url)
        await viewer.synced(server)
        chips = await viewer.page.locator("#seats .seat .identity").all_inner_texts()
        assert chips == ["the first player", "the second player"]
        tags = await viewer.page.locator("#seats .seat .tag.reserves").all_inner_texts()
        assert tags == ["Reserves 5", "Reserves 5"]
        state = await viewer.page.evaluate("JSON.stringify(state)")
        assert '"reserves"' not in state and "reserves_count" in state
