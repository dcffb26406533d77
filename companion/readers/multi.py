"""Several reader sources as one: ``--reader scanner:/dev/ttyACM0@1,pcsc:ACR122@2``.

A table may mix kinds of readers (a scanner at one seat, an NFC reader at another,
our readers elsewhere); the hub takes one source, so this one runs them all: started
in order, discovering side by side, stopped in reverse order.
"""

from __future__ import annotations

import asyncio
import contextlib

from companion.readers.base import FoundHandler, ReaderSource

__all__ = ["MultiSource"]


class MultiSource(ReaderSource):
    """The readers of every part (each a `ReaderSource`), reported as one source."""

    def __init__(self, parts: list[ReaderSource]) -> None:
        if not parts:
            raise ValueError("MultiSource needs at least one source")
        self.parts = parts
        self._started: list[ReaderSource] = []

    def describe(self) -> str:
        return "; ".join(part.describe() for part in self.parts)

    async def start(self) -> None:
        for part in self.parts:
            try:
                await part.start()
            except BaseException:
                await part.stop()
                await self.stop()
                raise
            self._started.append(part)

    async def stop(self) -> None:
        started, self._started = self._started, []
        for part in reversed(started):
            with contextlib.suppress(Exception):
                await part.stop()

    async def discover(self, on_found: FoundHandler) -> None:
        # The first part whose discovery fails ends them all, with its own exception.
        tasks = [
            asyncio.create_task(part.discover(on_found), name=f"discover {part.describe()}")
            for part in self.parts
        ]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            for task in done:
                task.result()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
