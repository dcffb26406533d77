"""The web table view of a Regicide game played at the table (a real session, a real
server on a loopback port, real HTTP): the state, the words, the host's corrections."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from companion.game.session import Session
from companion.store import GameLog
from companion.web import commit_to_session, serve_table
from tests.regicide_table.helpers import to_input


async def test_a_regicide_session_is_served_and_the_host_fixes_a_hand_count(tmp_path: Path) -> None:
    """The page gets the Regicide state and words of a live session, follows each input,
    and a host's hand-count correction from the page reaches the game's log and engine."""
    with GameLog(tmp_path / "g.sqlite") as log:
        session = Session.start(log, game="regicide", players=3, seed=0, settings={}, lang="es")
        for line in ("@* scan CJ", "@1 scan S4"):
            session.commit(to_input(line))
        server = serve_table(
            session, "127.0.0.1", 0, on_command=commit_to_session(session, lambda: 0.0)
        )
        async with server, httpx.AsyncClient(base_url=server.base_url) as client:
            state = (await client.get("/state")).json()["state"]
            assert state["game"] == "regicide" and state["enemy"]["card"] == "CJ"
            assert state["pending"] == {
                "kind": "play", "seat": 1, "can_yield": True, "staged": ["S4"], "staged_value": 4
            }  # fmt: skip
            session.commit(to_input("@1 press ok"))
            state = (await client.get("/state")).json()["state"]
            assert state["pending"]["kind"] == "pay_damage" and state["in_play"] == ["S4"]
            token = server.access.host_token
            reply = await client.post(
                "/host", content=json.dumps({"op": "hand", "seat": 2, "count": 3}),
                headers={"x-host-token": token},
            )  # fmt: skip
            assert reply.status_code == 200, reply.text
            assert reply.json()["result"] == {
                "status": "accepted",
                "sentences": [
                    "Corrección del anfitrión: el jugador 2 tiene 3 cartas (yo contaba 6)."
                ],
            }
            state = (await client.get("/state")).json()["state"]
            assert [h["count"] for h in state["hands"]] == [5, 3, 6]
            async with client.stream("GET", "/events") as stream:
                hello = ""
                async for line in stream.aiter_lines():
                    if line.startswith("data:"):
                        hello = line[5:]
                        break
            labels = json.loads(hello)["labels"]
            assert (labels["game"], labels["lang"]) == ("regicide", "es")
        assert log.inputs(session.game_id)[-1].input.data == {"op": "hand", "seat": 2, "count": 3}
