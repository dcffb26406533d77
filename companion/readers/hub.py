"""`ReaderHub`: many readers, one ordered stream of inputs, exactly once per reader.

The hub composes a `ReaderSource` (which finds readers) with one `_Link` per reader
device. A link connects (one connect at a time across the hub, retried with
backoff), learns who the reader is from its HELLO, and then feeds every frame to that
reader's `firmware_protocol.HostSession`, which decides what is delivered, dropped
or asked for again (SPEC.md sections 4 and 7). Sessions are kept by reader id, so a
reader that comes back on a new link (or after the hub was restarted with
`HubOptions.resume`) continues exactly where it was.

Acknowledgement belongs to the consumer: it calls `ack(reader_id, seq, epoch=...)`
once an input is durably stored, and only then may the reader forget it. A crash
between delivery and storage therefore replays the input instead of losing it.

Frames are handled synchronously in the transport's callback (decode, session,
enqueue), so the hub adds microseconds to a notification; writes go through one
writer task per link, in order.

Trust (`HubOptions.trust`, else the source's own; a `base.ReaderPolicy`): a reader the
policy does not admit is reported (`ReaderIgnored`, NOT_PAIRED) and never connected;
one whose HELLO announces an id its bond does not belong to is dropped with a warning.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from typing import Any

from companion.readers._link import _Known, _Link
from companion.readers.base import IgnoreReason, Reader, ReaderSource, ReaderUnavailable
from companion.readers.events import (
    HubEvent,
    HubOptions,
    ReaderIgnored,
    ReaderInput,
    ReaderStatus,
)
from firmware_protocol import MAX_SEAT, Feedback, SetSeat
from firmware_protocol.seqnum import HALF_WINDOW, seq_add, seq_distance
from firmware_protocol.session import HostSession

__all__ = ["ReaderHub"]

_log = logging.getLogger(__name__)

CANCEL_REPEAT_S = 0.5
"""How long `close` lets a cancelled task take before cancelling it again."""
CANCEL_TRIES = 10
"""How many times `close` cancels a task before it leaves it behind (with a warning)."""


async def _cancel_all(tasks: list[asyncio.Task[None]]) -> None:
    """Cancel `tasks` and wait until they have ended, cancelling again those that go
    on: a library may swallow a cancellation (Python 3.11's `asyncio.wait_for`, which
    bumble's `Device.connect` uses, returns the result when its future completes as
    the cancellation comes), and the task then runs on, say into a new connection's
    wait for the link to drop; waiting for it would hang the process at exit."""
    pending = set(tasks)
    for tried in range(CANCEL_TRIES):
        if not pending:
            break
        if tried:
            _log.debug("cancelling again: %s", ", ".join(t.get_name() for t in pending))
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=CANCEL_REPEAT_S)
    for task in pending:
        _log.warning("task %s did not end when cancelled; left behind", task.get_name())
    for task in tasks:
        if task.done() and not task.cancelled() and task.exception() is not None:
            _log.debug("task %s ended with %r", task.get_name(), task.exception())


class ReaderHub:
    """Holds up to `max_readers` readers and yields their inputs (async context manager).

        async with ReaderHub(source, HubOptions()) as hub:
            async for event in hub:
                if isinstance(event, ReaderInput):
                    store(event)
                    await hub.ack(event.reader_id, event.seq, epoch=event.epoch)

    Raises (from iteration):
        ReaderUnavailable: discovery itself failed (no adapter, no port).
    """

    def __init__(self, source: ReaderSource, options: HubOptions | None = None) -> None:
        self._source = source
        self.options = options or HubOptions()
        self._events: asyncio.Queue[HubEvent | BaseException] = asyncio.Queue()
        self._links: dict[str, _Link] = {}
        self._known: dict[int, _Known] = {}
        self._ignored: set[str] = set()
        self._seats: dict[int, int] = dict(self.options.seats)
        self.connect_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[None]] = set()
        self._running = False
        #: Which readers may be used (None: all).
        self.trust = self.options.trust or source.trust

    # --- lifecycle ------------------------------------------------------------------

    async def __aenter__(self) -> ReaderHub:
        await self._source.start()
        self._running = True
        self._spawn(self._discover(), "discovery")
        self._spawn(self._ticker(), "ticker")
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        """Stop discovery and every link, disconnect the readers, release the source."""
        if not self._running:
            return
        self._running = False
        await _cancel_all(list(self._tasks))
        for link in list(self._links.values()):
            await link.reader.disconnect()
        await self._source.stop()

    def _spawn(self, coro: Coroutine[Any, Any, None], name: str) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _discover(self) -> None:
        try:
            await self._source.discover(self._on_found)
        except ReaderUnavailable as exc:
            self._events.put_nowait(exc)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug in a source: report it, do not hang the consumer
            _log.exception("reader discovery failed")
            self._events.put_nowait(ReaderUnavailable(self._source.describe(), repr(exc)))

    def _on_found(self, reader: Reader) -> None:
        if reader.address in self._links or reader.address in self._ignored:
            return
        if self.trust is not None:
            decision = self.trust.admit(reader)
            if not decision.use:
                self._ignore(reader, decision.reason, decision.because)
                return
            reader.set_pairing(decision.may_pair)
        if len(self._links) >= self.options.max_readers:
            self._ignore(reader, f"the hub already holds {self.options.max_readers} readers")
            return
        link = _Link(self, reader)
        self._links[reader.address] = link
        self._spawn(link.run(), f"reader {reader.address}")

    def _ignore(
        self, reader: Reader, reason: str, because: IgnoreReason = IgnoreReason.OTHER
    ) -> None:
        self._ignored.add(reader.address)
        # A stranger's reader in range is ordinary; anything else deserves a warning.
        level = logging.INFO if because is IgnoreReason.NOT_PAIRED else logging.WARNING
        _log.log(level, "ignoring %s (%s): %s", reader.name, reader.address, reason)
        self.emit(ReaderIgnored(reader.address, reader.name, reason, because, reader.rssi))

    async def _ticker(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.options.tick_interval)
            now = loop.time()
            for link in list(self._links.values()):
                link.tick(now)

    # --- the consumer's side -----------------------------------------------------------

    def emit(self, event: HubEvent) -> None:
        self._events.put_nowait(event)

    def __aiter__(self) -> AsyncIterator[HubEvent]:
        return self

    async def __anext__(self) -> HubEvent:
        return await self.next_event()

    def pending(self) -> int:
        """Events emitted and not yet taken by the consumer. Frames are turned into
        events as they are read, so once a link has closed and this is 0, the consumer
        has taken everything that link delivered (the barrier a test of "nothing
        arrived" waits on, instead of a sleep)."""
        return self._events.qsize()

    async def next_event(self, timeout: float | None = None) -> HubEvent:
        """The next event, waiting at most `timeout` seconds (None: forever).

        Raises:
            TimeoutError: nothing arrived in time.
            ReaderUnavailable: discovery failed.
        """
        async with asyncio.timeout(timeout):
            item = await self._events.get()
        if isinstance(item, BaseException):
            raise item
        if self.options.auto_ack and isinstance(item, ReaderInput):
            self._want_ack(item.reader_id, item.seq, item.epoch)
        return item

    async def ack(self, reader_id: int, seq: int, *, epoch: int | None = None) -> None:
        """The consumer has durably stored every input of `reader_id` up to `seq`.

        Pass the input's `epoch`: an acknowledgement for an epoch the reader has since
        left (it rebooted) is ignored rather than applied to the new one.

        Raises:
            KeyError: no such reader.
            ValueError: `seq` was never delivered in the reader's current epoch.
        """
        self._want_ack(reader_id, seq, epoch)

    def _want_ack(self, reader_id: int, seq: int, epoch: int | None) -> None:
        if self.options.read_only:
            raise ValueError("this hub is read-only: it acknowledges nothing")
        known = self._known[reader_id]
        if epoch is not None and epoch != known.session.epoch:
            _log.debug("reader %08X: ack for old epoch %08X ignored", reader_id, epoch)
            return
        if known.delivered is None or 0 < seq_distance(known.delivered, seq) < HALF_WINDOW:
            raise ValueError(f"reader {reader_id:08X} has not delivered seq {seq}")
        if known.acked is not None and seq_distance(seq, known.acked) < HALF_WINDOW:
            return  # that far is acknowledged already
        known.ack_due = seq
        if known.link is not None:
            known.link.wake()

    async def feedback(self, reader_id: int, feedback: Feedback) -> bool:
        """Show `feedback` (LED, buzzer) on a reader; False if it is not connected now.

        Raises:
            KeyError: no such reader.
        """
        link = self._known[reader_id].link
        if link is None:
            return False
        return await link.send(feedback)

    def bind_seat(self, reader_id: int, seat: int) -> None:
        """Bind a reader (by id, seen or not yet) to a seat (0 = shared); the reader is
        told with SET_SEAT, now or when it connects.

        Raises:
            ValueError: not a seat, or another reader holds it.
        """
        if not 0 <= seat <= MAX_SEAT:
            raise ValueError(f"seat must be 0..{MAX_SEAT}, got {seat}")
        for other, taken in self._seats.items():
            if seat and taken == seat and other != reader_id:
                raise ValueError(f"seat {seat} is already bound to reader {other:08X}")
        self._seats[reader_id] = seat
        known = self._known.get(reader_id)
        if known is not None:
            known.seat = seat
            if known.link is not None:
                known.link.queue(SetSeat(seat))

    def status(self) -> list[ReaderStatus]:
        """Every reader heard from, in the order they first answered."""
        out = []
        for known in self._known.values():
            link = known.link
            out.append(
                ReaderStatus(
                    reader_id=known.reader_id,
                    name=known.name,
                    address=known.address,
                    seat=known.seat,
                    connected=link is not None,
                    epoch=known.session.epoch,
                    battery=known.battery,
                    rssi=link.reader.rssi if link is not None else None,
                    last_event=known.last_event,
                    last_event_at=known.last_event_at,
                    reported=known.reported,
                )
            )
        return out

    # --- used by links (`_link._LinkOwner`) ----------------------------------------------

    def bound_seat(self, reader_id: int) -> int | None:
        return self._seats.get(reader_id)

    def refuse(self, link: _Link, reason: str, because: IgnoreReason) -> None:
        self._links.pop(link.reader.address, None)
        self._ignore(link.reader, reason, because)

    def session_for(self, reader_id: int) -> _Known:
        known = self._known.get(reader_id)
        if known is None:
            options = self.options
            point = options.resume.get(reader_id)
            session = HostSession(
                point.epoch if point else None,
                point.next_seq if point else 0,
                retry_interval=options.retry_interval,
                probe_interval=options.probe_interval,
            )
            known = _Known(reader_id, session, self._seats.get(reader_id, 0), point is not None)
            if point is not None and point.next_seq != 0 and not options.read_only:
                # Stored but maybe never acknowledged before the crash: say so once the
                # HELLO confirms the epoch (a reboot clears this).
                known.delivered = known.ack_due = seq_add(point.next_seq, -1)
            self._known[reader_id] = known
        return known
