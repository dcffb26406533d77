"""The table page in a real headless Chromium, fed by a real session over real HTTP."""

from __future__ import annotations

from playwright.async_api import Browser

from companion.web import TableServer
from tests.web.conftest import open_page
from tests.web.helpers import TO_DYING, TO_THE_END, TableGame


async def _full_magatama(viewer, seat: int) -> int:
    return await viewer.page.locator(f'.seat[data-seat="{seat}"] .magatama .full').count()


async def test_page_shows_every_seat_in_turn_order(
    browser: Browser, game: TableGame, server: TableServer
) -> None:
    """After setup the page lists the five seats in order with their generals, full health
    as magatama, hand counts, and only the lord's identity."""
    game.setup()
    viewer = await open_page(browser, server.url)
    await viewer.synced(server)
    seats = viewer.page.locator("#seats .seat")
    assert await seats.count() == 5
    assert await seats.locator(".name").all_inner_texts() == [
        "Cao Cao", "Guan Yu", "Zhang Fei", "Lü Bu", "Diao Chan",
    ]  # fmt: skip
    assert [await _full_magatama(viewer, n) for n in range(1, 6)] == [5, 4, 4, 4, 3]
    assert await seats.locator(".hand").all_inner_texts() == ["6", "4", "4", "4", "4"]
    identities = await seats.locator(".identity").all_inner_texts()
    assert identities == ["Lord", "?", "?", "?", "?"]
    assert "turn" in (await seats.nth(0).get_attribute("class") or "")
    centre = await viewer.page.locator("#centre").inner_text()
    assert "Cao Cao" in centre and "play phase" in centre and "Deck" in centre


async def test_health_drops_after_a_kill_without_reloading(
    browser: Browser, game: TableGame, server: TableServer
) -> None:
    """A Kill that is not dodged takes a magatama off the target on the open page, and
    the narration appears, with no reload."""
    game.setup()
    viewer = await open_page(browser, server.url)
    await viewer.synced(server)
    await viewer.page.evaluate("window.__sameDocument = true")
    assert await _full_magatama(viewer, 2) == 4
    game.play("scan kill@S7\nscan guanyu")
    await viewer.synced(server)
    pending = await viewer.page.locator("#centre .pending").inner_text()
    assert "Guan Yu" in pending and "Dodge" in pending
    assert "asked" in (
        await viewer.page.locator('.seat[data-seat="2"]').get_attribute("class") or ""
    )
    game.press("no")
    await viewer.synced(server)
    assert await _full_magatama(viewer, 2) == 3
    assert await viewer.page.locator('.seat[data-seat="2"] .magatama .lost').count() == 1
    assert await viewer.page.evaluate("window.__sameDocument") is True
    latest = await viewer.page.locator("#log li").all_inner_texts()
    assert any("3 health left" in line for line in latest[:3])


async def test_equipment_and_judgment_area_are_shown(
    browser: Browser, tmp_path, server: TableServer, game: TableGame
) -> None:
    """An equipped weapon shows on its owner's seat and a delayed trick in its target's
    judgment area, with suit and rank."""
    game.setup()
    game.play("scan zhuge_crossbow@CA\nscan indulgence@S6\nscan guanyu")
    viewer = await open_page(browser, server.url)
    await viewer.synced(server)
    weapon = await viewer.page.locator('.seat[data-seat="1"] .chip.equip').inner_text()
    assert "Zhuge Crossbow" in weapon and "♣A" in weapon and "Weapon" in weapon
    judged = await viewer.page.locator('.seat[data-seat="2"] .chip.judge').inner_text()
    assert "Indulgence" in judged and "♠6" in judged


async def test_dying_dead_and_the_end_of_game_summary(
    browser: Browser, tmp_path, server: TableServer
) -> None:
    """A seat at 0 health is shown dying, then dead with its revealed identity, and the
    summary lists the winner, a health chart per seat, cards played and the judgment."""
    # the server fixture's game has five seats; this story needs two
    del server
    game = TableGame(tmp_path / "two.sqlite", players=2)
    from companion.web import serve_table

    async with serve_table(game.session, "127.0.0.1", 0) as view:
        viewer = await open_page(browser, view.url)
        game.play(TO_DYING)
        await viewer.synced(view)
        seat2 = viewer.page.locator('.seat[data-seat="2"]')
        assert "dying" in (await seat2.get_attribute("class") or "")
        assert await seat2.locator(".tag.dying").inner_text() == "Dying"
        assert await viewer.page.locator("#summary").is_hidden()
        game.play(TO_THE_END)
        await viewer.synced(view)
        assert "dead" in (await seat2.get_attribute("class") or "")
        assert await seat2.locator(".identity").inner_text() == "Rebel"
        summary = viewer.page.locator("#summary")
        assert await summary.is_visible()
        text = await summary.inner_text()
        assert "Game over" in text and "Winners: Cao Cao" in text
        rows = summary.locator("tbody tr")
        assert await rows.count() == 2
        assert await summary.locator("tr.won td").first.inner_text() == "Cao Cao · Lord"
        # Zhuge Crossbow, Indulgence and four Kills by the lord; nothing by the rebel
        assert await rows.locator("td.num").all_inner_texts() == ["6", "0"]
        # the rebel's line falls from 4 to 0: its last point is on the chart's floor
        points = await rows.nth(1).locator("polyline").get_attribute("points")
        assert points is not None
        assert points.split()[0].endswith(",4") and points.split()[-1].endswith(",48")
        judgment = await summary.locator("#judgments li").inner_text()
        assert "Guan Yu" in judgment and "Indulgence" in judgment and "Dodge ♦2" in judgment
        assert "takes effect" in judgment
        await summary.get_by_role("button").click()
        assert await summary.is_hidden()
        assert not viewer.errors
    game.close()


async def test_the_page_speaks_the_games_language(browser: Browser, tmp_path) -> None:
    """In a zh-Hans game the generals, identities, phase and labels are in Chinese."""
    game = TableGame(tmp_path / "zh.sqlite", lang="zh-Hans")
    from companion.web import serve_table

    async with serve_table(game.session, "127.0.0.1", 0) as view:
        game.setup()
        viewer = await open_page(browser, view.url)
        await viewer.synced(view)
        names = await viewer.page.locator("#seats .seat .name").all_inner_texts()
        assert names == ["曹操", "关羽", "张飞", "吕布", "貂蝉"]
        assert await viewer.page.locator('.seat[data-seat="1"] .identity').inner_text() == "主公"
        centre = await viewer.page.locator("#centre").inner_text()
        assert "出牌" in centre and "牌堆" in centre
        assert await viewer.page.evaluate("document.documentElement.lang") == "zh-Hans"
    game.close()


async def test_long_equipment_names_stay_inside_their_seat(
    browser: Browser, game: TableGame, server: TableServer
) -> None:
    """On a small TV layout (seats around the table), Green Dragon Crescent Blade and
    Zhuahuang Feidian wrap inside the seat card: nothing is cut or sticks out."""
    game.setup()
    game.play("scan green_dragon_blade@S5\nscan zhuahuangfeidian@HK")
    viewer = await open_page(browser, server.url, viewport={"width": 1024, "height": 600})
    await viewer.synced(server)
    seat = viewer.page.locator('.seat[data-seat="1"]')
    box = await seat.bounding_box()
    assert box is not None
    chips = await seat.locator(".chip.equip").all()
    assert len(chips) == 2
    for chip in chips:
        b = await chip.bounding_box()
        assert b is not None
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"]
        assert await chip.evaluate("e => e.scrollWidth <= e.clientWidth")  # nothing cut
    assert "Green Dragon Crescent Blade" in await chips[0].inner_text()
    name = seat.locator(".name")
    assert await name.evaluate("e => e.scrollWidth <= e.clientWidth")


async def test_a_phone_gets_one_column(
    browser: Browser, game: TableGame, server: TableServer
) -> None:
    """On a phone-sized screen the seats stack in one column, none wider than the screen."""
    game.setup()
    viewer = await open_page(browser, server.url, viewport={"width": 390, "height": 844})
    await viewer.synced(server)
    found = [await s.bounding_box() for s in await viewer.page.locator("#seats .seat").all()]
    boxes = [b for b in found if b is not None]
    assert len(found) == len(boxes) == 5
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    tops = [b["y"] for b in boxes]
    assert tops == sorted(tops) and len(set(tops)) == 5
    assert await viewer.page.evaluate("document.documentElement.scrollWidth") <= 390


async def test_host_controls_on_the_page_go_through_the_log(
    browser: Browser, game: TableGame, server: TableServer
) -> None:
    """Only the host address shows the controls; its Undo takes the Kill back through the
    log (every page sees the health return) and its health form logs a correction."""
    game.setup()
    game.play("scan kill@S7\nscan guanyu\npress no")
    assert server.host_url is not None
    host = await open_page(browser, server.host_url)
    watcher = await open_page(browser, server.url)
    assert await watcher.page.locator("#host").is_hidden()
    assert await host.page.locator("#host").is_visible()
    logged = len(game.inputs())
    await host.page.get_by_role("button", name="Undo").click()
    await host.page.wait_for_function("window.__tc.commands === 1")
    assert (await host.page.locator("#host .status").inner_text()).startswith("Sent")
    await watcher.synced(server)
    assert await _full_magatama(watcher, 2) == 4
    assert len(game.inputs()) == logged + 1 and game.inputs()[-1].reader == "host"
    form = host.page.locator('form[data-op="hp"]')
    await form.locator("select").select_option("3")
    await form.locator("input").fill("2")
    await form.get_by_role("button").click()
    await host.page.wait_for_function("document.querySelector('#host .status').textContent !== '…'")
    last = game.inputs()[-1]
    assert last.kind.value == "correct" and last.data == {"op": "hp", "seat": 3, "hp": 2}
    move = host.page.locator('form[data-op="move"]')
    await move.locator("input").fill("杀♠8")
    await move.locator('select[name="seat"]').select_option("2")
    await move.locator('select[name="to"]').select_option("hand")
    await move.get_by_role("button").click()
    await host.page.wait_for_function("window.__tc.commands === 3")
    assert game.inputs()[-1].data == {"op": "move", "card": "kill@S8", "to": "hand", "seat": 2}
    await host.synced(server)
