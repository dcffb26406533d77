"""A raw reader of the table view's event stream: every byte the server sends, framed."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class Frame:
    """One server-sent event as it arrived: its bytes, its name and its JSON data."""

    raw: bytes
    event: str
    data: dict[str, Any]


class StreamReader:
    """Collects the frames of one `/events` response, as raw bytes arrive."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []
        self.comments = 0  # keep-alive comments and the retry line
        self._changed = asyncio.Condition()

    async def run(self, response: httpx.Response) -> None:
        buffer = b""
        async for chunk in response.aiter_raw():
            buffer += chunk
            while b"\n\n" in buffer:
                raw, buffer = buffer.split(b"\n\n", 1)
                await self._add(raw + b"\n\n")

    async def _add(self, raw: bytes) -> None:
        lines = raw.decode("utf-8").strip("\n").split("\n")
        if all(line.startswith(":") for line in lines):
            self.comments += 1
            return
        fields = dict(line.split(": ", 1) for line in lines)
        if "event" not in fields:  # `retry: ms`, the reconnection delay
            self.comments += 1
            return
        frame = Frame(raw, fields["event"], json.loads(fields["data"]))
        async with self._changed:
            self.frames.append(frame)
            self._changed.notify_all()

    def last_seq(self) -> int:
        return max((f.data.get("seq", -1) for f in self.frames), default=-1)

    async def until(self, seq: int, timeout: float = 10.0) -> None:
        """Wait until the frame of update `seq` has arrived."""
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(lambda: self.last_seq() >= seq)


@contextlib.asynccontextmanager
async def reading(url: str, **params: str) -> AsyncIterator[StreamReader]:
    """Open `/events` at `url` and read it in the background while the block runs."""
    reader = StreamReader()
    async with (
        httpx.AsyncClient(timeout=httpx.Timeout(10.0, read=None)) as client,
        client.stream("GET", url, params=params) as response,
    ):
        assert response.status_code == 200, response.status_code
        assert response.headers["content-type"].startswith("text/event-stream")
        task = asyncio.create_task(reader.run(response))
        try:
            yield reader
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def leaves(obj: Any) -> Iterator[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from leaves(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from leaves(value)


def keys(obj: Any) -> Iterator[str]:
    """Every object key in a JSON value."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from keys(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from keys(value)
