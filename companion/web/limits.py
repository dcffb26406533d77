"""Bounds on what a request may send to the table view: a hostile or broken client
gets a clear 400 or 413 and costs the game nothing.

- Every route: a body declared (`Content-Length`) over `MAX_BODY_BYTES` is refused
  with 413 before the application sees it (`BodyLimit`, ASGI middleware).
- A route that reads a body reads it with `read_body`, which stops at the limit (a
  chunked body declares no length); one that reads JSON uses `read_json`, the one
  place JSON from a request is parsed: it refuses, with 400, text that is not UTF-8
  or not JSON, nesting deeper than `MAX_JSON_DEPTH` (checked before parsing: the parser
  would recurse) and integers longer than `MAX_INT_DIGITS` (Python's int parser
  raises a plain `ValueError` past 4300 digits).
- Connections (`TableProtocol`, uvicorn's HTTP protocol with two bounds): a
  connection has `HEADER_TIMEOUT_S` to send a request's headers, and a server holds at
  most `MAX_CONNECTIONS` at once (a table has tens of devices; one more is closed at
  once), so slow or piled-up clients cannot hold the server.

A host command is one small flat object (`commands.py`), so these bounds leave it
plenty of room.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import h11
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "HEADER_TIMEOUT_S",
    "MAX_BODY_BYTES",
    "MAX_CONNECTIONS",
    "MAX_INT_DIGITS",
    "MAX_JSON_DEPTH",
    "BodyLimit",
    "LimitError",
    "TableProtocol",
    "check_json_depth",
    "parse_json",
    "read_body",
    "read_json",
]

_log = logging.getLogger(__name__)

MAX_BODY_BYTES = 16 * 1024
MAX_JSON_DEPTH = 8
MAX_INT_DIGITS = 20
"""Digits of a JSON integer (a seat, a health, a count has one or two)."""
HEADER_TIMEOUT_S = 10.0
"""Seconds a connection has to send a request's headers (a phone needs milliseconds)."""
MAX_CONNECTIONS = 100
"""Connections a server holds at once: ten phones and a TV, each with a few, fit."""


class LimitError(ValueError):
    """A request over a bound; `status` is the HTTP answer (400 or 413)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def too_large(size: int | str, limit: int = MAX_BODY_BYTES) -> LimitError:
    why = "" if limit != MAX_BODY_BYTES else " (a host command is one small JSON object)"
    return LimitError(413, f"the request body is {size} bytes; at most {limit} are read{why}")


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The request's body, read no further than `limit` bytes.

    Raises:
        LimitError: (413) the body is longer.
    """
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise too_large(f"more than {limit}", limit)
    return bytes(body)


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH) -> None:
    """Refuse JSON text nesting arrays and objects deeper than `limit`, without
    parsing it (brackets inside strings do not count).

    >>> check_json_depth('{"op": "hp", "seat": 2, "hp": 1}')
    >>> check_json_depth("[" * 9 + "]" * 9)
    Traceback (most recent call last):
    ...
    companion.web.limits.LimitError: the JSON nests more than 8 levels deep; a host command is one flat object

    Raises:
        LimitError: (400) it nests deeper.
    """
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise LimitError(
                    400,
                    f"the JSON nests more than {limit} levels deep; "
                    "a host command is one flat object",
                )
        elif char in "]}":
            depth -= 1


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise LimitError(
            400, f"a number of {len(digits.lstrip('-'))} digits; at most {MAX_INT_DIGITS}"
        )
    return int(digits)


def parse_json(raw: bytes) -> Any:
    """A request body as JSON, within the bounds above.

    >>> parse_json(b'{"seat": 2}')
    {'seat': 2}
    >>> parse_json(b'{"seat": ' + b"9" * 5000 + b'}')
    Traceback (most recent call last):
    ...
    companion.web.limits.LimitError: a number of 5000 digits; at most 20

    Raises:
        LimitError: (400) not UTF-8, not JSON, too deep, or a number too long.
    """
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LimitError(400, "the body must be a JSON object, in UTF-8") from None
    check_json_depth(text)
    try:
        return json.loads(text, parse_int=_bounded_int)
    except LimitError:
        raise
    except ValueError as exc:  # JSONDecodeError, or a number no parser takes
        raise LimitError(400, f"the body must be a JSON object ({exc})") from None


async def read_json(request: Request, limit: int = MAX_BODY_BYTES) -> Any:
    """The request's body as JSON (`read_body`, then `parse_json`): how every route
    reads JSON.

    Raises:
        LimitError: (413) the body is longer than `limit`; (400) see `parse_json`.
    """
    return parse_json(await read_body(request, limit))


class TableProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a header timeout and a connection cap (both
    read when a connection comes, so tests may lower them). Without them a client
    sending one header line every few seconds held its connection for ever, and any
    number of such clients were held."""

    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS:
            _log.warning("a connection from %s refused: %d are open already (at most %d)",
                         self.client, len(self.connections) - 1, MAX_CONNECTIONS)  # fmt: skip
            transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.IDLE:  # the next request's headers are coming
            if self._header_timer is None:
                self._arm()
        else:
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(HEADER_TIMEOUT_S, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            _log.info("%s sent no whole request within %g s: closed", self.client,
                      HEADER_TIMEOUT_S)  # fmt: skip
            self.transport.close()


class BodyLimit:
    """ASGI middleware: a request declaring a body over `limit` bytes is answered 413
    at once, on every route, and never reaches the application. `larger` names the
    routes (exact paths) that take more, and how much: a phone's photo."""

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None
    ) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            declared = dict(scope.get("headers") or []).get(b"content-length")
            limit = self.larger.get(scope.get("path", ""), self.limit)
            if declared is not None and int(declared) > limit:
                await _answer(send, too_large(int(declared), limit))
                return
        await self.app(scope, receive, send)


async def _answer(send: Send, error: LimitError) -> None:
    body = json.dumps({"error": str(error)}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers.append((b"connection", b"close"))  # the rest of the body is not read
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
