"""The table page in Chinese, in the real Chromium: its lines are written as the
narration writes Chinese, with full-width punctuation and no space between words."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import Browser

from companion.web import serve_table
from tests.web.conftest import open_page
from tests.web.helpers import TableGame


async def test_the_chinese_page_writes_its_lines_in_chinese_punctuation(
    browser: Browser, tmp_path: Path
) -> None:
    """'等待2号位：选择武将', '回合：刘备': a full-width colon, no ASCII colon or stray
    space next to a Chinese character (the page's " · " between fields aside); a seat
    with no general yet is '2号位'."""
    game = TableGame(tmp_path / "g.sqlite", players=2, lang="zh-Hans")
    try:
        game.play("scan lord")
        async with serve_table(game.session, "127.0.0.1", 0) as server:
            viewer = await open_page(browser, server.url)
            page = viewer.page
            pending = await page.locator("#centre .pending").inner_text()
            assert pending.startswith("等待") and "：" in pending, pending
            assert await page.locator("#seats [data-seat='2'] .name").inner_text() == "2号位"
            game.play("scan liubei\nscan guanyu")
            await viewer.synced(server)
            centre = await page.locator("#centre").inner_text()
            assert "回合：刘备" in centre, centre
            cjk = r"[\u3400-\u9fff：（）]"
            text = centre.replace("\n", "").replace(" · ", "·")  # the page's field divider
            assert not re.search(rf"(?<={cjk})[ :]|[ :](?={cjk})", text), centre
            assert not viewer.errors, viewer.errors
    finally:
        game.close()
