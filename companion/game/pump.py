"""From the reader hub into the session: log, apply, acknowledge, signal.

For each `ReaderInput` the hub delivers, the pump builds a `TableInput`, commits it
through the session (written to the log before it is applied), acknowledges it to
the hub (so the reader may forget it only once it is stored), then queues the LED and
buzzer commands for the outcome. An input already in the log (a reader resending
after our crash) is acknowledged and nothing else. Reader notices (connected,
restarted, events lost) go to the `on_notice` callback.

The pump also lets a script driver wait until a reader's event has been handled
(`caught_up`), which is how a table script stays in step with the real BLE path.

Seats. The table decides which seat a reader's input is for (`Table.bindings`); the
pump writes that seat into each input it logs and tells the hub every binding the
table accepts (so the reader hears SET_SEAT). A device that does not speak our
protocol has no seat of its own: the seat its `--reader ...@N` flag gives it is
committed as a `bind` input when it first connects, so the log has it before any of
its reads; a flag the table refuses leaves the device shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from typing import Any

from companion.game.clock import Clock
from companion.game.feedback import route_signals
from companion.game.session import Session, Update
from companion.readers import ReaderConnected, ReaderInput
from companion.readers.adapter import ADAPTED_ID_PREFIX, MisreadKind
from companion.readers.events import device_label, reader_label
from companion.table.inputs import InputKind, TableInput
from firmware_protocol.fields import CardKind, ErrorCode, Press
from firmware_protocol.messages import Battery, Button, Card, Error, Feedback, Select

__all__ = ["Pump", "to_table_input"]

_log = logging.getLogger(__name__)


def reader_name(reader_id: int) -> str:
    """How the log names a reader: its 32-bit id in hex."""
    return f"{reader_id:08X}"


_MISREADS: dict[int, str] = {
    MisreadKind.TOO_LONG: "a code longer than any label's",
    MisreadKind.NOT_TEXT: "something that is not a code (binary data or line noise)",
    MisreadKind.UNREADABLE_TAG: "a tag that could not be read",
}


def misread_notice(ri: ReaderInput, device: tuple[str, str] | None = None) -> str | None:
    """What to tell the table when a reader read something that is no code (a scanner
    typing garbage, an unreadable tag), naming the device (`device`: its name and kind,
    from its `ReaderConnected`); None for any other input. Nothing is applied.

    >>> from firmware_protocol import Error, ErrorCode
    >>> ri = ReaderInput(0xAD000001, 1, Error(ErrorCode.HARDWARE_FAULT, 1), 1, 0)
    >>> misread_notice(ri, ("barcode scanner on /dev/ttyACM0", "scanner"))
    "barcode scanner on /dev/ttyACM0 (reader 1) read a code longer than any label's: ignored, scan again"
    """
    event = ri.event
    if not isinstance(event, Error) or event.code is not ErrorCode.HARDWARE_FAULT:
        return None
    if device is None:  # never seen connecting (a test's hand-made input)
        who = reader_label(ri.reader_id, ri.seat)
    else:
        who = device_label(ri.reader_id, ri.seat, *device)
    what = _MISREADS.get(event.detail)
    if what is None:
        return f"{who} reports a hardware fault ({event.detail})"
    return f"{who} read {what}: ignored, scan again"


def _where(event: ReaderConnected) -> str:
    """What the narration names a device by, after its kind ("the barcode scanner on
    WHERE"): our reader's name, a device's port or name, a phone's seat."""
    if event.kind == "reader":
        return event.name
    if event.kind == "phone":
        return event.address.removeprefix("phone:seat")
    return event.address


def to_table_input(ri: ReaderInput, *, t: float, line: int | None = None) -> TableInput:
    """The table input for one reader event (seat 0, the shared reader, becomes None)."""
    event = ri.event
    kind: InputKind
    data: dict[str, Any]
    if isinstance(event, Card):
        if not event.present:
            kind, data = InputKind.REMOVE, {}
        elif event.kind is CardKind.UID:
            kind, data = InputKind.SCAN, {"uid": event.data.hex().upper()}
        else:
            kind, data = InputKind.SCAN, {"code": event.data.decode("utf-8", "replace")}
    elif isinstance(event, Button):
        kind = InputKind.PRESS
        data = {"button": event.button.name.lower(), "long": event.press is Press.LONG}
    elif isinstance(event, Select):
        kind, data = InputKind.SELECT, {"seat": event.seat}
    elif isinstance(event, Battery):
        kind, data = InputKind.NOTICE, {"event": "battery", "percent": event.percent}
    else:
        kind, data = InputKind.NOTICE, {"event": type(event).__name__.lower()}
    return TableInput(
        kind,
        data,
        t=t,
        reader=reader_name(ri.reader_id),
        seat=ri.seat or None,
        epoch=ri.epoch,
        seq=ri.seq,
        line=line,
    )


class Pump:
    """Consumes one hub's events into one session."""

    def __init__(
        self,
        session: Session,
        hub: Any,
        clock: Clock,
        *,
        on_notice: Callable[[Any], None] | None = None,
    ) -> None:
        self.session = session
        self.hub = hub
        self.clock = clock
        self.on_notice = on_notice
        self.line: int | None = None
        self.readers: dict[int, int | None] = {}
        self._handled: dict[int, tuple[int, int]] = {}
        self._changed = asyncio.Condition()
        self._feedback: asyncio.Queue[tuple[int, Feedback]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.failure: BaseException | None = None
        self._shared: set[str] = set()  # devices whose flagged seat the table refused
        self._devices: dict[int, tuple[str, str]] = {}  # reader id -> its name and kind
        session.subscribe(self._signal)
        session.subscribe(self._bound)

    async def run(self) -> None:
        """Handle hub events until cancelled."""
        self._writer = asyncio.create_task(self._write_feedback(), name="feedback")
        try:
            async for event in self.hub:
                await self.handle(event)
        except Exception as exc:  # wake whoever waits on us, then fail loudly
            self.failure = exc
            async with self._changed:
                self._changed.notify_all()
            raise
        finally:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer

    async def handle(self, event: Any) -> Update | None:
        """Handle one hub event; returns the session update for a new input."""
        update = None
        if isinstance(event, ReaderInput):
            self.readers.setdefault(event.reader_id, event.seat or None)
            update = self._input(event)
            notice = misread_notice(event, self._devices.get(event.reader_id))
            if notice is not None and self.on_notice is not None:
                self.on_notice(notice)
            await self.hub.ack(event.reader_id, event.seq, epoch=event.epoch)
            self._handled[event.reader_id] = (event.epoch, event.seq)
        else:
            if isinstance(event, ReaderConnected):
                self.readers[event.reader_id] = event.seat or None
                self._devices[event.reader_id] = (event.name, event.kind)
                self.session.narrator.name_reader(
                    reader_name(event.reader_id), event.kind, _where(event)
                )
                self._flagged(event)
            if self.on_notice is not None:
                self.on_notice(event)
        async with self._changed:
            self._changed.notify_all()
        return update

    def _signal(self, update: Update) -> None:
        """Queue the LED/buzzer commands of every update (a reader input, or a clock
        tick that opened a new decision)."""
        if update.outcome is None:
            return
        readers = {reader_name(r): seat for r, seat in self.readers.items()}
        by_name = {reader_name(r): r for r in self.readers}
        sender = update.outcome.input.reader
        for name, command in route_signals(update.outcome.signals, sender, readers):
            if name in by_name:  # not the host's keyboard
                self._feedback.put_nowait((by_name[name], command))

    def _input(self, event: ReaderInput) -> Update | None:
        log = self.session.log
        name = reader_name(event.reader_id)
        if log.has_event(self.session.game_id, name, event.epoch, event.seq):
            return None
        inp = to_table_input(event, t=self.clock.now(), line=self.line)
        announced = 0 if name in self._shared else event.seat
        seat = self.session.table.seat_of(name, announced)
        if seat != inp.seat:
            inp = dataclasses.replace(inp, seat=seat)
        return self.session.commit(inp)

    # --- seats ---

    def _flagged(self, event: ReaderConnected) -> None:
        """Log the seat a device that is not ours was given by its flag (first time)."""
        name = reader_name(event.reader_id)
        if (
            event.reader_id >> 24 != ADAPTED_ID_PREFIX
            or not event.seat
            or name in self.session.table.bindings
            or name in self._shared  # refused once already (it reconnected)
        ):
            return
        data = {"reader": name, "seat": event.seat}
        update = self.session.commit(
            TableInput(InputKind.BIND, data, t=self.clock.now(), reader=name)
        )
        if update.outcome is not None and not update.outcome.accepted:
            self._shared.add(name)
            self._tell_hub(event.reader_id, 0)

    def _bound(self, update: Update) -> None:
        """Tell the hub each binding the table accepted (by the flag, a label, the host)."""
        if update.outcome is None or not update.outcome.accepted:
            return
        for note in update.outcome.notes:
            if note.key in ("reader_bound", "reader_unbound"):
                name = str(note.data["reader"])
                self._shared.discard(name)
                with contextlib.suppress(ValueError):
                    self._tell_hub(int(name, 16), int(note.data.get("seat", 0)))

    def _tell_hub(self, reader_id: int, seat: int) -> None:
        try:
            self.hub.bind_seat(reader_id, seat)
        except ValueError as exc:  # the hub's view lags the table's: the table decides
            _log.warning("reader %08X: seat %d not told to the hub: %s", reader_id, seat, exc)
        if reader_id in self.readers:
            self.readers[reader_id] = seat or None

    async def _write_feedback(self) -> None:
        while True:
            reader_id, command = await self._feedback.get()
            try:
                await self.hub.feedback(reader_id, command)
            except KeyError:  # a reader the hub no longer knows
                _log.debug("feedback for unknown reader %08X dropped", reader_id)
            finally:
                self._feedback.task_done()

    async def flush_feedback(self, timeout: float = 5.0) -> None:
        """Wait until every queued LED/buzzer command has been written to its reader.

        Raises:
            TimeoutError: the writes did not finish in time (the message says so).
        """
        try:
            async with asyncio.timeout(timeout):
                await self._feedback.join()
        except TimeoutError:
            raise TimeoutError(
                f"the LED and buzzer commands were still not all written to the readers "
                f"after {timeout:g} s"
            ) from None

    # --- waiting, for script drivers ---

    async def connected(self, reader_ids: list[int], timeout: float) -> None:
        """Wait until every reader in `reader_ids` has connected.

        Raises:
            TimeoutError: some did not, in time (the message names them).
        """
        try:
            async with asyncio.timeout(timeout), self._changed:
                await self._changed.wait_for(lambda: all(r in self.readers for r in reader_ids))
        except TimeoutError:
            missing = ", ".join(reader_name(r) for r in reader_ids if r not in self.readers)
            raise TimeoutError(f"reader {missing} did not connect within {timeout:g} s") from None

    async def caught_up(self, reader_id: int, epoch: int, seq: int, timeout: float) -> None:
        """Wait until the reader's event `seq` of `epoch` (and all before it) is handled.

        Raises:
            TimeoutError: it was not, in time.
            RuntimeError: the pump stopped on an error (chained).
        """

        def done() -> bool:
            handled = self._handled.get(reader_id)
            caught = handled is not None and handled[0] == epoch and handled[1] >= seq
            return caught or self.failure is not None

        try:
            async with asyncio.timeout(timeout), self._changed:
                await self._changed.wait_for(done)
        except TimeoutError:
            handled = self._handled.get(reader_id)
            got = "nothing" if handled is None else f"seq {handled[1]} of boot {handled[0]:08X}"
            raise TimeoutError(
                f"reader {reader_name(reader_id)}: its event seq {seq} of boot {epoch:08X} "
                f"was not handled within {timeout:g} s (handled so far: {got})"
            ) from None
        if self.failure is not None:
            raise RuntimeError("the input pump stopped") from self.failure
