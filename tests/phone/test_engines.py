"""The phone page in Firefox ESR (Gecko) and WebKitGTK (Safari's engine family), real
browsers on the real table (`engines.py` says how each is driven and what it can be
given): joining a seat, the move to HTTPS with the table's CA, the page's protocol code
against the shared vectors, OK / NO / UNDO and the
dial reaching the log, a reload, the network going away and coming back, the camera
(each engine's own fake one) and the photo path. One browser per engine with one
page, kept for the module; each test has its own table."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from companion.web.tls import TableCertificates, lan_addresses
from tests.phone.engines import (
    FIREFOX,
    MINIBROWSER,
    WEBKIT_DRIVER,
    XVFB,
    FirefoxPage,
    Page,
    Relay,
    WebKitPage,
)
from tests.phone.harness import PhoneTable, counted
from tests.phone.test_secure import photo_of
from tests.web import mountain_board
from tests.web.mountain_board import play_mountain
from tests.web.wind_fire_board import PACKS, PLAYERS, play_board

pytestmark = pytest.mark.camera
ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "firmware_protocol" / "vectors" / "v1.json"
RUN_VECTORS = Path(__file__).with_name("protocol_vectors.js")


@pytest.fixture(scope="module")
def authority(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One table CA (and server certificate) for the module: the browser trusts it
    once, and each test's table is given a copy (`table_in`)."""
    certs = TableCertificates.beside(tmp_path_factory.mktemp("ca") / "games.sqlite")
    certs.ensure(lan_addresses())
    return certs.directory


def table_in(tmp_path: Path, authority: Path, **options: object) -> PhoneTable:
    shutil.copytree(authority, tmp_path / "phone-tls")
    return PhoneTable(tmp_path, players=2, **options)  # type: ignore[arg-type]


@pytest.fixture(scope="module", params=["firefox", "webkitgtk"])
def browser(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, authority: Path
) -> Iterator[Page]:
    certs = TableCertificates(authority)
    browser: Page
    if request.param == "firefox":
        assert Path(FIREFOX).exists(), "firefox-esr is missing: bash tests/system-deps.sh"
        browser = FirefoxPage(tmp_path_factory.mktemp("firefox"), certs.ca_cert)
    else:
        for path in (WEBKIT_DRIVER, MINIBROWSER, XVFB):
            assert Path(path).exists(), f"{path} is missing: bash tests/system-deps.sh"
        browser = WebKitPage(certs.ca_cert, tmp_path_factory.mktemp("webkit"))
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
async def page(browser: Page) -> AsyncIterator[Page]:
    """The engine's one page; left blank after the test (its table is gone)."""
    yield browser
    await browser.goto("about:blank")


async def open_seat(page: Page, url: str) -> None:
    await page.goto(url)
    await page.wait("window.__phone.link === 'connected'")


def moves(table: PhoneTable) -> list[tuple[str, int | None]]:
    return [
        (i.data.get("button") or f"select {i.data.get('seat')}", i.seq)
        for i in table.inputs()
        if i.kind.name in ("PRESS", "SELECT")
    ]


async def test_a_phone_joins_its_seat(tmp_path: Path, authority: Path, page: Page) -> None:
    async with table_in(tmp_path, authority) as table:
        await open_seat(page, table.seat_url(2))
        assert await page.evaluate("document.getElementById('seat').textContent") == "Seat 2"
        assert table.server.phones.desk.holder(2) is not None
        await page.wait("window.__phone.panel && window.__phone.panel.seat === 2")
        received = await page.state("window.__phone.received.map(m => m.type)")
        assert "welcome" in received and "refused" not in received


async def test_the_panel_shows_the_wind_fire_marks(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    """The 神话再临 packs' marks and the latest point comparison on 周泰's panel, as in
    Chromium (`test_panel_packs.py`): the real 风/火 generals played while it is open."""
    shutil.copytree(authority, tmp_path / "phone-tls")
    async with PhoneTable(tmp_path, players=PLAYERS, settings=PACKS) as table:
        await open_seat(page, table.seat_url(3))
        await page.wait("window.__phone.panel && window.__phone.panel.seat === 3")
        play_board(table.session)
        await page.wait("window.__phone.panel.comparison !== null")
        await page.wait("document.querySelectorAll('#panel dl.board dd').length === 3")
        marks = await page.evaluate(
            "[...document.querySelectorAll('#panel dl.board dd')]"
            ".map((d) => [d.dataset.seat, d.textContent, d.className])"
        )
        assert marks == [
            ["1", "Face down", ""],
            ["3", "Unyielding: Peach ♥3", "mine"],
            ["4", "Nirvana spent", ""],
        ]
        said = await page.evaluate("document.querySelector('#panel .comparison').textContent")
        assert said.startswith("Last point comparison (Heavenly Righteousness): Taishi Ci")
        assert said.endswith("Taishi Ci (seat 2) won.")


async def test_the_panel_shows_the_shown_huashen_and_the_extra_turn(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    """左慈's shown 化身 general and 蔡文姬's extra turn (放权) on 左慈's own panel, as in
    Chromium (`test_panel_packs.py`): the real 山 generals played while it is open."""
    shutil.copytree(authority, tmp_path / "phone-tls")
    settings, players = mountain_board.PACKS, mountain_board.PLAYERS
    async with PhoneTable(tmp_path, players=players, settings=settings) as table:
        await open_seat(page, table.seat_url(3))
        await page.wait("window.__phone.panel && window.__phone.panel.seat === 3")
        play_mountain(table.session)
        await page.wait("document.querySelectorAll('#panel .extra-turn').length === 1")
        said = await page.evaluate("document.querySelector('#panel .extra-turn').textContent")
        assert said == (
            "Extra turn: Cai Wenji (seat 4), given by Liu Shan (seat 1) with Delegate Power."
        )
        mark = await page.evaluate(
            "document.querySelector('#panel dl.board dd[data-seat=\"3\"]').textContent"
        )
        assert mark == "Incarnation: Zhen Ji · Goddess Luo · Incarnation: Zhen Ji Guo Jia"


async def test_the_page_moves_to_https_with_the_tables_ca(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    async with table_in(tmp_path, authority, host="0.0.0.0") as table:
        url = table.seat_url(1, local=False)  # http://<LAN address>: not a secure context
        assert url.startswith("http://") and "127.0.0.1" not in url
        await page.goto(url)
        await page.wait("location.protocol === 'https:' && window.__phone.link === 'connected'")
        assert await page.evaluate("window.isSecureContext") is True
        await page.click("#ok")  # over the secure socket
        await table.until(lambda: len(table.inputs()) == 1)
        assert moves(table) == [("ok", 0)]


async def test_the_pages_protocol_code_gives_every_shared_vector(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    """The page's own protocol.js (window.TCProtocol) in this engine: every vector of
    firmware_protocol/vectors/v1.json encoded and decoded, every invalid frame refused
    with its reason (protocol_vectors.js, which node runs too)."""
    vectors = json.loads(VECTORS.read_text())
    async with table_in(tmp_path, authority) as table:
        await open_seat(page, table.seat_url(1))
        out = await page.evaluate(
            f"(() => {{ {RUN_VECTORS.read_text()}\n"
            f"return protocolVectors(window.TCProtocol, {json.dumps(vectors)}); }})()"
        )
    assert out["crc"] == [[v["name"], v["crc"]] for v in vectors["crc"]]
    assert out["encoded"] == [[v["name"], v["hex"]] for v in vectors["messages"]]
    assert out["decoded"] == [[v["name"], v["message"]] for v in vectors["messages"]]
    assert out["invalid"] == [[v["name"], v["reason"]] for v in vectors["invalid_frames"]]


async def test_ok_no_undo_and_the_dial_reach_the_log(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    async with table_in(tmp_path, authority) as table:
        await open_seat(page, table.seat_url(1))
        for selector in ("#ok", "#no", "#undo", '#dial button[data-seat="2"]'):
            await page.click(selector)
        await table.until(lambda: len(table.inputs()) == 4)
        await page.wait("window.__phone.session.buffer.length === 0")  # all acknowledged
        assert moves(table) == [("ok", 0), ("no", 1), ("undo", 2), ("select 2", 3)]
        assert {i.seat for i in table.inputs()} == {1}


async def test_a_reload_keeps_the_reader_and_doubles_nothing(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    async with table_in(tmp_path, authority) as table:
        await open_seat(page, table.seat_url(1))
        await page.click("#ok")
        await table.until(lambda: len(table.inputs()) == 1)
        epoch = await page.state("window.__phone.session.epoch")
        await page.reload()
        await page.wait("window.__phone.link === 'connected'")
        assert await page.state("window.__phone.session.epoch") == epoch  # the same reader
        await page.click("#no")
        await table.until(lambda: len(table.inputs()) == 2)
        assert moves(table) == [("ok", 0), ("no", 1)]
        assert [n for n in table.notices if type(n).__name__ == "ReaderRestarted"] == []


async def test_the_network_going_away_and_back_loses_and_doubles_nothing(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    async with table_in(tmp_path, authority, tls=False) as table:
        async with Relay(table.server.port) as relay:
            url = table.seat_url(1).replace(f":{table.server.port}/", f":{relay.port}/")
            await open_seat(page, url)
            await page.click("#ok")
            await table.until(lambda: len(table.inputs()) == 1)
            await page.wait("window.__phone.session.buffer.length === 0")
            relay.cut()
            await page.wait("window.__phone.link !== 'connected'")
            await page.click("#no")
            await page.click("#undo")
            await table.settled(1)  # the laptop saw the socket go: nothing is in flight
            assert len(table.inputs()) == 1
            relay.restore()
            await table.until(lambda: len(table.inputs()) == 3)
            await page.wait("window.__phone.session.buffer.length === 0")
            await page.click("#ok")  # stored after all before it: nothing doubled came first
            await table.until(lambda: len(table.inputs()) == 4)
            assert moves(table) == [("ok", 0), ("no", 1), ("undo", 2), ("ok", 3)]


async def test_the_engines_fake_camera_is_read(tmp_path: Path, authority: Path, page: Page) -> None:
    """The engine's own fake camera (moving colours or a test pattern: no label can be
    put in front of it) opens, and its frames go through the WebAssembly decoder;
    nothing is counted from them."""
    async with table_in(tmp_path, authority) as table:
        await open_seat(page, table.seat_url(1))
        await page.wait("window.__phone.decoder === 'wasm' && window.__phone.decodeMs.length >= 3")
        assert await page.evaluate("document.getElementById('camera').hidden") is False
        assert counted(table.session) == 0


async def test_a_photo_is_decoded_on_the_laptop(
    tmp_path: Path, authority: Path, page: Page
) -> None:
    """The plain-HTTP page on the LAN address (no HTTPS offered): no secure context, so
    no camera; a photo of a label is sent and decoded on the laptop."""
    async with table_in(tmp_path, authority, host="0.0.0.0", tls=False) as table:
        await open_seat(page, table.seat_url(1, local=False))
        await page.wait("!document.getElementById('fallback').hidden")
        assert await page.evaluate("window.isSecureContext") is False
        photo = tmp_path / "photo.jpg"
        photo.write_bytes(photo_of("lord"))
        await page.set_file("#photo", photo)
        await table.until(lambda: len(table.inputs()) >= 2)  # the card came and went
        assert [(i.kind.name, i.data.get("code")) for i in table.inputs()] == [
            ("SCAN", "R01T"),
            ("REMOVE", None),
        ]
