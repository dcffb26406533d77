"""A Regicide table's host controls in the real Chromium and over the real /host route:
only what Regicide has (UNDO and a hand count up to the hand limit), never Three
Kingdoms Kill's health, equipment, judgment, timed-window or setting controls."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from playwright.async_api import Browser

from companion.game.session import Session
from companion.store import GameLog
from companion.web import TableServer, commit_to_session, serve_table
from tests.regicide_table.helpers import to_input
from tests.web.conftest import open_page


@pytest.fixture
async def regicide(tmp_path: Path) -> AsyncIterator[tuple[Session, TableServer]]:
    """A 3-player Regicide session (♠J turned up) served with host controls on."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(
            log, game="regicide", players=3, seed=0, settings={"allow_overpay": False},
            lang="en",
        )  # fmt: skip
        session.commit(to_input("@* scan SJ"))
        server = serve_table(
            session, "127.0.0.1", 0, on_command=commit_to_session(session, lambda: 0.0)
        )
        async with server:
            yield session, server


async def test_regicide_host_controls_offer_undo_hand_counts_and_reader_seats(
    browser: Browser, regicide: tuple[Session, TableServer]
) -> None:
    """The host box has UNDO, the hand-count form (0..6 for three players) and the
    readers' seats (no reader in this game: only the list's refresh), and no health,
    card move (equipment, judgment), pause/resume or setting; the form's correction is
    logged and the page shows the new count."""
    session, server = regicide
    assert server.host_url is not None
    host = await open_page(browser, server.host_url)
    box = host.page.locator("#host")
    assert await box.is_visible()
    await host.page.wait_for_function("window.__tc.readers >= 1")
    ops = await box.locator("[data-op]").evaluate_all("els => els.map(e => e.dataset.op)")
    assert ops == ["undo", "hand", "refresh-readers"]
    text = await box.inner_text()
    for word in ("Equipment", "Judgment", "Pause", "Resume", "health", "Nullification"):
        assert word.lower() not in text.lower(), (word, text)
    count = box.locator('form[data-op="hand"] input')
    assert (await count.get_attribute("min"), await count.get_attribute("max")) == ("0", "6")
    seats = await box.locator('form[data-op="hand"] select option').all_inner_texts()
    assert seats == ["1 · Player", "2 · Player", "3 · Player"]

    form = box.locator('form[data-op="hand"]')
    await form.locator("select").select_option("2")
    await count.fill("4")
    await form.get_by_role("button").click()
    await host.page.wait_for_function("window.__tc.commands === 1")
    last = session.log.inputs(session.game_id)[-1].input
    assert last.kind.value == "correct" and last.data == {"op": "hand", "seat": 2, "count": 4}
    assert session.state()["hands"][1]["count"] == 4
    await host.synced(server)


async def test_a_staged_payment_is_shown_as_cards_to_discard(
    browser: Browser, regicide: tuple[Session, TableServer]
) -> None:
    """With allow_overpay=false the discards gathered for OK are shown as such, with
    their value, not as a play being staged."""
    session, server = regicide
    for line in ("@1 scan C5", "@1 press ok", "@1 scan D2"):
        session.commit(to_input(line))
    viewer = await open_page(browser, server.url)
    await viewer.synced(server)
    detail = " ".join((await viewer.page.locator("#centre .pending .detail").inner_text()).split())
    assert detail == "To discard: ♦2 · value 2"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (
            {"op": "move", "card": "C8", "to": "equipment", "seat": 1},
            "Regicide has no card to move",
        ),
        ({"op": "move", "card": "C8", "to": "discard"}, "Regicide has no card to move"),
        ({"op": "hp", "seat": 1, "hp": 2}, "Regicide seats have no health"),
        ({"op": "pause"}, "Regicide has no timed windows to pause"),
        ({"op": "resume"}, "Regicide has no timed windows to resume"),
        ({"op": "setting", "name": "nullification_timeout_s", "value": 10}, "no setting the page"),
        ({"op": "hand", "seat": 1, "count": 7}, "count must be within 0..6, got 7"),
    ],
)
async def test_the_host_route_refuses_what_regicide_lacks(
    regicide: tuple[Session, TableServer], body: dict[str, object], error: str
) -> None:
    """Posted by hand, an op Regicide lacks (or a count over the hand limit) is 400 with
    the reason, and nothing is logged."""
    session, server = regicide
    before = len(session.log.inputs(session.game_id))
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post(
            "/host", json=body, headers={"X-Host-Token": server.access.host_token}
        )
    assert response.status_code == 400
    assert error in response.json()["error"]
    assert len(session.log.inputs(session.game_id)) == before
