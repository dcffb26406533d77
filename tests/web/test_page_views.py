"""The page for Regicide and the join QR code, in a real Chromium; the terminal QR code."""

from __future__ import annotations

import io

import zxingcpp
from PIL import Image
from playwright.async_api import Browser

from companion.web import TableFeed, TableServer, qr_text
from engine.regicide import Game
from engine.regicide.bot import RandomBot
from tests.web.conftest import open_page

SUIT = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def _shown(card: str) -> str:
    """How the page writes a Regicide card: suit symbol, then rank (`CJ` -> `♣J`)."""
    return SUIT[card[0]] + card[1:]


async def test_regicide_page_shows_enemy_castle_tavern_and_hands(browser: Browser) -> None:
    """The Regicide view shows the enemy with health left, attack after shields and
    immunity, the castle, tavern and discard counts and each hand's count, and follows
    the game as it goes on."""
    game = Game.new(players=2, mode="digital", seed=3)
    bot = RandomBot(1)
    for _ in range(15):
        bot.step(game)
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        for _ in range(3):
            view = game.view()
            enemy = view["enemy"]
            centre = " ".join((await viewer.page.locator("#centre").inner_text()).split())
            assert _shown(enemy["card"]) in centre
            assert f"Health {enemy['hp_left']}/{enemy['health']}" in centre
            assert f"Attack {enemy['attack']}" in centre
            if enemy["immune"]:
                assert f"Immune to {SUIT[enemy['immune']]}" in centre
            assert f"Castle {view['castle_left']}" in centre
            assert f"Tavern {view['tavern_count']}" in centre
            assert f"Discard {view['discard_count']}" in centre
            names = await viewer.page.locator("#seats .seat .name").all_inner_texts()
            assert names == [f"Player {h['seat']}" for h in view["hands"]]  # as narrated
            hands = await viewer.page.locator("#seats .seat .hand").all_inner_texts()
            assert hands == [str(h["count"]) for h in view["hands"]]
            turn = viewer.page.locator(f'.seat[data-seat="{view["turn"]["seat"]}"]')
            assert "turn" in (await turn.get_attribute("class") or "")
            for _ in range(4):
                if game.pending() is None:
                    break
                events = [e.to_json() for e in bot.step(game)]
                feed.publish(game.view(), [], events)
            await viewer.synced(server)


async def test_the_qr_code_on_the_page_opens_the_table(browser: Browser) -> None:
    """The QR code drawn on the page decodes to the join address with its view token."""
    game = Game.new(players=1, mode="digital", seed=1)
    feed = TableFeed(game.view(), lang="es")
    async with TableServer(feed, host="127.0.0.1", port=0, lan=True) as server:
        local = f"http://127.0.0.1:{server.port}/?t={server.access.view_token}"
        viewer = await open_page(browser, local)
        await viewer.page.wait_for_function("document.getElementById('qr').complete")
        png = await viewer.page.locator("#qr").screenshot()
        found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))
        assert [r.text for r in found] == [server.url]
        assert "?t=" in server.url
        assert await viewer.page.locator("#join-text").inner_text() == "Únete con tu móvil"


async def test_no_qr_code_for_this_computer_only(browser: Browser) -> None:
    """Without --lan the address is 127.0.0.1, which no phone can open: no QR code on the
    page (the terminal prints none either: tests/web/test_access.py)."""
    game = Game.new(players=1, mode="digital", seed=1)
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        await viewer.synced(server)
        assert await viewer.page.locator("#qr").is_hidden()


def test_the_terminal_qr_code_decodes_to_the_address() -> None:
    """The half-block QR code for the terminal, drawn light on dark as a terminal shows
    it, decodes to the address."""
    url = "http://192.168.1.20:8765/?t=1Xy_example-token-of-32-chars-aaaaa"
    lines = qr_text(url).splitlines()
    width, scale = len(lines[0]), 6
    image = Image.new("L", (width * scale, len(lines) * 2 * scale), 0)
    for row, line in enumerate(lines):
        for col, glyph in enumerate(line):
            top = glyph in "█▀"
            bottom = glyph in "█▄"
            for half, light in ((0, top), (1, bottom)):
                if light:
                    y = (row * 2 + half) * scale
                    image.paste(255, (col * scale, y, (col + 1) * scale, y + scale))
    assert [r.text for r in zxingcpp.read_barcodes(image)] == [url]


async def test_a_dropped_page_reconnects_and_catches_up(browser: Browser) -> None:
    """When the server ends a page's stream (as it does to a client too far behind), the
    page reconnects by itself and shows the updates it missed, without a reload."""
    game = Game.new(players=2, mode="digital", seed=3)
    bot = RandomBot(2)
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        await viewer.page.evaluate("window.__sameDocument = true")
        feed.close()  # every stream ends, as for a dropped client
        assert feed.clients == 0
        for _ in range(3):
            bot.step(game)
            feed.publish(game.view(), [], [])  # sent to nobody: the page must catch up
        await viewer.synced(server)
        assert await viewer.page.evaluate("window.__sameDocument") is True
        view = game.view()
        hands = await viewer.page.locator("#seats .seat .hand").all_inner_texts()
        assert hands == [str(h["count"]) for h in view["hands"]]


async def test_a_finished_game_page_does_not_reconnect_for_ever(browser: Browser) -> None:
    """When the game is over and its server stops (`demo --web` ends), the page keeps the
    summary and says the game is over instead of "Reconnecting…"."""
    game = Game.new(players=1, mode="digital", seed=5)
    bot = RandomBot(5)
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        while game.pending() is not None:
            events = [e.to_json() for e in bot.step(game)]
            feed.publish(game.view(), [], events)
        await viewer.synced(server)
    live = viewer.page.locator("#live")
    await viewer.page.wait_for_function(
        "document.getElementById('live').textContent !== 'Live'", timeout=20000
    )
    assert await live.inner_text() == "Game over"
    assert await live.get_attribute("title") == "Game over: this page no longer updates"
    assert await viewer.page.locator("#summary").is_visible()


async def test_regicide_summary_at_the_end(browser: Browser) -> None:
    """When a Regicide game ends, the page shows who won, the enemies defeated, a
    hand-size line and the cards played per seat."""
    game = Game.new(players=2, mode="digital", seed=5)
    bot = RandomBot(5)
    feed = TableFeed(game.view(), lang="en")
    async with TableServer(feed, host="127.0.0.1", port=0) as server:
        viewer = await open_page(browser, server.url)
        played = {1: 0, 2: 0}
        defeated = 0
        while game.pending() is not None:
            events = [e.to_json() for e in bot.step(game)]
            for e in events:
                if e["kind"] == "cards_played":
                    played[e["seat"]] += len(e["cards"])
                defeated += e["kind"] == "enemy_defeated"
            feed.publish(game.view(), [], events)
        await viewer.synced(server)
        summary = viewer.page.locator("#summary")
        assert await summary.is_visible()
        text = await summary.inner_text()
        won = game.view()["winner_side"] == "players"
        assert ("The players win" if won else "The castle wins") in text
        assert f"Enemies defeated: {defeated}" in text
        assert await summary.locator("tbody tr polyline").count() == 2
        numbers = await summary.locator("td.num").all_inner_texts()
        assert numbers == [str(played[1]), str(played[2])]
