"""Host corrections from the table view's host controls: the page's commands reach the
rules engine through the log, over a real server on loopback (no browser needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from companion.web import commit_to_session, serve_table
from tests.web.helpers import TableGame


async def test_host_controls_correct_health_and_move_a_card(tmp_path: Path) -> None:
    """The page's `hp` and `move` commands are applied and narrated, `hp` 0 is refused at
    the door (400, nothing logged: a death goes through the rules), and the page's Undo
    takes the move back."""
    game = TableGame(tmp_path / "games.sqlite")
    try:
        game.setup()
        command = commit_to_session(game.session, lambda: game.now)
        async with (
            serve_table(game.session, "127.0.0.1", 0, on_command=command) as view,
            httpx.AsyncClient(base_url=view.base_url) as client,
        ):
            headers = {"X-Host-Token": view.access.host_token}

            async def send(body: dict[str, Any]) -> dict[str, Any]:
                response = await client.post("/host", json=body, headers=headers)
                assert response.status_code == 200, response.text
                return response.json()["result"]

            async def seat(n: int) -> dict[str, Any]:
                return (await client.get("/state")).json()["state"]["seats"][n - 1]

            result = await send({"op": "hp", "seat": 2, "hp": 1})
            assert result["status"] == "accepted"
            assert result["sentences"][0] == (
                "Host correction: Guan Yu (seat 2) has 1 of 4 health (was 4)."
            )
            result = await send({"op": "move", "card": "杀♠8", "to": "hand", "seat": 2})
            assert result["status"] == "accepted"
            assert (await seat(2))["hand_count"] == 5
            response = await client.post(
                "/host", json={"op": "hp", "seat": 2, "hp": 0}, headers=headers
            )
            assert response.status_code == 400
            assert response.json()["error"].startswith("hp must be at least 1: a seat reaches 0")
            assert (await send({"op": "undo"}))["status"] == "accepted"
            assert ((await seat(2))["hp"], (await seat(2))["hand_count"]) == (1, 4)
        assert [i.data for i in game.inputs()[-3:-1]] == [
            {"op": "hp", "seat": 2, "hp": 1},
            {"op": "move", "card": "kill@S8", "to": "hand", "seat": 2},
        ]
    finally:
        game.close()
