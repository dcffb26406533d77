"""The page and the terminal view show the 神话再临 mechanisms' public state: a face-down
seat, cards kept on a general (a private pile only as a count) and a spent limited skill,
in a real Chromium and in rich's text."""

from __future__ import annotations

import json

from playwright.async_api import Browser
from rich.console import Console

from companion.game.console import render_table_view
from companion.narration import Narrator
from companion.web import TableFeed, TableServer
from companion.web.public import public_state
from engine.sanguosha import Game, UseSkill
from tests.sanguosha.scenario import deck_top, start
from tests.skills import (
    mechanism_skills,  # tests/skills/mechanism_skills.py (as tests/skills imports it)
)
from tests.web.conftest import open_page


def _marked_game() -> Game:
    """Seat 2 face down; seat 1 keeps a card on its general and has spent a limited
    skill; seat 3 holds a private pile of two general cards."""
    game = start(players=4)
    game.changed_outside()
    for skill in (
        mechanism_skills.TestFlip,
        mechanism_skills.TestPile,
        mechanism_skills.TestLimited,
    ):
        game.attach(game.player(1), skill())
    deck_top(game, "peach@H3")
    game.submit(1, UseSkill("test_flip", (), (2,)))
    game.submit(1, UseSkill("test_pile"))
    game.submit(1, UseSkill("test_limited"))
    game.add_to_pile(game.player(3), "test_generals", ["zhangliao", "xuchu"], False, "test")
    return game


async def test_page_shows_face_down_piles_and_spent_skills(browser: Browser) -> None:
    game = _marked_game()
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        page = (await open_page(browser, server.url)).page
        assert await page.locator('.seat[data-seat="2"] .tag.face-down').inner_text() == "Face down"
        pile = await page.locator('.seat[data-seat="1"] .tag.pile').inner_text()
        assert pile.startswith("test_pile:") and "Peach" in pile and "3" in pile
        assert await page.locator('.seat[data-seat="1"] .tag.spent').inner_text() == (
            "test_limited spent"
        )
        private = await page.locator('.seat[data-seat="3"] .tag.pile').inner_text()
        assert private == "test_generals: 2 face down"
        assert await page.locator('.seat[data-seat="4"] .tag').count() == 0


def test_public_state_keeps_a_private_pile_a_count() -> None:
    game = _marked_game()
    own = game.view(3)  # the owner's view has the items; the page's copy never does
    assert own["seats"][2]["piles"]["test_generals"]["items"] == ["zhangliao", "xuchu"]
    text = json.dumps(public_state(own))
    assert "zhangliao" not in text and '"count": 2' in text and "peach@H3" in text


def test_terminal_view_marks_face_down_piles_and_spent() -> None:
    game = _marked_game()
    console = Console(width=160, record=True, color_system=None)
    console.print(render_table_view(game.view(), Narrator("en")))
    text = console.export_text()
    assert "face down" in text and "test_limited (spent)" in text
    assert "test_generals ×2" in text and "Peach" in text
