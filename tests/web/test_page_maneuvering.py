"""The page and the terminal view show the Maneuvering cards' public state: a chained
seat and a drunk Wine, in a real Chromium and in rich's text."""

from __future__ import annotations

from playwright.async_api import Browser
from rich.console import Console

from companion.game.console import render_table_view
from companion.narration import Narrator
from companion.web import TableFeed, TableServer
from engine.sanguosha import Game, Pass, PlayCard, Respond, Settings, parse_card
from tests.sanguosha.scenario import pending, set_hand, start
from tests.web.conftest import open_page


def _chained_game() -> Game:
    """Seat 1 has chained seats 1 and 3 with an Iron Chain and drunk a Wine."""
    game = start(players=4, maneuvering=True)
    set_hand(game, 1, "iron_chain@SJ", "wine@S3")
    game.submit(1, PlayCard(parse_card("iron_chain@SJ"), (1, 3)))
    while pending(game).kind.value == "nullify":
        game.submit(pending(game).seats[0], Pass())
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


def _wine_spent() -> Game:
    """Seat 1 drank a Wine, then used a Kill on seat 2, who took it: the +1 is consumed and
    this turn's Wine is spent (docs/maneuvering.md §5 `wine_used`; issue 31 item 11)."""
    game = start(players=4, maneuvering=True)
    set_hand(game, 1, "wine@S3", "kill@S7")
    game.submit(1, PlayCard(parse_card("wine@S3")))
    game.submit(1, PlayCard(parse_card("kill@S7"), (2,)))
    while pending(game).seat != 1:
        game.submit(pending(game).seat, Pass() if pending(game).kind.value == "nullify" else
                    Respond(None))  # fmt: skip
    seat = game.view()["seats"][0]
    assert (seat["wine"], seat["wine_used"]) == (0, True)
    return game


async def test_page_shows_a_spent_wine(browser: Browser) -> None:
    feed = TableFeed(_wine_spent().view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        page = (await open_page(browser, server.url)).page
        assert await page.locator('.seat[data-seat="1"] .tag.wine-used').inner_text() == (
            "Wine used"
        )
        assert await page.locator('.seat[data-seat="1"] .tag.wine').count() == 0


def test_terminal_view_marks_a_spent_wine_in_every_language() -> None:
    state = _wine_spent().view()
    words = {"en": "(Wine used)", "es": "(Vino ya usado)", "zh-Hans": "(本回合已用酒)"}
    for lang, word in words.items():
        console = Console(width=160, record=True, color_system=None)
        console.print(render_table_view(state, Narrator(lang)))
        assert f"— {word}" in console.export_text()
