"""The rough edges of issue 30 (bugs 1-6), each in real Chromium against the real
table: the TV's /join page, a page closed for what it sent, a refused page, the move
to HTTPS, the table view's corner code, the listening addresses, and the seat links
across `companion resume`."""

from __future__ import annotations

import io
import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from companion.game.session import Session
from companion.readers.phone import PhoneSource
from companion.store import GameLog
from companion.web import serve_table
from companion.web.labels import phone_words, ui_text
from companion.web.photo import decode_photo
from tests.phone.conftest import trusting_home
from tests.phone.harness import CHROMIUM, CHROMIUM_ARGS, PhoneTable

pytestmark = pytest.mark.camera


async def test_the_tv_join_page_shows_every_seat_code_on_one_screen(tmp_path: Path, pw) -> None:
    """Bugs 1 and 5: a TV that never opened the table view (no cookie) opens /join
    with the view token; every seat's code loads, fits in 1280x720, and reads as that
    seat's own link."""
    async with PhoneTable(tmp_path, players=5, host="0.0.0.0", tls=False) as table:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 720})
            base, token = table.server.base_url, table.server.access.view_token
            await page.goto(f"{base}/join?t={token}")
            room = table.server.phones
            for _ in range(5):  # the page reloads itself every 3 s: one load, seen whole
                shot, cells, again = await _join_page_once(page)
                if again:
                    break
            assert again, "the join page never stayed loaded through one screenshot"
            assert [loaded for _, loaded in cells] == [True] * 5  # none refused (403)
            image = Image.open(io.BytesIO(shot))
            for seat, (box, _) in zip(range(1, 6), cells, strict=True):
                x, y, width, height = box
                assert 0 <= y and y + height <= 720, (seat, box)
                assert 0 <= x and x + width <= 1280, (seat, box)
                code = io.BytesIO()
                image.crop((x, y, x + width, y + height)).save(code, "PNG")
                assert decode_photo(code.getvalue()) == [room.seat_url(seat)]
        finally:
            await browser.close()


async def _join_page_once(page: Any) -> tuple[bytes, list[tuple[list[float], bool]], bool]:
    """A screenshot of /join, each image's box and whether it loaded, and whether the
    page was the same load throughout."""
    loaded = "[...document.images].length === 5 && [...document.images].every(i => i.complete)"
    await page.wait_for_function(loaded)
    before = await page.evaluate("performance.timeOrigin")
    cells = await page.evaluate(
        "[...document.images].map(i => { const r = i.getBoundingClientRect();"
        " return [[r.x, r.y, r.width, r.height], i.naturalWidth > 0]; })"
    )
    shot = await page.screenshot()
    same = await page.evaluate(f"performance.timeOrigin === {before} && ({loaded})")
    return shot, [(box, ok) for box, ok in cells], bool(same)


async def test_a_page_closed_for_garbage_says_what_to_do_and_comes_back(tmp_path: Path, pw) -> None:
    """Bug 2: a page that sends garbage (here injected into its own socket) is closed
    with its words, not the protocol's ("BAD_CRC"), and reconnects after the pause."""
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 1, None)
        await phone.page.evaluate(
            "for (let i = 0; i < 25; i++) window.__phone.ws.send(new Uint8Array([1, 2, 3]))"
        )
        said = phone_words("en")["closed_garbage"].replace("{s}", "3")
        await phone.wait(f"window.__phone.notices.includes({json.dumps(said)})")
        notices = await phone.state("window.__phone.notices")
        jargon = re.compile(r"[A-Z]{2,}_[A-Z]+|frame|refused messages")
        assert not any(jargon.search(n) for n in notices), notices  # e.g. "(TOO_SHORT)"
        assert phone_words("en")["refused_frame"] in notices
        assert "reload" in said
        await phone.wait(
            "window.__phone.link === 'connected' && document.getElementById('notice').hidden"
        )
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        assert table.inputs()[0].data.get("button") == "ok"


async def test_a_second_phone_on_a_taken_seat_looks_refused(tmp_path: Path, pw) -> None:
    """Bug 3: not "connecting" with blank buttons and a black camera, but refused,
    saying why and what to do."""
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        first = await table.phone(pw, 1, None)
        context = await first.browser.new_context()  # another phone: its own storage
        page = await context.new_page()
        await page.goto(table.seat_url(1))
        await page.wait_for_function("window.__phone && window.__phone.link === 'refused'")
        words = phone_words("en")
        assert (await page.text_content("#link") or "").startswith(words["refused"])
        notice = await page.text_content("#notice")
        assert notice == words["refused_taken"].replace("{seat}", "1")
        assert await page.is_visible("#notice")
        for hidden in ("#camera", "#buttons", "#dial", "#prompt"):
            assert not await page.is_visible(hidden), hidden
        assert await first.state("window.__phone.link") == "connected"  # the holder stays


async def test_moving_to_https_starts_one_reader_session(
    tmp_path: Path, pw, caplog: pytest.LogCaptureFixture
) -> None:
    """Bug 4: the move from the plain-HTTP seat link to HTTPS is not a reader that
    restarted: one session, no warning on the host's terminal."""
    caplog.set_level(logging.INFO)
    async with PhoneTable(tmp_path, players=2, host="0.0.0.0") as table:
        assert table.certs is not None
        env = trusting_home(tmp_path, table.certs.ca_cert)
        phone = await table.phone(
            pw, 1, None, env=env, url=table.seat_url(1, local=False),
            ready="location.protocol === 'https:' && window.__phone.link === 'connected'",
        )  # fmt: skip
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        await phone.wait("window.__phone.session.buffer.length === 0")
    restarted = [r.getMessage() for r in caplog.records if "restarted" in r.getMessage()]
    assert restarted == []
    assert [type(n).__name__ for n in table.notices if "Restarted" in type(n).__name__] == []
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == []


async def test_the_tv_corner_code_says_it_is_the_viewer_link(tmp_path: Path, pw) -> None:
    """Bug 5: with phones as readers, the table view's corner code is for watching;
    its caption says so, and that a seat's reader scans the seat's own code."""
    async with PhoneTable(tmp_path, players=2, host="0.0.0.0", tls=False) as table:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = await browser.new_page()
            await page.goto(table.server.url)
            said = ui_text()["en"]["join_watch"]
            await page.wait_for_function(
                f"document.getElementById('join-text').textContent === {json.dumps(said)}"
            )
            assert await page.is_visible("#qr")
        finally:
            await browser.close()


async def test_a_loopback_web_address_with_phones_says_where_it_listens(tmp_path: Path) -> None:
    """Bug 5: `--web 127.0.0.1:PORT` with phones listens on every address (phones need
    the network), and the banner says so."""
    log = GameLog(tmp_path / "games.sqlite")
    session = Session.start(log, game="sanguosha", players=2, seed=0, settings={}, lang="en")
    try:
        async with serve_table(session, "127.0.0.1", 0, phones=PhoneSource([1, 2])) as server:
            listening = server.listening()
            assert listening in server.banner()
            assert {host for host, _ in server.bound} == {"0.0.0.0"}
            assert listening == (
                f"Listening on every address of this computer (0.0.0.0), port {server.port}:"
                " phones need the network, so not on 127.0.0.1 alone as asked"
            )
    finally:
        log.close()


async def test_resume_keeps_the_seat_links(tmp_path: Path, pw) -> None:
    """Bug 6: after `companion resume` (`Session.load` and a new server) a phone's seat
    link still works, and goes on with the same reader session; a link the host
    replaced before the resume is refused with what to do."""
    log = GameLog(tmp_path / "games.sqlite")
    async with PhoneTable(tmp_path, players=2, tls=False, log=log) as table:
        room = table.server.phones
        phone = await table.phone(pw, 1, None)
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        await phone.wait("window.__phone.session.buffer.length === 0")
        epoch = await phone.state("window.__phone.session.epoch")
        links = {seat: room.desk.token(seat) for seat in (1, 2)}
        old_two = links[2]
        room.desk.free(2)  # the host gives seat 2 a new code
        links[2] = room.desk.token(2)
        state = await phone.context.storage_state()
        game_id, port = table.session.game_id, table.server.port
    log = GameLog(tmp_path / "games.sqlite")
    resumed = Session.load(log, game_id)
    async with PhoneTable(
        tmp_path, players=2, tls=False, log=log, session=resumed, port=port
    ) as table:  # the same address: the page's storage is the same origin's
        room = table.server.phones
        assert {seat: room.desk.token(seat) for seat in (1, 2)} == links
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = await browser.new_context(storage_state=state)  # the same phone
            page = await context.new_page()
            await page.goto(table.seat_url(1))
            await page.wait_for_function("window.__phone && window.__phone.link === 'connected'")
            assert await page.evaluate("window.__phone.session.epoch") == epoch
            await page.click("#no")
            await table.until(lambda: len(table.inputs()) == 2)
            stale = await browser.new_page()
            await stale.goto(table.seat_url(1).replace(links[1], old_two))
            await stale.wait_for_function("window.__phone && window.__phone.link === 'refused'")
            assert await stale.text_content("#notice") == phone_words("en")["refused_expired"]
            assert [i.data.get("button") for i in table.inputs()] == ["ok", "no"]
        finally:
            await browser.close()
    assert [n for n in table.notices if "Restarted" in type(n).__name__] == []
