"""The table page's layout in a real headless Chromium at a TV's 1280×720 and a phone's
390×844: no tag broken inside a word, a one-line header, a health chart with its scale.
Each viewport is screenshotted into the test's tmp dir; the asserts read the DOM."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser, Page

from companion.web import TableServer, serve_table
from tests.web.conftest import open_page
from tests.web.helpers import TO_DYING, TO_THE_END, TableGame

VIEWPORTS = [(1280, 720), (390, 844)]

# The text lines an element's contents occupy, measured on its range's client rects
# against its own line-height (one line: they span less than 1.5 line-heights).
LINES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  const lh = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.2;
  const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
  return { text: el.textContent, span: bottom - top, lh, mid: (top + bottom) / 2 };
}"""


# The words (runs of non-space in one text node) under an element that a line break cuts:
# such a word has client rects on more than one line.
BROKEN_WORDS = """(el) => {
  const broken = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
      if (tops.length && Math.max(...tops) - Math.min(...tops) > 2) broken.push(m[0]);
    }
  }
  return broken;
}"""


async def _broken_words(page: Page, selector: str) -> list[str]:
    """The words cut by a line break inside the elements matching `selector`."""
    return [w for el in await page.locator(selector).all() for w in await el.evaluate(BROKEN_WORDS)]


async def _multi_line(page: Page, selector: str) -> list[str]:
    """The visible elements matching `selector` whose text runs onto a second line."""
    found = []
    for el in await page.locator(selector).all():
        if not await el.is_visible():
            continue
        m = await el.evaluate(LINES)
        if m["span"] >= 1.5 * m["lh"]:
            found.append(f"{m['text']!r} spans {m['span']:.0f}px, line {m['lh']:.0f}px")
    return found


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
async def test_equipment_and_status_tags_never_break_inside_a_word(
    browser: Browser, game: TableGame, server: TableServer, tmp_path: Path, width: int, height: int
) -> None:
    """No word of a weapon, armour or judgment chip or of a seat's tag is cut by a line
    break (the "Wea / pon" of issue 29), and each label and name keeps one line."""
    game.setup()
    game.play("scan zhuge_crossbow@CA\nscan eight_diagrams@S2\nscan indulgence@S6\nscan guanyu")
    viewer = await open_page(browser, server.url, viewport={"width": width, "height": height})
    await viewer.synced(server)
    await viewer.page.screenshot(path=str(tmp_path / f"tags-{width}x{height}.png"), full_page=True)
    chips = viewer.page.locator(".seat .chip")
    assert await chips.count() >= 2
    assert (
        "Weapon" in await viewer.page.locator('.seat[data-seat="1"] .chip.equip').first.inner_text()
    )
    assert await _broken_words(viewer.page, ".seat .chip, .seat .tag") == []
    # each tag, each slot label and each card name is one line; a chip may put its name
    # under its label in a TV seat, and is one line in a phone's full-width seat
    assert await _multi_line(viewer.page, ".seat .tag, .seat .chip > *") == []
    if width < 760:
        assert await _multi_line(viewer.page, ".seat .chip") == []


@pytest.mark.parametrize(("width", "height"), [*VIEWPORTS, (1024, 600)])
async def test_a_long_equipment_name_wraps_between_words_only(
    browser: Browser, game: TableGame, server: TableServer, tmp_path: Path, width: int, height: int
) -> None:
    """Green Dragon Crescent Blade and Zhuahuang Feidian may take two lines in a narrow
    seat, but the break falls between words: no word is cut."""
    game.setup()
    game.play("scan green_dragon_blade@S5\nscan zhuahuangfeidian@HK")
    viewer = await open_page(browser, server.url, viewport={"width": width, "height": height})
    await viewer.synced(server)
    await viewer.page.screenshot(path=str(tmp_path / f"long-{width}x{height}.png"), full_page=True)
    assert await viewer.page.locator('.seat[data-seat="1"] .chip.equip').count() == 2
    assert await _broken_words(viewer.page, ".seat .chip, .seat .tag") == []


@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
async def test_game_over_header_is_one_line_and_the_chart_has_a_scale(
    browser: Browser, tmp_path: Path, width: int, height: int
) -> None:
    """After the game ends and its server stops, the header (title, "Game over" badge)
    keeps one line, and each seat's health chart shows its health scale (max and 0) and
    its inputs axis (first and last input, the word for inputs)."""
    game = TableGame(tmp_path / "two.sqlite", players=2)
    async with serve_table(game.session, "127.0.0.1", 0) as view:
        viewer = await open_page(browser, view.url, viewport={"width": width, "height": height})
        game.play(TO_DYING)
        game.play(TO_THE_END)
        await viewer.synced(view)
        updates = view.feed.seq
        # each seat's full health: its magatama, kept or lost
        full = [
            str(await viewer.page.locator(f'.seat[data-seat="{n}"] .magatama svg').count())
            for n in (1, 2)
        ]
    page = viewer.page
    await page.wait_for_function(
        "document.getElementById('live').className === 'off'", timeout=20000
    )
    await page.screenshot(path=str(tmp_path / f"over-{width}x{height}.png"), full_page=True)
    bar = [
        await el.evaluate(LINES)
        for el in await page.locator("#bar > :not(#no-voice)").all()
        if await el.is_visible()
    ]
    assert len(bar) >= 2
    assert all(m["span"] < 1.5 * m["lh"] for m in bar), bar  # no item wraps
    mids = [m["mid"] for m in bar]
    assert max(mids) - min(mids) < min(m["lh"] for m in bar) / 2, bar  # all on one row
    # the badge is short; its title keeps the full sentence
    assert await page.locator("#live").inner_text() == "Game over"
    assert (
        await page.locator("#live").get_attribute("title")
        == "Game over: this page no longer updates"
    )
    rows = page.locator("#summary tbody tr")
    assert await rows.count() == 2
    assert len(full) == 2
    for n, top in enumerate(full):  # Cao Cao's and Guan Yu's full health
        box = rows.nth(n).locator(".chart-box")
        assert await box.count() == 1
        assert await box.locator(".y-axis").get_attribute("title") == "Health"
        assert await box.locator(".y-max").inner_text() == top
        assert await box.locator(".y-min").inner_text() == "0"
        assert await box.locator(".x-label").inner_text() == "inputs"
        first = int(await box.locator(".x-min").inner_text())
        last = int(await box.locator(".x-max").inner_text())
        assert 0 <= first < last and last >= updates - 1  # the game's inputs, in order
        for label in await box.locator(".y-axis span, .x-axis span").all():
            assert await label.is_visible()
    assert not viewer.errors
    game.close()
