"""Running a session against readers: simulated (scripted or typed) or real.

`run_session` owns the asyncio side: it starts the reader side (an in-process
`SimulatedTable` on the real BLE stack, or the transport a reader spec names), a
`ReaderHub` over it and a `Pump` into the session, then either plays a table script,
reads table-script lines typed at the console, or simply runs until the game ends.
At a live table a timer commits a clock tick when a timed window's time is up; in a
script the clock is virtual and only `wait N` moves it.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.game.clock import Clock, VirtualClock
from companion.game.pump import Pump
from companion.game.session import Session, Update

__all__ = [
    "ReaderPlan",
    "bound_seats",
    "join_specs",
    "phone_source",
    "reader_list",
    "resume_points",
    "run_session",
]

CONNECT_TIMEOUT = 30.0


@dataclass
class ReaderPlan:
    """Which readers a run uses.

    `spec` is a reader spec (`sim`, `ble[:ADDRESS]`, `serial:PORT`, `phone`, ...), or
    several joined by `+` for a mixed table (`phone+ble`). For `sim`, `seats` lists
    the simulated readers' seats (0 = shared); `script` the parsed table script to
    play (None: lines typed at the console, from `console`). With other readers a
    `console` is a reader as well (a code and Enter; see `_code_console`). `pace`
    slows a script down for people to follow. `phones` is the phones' reader source when `phone` is
    among the specs (the table view serves its pages; made by `phone_source`).
    """

    spec: str = "sim"
    seats: list[int] = field(default_factory=lambda: [0])
    script: list[Any] | None = None
    console: TextIO | None = None
    pace: float = 0.0
    allowlist: Path | None = None  # the paired readers' file (None: the default place)
    allow_new: bool = False  # also use readers not paired yet, pairing them as they come
    sim: Any = None  # a ready `SimulatedTable` to use (tests watch its LEDs), else one is made
    phones: Any = None  # a `companion.readers.phone.PhoneSource`
    hub: Any = None  # the running `ReaderHub` (None when none runs), for `reader_list`

    @property
    def specs(self) -> list[str]:
        """The reader specs, one per `--reader`."""
        return [part for part in self.spec.split("+") if part]


def join_specs(specs: list[str]) -> str:
    """Several `--reader` specs as one plan spec (what the game log keeps).

    >>> join_specs(["phone", "ble"])
    'phone+ble'
    """
    return "+".join(spec.strip() for spec in specs)


def phone_source(plan: ReaderPlan, players: int) -> Any:
    """The phones' source of a plan with `phone` among its specs (made once), else None."""
    if "phone" not in plan.specs:
        return None
    if plan.phones is None:
        from companion.readers.phone import PhoneSource

        plan.phones = PhoneSource(range(1, players + 1))
    return plan.phones


def reader_list(plan: ReaderPlan) -> list[dict[str, Any]]:
    """The readers the running hub has heard from, for the host page: id, name, the
    seat their inputs are for (0: shared) and whether they are connected now."""
    hub = plan.hub
    if hub is None:
        return []
    return [
        {
            "reader": f"{status.reader_id:08X}",
            "name": status.name,
            "seat": status.seat,
            "connected": status.connected,
        }
        for status in hub.status()
    ]


def bound_seats(session: Session) -> dict[int, int]:
    """The seat bindings the log holds, by reader id, for a new hub to apply as each
    reader connects (so a resumed game keeps them)."""
    out: dict[int, int] = {}
    for name, seat in session.table.bindings.items():
        with contextlib.suppress(ValueError):
            out[int(name, 16)] = seat
    return out


def resume_points(session: Session) -> dict[int, Any]:
    """The hub's resume positions from the log: per reader, the event after its last
    logged one (so after a crash nothing is skipped or doubled)."""
    from companion.readers import ResumePoint

    last: dict[str, tuple[int, int]] = {}
    for item in session.log.inputs(session.game_id):
        inp = item.input
        if inp.reader and inp.epoch is not None and inp.seq is not None:
            last[inp.reader] = (inp.epoch, inp.seq)
    out: dict[int, Any] = {}
    for name, (epoch, seq) in last.items():
        with contextlib.suppress(ValueError):
            out[int(name, 16)] = ResumePoint(epoch, (seq + 1) & 0xFFFF)
    return out


async def run_session(
    session: Session,
    plan: ReaderPlan,
    clock: Clock,
    *,
    on_notice: Callable[[Any], None] | None = None,
) -> int:
    """Run until the script is played, the console closes or the game is over;
    return the number of script lines played.

    Raises:
        ScriptError: a script line that cannot be played.
        ReaderUnavailable: the readers cannot be reached.
        TimeoutError: simulated readers did not connect, or an event got stuck.
    """
    from companion.readers import HubOptions, ReaderHub

    specs = plan.specs
    if "sim" in specs:  # new simulated readers: nothing of theirs is in the log yet
        return await _run_sim(session, plan, clock, HubOptions(), on_notice)
    source, trust = _others(session, plan, specs)
    keyboard = None
    if plan.console is not None:  # the console is a reader too: a code and Enter
        from companion.readers.keyboard import KeyboardSource
        from companion.readers.mixed import MixedSource
        from companion.readers.spec import DUPLICATE_WINDOW_S

        keyboard = KeyboardSource(duplicate_window=DUPLICATE_WINDOW_S)
        source = MixedSource([(source, trust), (keyboard, None)])
        trust = source.trust
    options = HubOptions(
        resume=resume_points(session), trust=trust, seats=bound_seats(session),
        max_readers=11 if keyboard is not None else 10,  # ten seats' readers and the console
    )  # fmt: skip
    if on_notice is not None:
        on_notice(f"waiting for readers: {source.describe()}")
    async with ReaderHub(source, options) as hub:
        plan.hub = hub
        console = None
        if keyboard is not None and plan.console is not None:
            console = asyncio.create_task(
                _code_console(session, keyboard.device, clock, plan.console), name="console"
            )
        try:
            pump = Pump(session, hub, clock, on_notice=on_notice)
            await _until_over(session, pump, clock)
        finally:
            plan.hub = None
            if console is not None:
                console.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await console
    return 0


async def _run_sim(
    session: Session,
    plan: ReaderPlan,
    clock: Clock,
    options: Any,
    on_notice: Callable[[Any], None] | None,
) -> int:
    from companion.game.script import Resumption, drive_script, label_encoder, resumption
    from companion.readers import ReaderHub
    from companion.readers.sim import SimSource
    from hardware.sim.table import SimulatedTable

    sim = plan.sim or SimulatedTable(len(plan.seats), seats=plan.seats, token_encoder=label_encoder)
    resumed = Resumption()
    if plan.script is not None:
        logged = [item.input for item in session.log.inputs(session.game_id)]
        resumed = resumption(plan.script, plan.seats, logged)
        for index, card in resumed.cards.items():  # hold what the table's readers held
            sim.readers[index].place(card)
    source: Any = SimSource(sim)
    others = [spec for spec in plan.specs if spec != "sim"]
    if others:  # a mixed table: the simulated reader(s) and phones or real readers
        from companion.readers import HubOptions
        from companion.readers.mixed import MixedSource

        more, trust = _others(session, plan, others)
        source = MixedSource([(source, source.trust), (more, trust)])
        options = HubOptions(
            resume=resume_points(session), trust=source.trust, seats=bound_seats(session)
        )
    async with ReaderHub(source, options) as hub:
        plan.hub = hub
        pump = Pump(session, hub, clock, on_notice=on_notice)
        task = asyncio.create_task(pump.run(), name="pump")
        try:
            await pump.connected([r.reader_id for r in sim.readers], CONNECT_TIMEOUT)
            if plan.script is not None:
                assert isinstance(clock, VirtualClock)
                played = await drive_script(
                    session, sim, pump, plan.script, clock, pace=plan.pace, done=resumed.done
                )
            else:
                played = await _console(session, sim, pump, clock, plan.console or sys.stdin)
            await pump.flush_feedback()
            return played
        finally:
            plan.hub = None
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _others(session: Session, plan: ReaderPlan, specs: list[str]) -> tuple[Any, Any]:
    """The source and policy of the specs other than `sim` (the phones' source reused)."""
    from companion.readers.mixed import MixedSource
    from companion.readers.spec import open_trusted

    players = session.log.game(session.game_id).players
    parts: list[tuple[Any, Any]] = []
    for spec in specs:
        if spec == "phone":
            parts.append((phone_source(plan, players), None))
        else:
            parts.append(open_trusted(spec, allowlist=plan.allowlist, allow_new=plan.allow_new))
    if len(parts) == 1:
        return parts[0]
    mixed = MixedSource(parts)
    return mixed, mixed.trust


async def _console(session: Session, sim: Any, pump: Pump, clock: Clock, source: TextIO) -> int:
    """Table-script lines typed by a person, played as they come (wall-clock time)."""
    from companion.game.script import parse_host_line
    from companion.table.inputs import HOST, InputKind, TableInput
    from hardware.sim.script import ScriptError, Wait, parse_line
    from hardware.sim.table import play_line

    timer = asyncio.create_task(_timer(session, clock), name="timer")
    lines = _typed_lines(source)
    number = 0
    try:
        while session.state().get("status") != "over":
            text = await lines.get()
            if not text:
                break
            number += 1
            if text.strip().lower() in ("help", "?"):
                print(session.narrator.table("console_help"), flush=True)
                continue
            try:
                host = parse_host_line(text, number)
                if host is not None:
                    inp = TableInput(InputKind.CORRECT, dict(host.data), t=clock.now(), reader=HOST)
                    session.commit(inp)
                    continue
                line = parse_line(_scanned(text), number)
                if line is None:
                    continue
                if isinstance(line.action, Wait):
                    await asyncio.sleep(line.action.seconds)
                    continue
                reader = sim.reader_for(line.target)
                await play_line(sim, line)
                await pump.caught_up(reader.reader_id, reader.epoch, reader.last_seq, 20.0)
            except (ScriptError, LookupError) as exc:
                print(f"console: {exc}", file=sys.stderr, flush=True)
    finally:
        timer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timer
    return number


async def _code_console(session: Session, keyboard: Any, clock: Clock, source: TextIO) -> None:
    """The console at a table of real readers: each line typed (by a person, or by a
    keyboard-mode scanner: a code and Enter) is a read of the console's own reader,
    which the hub numbers and the pump logs before it is applied, as any scanner's;
    `correct ...` lines are host corrections and `help` says what may be typed. The
    game goes on when the console closes (the readers still play)."""
    from companion.game.script import parse_host_line
    from companion.readers import ReaderUnavailable
    from companion.table.inputs import HOST, InputKind, TableInput
    from hardware.sim.script import ScriptError

    lines = _typed_lines(source)
    number = 0
    while True:
        text = await lines.get()
        if not text:
            return
        number += 1
        word = text.strip()
        if not word:
            continue
        if word.lower() in ("help", "?"):
            print(session.narrator.table("console_help_readers"), flush=True)
            continue
        try:
            host = parse_host_line(word, number)
            if host is not None:
                session.commit(
                    TableInput(InputKind.CORRECT, dict(host.data), t=clock.now(), reader=HOST)
                )
                continue
            keyboard.type_line(_hint_code() if word.lower() == "hint" else word)
        except (ScriptError, ReaderUnavailable) as exc:
            print(f"console: {exc}", file=sys.stderr, flush=True)


def _scanned(text: str) -> str:
    """A line a keyboard-mode scanner typed (a card or command label's code and Enter)
    as the scan it stands for; any other line as it is.

    The word `hint` (or `@N hint`) is a scan of the HINT command label: a Regicide
    hint for the deciding player (docs/regicide-hints.md §5).

    >>> _scanned("S0DX"), _scanned("@2 press ok"), _scanned("S0DY"), _scanned("@1 hint")
    ('scan S0DX', '@2 press ok', 'S0DY', '@1 scan K0FJ')
    """
    from companion.codes import is_valid

    word = text.strip()
    parts = word.split()
    if parts and parts[-1].lower() == "hint" and len(parts) <= 2:
        return " ".join([*parts[:-1], f"scan {_hint_code()}"])
    return f"scan {word}" if is_valid(word.upper()) else text


def _hint_code() -> str:
    """The HINT command label's code (what the console word `hint` scans)."""
    from companion.codes import codebook

    return next(r.code for r in codebook().all_codes("commands") if r.text == "hint")


def _typed_lines(source: TextIO) -> asyncio.Queue[str]:
    """The lines typed on `source`, read by a daemon thread ("" once it closes).

    Not `asyncio.to_thread`: the default executor is joined when the loop ends, so
    Ctrl-C would wait for one more Enter; a daemon thread blocked in `readline` does
    not hold the program up."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        while True:
            try:
                text = source.readline()
            except (OSError, ValueError):  # closed under us
                text = ""
            try:
                loop.call_soon_threadsafe(queue.put_nowait, text)
            except RuntimeError:  # the loop is gone: nobody is reading any more
                return
            if not text:
                return

    threading.Thread(target=read, name="console-lines", daemon=True).start()
    return queue


async def _until_over(session: Session, pump: Pump, clock: Clock) -> None:
    task = asyncio.create_task(pump.run(), name="pump")
    timer = asyncio.create_task(_timer(session, clock), name="timer")
    over = asyncio.Event()

    def watch(update: Update) -> None:
        if update.state.get("status") == "over":
            over.set()

    session.subscribe(watch)
    try:
        done, _ = await asyncio.wait(
            [task, asyncio.create_task(over.wait())], return_when=asyncio.FIRST_COMPLETED
        )
        for finished in done:
            if finished is task:
                finished.result()
    finally:
        for running in (task, timer):
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running


async def _timer(session: Session, clock: Clock) -> None:
    """Commit a clock tick whenever a timed window's time is up (live tables only)."""
    wake = asyncio.Event()
    session.subscribe(lambda update: wake.set())
    while True:
        deadline = session.table.deadline()
        wake.clear()
        delay = None if deadline is None else max(0.0, deadline - clock.now())
        try:
            await asyncio.wait_for(wake.wait(), delay)
        except TimeoutError:
            tick = session.due_tick(clock.now())
            if tick is not None:
                session.commit(tick)
