"""Hostile requests on the table view's real server (uvicorn on loopback): deeply
nested JSON, huge bodies declared or chunked. Each gets 400 or 413 with a message,
never a 500, and the game is exactly as before (issue 18.5)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from companion.web import TableServer, limits
from companion.web.limits import MAX_BODY_BYTES, MAX_INT_DIGITS
from tests.web.helpers import TableGame


def _headers(server: TableServer) -> dict[str, str]:
    return {"X-Host-Token": server.access.host_token or "", "Content-Type": "application/json"}


def _unchanged(game: TableGame, server: TableServer, before: tuple[int, int, dict]) -> bool:
    return (len(game.inputs()), server.feed.seq, game.session.state()) == before


@pytest.mark.parametrize("depth", [9, 1000, 100_000])
async def test_deeply_nested_json_is_refused_with_400(
    game: TableGame, server: TableServer, depth: int
) -> None:
    """Nesting the parser would recurse into (100,000 deep raised RecursionError: 500)."""
    game.setup()
    before = (len(game.inputs()), server.feed.seq, game.session.state())
    body = '{"op": ' + "[" * depth + "]" * depth + "}"
    if len(body) > MAX_BODY_BYTES:
        body = "[" * (MAX_BODY_BYTES // 2)  # within the size bound: the depth bound answers
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post("/host", content=body, headers=_headers(server))
    assert response.status_code == 400, response.text
    assert "nests more than 8 levels deep" in response.json()["error"]
    assert _unchanged(game, server, before)


async def _raw_request(server: TableServer, head: str, timeout: float = 10.0) -> tuple[int, str]:
    """Send request headers only (no body) on a raw socket; the status and body of the
    answer, which must come without the body having been sent."""
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(head.encode())
        await writer.drain()
        async with asyncio.timeout(timeout):
            answer = await reader.read()  # until the server closes
    finally:
        writer.close()
    status_line, _, rest = answer.decode().partition("\r\n")
    return int(status_line.split()[1]), rest.partition("\r\n\r\n")[2]


@pytest.mark.parametrize("path", ["/host", "/state", "/"])
async def test_a_declared_50_mib_body_is_refused_with_413_unread(
    game: TableGame, server: TableServer, path: str
) -> None:
    """A body declared over the bound is refused from its Content-Length alone, on
    every route: the answer comes before a byte of the body is sent (the server read
    50 MiB whole before, 150 MiB at its peak)."""
    game.setup()
    before = (len(game.inputs()), server.feed.seq, game.session.state())
    token = server.access.host_token or ""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Host-Token: {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {50 * 1024 * 1024}\r\n\r\n"
    )
    status, body = await _raw_request(server, head)
    assert status == 413
    assert f"at most {MAX_BODY_BYTES} are read" in json.loads(body)["error"]
    assert _unchanged(game, server, before)


async def test_a_chunked_body_over_the_bound_is_refused_with_413(
    game: TableGame, server: TableServer
) -> None:
    """A chunked body declares no length: reading stops at the bound."""
    game.setup()
    before = (len(game.inputs()), server.feed.seq, game.session.state())

    async def stream() -> AsyncIterator[bytes]:
        for _ in range(64):
            yield b" " * 4096

    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post("/host", content=stream(), headers=_headers(server))
    assert response.status_code == 413, response.text
    assert "more than 16384" in response.json()["error"]
    assert _unchanged(game, server, before)


async def test_a_good_command_still_passes(game: TableGame, server: TableServer) -> None:
    """The bounds leave a host command its room."""
    game.setup()
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post(
            "/host", json={"op": "hp", "seat": 2, "hp": 1}, headers=_headers(server)
        )
    assert response.status_code == 200, response.text


async def test_a_5000_digit_number_is_refused_with_400(
    game: TableGame, server: TableServer
) -> None:
    """Issue 33 item 4: Python's int parser raises a plain ValueError past 4300 digits,
    which no route caught (500)."""
    game.setup()
    before = (len(game.inputs()), server.feed.seq, game.session.state())
    body = '{"op": "hp", "seat": 2, "hp": ' + "9" * 5000 + "}"
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        response = await client.post("/host", content=body, headers=_headers(server))
    assert response.status_code == 400, response.text
    assert response.json()["error"] == f"a number of 5000 digits; at most {MAX_INT_DIGITS}"
    assert _unchanged(game, server, before)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('{"seat": ' + "[" * 1000 + "]" * 1000 + "}", "nests more than 8 levels deep"),
        ('{"seat": ' + "1" * 5000 + "}", "a number of 5000 digits"),
        ("\xff", "must be a JSON object"),
    ],
    ids=["deep", "long-number", "not-json"],
)
async def test_phone_free_reads_json_within_the_same_bounds(
    tmp_path: Path, body: str, says: str
) -> None:
    """Issue 33 item 4: `/phone/free` parsed its body without the nesting check, so
    JSON 1000 deep raised RecursionError (500); every route reads JSON through
    `limits.read_json` now."""
    from tests.phone.harness import PhoneTable

    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        server = table.server
        token_before = server.phones.desk.token(1)
        async with httpx.AsyncClient(base_url=server.base_url) as client:
            response = await client.post(
                "/phone/free", content=body.encode(), headers=_headers(server)
            )
        assert response.status_code == 400, response.text
        assert says in response.json()["error"]
        assert server.phones.desk.token(1) == token_before  # the seat link is as before


async def _closed_by_server(reader: asyncio.StreamReader) -> bytes:
    """Read until the server closes the connection; what it sent."""
    return await reader.read()


async def test_a_connection_slow_to_send_its_headers_is_closed(
    game: TableGame, server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33 item 5: a client sending one header line every few seconds held its
    connection for ever. Past the header timeout the server closes it; a prompt
    request on another connection is answered as before."""
    monkeypatch.setattr(limits, "HEADER_TIMEOUT_S", 0.5)
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        writer.write(b"GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        await writer.drain()
        async with asyncio.timeout(30):  # a bound on a hang, far past the header timeout
            assert await _closed_by_server(reader) == b""
    finally:
        writer.close()
    async with httpx.AsyncClient(base_url=server.base_url) as client:
        assert (await client.get("/healthz")).status_code == 200


async def test_connections_past_the_cap_are_closed_at_once(
    game: TableGame, server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33 item 5: there was no cap; 200 idle connections were all held. Past
    `MAX_CONNECTIONS` a new connection is closed at once, the ones held stay usable."""
    monkeypatch.setattr(limits, "MAX_CONNECTIONS", 4)
    host, port = server.base_url.removeprefix("http://").rsplit(":", 1)
    held = [await asyncio.open_connection(host, int(port)) for _ in range(4)]
    try:
        extra_reader, extra_writer = await asyncio.open_connection(host, int(port))
        async with asyncio.timeout(30):
            assert await _closed_by_server(extra_reader) == b""
        extra_writer.close()
        reader, writer = held[0]
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        await writer.drain()
        async with asyncio.timeout(30):
            answer = await reader.read()
        assert answer.startswith(b"HTTP/1.1 200")
    finally:
        for _, writer in held:
            writer.close()
