"""The page and the terminal view show the Maneuvering cards' public state: a chained
seat and a drunk Wine, in a real Chromium and in rich's text."""

from __future__ import annotations

from playwright.async_api import Browser
from rich.console import Console

from companion.game.console import render_table_view
from companion.narration import Narrator
from companion.web import TableFeed, TableServer
from engine.sanguosha import Game, Pass, PlayCard, Settings, parse_card
from tests.sanguosha.scenario import set_hand, start
from tests.web.conftest import open_page


def _chained_game() -> Game:
    """Seat 1 has chained seats 1 and 3 with an Iron Chain and drunk a Wine."""
    game = start(players=4, maneuvering=True)
    set_hand(game, 1, "iron_chain@SJ", "wine@S3")
    game.submit(1, PlayCard(parse_card("iron_chain@SJ"), (1, 3)))
    while game.pending().kind.value == "nullify":
        game.submit(game.pending().seats[0], Pass())
    game.submit(1, PlayCard(parse_card("wine@S3")))
    return game


async def test_page_shows_chained_seats_and_wine(browser: Browser) -> None:
    game = _chained_game()
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        page = viewer.page
        chained = await page.locator("#seats .seat.chained").evaluate_all(
            "nodes => nodes.map(n => n.dataset.seat)"
        )
        assert chained == ["1", "3"]
        assert await page.locator('.seat[data-seat="1"] .tag.chained').inner_text() == "Chained"
        assert await page.locator('.seat[data-seat="1"] .tag.wine').inner_text() == "Wine +1"
        assert await page.locator('.seat[data-seat="2"] .tag').count() == 0


def test_terminal_view_marks_chained_and_wine() -> None:
    game = _chained_game()
    console = Console(width=140, record=True, color_system=None)
    console.print(render_table_view(game.view(), Narrator("en")))
    rows = [line for line in console.export_text().splitlines() if "(chained" in line]
    assert len(rows) == 2 and "(chained, Wine +1)" in rows[0]
    assert Settings().maneuvering is False  # the standard deck stays the engine default
