"""Bounds on what a request may send to the table view: a hostile or broken client
gets a clear 400 or 413 and costs the game nothing.

- Every route: a body declared (`Content-Length`) over `MAX_BODY_BYTES` is refused
  with 413 before the application sees it (`BodyLimit`, ASGI middleware).
- The host controls, the only route that reads a body: `read_body` stops reading at
  the limit (a chunked body declares no length), and `check_json_depth` refuses JSON
  nested deeper than `MAX_JSON_DEPTH` before it is parsed (the parser would recurse).

A host command is one small flat object (`commands.py`), so both bounds leave it
plenty of room.
"""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_JSON_DEPTH",
    "BodyLimit",
    "LimitError",
    "check_json_depth",
    "read_body",
]

MAX_BODY_BYTES = 16 * 1024
MAX_JSON_DEPTH = 8


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
