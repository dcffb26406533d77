"""The page and the terminal view show the 神话再临 mechanisms' public state: a face-down
seat, cards kept on a general (a private pile only as a count), a spent limited skill
and the latest point comparison (who won; a tie is not a win), in a real Chromium and
in rich's text; with test skills, and with the real 风/火 generals of a table game
(`wind_fire_board.py`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.async_api import Browser
from rich.console import Console

from companion.game.console import render_table_view
from companion.game.session import Session
from companion.narration import Narrator
from companion.store import GameLog
from companion.web import TableFeed, TableServer, serve_table
from companion.web.public import public_state
from engine.sanguosha import Game, RevealCard, Settings, UseSkill, parse_card
from tests.sanguosha.scenario import deck_top, set_hand, start
from tests.skills import (
    mechanism_skills,  # tests/skills/mechanism_skills.py (as tests/skills imports it)
)
from tests.skills.helpers import end_turn, game_with
from tests.web.conftest import open_page
from tests.web.wind_fire_board import PACKS, PLAYERS, play_board


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


def _tie_game() -> Game:
    """太史慈 (seat 1)'s 天义 on seat 3 with two cards of rank 2: a tie, not a win."""
    game = game_with(
        "taishici", None, None, None, settings=Settings(general_packs=("standard", "fire"))
    )
    set_hand(game, 1, "dodge@H2", "kill@S7")
    set_hand(game, 3, "dodge@D2")
    game.submit(1, UseSkill("tianyi", (), (3,)))
    game.submit(1, RevealCard(parse_card("dodge@H2")))
    game.submit(3, RevealCard(parse_card("dodge@D2")))
    return game


def test_the_view_keeps_the_latest_point_comparison_a_tie_not_won() -> None:
    game = start(players=4)
    assert game.view()["last_comparison"] is None  # none yet
    tie = _tie_game().view()
    assert tie["last_comparison"] == {
        "seat": 1, "target": 3, "card": "dodge@H2", "target_card": "dodge@D2",
        "won": False, "reason": "tianyi",
    }  # fmt: skip
    assert public_state(tie)["last_comparison"] == tie["last_comparison"]


def test_the_point_comparison_is_shown_until_its_turn_ends() -> None:
    """天义's win or loss holds for the turn (docs/wind-fire.md §2.2): the next turn's view
    has no comparison, so a table display does not keep an old one for the whole game."""
    game = _tie_game()
    assert game.view()["last_comparison"] is not None
    events = end_turn(game)
    assert [e.kind for e in events if e.kind == "turn_ended"] == ["turn_ended"]
    assert game.view()["last_comparison"] is None


async def test_page_shows_the_wind_fire_generals_marks_as_they_are_played(
    browser: Browser, tmp_path: Path
) -> None:
    """The page is open from the first input; the script's updates reach it live."""
    log = GameLog(tmp_path / "games.sqlite")
    try:
        session = Session.start(log, game="sanguosha", players=PLAYERS, seed=0, settings=PACKS,
                                lang="en")  # fmt: skip
        async with serve_table(session, "127.0.0.1", 0) as server:
            viewer = await open_page(browser, server.url)
            page = viewer.page
            assert await page.locator("#centre .comparison").count() == 0
            play_board(session)
            await viewer.synced(server)
            assert await page.locator('.seat[data-seat="1"] .tag.face-down').text_content() == (
                "Face down"
            )
            assert await page.locator('.seat[data-seat="3"] .tag.pile').text_content() == (
                "Unyielding: Peach ♥3"
            )
            assert await page.locator('.seat[data-seat="4"] .tag.spent').text_content() == (
                "Nirvana spent"
            )
            marks = '.seat[data-seat="2"] :is(.tag.face-down, .tag.pile, .tag.spent)'
            assert await page.locator(marks).count() == 0
            said = await page.locator("#centre .comparison.won").text_content()
            assert said == (
                "Last point comparison (Heavenly Righteousness): Taishi Ci: Dodge ♥K against "
                "Pang Tong: Dodge ♦2; Taishi Ci won"
            )
    finally:
        log.close()


async def test_page_shows_a_tied_point_comparison_as_not_won_in_chinese(browser: Browser) -> None:
    feed = TableFeed(_tie_game().view(), lang="zh-Hans")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        page = (await open_page(browser, server.url)).page
        said = await page.locator("#centre .comparison").text_content()
        assert said == "上次拼点（天义）：太史慈的闪 ♥2对3号位的闪 ♦2，太史慈没赢"
        assert await page.locator("#centre .comparison.won").count() == 0


@pytest.mark.parametrize(
    ("lang", "won", "tied"),
    [
        ("en", "Taishi Ci (seat 2) won.", "seat 3's Dodge ♦2; Taishi Ci (seat 1) did not win."),
        ("es", "ganó Taishi Ci (asiento 2).", "Taishi Ci (asiento 1) no ganó."),
        ("zh-Hans", "2号位太史慈赢。", "1号位太史慈没赢。"),
    ],
)
def test_terminal_view_says_the_latest_point_comparison(
    tmp_path: Path, lang: str, won: str, tied: str
) -> None:
    log = GameLog(tmp_path / "games.sqlite")
    try:
        session = Session.start(log, game="sanguosha", players=PLAYERS, seed=0, settings=PACKS,
                                lang=lang)  # fmt: skip
        narrator = Narrator(lang)
        console = Console(width=400, record=True, color_system=None)
        console.print(render_table_view(session.state(), narrator))
        assert narrator.table("last_comparison", {}, seat=1, target=2, card="kill@S7",
                              target_card="kill@S8", won=True, reason="tianyi")[:6] not in (
            console.export_text()
        )  # fmt: skip
        play_board(session)
        console.print(render_table_view(session.state(), narrator))
        text = console.export_text()
        line = next(row for row in text.splitlines() if row.endswith(won))
        assert ("♥K" in line and "♦2" in line) and narrator.names.skill("tianyi") in line
        assert narrator.names.skill("buqu") in text and narrator.names.skill("niepan") in text
        console.print(render_table_view(_tie_game().view(), narrator))
        assert any(row.endswith(tied) for row in console.export_text().splitlines())
    finally:
        log.close()
