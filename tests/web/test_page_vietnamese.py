"""A Regicide game at the table, shown in Vietnamese in the real Chromium: the enemy,
the page's own words, and the play being put together at the reader."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Browser

from companion.game.session import Session
from companion.store import GameLog
from companion.web import serve_table
from tests.regicide_table.helpers import to_input
from tests.web.conftest import open_page


def _text(raw: str) -> str:
    return " ".join(raw.split())


async def test_a_regicide_page_in_vietnamese_shows_the_enemy_and_its_words(
    browser: Browser, tmp_path: Path
) -> None:
    """A solo Regicide session narrated in vi is shown in Vietnamese: the enemy with its
    health, attack and immunity, the piles, who is asked and what, the cards staged for
    a play with their value, then what a damage payment still lacks."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="regicide", players=1, seed=0, settings={}, lang="vi")
        for line in ("@* scan DJ", "@* press no"):  # the enemy ♦J; no Jester flip
            session.commit(to_input(line))
        async with serve_table(session, "127.0.0.1", 0) as server:
            viewer = await open_page(browser, server.url)
            page = viewer.page
            assert await page.evaluate("document.documentElement.lang") == "vi"
            assert await page.title() == "Trợ lý bàn chơi"
            centre = _text(await page.locator("#centre").inner_text())
            for words in ("♦J", "Máu 20/20", "Tấn công 10", "Miễn nhiễm với ♦", "Lâu đài 11",
                          "Quán rượu 32", "Bài bỏ 0",
                          "Đang chờ Người chơi 1: đánh bài hoặc nhường lượt"):  # fmt: skip
                assert words in centre, (words, centre)
            assert await page.locator("#centre .pending .detail").count() == 0

            session.commit(to_input("@* scan C8"))  # staged, not yet played
            await viewer.synced(server)
            detail = _text(await page.locator("#centre .pending .detail").inner_text())
            assert detail == "Chuẩn bị đánh: ♣8 · tấn công 8"

            for line in ("@* press ok", "@* press no"):  # 16 damage; no flip before paying
                session.commit(to_input(line))
            await viewer.synced(server)
            centre = _text(await page.locator("#centre").inner_text())
            assert "Máu 4/20" in centre and "bỏ bài để chịu đòn tấn công · 0/10" in centre
            assert "Trên bàn: ♣8" in centre
            assert _text(await page.locator("#centre .pending .detail").inner_text()) == (
                "Còn thiếu: 10"
            )
            session.commit(to_input("@* scan S4"))
            await viewer.synced(server)
            assert _text(await page.locator("#centre .pending .detail").inner_text()) == (
                "Còn thiếu: 6"
            )
            log_lines = await page.locator("#log li").all_inner_texts()
            assert "Kẻ địch tấn công người chơi 1: 10 sát thương (tấn công 10, khiên 0)." in (
                log_lines
            )
            assert await page.locator("#narration-title").text_content() == "Lời dẫn"
