"""The phone side of the table view: a seat's reader page, its socket, photos, the CA.

Routes (added to the table view's application when phones may join):
- `GET /phone?s=SEAT_TOKEN`: the reader page (no data in it; the socket checks the token).
- `GET /phone/static/{name}`: its script, style and the WebAssembly QR decoder
  (vendored from npm, `companion/web/vendor`; never a CDN).
- `WS /phone/ws?s=SEAT_TOKEN&p=PHONE_ID`: the seat's reader link. Binary messages are
  protocol frames both ways (`companion.readers.phone`); text messages go to the
  phone only: `welcome` (seat, reader id, words, the codes of this game's cards),
  `prompt` (this seat's own decision, with its private options; never another
  seat's), `say` (the public narration), `hint` (a Regicide hint this seat asked
  for, to no other seat), `refused` (why something was not taken: `reason` in
  English for logs and tests, `said` in the page's language with what to do, `why`
  naming it, `final` when the page should stop, `retry_s` when it may come back after
  that many seconds).
- `POST /phone/photo?s=SEAT_TOKEN&p=PHONE_ID`: a photo; answers the QR texts in it
  (`photo.py`), which the page then sends as its own CARD events.
- `GET /phone/ping`: 204, so a plain-HTTP page can tell whether this phone trusts the
  HTTPS side (then it moves there; else it offers the certificate or photos).
- `GET /phone/where`: `{"secure": HTTPS address or null}`, which a plain-HTTP page
  asks before it opens its socket: a phone that moves to HTTPS then starts its one
  reader session there, not a first one here that the move would "restart".
- `GET /ca`, `/ca.crt`, `/ca.mobileconfig`: the guide and the table's certificate
  authority, over plain HTTP (`tls.py`).
- `GET /join`: for the TV, one QR code per seat that has no phone yet (view token,
  which the page keeps in a cookie and its images carry), all of them on one screen.
- `POST /phone/free` `{"seat": N}` with the `X-Host-Token` header: the host moves a
  seat to another phone (the seat's token changes, its phone is let go); answers
  the new seat link.

Bounds: a socket message is at most `MAX_MESSAGE` bytes; each phone may send
`RATE` messages a second on average with bursts of `BURST` (a reconnect resends up
to 64 buffered events at once); more, or `MAX_REFUSED` refused frames, closes the
socket with a reason; the page says so in its words and comes back after
`RETRY_AFTER_S` (a new socket starts with a full allowance). None of it reaches the
game: refused frames are never inputs.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import html
import json
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from companion.web.access import VIEW_COOKIE
from companion.web.limits import LimitError, read_body, read_json
from companion.web.photo import MAX_PHOTO_BYTES, PhotoError, decode_photo
from companion.web.qr import qr_svg
from companion.web.seats import SeatDesk

__all__ = [
    "BURST", "MAX_MESSAGE", "RATE", "PhoneGate", "PhoneRoom", "game_codes", "phone_routes",
    "phones_status_file",
    "room_for",
]  # fmt: skip

_log = logging.getLogger(__name__)

MAX_MESSAGE = 64  # bytes: a frame is at most 20
PHOTO_ROUTE = "/phone/photo"
RATE = 20.0  # messages per second, on average
BURST = 96.0
MAX_REFUSED = 20
CLOSE_POLICY = 1008  # WebSocket "policy violation"
CLOSE_REFUSED = 4403  # the seat token or the phone was refused
RETRY_AFTER_S = 3  # a page closed for a flood or garbage comes back after this

_STATIC = {
    "phone.html": "text/html",
    "phone.css": "text/css",
    "phone.js": "text/javascript",
    "protocol.js": "text/javascript",
}
_VENDOR = {
    "zxing_reader.js": ("node_modules/zxing-wasm/dist/iife/reader/index.js", "text/javascript"),
    "zxing_reader.wasm": ("node_modules/zxing-wasm/dist/reader/zxing_reader.wasm", "application/wasm"),
}  # fmt: skip
VENDOR_DIR = Path(__file__).with_name("vendor")
_NO_STORE = {"Cache-Control": "no-store"}


class PhonePortLike(Protocol):
    def receive(self, frame: bytes) -> str | None: ...
    def closed(self) -> None: ...


class PhoneGate(Protocol):
    """Where accepted sockets go (`companion.readers.phone.PhoneSource`)."""

    def open(self, seat: int, send: Any, close: Any) -> PhonePortLike: ...
    def reader_id(self, seat: int) -> int: ...


def vendored_decoder() -> bool:
    """Whether the WebAssembly decoder is installed (`bash tests/system-deps.sh`)."""
    return all((VENDOR_DIR / path).is_file() for path, _ in _VENDOR.values())


class _Bucket:
    """A token bucket: `take()` is False once the phone sends faster than allowed."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


@dataclass
class PhoneRoom:
    """The phones' side of one game: seats, the reader gate, and what each seat's
    phone is told (its own prompt only)."""

    desk: SeatDesk
    gate: PhoneGate
    game: str
    words: dict[str, str]
    codes: list[str]
    players: int = 0
    lang: str = "en"
    #: this seat's own prompt message (None: no decision of this seat is pending)
    prompt_for: Callable[[int], dict[str, Any] | None] = lambda seat: None
    #: this seat's own panel (`panel.py`; None: no panel)
    panel_for: Callable[[int], dict[str, Any] | None] = lambda seat: None
    secure_base: Callable[[], str | None] = lambda: None
    plain_base: Callable[[], str] = lambda: ""
    certificates: Any = None  # a `tls.TableCertificates`, or None without HTTPS
    sockets: dict[int, set[WebSocket]] = field(default_factory=dict)
    sent: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    status_file: Path | None = None  # where `companion readers --reader phone` looks
    game_id: int = 0
    seen: dict[int, str] = field(default_factory=dict)  # seat -> when its phone last came or went
    record_sent: bool = False  # tests keep every text message, to check what each seat got

    # --- to phones ---

    def seat_url(self, seat: int) -> str:
        """The address the seat's join QR carries (plain HTTP: opens anywhere)."""
        return f"{self.plain_base()}/phone?s={self.desk.token(seat)}"

    async def tell(self, seat: int, message: dict[str, Any]) -> None:
        """Send a text message to the phone(s) of one seat, and to no other."""
        if self.record_sent:
            self.sent.append((seat, message))
        data = json.dumps(message, ensure_ascii=False)
        for ws in list(self.sockets.get(seat, ())):
            try:
                await ws.send_text(data)
            except Exception:  # a socket that is closing: its own loop ends it
                self.sockets.get(seat, set()).discard(ws)

    def publish(self, sentences: list[str]) -> None:
        """After each input: every seat's own prompt, and the public sentences (outside
        an event loop, before the server runs, no phone is connected: nothing to do)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        for seat in self.desk.seats:
            if self.sockets.get(seat):
                loop.create_task(self._update(seat, sentences))

    def tell_hint(self, seat: int, sentences: list[str]) -> None:
        """A hint (docs/regicide-hints.md §5): to the asking seat's phone, and to no other."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.create_task(self.tell(seat, {"type": "hint", "sentences": sentences}))

    async def _update(self, seat: int, sentences: list[str]) -> None:
        await self.tell(seat, {"type": "prompt", **(self.prompt_for(seat) or {"text": None})})
        panel = self.panel_for(seat)
        if panel is not None:
            await self.tell(seat, {"type": "panel", **panel})
        if sentences:
            await self.tell(seat, {"type": "say", "sentences": sentences})

    def status(self) -> dict[str, Any]:
        """Which seats have a phone, and which of those are connected now."""
        seats = []
        for seat in self.desk.seats:
            seats.append(
                {
                    "seat": seat,
                    "reader_id": f"{self.gate.reader_id(seat):08X}",
                    "joined": self.desk.holder(seat) is not None,
                    "connected": bool(self.sockets.get(seat)),
                    "since": self.seen.get(seat),
                }
            )
        return {"game_id": self.game_id, "pid": os.getpid(), "seats": seats}

    def changed(self, seat: int) -> None:
        """A phone came or went: note when, and write the status file."""
        self.seen[seat] = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        if self.status_file is None:
            return
        try:
            tmp = self.status_file.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.status(), indent=1) + "\n", encoding="utf-8")
            tmp.replace(self.status_file)
        except OSError as exc:  # the listing is a convenience: the game goes on
            _log.warning("cannot write %s: %s", self.status_file, exc)

    def free(self, seat: int) -> None:
        """The host frees a seat (new token) and its phone is disconnected."""
        self.desk.free(seat)
        for ws in list(self.sockets.get(seat, ())):
            asyncio.get_running_loop().create_task(
                _refuse(
                    ws,
                    self.words,
                    "the host gave this seat to another phone",
                    why="freed",
                    seat=seat,
                )
            )


def refusal(words: dict[str, str], reason: str, **said: Any) -> dict[str, Any]:
    """The `refused` message: `reason` (English), `said` in the page's words (`why` in
    `said` names it: `refused_<why>`, or `closed_<why>` when it may retry after
    `retry_s`), and the word for its link state (a refused page has had no welcome).

    >>> refusal({"refused_taken": "Seat {seat} is taken", "refused": "off"}, "taken",
    ...         why="taken", seat=2)["said"]
    'Seat 2 is taken'
    """
    retry = said.get("retry_s")
    key = ("closed_" if retry else "refused_") + str(said.get("why", ""))
    text = (
        words.get(key, reason).replace("{seat}", str(said.get("seat"))).replace("{s}", str(retry))
    )
    return {"type": "refused", "reason": reason, "final": retry is None, "said": text,
            "words": {"refused": words.get("refused", "refused")}, **said}  # fmt: skip


async def _refuse(
    ws: WebSocket, words: dict[str, str], reason: str, code: int = CLOSE_REFUSED, **said: Any
) -> None:
    """Tell the page why (`refusal`), then close its socket."""
    message = refusal(words, reason, **said)
    try:
        await ws.send_text(json.dumps(message, ensure_ascii=False))
        await ws.close(code=code, reason=reason[:120])
    except Exception:  # already gone
        pass


def same_origin(origin: str, scheme: str, host: str | None) -> bool:
    """Whether a WebSocket's `Origin` is the page this server served: the same host and
    port, and HTTPS for a secure socket (the page moves to HTTPS before it connects).

    >>> same_origin("https://192.168.1.5:8443", "wss", "192.168.1.5:8443")
    True
    >>> same_origin("https://evil.example", "wss", "192.168.1.5:8443")
    False
    >>> same_origin("http://192.168.1.5:8443", "wss", "192.168.1.5:8443")
    False
    """
    parts = urlsplit(origin)
    page_scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    return host is not None and parts.scheme == page_scheme and parts.netloc.lower() == host.lower()


def _asks_panel(text: str | None) -> bool:
    """Whether a text message is the page asking for a panel (`{"type": "panel"}`)."""
    if not text or len(text) > MAX_MESSAGE:
        return False
    try:
        asked = json.loads(text)
    except ValueError:
        return False
    return isinstance(asked, dict) and asked.get("type") == "panel"


def _file(name: str) -> bytes:
    return resources.files("companion.web.static").joinpath(name).read_bytes()


def phone_routes(
    room: PhoneRoom,
    may_view: Callable[[Request], bool],
    may_steer: Callable[[str | None], bool] = lambda token: False,
) -> list[BaseRoute]:
    """The routes of the module docstring, for `build_app` (`may_steer` checks the
    host token, for freeing a seat)."""
    files = {name: _file(name) for name in _STATIC}

    async def page(request: Request) -> Response:
        return Response(files["phone.html"], media_type="text/html", headers=_NO_STORE)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name in _STATIC:
            return Response(files[name], media_type=_STATIC[name], headers=_NO_STORE)
        if name in _VENDOR:
            path, media = _VENDOR[name]
            full = VENDOR_DIR / path
            if not full.is_file():
                return PlainTextResponse(
                    "404: the WebAssembly decoder is not installed (bash tests/system-deps.sh)\n",
                    status_code=404,
                )
            return Response(full.read_bytes(), media_type=media)
        return PlainTextResponse("404\n", status_code=404)

    async def ping(request: Request) -> Response:
        return Response(status_code=204, headers={"Access-Control-Allow-Origin": "*"})

    async def where(request: Request) -> Response:
        return JSONResponse({"secure": room.secure_base()}, headers=_NO_STORE)

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        origin = ws.headers.get("origin")
        if origin is not None and not same_origin(origin, ws.url.scheme, ws.headers.get("host")):
            # Another site's page in a player's browser (cross-site WebSocket hijacking):
            # it gets no seat, whatever token it carries. A reader without a browser
            # sends no Origin and is judged by its token alone.
            await _refuse(
                ws, room.words, f"a page of {origin[:80]} is not this table's", why="origin"
            )
            return
        token = ws.query_params.get("s")
        claim = room.desk.claim(token, ws.query_params.get("p"))
        if claim.seat is None:
            await _refuse(
                ws, room.words, claim.refusal, why=claim.code, seat=room.desk.seat_of(token)
            )
            return
        seat = claim.seat

        async def send(frame: bytes) -> None:
            await ws.send_bytes(frame)

        async def close(reason: str) -> None:
            await _refuse(ws, room.words, reason)

        room.sockets.setdefault(seat, set()).add(ws)
        port = room.gate.open(seat, send, close)
        room.changed(seat)
        bucket = _Bucket(RATE, BURST)
        refused = 0
        try:
            await ws.send_text(json.dumps(_welcome(room, seat), ensure_ascii=False))
            await room._update(seat, [])
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if not bucket.take():
                    await _refuse(ws, room.words, f"too many messages: at most {RATE:g} a second",
                                  CLOSE_POLICY, why="flood", retry_s=RETRY_AFTER_S)  # fmt: skip
                    return
                data = message.get("bytes")
                problem: str | None
                if data is None and _asks_panel(message.get("text")):
                    asked = json.loads(message["text"]).get("seat", seat)
                    if asked == seat:
                        await room._update(seat, [])
                        continue
                    said = refusal(room.words, f"seat {seat}'s phone asked for seat {asked}'s panel",
                                   why="panel_other", final=False)  # fmt: skip
                    await ws.send_text(json.dumps(said, ensure_ascii=False))
                    continue
                if data is None:
                    problem = "a phone sends protocol frames (binary), not text"
                elif len(data) > MAX_MESSAGE:
                    problem = f"a message of {len(data)} bytes; at most {MAX_MESSAGE}"
                else:
                    problem = port.receive(data)
                if problem is not None:
                    refused += 1
                    if refused >= MAX_REFUSED:
                        await _refuse(ws, room.words, f"{refused} refused messages: {problem}",
                                      CLOSE_POLICY, why="garbage", retry_s=RETRY_AFTER_S)  # fmt: skip
                        return
                    said = refusal(room.words, problem, why="frame", final=False)
                    await ws.send_text(json.dumps(said, ensure_ascii=False))
        except WebSocketDisconnect:
            return
        finally:
            room.sockets.get(seat, set()).discard(ws)
            port.closed()
            room.changed(seat)

    async def photo(request: Request) -> Response:
        claim = room.desk.seat_of(request.query_params.get("s"))
        phone = request.query_params.get("p")
        if claim is None or phone is None or room.desk.holder(claim) != phone:
            return JSONResponse(
                {"error": "this seat link is wrong or has expired"}, status_code=403
            )
        try:  # the declared length is bounded by `limits.BodyLimit`; a chunked one here
            body = await read_body(request, MAX_PHOTO_BYTES)
        except LimitError as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        try:
            texts = await asyncio.to_thread(decode_photo, body)
        except PhotoError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        return JSONResponse({"codes": texts})

    async def free(request: Request) -> Response:
        if not may_steer(request.headers.get("x-host-token")):
            return JSONResponse({"error": "this needs the host token"}, status_code=403)
        try:
            body = await read_json(request)
            seat = body["seat"]
            room.free(seat)
        except LimitError as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        except (ValueError, TypeError, KeyError):
            seats = room.desk.seats
            return JSONResponse(
                {"error": f'expected {{"seat": N}} with N one of {seats}'}, status_code=400
            )
        return JSONResponse({"seat": seat, "url": room.seat_url(seat)})

    async def ca_page(request: Request) -> Response:
        return Response(_ca_guide(room), media_type="text/html", headers=_NO_STORE)

    async def ca_file(request: Request) -> Response:
        certs = room.certificates
        if certs is None:
            return PlainTextResponse("404: this table does not serve HTTPS\n", status_code=404)
        if request.url.path.endswith(".mobileconfig"):
            return Response(certs.ca_profile(), media_type="application/x-apple-aspen-config",
                            headers={"Content-Disposition": 'attachment; filename="table-companion.mobileconfig"'})  # fmt: skip
        return Response(certs.ca_der(), media_type="application/x-x509-ca-cert",
                        headers={"Content-Disposition": 'attachment; filename="table-companion-ca.crt"'})  # fmt: skip

    async def join(request: Request) -> Response:
        if not may_view(request):
            return PlainTextResponse("403: this table needs its access token\n", status_code=403)
        given = request.query_params.get("t")
        response = Response(_join_page(room, given), media_type="text/html", headers=_NO_STORE)
        if given:  # as the table view does: the TV needs the token once
            response.set_cookie(VIEW_COOKIE, given, httponly=True, samesite="strict")
        return response

    async def seat_qr(request: Request) -> Response:
        if not may_view(request):
            return PlainTextResponse("403: this table needs its access token\n", status_code=403)
        seat = int(request.path_params["seat"])
        if seat not in room.desk.seats:
            return PlainTextResponse("404\n", status_code=404)
        return Response(qr_svg(room.seat_url(seat)), media_type="image/svg+xml", headers=_NO_STORE)

    return [
        Route("/phone", page),
        Route("/phone/static/{name}", static),
        Route("/phone/ping", ping),
        Route("/phone/where", where),
        WebSocketRoute("/phone/ws", socket),
        Route(PHOTO_ROUTE, photo, methods=["POST"]),
        Route("/phone/free", free, methods=["POST"]),
        Route("/ca", ca_page),
        Route("/ca.crt", ca_file),
        Route("/ca.mobileconfig", ca_file),
        Route("/join", join),
        Route("/join/{seat:int}.svg", seat_qr),
    ]


def phones_status_file(db: Path) -> Path:
    """The file a game with phones keeps its seats' phones in, beside its database."""
    return Path(db).expanduser().resolve().parent / "phones.json"


def seats_file(db: Path) -> Path:
    """The file a game with phones keeps its seat tokens in, beside its database."""
    return Path(db).expanduser().resolve().parent / "phone-seats.json"


def hint_code(game: str) -> str | None:
    """The HINT command label's code, which the page's HINT button sends (Regicide only)."""
    if game != "regicide":
        return None
    from companion import codes

    return next(r.code for r in codes.codebook().all_codes("commands") if r.text == "hint")


def game_codes(game: str) -> list[str]:
    """The codes of every card a game uses (a phone refuses any other label itself)."""
    from companion import codes

    book = codes.codebook()
    sets = ["poker"] if game == "regicide" else [s for s in book.set_names() if s != "poker"]
    if "custom" in book.set_names() and "custom" not in sets:
        sets.append("custom")
    return sorted({ref.code for name in sets for ref in book.all_codes(name)})


def seat_prompt(
    prompt: dict[str, Any] | None, seat: int, say: Callable[[dict[str, Any]], str]
) -> dict[str, Any] | None:
    """What seat `seat`'s phone is shown of the pending decision: its sentence when the
    decision is this seat's (alone, or among `seats` when nobody is named), with the
    options only when they are this seat's own (a private prompt's cards included);
    None for a decision of another seat."""
    if prompt is None:
        return None
    owner = prompt.get("seat")
    if owner != seat and not (owner is None and seat in (prompt.get("seats") or ())):
        return None
    out: dict[str, Any] = {"seat": seat, "kind": prompt.get("kind"), "text": say(prompt)}
    if owner == seat and isinstance(prompt.get("options"), list):
        out["options"] = [str(o) for o in prompt["options"]]
    return out


def room_for(session: Any, gate: PhoneGate, *, certificates: Any = None) -> PhoneRoom:
    """The phones' room of a `companion.game.Session`: seat tokens for `gate`'s seats,
    words in the session's language, and after every input each seat's own prompt."""
    from companion.web.labels import phone_words
    from companion.web.panel import seat_panel

    narrator = session.narrator
    state = session.state()
    room = PhoneRoom(
        desk=SeatDesk(  # the tokens kept beside the log: `companion resume` keeps the links
            gate.readers,  # type: ignore[attr-defined]
            store=seats_file(Path(session.log.path)),
            game=session.game_id,
        ),
        gate=gate,
        game=str(state.get("game", "sanguosha")),
        words=phone_words(narrator.lang),
        codes=game_codes(str(state.get("game", "sanguosha"))),
        players=len(state.get("seats") or state.get("hands") or [])
        or int(state.get("players") or 0),
        certificates=certificates,
    )
    room.lang = narrator.lang
    room.game_id = session.game_id
    room.status_file = phones_status_file(Path(session.log.path))

    def prompt_for(seat: int) -> dict[str, Any] | None:
        now = session.state()
        return seat_prompt(session.table.prompt(), seat, lambda p: narrator.prompt(p, now))

    room.prompt_for = prompt_for
    room.panel_for = lambda seat: seat_panel(session, seat, narrator.lang)
    session.subscribe(lambda update: room.publish(list(update.sentences)))
    session.subscribe_private(room.tell_hint)
    return room


def _welcome(room: PhoneRoom, seat: int) -> dict[str, Any]:
    return {
        "type": "welcome",
        "seat": seat,
        "reader_id": room.gate.reader_id(seat),  # the id the gate checks HELLOs against
        "players": room.players,
        "lang": room.lang,
        "game": room.game,
        "words": room.words,
        "codes": room.codes,
        "hint_code": hint_code(room.game),
        "secure": room.secure_base(),
        "decoder": vendored_decoder(),
    }


def _ca_guide(room: PhoneRoom) -> bytes:
    w = room.words
    secure = room.secure_base() or ""
    body = f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(w["ca_title"])}</title>
<style>body{{font:18px/1.5 system-ui,sans-serif;margin:1.2em;max-width:40em}}
a.button{{display:block;padding:.8em;margin:.6em 0;background:#2a6;color:#fff;text-align:center;
border-radius:.5em;text-decoration:none}}</style></head><body>
<h1>{html.escape(w["ca_title"])}</h1>
<p>{html.escape(w["ca_why"])}</p>
<h2>iPhone, iPad</h2>
<a class="button" href="/ca.mobileconfig">{html.escape(w["ca_ios_button"])}</a>
<p>{html.escape(w["ca_ios_steps"])}</p>
<h2>Android</h2>
<a class="button" href="/ca.crt">{html.escape(w["ca_android_button"])}</a>
<p>{html.escape(w["ca_android_steps"])}</p>
<p>{html.escape(w["ca_after"])} <code>{html.escape(secure)}</code></p>
<p>{html.escape(w["ca_remove"])}</p>
</body></html>"""
    return body.encode()


def _join_page(room: PhoneRoom, token: str | None) -> bytes:
    """One QR code per free seat, each as large as fits with all of them on the screen
    (a row of up to 5, then more rows; the size from the screen's width and height)."""
    w = room.words
    free = room.desk.free_seats()
    query = f"?t={html.escape(token)}" if token else ""
    cells = "".join(
        f'<figure><img src="/join/{s}.svg{query}" alt="seat {s}"><figcaption>'
        f"{html.escape(w['seat'])} {s}</figcaption></figure>"
        for s in free
    )
    if not free:
        cells = f"<p>{html.escape(w['all_seats_taken'])}</p>"
    columns = max(1, min(5, len(free)))
    rows = -(-len(free) // columns) or 1
    # each code: its share of the width, and of the height below the title (5em of
    # title, caption and margins per row): the smaller of the two
    side = (
        f"min(calc((100vw - {columns * 2 + 2}em) / {columns}), calc((100vh - 5em) / {rows} - 3em))"
    )
    body = f"""<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="3">
<title>{html.escape(w["join_title"])}</title>
<style>body{{font:20px system-ui,sans-serif;background:#111;color:#eee;margin:.5em 1em;overflow:hidden}}
h1{{font-size:1.3em;margin:.2em 0 .4em}}
main{{display:flex;flex-wrap:wrap;justify-content:center}}
figure{{margin:0 1em .2em 0;text-align:center}}
figcaption{{font-size:1.2em}}
img{{display:block;width:{side};height:{side};background:#fff;padding:.3em;box-sizing:border-box}}</style>
</head><body>
<h1>{html.escape(w["join_title"])}</h1><main>{cells}</main></body></html>"""
    return body.encode()
