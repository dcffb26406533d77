"""What a simulated reader's link fronts share (`ble_front.py`, `serial_front.py`): the
host's commands handled one at a time, and the way back into range after a while.

A front receives a command in a callback that must not wait (a GATT write, bytes on the
pty): it is queued at once and handled in order on a task of its own, where a bug in the
reader logic is logged and never kills the reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

__all__ = ["CommandLoop", "ReturnTimer"]

_log = logging.getLogger(__name__)


class CommandLoop:
    """The host's commands to one reader, handled by `handle` in the order they came."""

    def __init__(self, reader_name: str, handle: Callable[[bytes], Awaitable[None]]) -> None:
        self._reader_name = reader_name
        self._handle = handle
        self._queue: asyncio.Queue[bytes] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def put(self, data: bytes) -> None:
        """Queue a command (from a callback: it does not wait)."""
        self._queue.put_nowait(data)

    def start(self, task_name: str) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=task_name)

    async def _run(self) -> None:
        while True:
            data = await self._queue.get()
            try:
                await self._handle(data)
            except Exception:  # a bug in the reader logic must not kill the reader
                _log.exception("%s: handling a command failed", self._reader_name)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


class ReturnTimer:
    """A reader gone out of range that comes back by itself after a while."""

    def __init__(self, back: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self._back = back
        self._handle: asyncio.TimerHandle | None = None

    def set(self, seconds: float | None) -> None:
        """Come back in `seconds` (None: only when told), instead of any earlier return."""
        self.cancel()
        if seconds is not None:
            loop = asyncio.get_running_loop()
            self._handle = loop.call_later(seconds, lambda: loop.create_task(self._back()))

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
