"""Several reader sources as one, for a mixed table: `--reader phone --reader ble`, or
one spec joined by commas, `--reader scanner:/dev/ttyACM0@1,pcsc:ACR122@2`.

`MixedSource` starts every source in order (if one fails, those started are stopped
again, in reverse order), runs their discoveries side by side (the first that fails
ends them all, with its own exception) and hands the hub each reader found; its
`trust` asks, for each reader, the policy of the source that found it (a phone's seat
token already admitted it: no policy; a BLE reader: the allowlist). So one hub, one
ordered stream of inputs, exactly once per reader, whatever mix of transports the
table has. Both spellings of a mixed table come here (`spec.open_reader` for commas,
the game runner for repeated `--reader`).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

from companion.readers.base import (
    Decision,
    FoundHandler,
    Reader,
    ReaderPolicy,
    ReaderSource,
    ReaderUnavailable,
)

__all__ = ["MixedSource"]


class _PerSource:
    """A `ReaderPolicy` that asks the policy of the source each reader came from."""

    def __init__(self, owner: MixedSource) -> None:
        self._owner = owner

    def _policy(self, reader: Reader) -> ReaderPolicy | None:
        return self._owner._policy_of.get(reader.address)

    def admit(self, reader: Reader) -> Decision:
        policy = self._policy(reader)
        return Decision(True) if policy is None else policy.admit(reader)

    def check_hello(self, reader: Reader, reader_id: int) -> Decision:
        policy = self._policy(reader)
        return Decision(True) if policy is None else policy.check_hello(reader, reader_id)


class MixedSource(ReaderSource):
    """`sources` as one source: each given with the policy its readers answer to
    (None: the source's own `trust`, which may be None too: every reader is used)."""

    def __init__(self, sources: Sequence[tuple[ReaderSource, ReaderPolicy | None]]) -> None:
        if not sources:
            raise ValueError("a mixed source needs at least one source")
        self.sources = [(s, p if p is not None else s.trust) for s, p in sources]
        #: The sources alone, in order.
        self.parts = [source for source, _ in self.sources]
        self._policy_of: dict[str, ReaderPolicy | None] = {}
        self._started: list[ReaderSource] = []
        self._trust = _PerSource(self)

    def describe(self) -> str:
        return "; ".join(source.describe() for source, _ in self.sources)

    @property
    def trust(self) -> ReaderPolicy:
        return self._trust

    async def start(self) -> None:
        for source in self.parts:
            try:
                await source.start()
            except BaseException:
                with contextlib.suppress(Exception):  # what it opened before failing
                    await source.stop()
                await self.stop()
                raise
            self._started.append(source)

    async def stop(self) -> None:
        while self._started:
            with contextlib.suppress(Exception):
                await self._started.pop().stop()

    async def check(self) -> None:
        for source in self.parts:
            await source.check()

    async def discover(self, on_found: FoundHandler) -> None:
        async def one(source: ReaderSource, policy: ReaderPolicy | None) -> None:
            def found(reader: Reader) -> object:
                self._policy_of[reader.address] = policy
                return on_found(reader)

            await source.discover(found)  # type: ignore[arg-type]

        try:
            async with asyncio.TaskGroup() as group:
                for source, policy in self.sources:
                    group.create_task(one(source, policy))
        except* ReaderUnavailable as failed:  # the hub reports the first source that failed
            raise failed.exceptions[0] from None
