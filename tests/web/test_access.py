"""Who may watch and who may steer: loopback by default, a view token on the LAN, a
separate host token for the controls; bad commands change nothing."""

from __future__ import annotations

import httpx
import pytest

from companion.table.inputs import HOST, InputKind
from companion.web import TableServer, commit_to_session, serve_table
from tests.web.helpers import TableGame
from tests.web.stream import reading

PATHS = ["/", "/events", "/state", "/qr.svg", "/static/table.js", "/static/table.css"]


async def _status(client: httpx.AsyncClient, url: str, **params: str) -> int:
    async with client.stream("GET", url, params=params) as response:
        return response.status_code  # leave at once: /events would stream forever


async def test_lan_server_answers_403_without_its_token(game: TableGame) -> None:
    """Asked for the LAN, the server binds every interface, its address carries a token,
    and every page, file and stream answers 403 without it or with a wrong one."""
    async with serve_table(game.session, port=0, lan=True) as view, httpx.AsyncClient() as client:
        assert view.host == "0.0.0.0" and view.access.view_required
        token = view.access.view_token
        assert view.url.endswith(f"/?t={token}") and len(token) >= 32
        base = f"http://127.0.0.1:{view.port}"
        for path in PATHS:
            client.cookies.clear()  # the page sets a cookie once opened with the token
            assert await _status(client, base + path) == 403, path
            assert await _status(client, base + path, t=token[:-1] + "x") == 403, path
            assert await _status(client, base + path, t="é" * 10) == 403, path
            assert await _status(client, base + path, t=token) == 200, path
        assert await _status(client, base + "/healthz") == 200


async def test_the_token_in_the_address_lets_the_page_load_its_files(game: TableGame) -> None:
    """After the page is opened with its token, the browser's cookie is enough for the
    page's own files and stream."""
    async with serve_table(game.session, port=0, lan=True) as view, httpx.AsyncClient() as client:
        base = f"http://127.0.0.1:{view.port}"
        page = await client.get(base + "/", params={"t": view.access.view_token})
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert await _status(client, base + "/static/table.js") == 200
        assert await _status(client, base + "/events") == 200


async def test_default_server_listens_on_loopback_only(game: TableGame) -> None:
    """By default the server binds 127.0.0.1, needs no view token, and says so."""
    async with serve_table(game.session, port=0) as view, httpx.AsyncClient() as client:
        assert view.bound == [("127.0.0.1", view.port)]
        assert view.url == f"http://127.0.0.1:{view.port}/"
        assert "this computer only" in view.banner()
        assert "█" not in view.banner() and "▀" not in view.banner()  # no QR for 127.0.0.1
        response = await client.get(view.url)
        assert response.status_code == 200
        assert response.headers["cache-control"] == "no-store"


async def test_a_port_in_use_is_a_clear_error(game: TableGame) -> None:
    """A second server on a port already taken raises OSError and leaves nothing running."""
    async with serve_table(game.session, port=0) as first:
        second = serve_table(game.session, port=first.port)
        with pytest.raises(OSError):
            await second.start()


def _host(view: TableServer, token: str | None) -> dict[str, str]:
    return {} if token is None else {"X-Host-Token": token}


async def test_host_commands_need_the_host_token(game: TableGame, server: TableServer) -> None:
    """Without the host token, or with the view token in its place, a command is 403 and
    nothing is logged."""
    game.setup()
    before = len(game.inputs())
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        for token in (None, server.access.view_token, "nope"):
            response = await client.post("/host", json={"op": "undo"}, headers=_host(server, token))
            assert response.status_code == 403
    assert len(game.inputs()) == before


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"{not json", "JSON object"),
        (b"[1, 2]", "JSON object"),
        (b'{"op": "explode"}', "unknown op"),
        (b'{"op": "hp", "seat": 9, "hp": 1}', "seat must be within 1..5"),
        (b'{"op": "hp", "seat": 2, "hp": 7}', "hp must be within 1..4"),
        (b'{"op": "hp", "seat": 2, "hp": 0}', "hp must be at least 1: a seat reaches 0 health"),
        (b'{"op": "hp", "seat": 2, "hp": "3"}', "whole number"),
        (b'{"op": "hand", "seat": 2, "count": -1}', "count must be within 0..99"),
        (b'{"op": "move", "card": "kill@Z9", "to": "hand", "seat": 2}', "not a card"),
        (b'{"op": "move", "card": "kill@S7", "to": "deck", "seat": 2}', "to must be one of"),
        (b'{"op": "move", "card": "kill@S7", "to": "discard", "seat": 2}', "takes no seat"),
        (b'{"op": "undo", "seat": 2}', "undo takes no seat"),
        (b'{"op": "setting", "name": "deck", "value": 1}', "unknown setting"),
        (b'{"op": "setting", "name": "nullification_timeout_s", "value": 0}', "1..120"),
    ],
)
async def test_a_bad_host_command_is_refused_and_changes_nothing(
    game: TableGame, server: TableServer, body: bytes, error: str
) -> None:
    """A malformed or out-of-range command gets 400 with the reason; nothing is logged
    and no update is published."""
    game.setup()
    before, seq = len(game.inputs()), server.feed.seq
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post(
            "/host", content=body, headers=_host(server, server.access.host_token)
        )
    assert response.status_code == 400
    assert error in response.json()["error"]
    assert len(game.inputs()) == before and server.feed.seq == seq


async def test_host_undo_is_logged_before_it_is_applied(
    game: TableGame, server: TableServer
) -> None:
    """UNDO from the page goes through the session's input path: logged as the host's
    press, then applied (the Kill is taken back), then streamed to the pages."""
    game.setup()
    game.play("scan kill@S7\nscan guanyu\npress no")
    assert game.session.state()["seats"][1]["hp"] == 3
    async with (
        reading(f"{server.base_url}/events") as reader,
        httpx.AsyncClient(base_url=server.base_url) as client,
    ):
        await reader.until(server.feed.seq)
        response = await client.post(
            "/host", json={"op": "undo"}, headers=_host(server, server.access.host_token)
        )
        assert response.status_code == 200
        assert response.json()["result"]["status"] == "accepted"
        await reader.until(server.feed.seq)
    last = game.inputs()[-1]
    assert last.kind is InputKind.PRESS and last.reader == HOST
    assert last.data == {"button": "undo", "long": False}
    assert reader.frames[-1].data["state"]["seats"][1]["hp"] == 4


async def test_a_host_correction_is_logged_like_any_input(
    game: TableGame, server: TableServer
) -> None:
    """A correction from the page becomes a `correct` input from the host in the log,
    with the data the page sent, and its narration comes back with the answer."""
    game.setup()
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post(
            "/host",
            json={"op": "hp", "seat": 2, "hp": 1},
            headers=_host(server, server.access.host_token),
        )
    assert response.status_code == 200
    last = game.inputs()[-1]
    assert last.kind is InputKind.CORRECT and last.reader == HOST
    assert last.data == {"op": "hp", "seat": 2, "hp": 1}
    assert response.json()["result"]["sentences"]


async def test_host_controls_are_off_unless_the_play_command_gives_a_callback(
    game: TableGame,
) -> None:
    """Without a command callback, /host answers 404 and the page is told there are no
    host controls."""
    async with serve_table(game.session, port=0) as view:
        assert view.host_url is None
        async with httpx.AsyncClient(base_url=view.base_url) as client:
            response = await client.post("/host", json={"op": "undo"})
            assert response.status_code == 404
        async with reading(f"{view.base_url}/events") as reader:
            await reader.until(0)
        assert reader.frames[0].data["host_controls"] is False


async def test_viewers_never_receive_the_host_token(game: TableGame) -> None:
    """The join address, the QR code and everything streamed to a page carry the view
    token only, never the host token."""
    session = game.session
    view = serve_table(
        session, port=0, lan=True, on_command=commit_to_session(session, lambda: 0.0)
    )
    async with view, httpx.AsyncClient() as client:
        host_token = view.access.host_token
        assert host_token not in view.url and host_token in (view.host_url or "")
        base = f"http://127.0.0.1:{view.port}"
        qr = await client.get(base + "/qr.svg", params={"t": view.access.view_token})
        state = await client.get(base + "/state", params={"t": view.access.view_token})
        async with reading(f"{base}/events", t=view.access.view_token) as reader:
            game.setup()
            await reader.until(view.feed.seq)
        for body in [qr.content, state.content, *(f.raw for f in reader.frames)]:
            assert host_token.encode() not in body


async def test_loopback_server_refuses_other_host_names(game: TableGame) -> None:
    """Without a token on loopback, a request naming another host (DNS rebinding from a
    web page elsewhere) gets 403; localhost and 127.0.0.1 are served."""
    async with serve_table(game.session, port=0) as view, httpx.AsyncClient() as client:
        url = f"http://127.0.0.1:{view.port}/state"
        assert (await client.get(url, headers={"Host": "evil.example"})).status_code == 403
        assert (
            await client.get(url, headers={"Host": f"localhost:{view.port}"})
        ).status_code == 200
        assert (await client.get(url)).status_code == 200
