"""The table view's source of truth: the latest public state, the narration log and
the history, and the fan-out of each update to every connected page.

Theory of operation. The session calls `observe(update)` (or anything else calls
`publish(view, sentences, events)`) synchronously, after each input, inside the game
loop. That call must be cheap and must never wait for a browser: it projects the
view to its public fields (`public.py`), records the history, encodes the update
once as a server-sent-event frame and puts that same frame on every client's queue.
A client whose queue is full (a phone asleep on the Wi-Fi) is dropped rather than
waited for; its browser reconnects by itself and starts again from a snapshot.

Only three things ever leave this module: the public state, the narration sentences
(already written from public events) and the summary (public figures). The engine's
events are read for the summary and then forgotten; they are never forwarded.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import deque
from collections.abc import Iterable
from typing import Any

from companion.web.public import public_state
from companion.web.summary import GameHistory

__all__ = ["Client", "TableFeed"]

LOG_LINES = 200
"""Narration sentences kept for a page that connects mid-game."""

QUEUE_FRAMES = 256
"""Updates a slow client may fall behind by before it is dropped (it reconnects)."""


def encode_frame(kind: str, payload: dict[str, Any]) -> bytes:
    """One server-sent event: `event: kind` and the payload as one line of JSON.

    >>> encode_frame("update", {"seq": 1})
    b'event: update\\ndata: {"seq":1}\\n\\n'
    """
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"event: {kind}\ndata: {data}\n\n".encode()


class Client:
    """One connected page: a bounded queue of encoded frames (None closes it)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue(QUEUE_FRAMES)
        self.dropped = False


class TableFeed:
    """Public state, narration log and history of one game, fanned out to pages."""

    def __init__(self, initial_view: dict[str, Any], *, lang: str) -> None:
        self.lang = lang
        self.game = str(initial_view.get("game", "sanguosha"))
        self.state = public_state(initial_view)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.history = GameHistory()
        self.history.record(self.state, [])
        self.seq = 0
        self._clients: set[Client] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: int | None = None

    # --- the session side ---

    def observe(self, update: Any) -> None:
        """A `companion.game.Session` observer: publish one `Update`."""
        events = update.outcome.events if update.outcome is not None else []
        self.publish(update.state, update.sentences, events)

    def publish(
        self, view: dict[str, Any], sentences: Iterable[str], events: Iterable[dict[str, Any]]
    ) -> None:
        """Take one input's new public view, its sentences and its events; send the
        update to every connected page. Safe to call from another thread."""
        state = public_state(view)
        sentences = [str(s) for s in sentences]
        self.history.record(state, list(events))
        self.state = state
        self.log.extend(sentences)
        self.seq += 1
        payload: dict[str, Any] = {"seq": self.seq, "state": state, "sentences": sentences}
        if state.get("status") == "over":
            payload["summary"] = self.history.summary(state)
        self._send(encode_frame("update", payload))

    # --- the page side ---

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Deliver to clients on `loop` (the server's); publishing from another thread
        then hops onto it."""
        self._loop = loop
        self._thread = threading.get_ident()

    def snapshot(self) -> dict[str, Any]:
        """Everything a page needs when it connects: state, recent narration, summary."""
        out: dict[str, Any] = {"seq": self.seq, "state": self.state, "log": list(self.log)}
        if self.state.get("status") == "over":
            out["summary"] = self.history.summary(self.state)
        return out

    def connect(self) -> Client:
        client = Client()
        self._clients.add(client)
        return client

    def disconnect(self, client: Client) -> None:
        self._clients.discard(client)

    @property
    def clients(self) -> int:
        return len(self._clients)

    def close(self) -> None:
        """End every client's stream (the server is stopping)."""
        self._call(self._close_all)

    def _close_all(self) -> None:
        for client in list(self._clients):
            self._end(client)

    def _send(self, frame: bytes) -> None:
        self._call(self._fan_out, frame)

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is None or threading.get_ident() == self._thread:
            fn(*args)
        elif not loop.is_closed():
            loop.call_soon_threadsafe(fn, *args)

    def _fan_out(self, frame: bytes) -> None:
        for client in list(self._clients):
            try:
                client.queue.put_nowait(frame)
            except asyncio.QueueFull:
                client.dropped = True
                self._end(client)

    def _end(self, client: Client) -> None:
        self._clients.discard(client)
        while True:  # make room for the closing None
            try:
                client.queue.put_nowait(None)
                return
            except asyncio.QueueFull:
                client.queue.get_nowait()
