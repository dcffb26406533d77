"""One reader device as the hub drives it: connect, identify, stream, reconnect.

`_Link` is the hub's per-device supervisor (see `hub.py` for the whole design);
`_Known` is what the hub remembers of a reader by id across its links. A link sees
its hub only through `_LinkOwner`, so that this module does not import the hub.
Private to the package: the public surface is `ReaderHub`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections import deque
from typing import Protocol

from companion.readers.base import IgnoreReason, Reader, ReaderPolicy, ReaderUnavailable
from companion.readers.events import (
    EventsLost,
    HubEvent,
    HubOptions,
    ReaderConnected,
    ReaderDisconnected,
    ReaderInput,
    ReaderRestarted,
)
from firmware_protocol import (
    Ack,
    Battery,
    FrameError,
    FrameReason,
    Hello,
    HelloRequest,
    Message,
    SetSeat,
    decode,
    encode,
)
from firmware_protocol.seqnum import NO_EVENTS, seq_add
from firmware_protocol.session import (
    Deliver,
    Dropped,
    HostEffect,
    HostSession,
    Rebooted,
    Send,
    StatusReport,
)
from firmware_protocol.session import EventsLost as _LostEffect

_log = logging.getLogger("companion.readers.hub")

_Item = bytes | Message | FrameError


@dataclasses.dataclass
class _Known:
    """What the hub remembers of a reader (by id) across its links."""

    reader_id: int
    session: HostSession
    seat: int
    resumed: bool
    link: _Link | None = None
    name: str = ""
    address: str = ""
    battery: int | None = None
    reported: bool = False  # a STATUS arrived (battery and seat are the reader's own)
    delivered: int | None = None  # last seq delivered in the session's epoch
    acked: int | None = None  # last seq acknowledged to the reader in that epoch
    ack_due: int | None = None  # an ACK to send when the link allows
    last_event: Message | None = None
    last_event_at: float | None = None


class _LinkOwner(Protocol):
    """What a link needs of its hub (`ReaderHub` is the one)."""

    options: HubOptions
    trust: ReaderPolicy | None
    connect_lock: asyncio.Lock

    def emit(self, event: HubEvent) -> None:
        """Hand an event to the consumer."""
        ...

    def session_for(self, reader_id: int) -> _Known:
        """The reader's state by id, made on first contact."""
        ...

    def bound_seat(self, reader_id: int) -> int | None:
        """The seat the consumer bound the reader to; None if it bound none."""
        ...

    def refuse(self, link: _Link, reason: str, because: IgnoreReason) -> None:
        """Forget `link` and ignore its device from now on."""
        ...


class _Link:
    """One reader device: connect, identify, stream, reconnect; forever, until cancelled."""

    def __init__(self, hub: _LinkOwner, reader: Reader) -> None:
        self.hub = hub
        self.reader = reader
        self.known: _Known | None = None
        self._outbox: deque[tuple[bytes, asyncio.Future[bool] | None]] = deque()
        self._wake = asyncio.Event()
        self._lost = asyncio.Event()
        # Resolves to the HELLO, or to the exception that ends the wait for it.
        self._hello: asyncio.Future[Hello | Exception] | None = None
        self._early: list[_Item] = []
        self._command_seq = 0
        self._connected = False
        # This connection's HELLO_REQUEST frames, and whether one has gone out: only a
        # HELLO after it answers it (a stale one can come first, see `_before_hello`).
        self._asks: set[bytes] = set()
        self._asked = False
        # Links in a row that ended without a HELLO: each waits twice as long.
        self._silent = 0

    # --- the supervisor -----------------------------------------------------------------

    async def run(self) -> None:
        attempt = 0
        options = self.hub.options
        while True:
            try:
                identified = await self._session_once()
            except asyncio.CancelledError:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise
                # A cancellation nobody asked for (a transport's internals): a failed try.
                _log.warning("%s: link attempt cancelled underneath", self.reader.name)
                identified = False
            except ReaderUnavailable as exc:
                _log.info("%s: %s", self.reader.name, exc.reason)
                identified = False
            except _Refused as exc:
                await self.reader.disconnect()
                self.hub.refuse(self, str(exc), exc.because)
                return
            except Exception:  # a bug must not take the hub down: log, back off, go on
                _log.exception("%s: link failed", self.reader.name)
                identified = False
            await self.reader.disconnect()
            if identified:
                attempt = 0  # it worked: reconnect at once (wait_available paces it)
                continue
            attempt += 1
            await asyncio.sleep(min(options.retry_max, options.retry_initial * 2 ** (attempt - 1)))

    async def _session_once(self) -> bool:
        """One connection: returns True if the reader was identified on it."""
        await self.reader.wait_available()
        self._lost.clear()
        self._early.clear()
        self._fail_outbox()
        self._asks.clear()
        self._asked = False
        self._hello = asyncio.get_running_loop().create_future()
        async with self.hub.connect_lock:
            await self._connect()
        self._connected = True
        writer = asyncio.get_running_loop().create_task(self._writer())
        try:
            known, hello = await self._identify()
            self._attach(known, hello)
            try:
                await self._lost.wait()
            finally:
                self._detach(known, "link lost" if self._lost.is_set() else "closed")
            return True
        finally:
            self._connected = False
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    async def _connect(self) -> None:
        """The transport's connect, abandoned as soon as it reports the link lost.

        A transport may go on after its link went down: bumble sends the next GATT
        request of a service discovery to a connection it no longer knows, and that
        request waits out the 30 s GATT timeout (issue 33, a reader power-cycled as
        the host reconnected). Meanwhile this link holds the hub's connect lock, so no
        other reader could reconnect either. The lost link ends the attempt at once;
        the supervisor retries once the reader advertises again.

        Raises:
            ReaderUnavailable: the link was lost first, or the transport failed.
        """
        attempt = asyncio.ensure_future(self.reader.connect(self._on_frame, self._on_lost))
        lost = asyncio.ensure_future(self._lost.wait())
        try:
            await asyncio.wait((attempt, lost), return_when=asyncio.FIRST_COMPLETED)
        finally:
            lost.cancel()
            if not attempt.done():
                attempt.cancel()
                await asyncio.wait((attempt,))
        if attempt.cancelled():
            raise ReaderUnavailable(self.reader.address, "link lost while connecting")
        attempt.result()

    async def _identify(self) -> tuple[_Known, Hello]:
        options = self.hub.options
        hello_future = self._hello
        assert hello_future is not None
        loop = asyncio.get_running_loop()
        wait = options.hello_timeout * 2 ** min(self._silent, options.hello_tries - 1)
        deadline = loop.time() + wait
        while not hello_future.done():
            self.queue(HelloRequest())
            remaining = deadline - loop.time()
            if remaining <= 0 or self._lost.is_set():
                break
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(min(options.retry_interval, remaining)):
                    await asyncio.shield(hello_future)
        if not hello_future.done():
            if self._lost.is_set():
                raise ReaderUnavailable(self.reader.address, "link lost before HELLO")
            self._silent += 1
            if self.known is None and self._silent >= options.hello_tries:
                raise _Refused(
                    f"no HELLO on {self._silent} links in a row (the last waited {wait:g} s)"
                )
            # A slow reader (a busy machine, a slow link) is not dropped for good: the
            # supervisor reconnects after its backoff, and the next link waits longer.
            raise ReaderUnavailable(self.reader.address, f"no HELLO within {wait:g} s")
        hello = hello_future.result()
        if isinstance(hello, Exception):
            raise hello
        self._silent = 0
        trust = self.hub.trust
        if trust is not None:
            decision = trust.check_hello(self.reader, hello.reader_id)
            if not decision.use:
                raise _Refused(decision.reason, decision.because)
        known = self.hub.session_for(hello.reader_id)
        if known.link is not None and known.link is not self:
            raise _Refused(
                f"reader {hello.reader_id:08X} is already connected via {known.link.reader.address}"
            )
        return known, hello

    def _attach(self, known: _Known, hello: Hello) -> None:
        hub = self.hub
        self.known = known
        known.link = self
        known.name, known.address = self.reader.name, self.reader.address
        bound = hub.bound_seat(known.reader_id)
        known.seat = hello.seat if bound is None else bound
        session = known.session
        now = asyncio.get_running_loop().time()
        first_contact = session.epoch is None
        session.connected(now)
        hub.emit(
            ReaderConnected(
                known.reader_id,
                known.seat,
                self.reader.address,
                self.reader.name,
                hello.epoch,
                kind=self.reader.kind,
            )  # fmt: skip
        )
        early, self._early = self._early, []
        for item in early:
            self._apply(session.receive(item, now))
        if (
            first_contact
            and not known.resumed
            and hello.last_seq != NO_EVENTS
            and not hub.options.read_only
        ):
            # A reader never heard from: the session skipped its history (it predates
            # us); acknowledge it so the reader's buffer empties.
            known.acked = hello.last_seq
            self.queue(Ack(hello.last_seq))
        elif known.acked is not None and known.ack_due is None and not hub.options.read_only:
            # SPEC.md section 4: the last ACK may have gone into the dying link (a page
            # reloaded as it came): repeat it once, or the reader holds those events.
            known.ack_due = known.acked
        if bound is not None and bound != hello.seat:
            self.queue(SetSeat(bound))
        self.wake()

    def _detach(self, known: _Known, reason: str) -> None:
        if known.link is self:
            known.link = None
        self.hub.emit(ReaderDisconnected(known.reader_id, known.seat, reason))

    # --- frames in -------------------------------------------------------------------

    def _on_frame(self, item: _Item) -> None:
        try:
            known = self.known
            if known is None or known.link is not self:
                self._before_hello(item)
                return
            self._apply(known.session.receive(item, asyncio.get_running_loop().time()))
        except Exception:  # a bug here must not break the transport's callback chain
            _log.exception("%s: handling a frame failed", self.reader.name)

    def _before_hello(self, item: _Item) -> None:
        hello = self._hello
        if hello is None or hello.done():
            self._early.append(item)
            return
        message: Message | FrameError
        if isinstance(item, (bytes, bytearray, memoryview)):
            try:
                message = decode(bytes(item))
            except FrameError as exc:
                message = exc
        else:
            message = item
        if isinstance(message, Hello):
            if not self._asked:
                # Not an answer: nothing was asked yet on this connection. On BlueZ the
                # first notification after a reader rebooted once carried the previous
                # boot's HELLO; taken as this link's, it would name a stale epoch.
                _log.debug("%s: a HELLO before our HELLO_REQUEST: dropped", self.reader.name)
                return
            self._early.append(item)
            hello.set_result(message)
        elif (
            isinstance(message, FrameError)
            and message.reason is FrameReason.UNSUPPORTED_VERSION
            and self.known is None
        ):
            hello.set_result(_Refused(f"unsupported protocol: {message.detail}"))
        # anything else before HELLO is dropped; the HELLO's last_seq brings it back

    def _on_lost(self) -> None:
        self._lost.set()
        self._connected = False
        hello = self._hello
        if hello is not None and not hello.done():
            hello.set_result(ReaderUnavailable(self.reader.address, "link lost before HELLO"))

    def _apply(self, effects: list[HostEffect]) -> None:
        known = self.known
        assert known is not None
        hub = self.hub
        for effect in effects:
            if isinstance(effect, Deliver):
                event = effect.event
                known.delivered = event.seq
                known.last_event = event
                known.last_event_at = asyncio.get_running_loop().time()
                if isinstance(event, Battery):
                    known.battery = event.percent
                epoch = known.session.epoch or 0
                hub.emit(ReaderInput(known.reader_id, known.seat, event, epoch, event.seq))
            elif isinstance(effect, Send):
                self._queue_frame(encode(effect.command))
            elif isinstance(effect, StatusReport):
                status = effect.status
                known.battery = None if status.battery == 255 else status.battery
                known.reported = True
                if hub.bound_seat(known.reader_id) is None:
                    known.seat = status.seat
            elif isinstance(effect, Rebooted):
                known.delivered = known.acked = known.ack_due = None
                _log.warning("reader %08X restarted", known.reader_id)
                hub.emit(
                    ReaderRestarted(known.reader_id, known.seat, effect.old_epoch, effect.new_epoch)
                )
            elif isinstance(effect, _LostEffect):
                known.delivered = seq_add(effect.first_seq, effect.count - 1)
                _log.warning("reader %08X lost %d events", known.reader_id, effect.count)
                hub.emit(EventsLost(known.reader_id, known.seat, effect.first_seq, effect.count))
            elif isinstance(effect, Dropped):
                _log.info(
                    "reader %08X: dropped (%s) %s",
                    known.reader_id,
                    effect.reason.value,
                    effect.detail,
                )

    def tick(self, now: float) -> None:
        known = self.known
        if known is None or known.link is not self or not self._connected:
            return
        self._apply(known.session.tick(now))

    # --- frames out ------------------------------------------------------------------

    def _stamp(self, command: Message) -> bytes:
        seq = self._command_seq
        self._command_seq = seq_add(seq, 1)
        return encode(dataclasses.replace(command, seq=seq))

    def queue(self, command: Message) -> asyncio.Future[bool]:
        """Send `command` after what is already queued; the future says whether it was
        written (False when the link went down first)."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        frame = self._stamp(command)
        if isinstance(command, HelloRequest):
            self._asks.add(frame)
        self._outbox.append((frame, done))
        self.wake()
        return done

    def _queue_frame(self, frame: bytes) -> None:
        self._outbox.append((frame, None))
        self.wake()

    def wake(self) -> None:
        self._wake.set()

    async def send(self, command: Message) -> bool:
        if not self._connected:
            return False
        return await self.queue(command)

    def _fail_outbox(self) -> None:
        while self._outbox:
            _, done = self._outbox.popleft()
            if done is not None and not done.done():
                done.set_result(False)

    async def _writer(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while True:
                    known = self.known
                    if known is not None and known.link is self and known.ack_due is not None:
                        # An ACK goes before queued commands: a consumer that acks and
                        # then sends feedback knows the reader freed the events first.
                        up_to, known.ack_due = known.ack_due, None
                        if await self._write(self._stamp(Ack(up_to))):
                            known.acked = up_to
                        continue
                    if not self._outbox:
                        break
                    frame, done = self._outbox.popleft()
                    if frame in self._asks:
                        self._asked = True  # before the write: the answer may beat its return
                    written = False
                    try:
                        written = await self._write(frame)
                    finally:
                        # Also when the link's end cancels this write: its sender (the
                        # pump's one feedback task) would otherwise wait for ever, and
                        # no reader's LED would follow the game again (issue 33).
                        if done is not None and not done.done():
                            done.set_result(written)
        finally:
            self._fail_outbox()

    async def _write(self, frame: bytes) -> bool:
        try:
            await self.reader.send(frame)
        except ReaderUnavailable as exc:
            _log.debug("%s: %s", self.reader.name, exc.reason)
            return False
        return True


class _Refused(Exception):
    """The device is not a reader we can use; it is ignored from now on."""

    def __init__(self, reason: str, because: IgnoreReason = IgnoreReason.OTHER) -> None:
        super().__init__(reason)
        self.because = because
