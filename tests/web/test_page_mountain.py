"""The TV page and the terminal view show 左慈's shown 化身 general with the skill he named
(his face-down 化身 cards only as a count) and the extra turns (放权): the one being played
and those to come. A real Chromium page on a real table game played while it is open
(`mountain_board.py`), and digital games fed to the page's server."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser
from rich.console import Console

from companion.game.console import render_table_view
from companion.game.session import Session
from companion.narration import Narrator
from companion.store import GameLog
from companion.web import TableFeed, TableServer, serve_table
from tests.web.conftest import open_page
from tests.web.mountain_board import (
    HIDDEN,
    PACKS,
    PLAYERS,
    fangquan_game,
    grant_extra_turns,
    mountain_session,
    play_mountain,
)


def _text(state: dict, lang: str) -> str:
    console = Console(width=300, record=True, color_system=None)
    console.print(render_table_view(state, Narrator(lang)))
    return console.export_text()


async def test_page_shows_the_shown_huashen_and_the_extra_turn_as_they_are_played(
    browser: Browser, tmp_path: Path
) -> None:
    with GameLog(tmp_path / "games.sqlite") as log:
        session = Session.start(log, game="sanguosha", players=PLAYERS, seed=0, settings=PACKS,
                                lang="en")  # fmt: skip
        async with serve_table(session, "127.0.0.1", 0) as server:
            viewer = await open_page(browser, server.url)
            page = viewer.page
            assert await page.locator(".tag.huashen, #centre .extra-turn").count() == 0
            play_mountain(session)
            await viewer.synced(server)
            zuoci = '.seat[data-seat="3"]'
            assert await page.locator(f"{zuoci} .tag.huashen").text_content() == (
                "Incarnation: Zhen Ji · Goddess Luo"
            )
            assert await page.locator(f"{zuoci} .tag.pile").text_content() == (
                "Incarnation: 2 face down"
            )
            assert await page.locator(".tag.huashen").count() == 1  # on his seat only
            assert await page.locator("#centre .extra-turn").text_content() == (
                "Extra turn (Delegate Power, given by Liu Shan)"
            )
            assert await page.locator("#centre .extra-turn.next").count() == 0
            shown = await page.inner_text("body")
            assert "Zhen Ji" in shown and "Guo Jia" not in shown and HIDDEN not in shown


async def test_page_shows_the_extra_turns_to_come_in_order_in_chinese(browser: Browser) -> None:
    """刘禅 (seat 2)'s 放权 gave seat 4 this turn; seat 4 grants seats 3 and then 1 more."""
    game = fangquan_game()
    grant_extra_turns(game, 4, 3, 1)
    feed = TableFeed(game.view(), lang="zh-Hans")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        page = (await open_page(browser, server.url)).page
        lines = page.locator("#centre .extra-turn")
        assert await lines.all_text_contents() == [
            "额外回合（刘禅发动放权）",
            "下一个额外回合：3号位（4号位发动test_extra_turn）",
            "下一个额外回合：1号位（4号位发动test_extra_turn）",
        ]
        assert await page.locator("#centre .extra-turn.next").count() == 2


@pytest.mark.parametrize(
    ("lang", "huashen", "extra"),
    [
        ("en", "Incarnation: Zhen Ji · Goddess Luo",
         "Extra turn: Cai Wenji (seat 4), given by Liu Shan (seat 1) with Delegate Power."),
        ("es", "Encarnación: Zhen Ji · Diosa del Luo",
         "Turno extra: Cai Wenji (asiento 4), concedido por Liu Shan (asiento 1) con Delegar el poder."),
        ("zh-Hans", "化身: 甄姬 · 洛神", "额外回合：4号位蔡文姬（1号位刘禅发动放权）。"),
    ],
)  # fmt: skip
def test_terminal_view_shows_the_shown_huashen_and_the_extra_turn(
    tmp_path: Path, lang: str, huashen: str, extra: str
) -> None:
    with GameLog(tmp_path / "games.sqlite") as log:
        text = _text(mountain_session(log, lang).state(), lang)
    names = Narrator(lang).names
    row = next(line for line in text.splitlines() if huashen in line)
    assert names.general("zuoci") in row  # on 左慈's own row
    assert extra in text.splitlines() and names.general(HIDDEN) not in text


def test_terminal_view_lists_the_extra_turns_to_come_after_the_one_played() -> None:
    game = fangquan_game()
    grant_extra_turns(game, 4, 3)
    lines = _text(game.view(), "en").splitlines()
    played = lines.index("Extra turn: seat 4, given by Liu Shan (seat 2) with Delegate Power.")
    assert lines[played + 1] == "Extra turn next: seat 3, given by seat 4 with test_extra_turn."
