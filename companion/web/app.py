"""The table view's HTTP side: the page, its files, the update stream, the QR code
and the host controls, as one Starlette application.

Routes (every one but `/healthz` behind the view check of `access.py`):
- `GET /`: the page. A valid `?t=` token also sets a cookie, so the page's own files
  and its stream need nothing more.
- `GET /static/{name}`: the page's HTML, CSS and JavaScript (package data).
- `GET /events`: server-sent events. First `hello` (the words of the page's
  language, whether host controls are on, the join address) and `snapshot` (the
  state, recent narration and, once the game is over, the summary); then one
  `update` per input. Comments keep the stream alive and notice departed clients.
- `GET /state`: the same snapshot as JSON.
- `GET /qr.svg`: the join address as a QR code.
- `POST /host`: a host command (`commands.py`), with the `X-Host-Token` header.
- `GET /readers`: the readers the game has heard from (id, name, seat, connected),
  for the host page's bind controls; with the `X-Host-Token` header.

Request bodies and JSON nesting are bounded on every route (`limits.py`): 413 or 400
with a message, nothing changed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from companion.web.access import VIEW_COOKIE, Access, is_loopback
from companion.web.commands import CommandError, HostCommand, parse_command
from companion.web.feed import TableFeed, encode_frame
from companion.web.labels import labels_for
from companion.web.limits import BodyLimit, LimitError, read_json
from companion.web.qr import qr_svg

__all__ = ["COOKIE", "KEEPALIVE_S", "build_app"]

COOKIE = VIEW_COOKIE
KEEPALIVE_S = 10.0
RETRY_MS = 1000
_STATIC = {
    "index.html": "text/html",
    "table.css": "text/css",
    "table.js": "text/javascript",
    "summary.js": "text/javascript",
    "host.js": "text/javascript",
    "speech.js": "text/javascript",
}
_NO_STORE = {"Cache-Control": "no-store"}

CommandHandler = Callable[[HostCommand], Any]
ReadersList = Callable[[], list[dict[str, Any]]]
Handler = Callable[[Request], Awaitable[Response]]


def _static(name: str) -> bytes:
    return resources.files("companion.web.static").joinpath(name).read_bytes()


def build_app(
    feed: TableFeed,
    access: Access,
    *,
    join_url: Callable[[], str],
    on_command: CommandHandler | None = None,
    phones: Any = None,
    readers: ReadersList | None = None,
) -> Starlette:
    """The application for one game's feed.

    `join_url()` is the address phones should open (known once the port is bound);
    `on_command` receives checked host commands (None: host controls are off);
    `readers()` lists the game's readers for the host page (None: an empty list);
    `phones`, a `phone.PhoneRoom`, adds the seat readers' routes (`phone.py`).
    """
    table = _TableRoutes(feed, access, join_url, on_command, readers)
    table.phones = phones is not None
    routes: list[BaseRoute] = list(table.routes())
    larger: dict[str, int] = {}
    if phones is not None:
        from companion.web.phone import PHOTO_ROUTE, phone_routes
        from companion.web.photo import MAX_PHOTO_BYTES

        routes = phone_routes(phones, table.may_view, access.may_steer) + routes
        larger[PHOTO_ROUTE] = MAX_PHOTO_BYTES  # a phone's photo, the one big body
    return Starlette(routes=routes, middleware=[Middleware(BodyLimit, larger=larger)])


class _TableRoutes:
    """The route handlers of one table view: each handler serves one route, and the
    view check sits in front of every one but `/healthz` (`viewable`)."""

    def __init__(
        self,
        feed: TableFeed,
        access: Access,
        join_url: Callable[[], str],
        on_command: CommandHandler | None,
        readers: ReadersList | None = None,
    ) -> None:
        self.feed = feed
        self.access = access
        self.join_url = join_url
        self.on_command = on_command
        self.list_readers = readers
        self.files = {name: _static(name) for name in _STATIC}
        self.phones = False  # whether phones may join as seat readers (the corner code's words)

    def routes(self) -> list[Route]:
        viewable = self.viewable
        return [
            Route("/", viewable(self.page)),
            Route("/static/{name}", viewable(self.static)),
            Route("/events", viewable(self.events)),
            Route("/state", viewable(self.state)),
            Route("/qr.svg", viewable(self.qr)),
            Route("/host", self.host, methods=["POST"]),
            Route("/readers", self.readers),
            Route("/healthz", self.healthz),
        ]

    # --- who may look ---

    def token_of(self, request: Request) -> str | None:
        return request.query_params.get("t") or request.cookies.get(COOKIE)

    def may_view(self, request: Request) -> bool:
        if self.access.view_required:
            return self.access.may_view(self.token_of(request))
        # no token on loopback: refuse other host names, so a web page elsewhere cannot
        # read the table through DNS rebinding
        return is_loopback(request.url.hostname or "")

    def viewable(self, handler: Handler) -> Handler:
        """`handler` behind the view check (403 without the access token)."""

        async def checked(request: Request) -> Response:
            if not self.may_view(request):
                return PlainTextResponse(
                    "403: this table needs its access token\n", status_code=403
                )
            return await handler(request)

        return checked

    # --- the routes ---

    async def page(self, request: Request) -> Response:
        response = Response(self.files["index.html"], media_type="text/html", headers=_NO_STORE)
        given = request.query_params.get("t")
        if self.access.view_required and given:
            response.set_cookie(COOKIE, given, httponly=True, samesite="strict")
        return response

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return PlainTextResponse("404\n", status_code=404)
        return Response(self.files[name], media_type=_STATIC[name], headers=_NO_STORE)

    def hello(self) -> dict[str, Any]:
        return {
            "labels": labels_for(self.feed.game, self.feed.lang),
            "host_controls": self.on_command is not None,
            "join_url": self.join_url(),
            "lan": self.access.view_required,
            "phones": self.phones,
        }

    async def events(self, request: Request) -> Response:
        headers = {**_NO_STORE, "X-Accel-Buffering": "no"}
        return StreamingResponse(
            self.stream(request), media_type="text/event-stream", headers=headers
        )

    async def stream(self, request: Request) -> AsyncIterator[bytes]:
        """One client's server-sent events: hello, snapshot, then every update."""
        client = self.feed.connect()
        try:
            yield b"retry: %d\n\n" % RETRY_MS  # a dropped page is back within a second
            yield encode_frame("hello", self.hello())
            yield encode_frame("snapshot", self.feed.snapshot())
            while True:
                try:
                    frame = await asyncio.wait_for(client.queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield b": keepalive\n\n"
                    continue
                if frame is None:
                    return
                yield frame
        finally:
            self.feed.disconnect(client)

    async def state(self, request: Request) -> Response:
        return JSONResponse(self.feed.snapshot(), headers=_NO_STORE)

    async def qr(self, request: Request) -> Response:
        return Response(qr_svg(self.join_url()), media_type="image/svg+xml", headers=_NO_STORE)

    async def host(self, request: Request) -> Response:
        if self.on_command is None:
            return JSONResponse({"error": "host controls are off"}, status_code=404)
        if not self.access.may_steer(request.headers.get("x-host-token")):
            return JSONResponse({"error": "this needs the host token"}, status_code=403)
        try:
            body = await read_json(request)
        except LimitError as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        try:
            command = parse_command(body, self.feed.state)
        except CommandError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        result = self.on_command(command)  # JSON-ready data or None, by contract
        return JSONResponse({"command": command.to_json(), "result": result})

    async def readers(self, request: Request) -> Response:
        if self.on_command is None:
            return JSONResponse({"error": "host controls are off"}, status_code=404)
        if not self.access.may_steer(request.headers.get("x-host-token")):
            return JSONResponse({"error": "this needs the host token"}, status_code=403)
        found = self.list_readers() if self.list_readers is not None else []
        return JSONResponse({"readers": found}, headers=_NO_STORE)

    async def healthz(self, request: Request) -> Response:
        return PlainTextResponse("ok\n")
