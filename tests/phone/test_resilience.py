"""A phone that loses its network, reloads its page or sleeps loses and doubles
nothing: its events are stored in the page before they are sent, resent after the
reconnect (HELLO, RESUME), logged exactly once and in order, acknowledged only after
the log commit. Real Chromium (`context.set_offline` is the network going away; the
DevTools lifecycle freeze is the phone's screen going dark)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.phone.harness import Phone, PhoneTable

pytestmark = pytest.mark.camera


def presses(table: PhoneTable) -> list[tuple[str, int | None]]:
    return [(i.data.get("button") or f"select {i.data.get('seat')}", i.seq) for i in table.inputs()]


async def unacked(phone: Phone) -> int:
    """Events the page holds that the companion has not acknowledged (from its storage)."""
    return await phone.page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tc-phone-session:'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).buffer.length)[0]"
    )


async def test_a_network_drop_loses_and_doubles_nothing(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 1, None)
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        await phone.wait("window.__phone.session.buffer.length === 0")  # acknowledged
        await phone.context.set_offline(True)
        await phone.wait("window.__phone.link !== 'connected'")
        await phone.press("no")
        await phone.select(2)
        await phone.press("undo")
        assert await unacked(phone) == 3  # kept in the page, not yet stored by the companion
        await table.settled(1)  # the laptop saw the socket go: nothing is in flight
        assert len(table.inputs()) == 1
        await phone.context.set_offline(False)
        await table.until(lambda: len(table.inputs()) == 4)
        await phone.wait("window.__phone.session.buffer.length === 0")
        # A later press stored proves the link has delivered all it had before it:
        # anything doubled would be in the log already.
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 5)
        assert presses(table) == [("ok", 0), ("no", 1), ("select 2", 2), ("undo", 3), ("ok", 4)]


async def test_a_reload_with_unacknowledged_events_resends_them_once(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 2, None)
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        epoch = await phone.state("window.__phone.session.epoch")
        await phone.context.set_offline(True)
        await phone.wait("window.__phone.link !== 'connected'")
        await phone.press("no")
        await phone.press("undo")
        assert await unacked(phone) >= 2
        await phone.context.set_offline(False)
        await phone.page.reload()  # whether or not the socket got them out first
        await phone.wait("window.__phone.link === 'connected'")
        assert await phone.state("window.__phone.session.epoch") == epoch  # same reader life
        await table.until(lambda: len(table.inputs()) == 3)
        await phone.wait("window.__phone.session.buffer.length === 0")
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 4)
        await phone.press("no")  # stored after all before it: nothing doubled came first
        await table.until(lambda: len(table.inputs()) == 5)
        assert presses(table) == [("ok", 0), ("no", 1), ("undo", 2), ("ok", 3), ("no", 4)]
        assert [n for n in table.notices if type(n).__name__ == "ReaderRestarted"] == []


async def test_a_sleeping_phone_catches_up_when_it_wakes(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 1, None)
        cdp = await phone.context.new_cdp_session(phone.page)
        await phone.context.set_offline(True)  # the Wi-Fi goes first...
        await phone.wait("window.__phone.link !== 'connected'")
        await phone.press("ok")
        await phone.press("no")
        await cdp.send("Page.setWebLifecycleState", {"state": "frozen"})  # ...then the screen
        for ws in list(table.server.phones.sockets.get(1, ())):  # the laptop gives up on it
            await ws.close()
        await table.settled(1)  # frozen and offline, the page cannot come back meanwhile
        assert table.inputs() == []
        await phone.context.set_offline(False)
        await cdp.send("Page.setWebLifecycleState", {"state": "active"})
        await table.until(lambda: len(table.inputs()) == 2)
        await phone.wait("window.__phone.session.buffer.length === 0")
        await phone.press("undo")  # stored after all before it: nothing doubled came first
        await table.until(lambda: len(table.inputs()) == 3)
        assert presses(table) == [("ok", 0), ("no", 1), ("undo", 2)]
