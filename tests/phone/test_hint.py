"""The phone page's HINT button (Regicide, docs/regicide-hints.md §5), in real Chromium:
it sends the HINT command label as the seat's reader, and the answer comes back to that
seat's page alone."""

from __future__ import annotations

from pathlib import Path

from companion.table.inputs import InputKind, TableInput
from tests.phone.harness import PhoneTable


async def test_the_hint_button_asks_and_only_the_asking_page_is_told(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, game="regicide") as table:
        table.session.commit(TableInput(InputKind.SCAN, {"code": "CJ"}, reader="host"))
        one = await table.phone(pw, 1, None, camera=False)
        two = await table.phone(pw, 2, None, camera=False)
        assert await one.state("!document.getElementById('hint').hidden")
        await one.press("hint")
        await one.wait("window.__phone.hints.length === 1")
        said = await one.state("window.__phone.hints[0]")
        assert said == ["Player 1: for a hint, scan the 7 cards of your hand (NO stops)."]
        assert await one.state("document.getElementById('hint-text').textContent") == said[0]
        scans = [i for i in table.inputs() if i.kind is InputKind.SCAN]
        assert [(i.data, i.seat) for i in scans[-1:]] == [({"code": "K0FJ"}, 1)]
        assert table.session.state()["log_length"] == 1  # the enemy only: a hint is no move
        sent = [(seat, m["type"]) for seat, m in table.server.phones.sent if m["type"] == "hint"]
        assert sent == [(1, "hint")]
        assert await two.state("window.__phone.received.filter(m => m.type === 'hint').length") == 0
        assert one.errors == [] and two.errors == []
