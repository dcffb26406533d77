"""Playing a table script through the simulated readers, in step with the session.

The grammar is the simulator's (`hardware.sim.script`, docs/product.md "Table script"):
one reader event per line, `@N` the reader of seat N, `@*` the shared reader,
`wait N` virtual seconds. Each line goes out over the real BLE path (simulated
reader -> bumble -> bleak -> hub) and the driver waits until the pump has committed
and applied that very event before it plays the next line, so the game sees the
script's order exactly. `wait N` advances the virtual clock and, if a timed window's
time is up, commits a clock tick.

Which readers a script needs (`readers_for`): one per seat named by `@N` and a shared
one for `@*` lines (or lines without a prefix), unless the host forces a layout.
`check_playable` then plays the whole script on paper against those readers, so a
line that could not be played (no such reader, a label no frame carries, a `remove`
with no card on the reader) is refused before the game logs anything.

A line can make more than one reader event: a `scan` on a reader that holds a card
lifts that card first (a remove, then the scan). After a crash the game goes on from
its last logged *event* (`resumption`): a line is played again unless its last event
is logged, and the new readers hold the cards the old ones held, so nothing of the
line is lost and nothing is doubled.
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.game.clock import VirtualClock
from companion.game.pump import Pump
from companion.game.session import Session
from companion.table.inputs import HOST, InputKind, TableInput
from hardware.sim.script import (
    SHARED,
    Fault,
    FaultKind,
    Hold,
    Press,
    Remove,
    Scan,
    ScanUid,
    ScriptError,
    ScriptLine,
    Select,
    Wait,
    parse_line,
    parse_script,
)
from hardware.sim.table import SimulatedTable, play_line, reader_index
from hardware.sim.tokens import TagPayload, TokenError, default_token_encoder, parse_uid, text_tag

__all__ = [
    "HostLine",
    "Resumption",
    "check_playable",
    "resumption",
    "ScriptError",
    "parse_host_line",
    "parse_script",
    "parse_table_script",
    "drive_script",
    "label_encoder",
    "read_script",
    "readers_for",
]

LAYOUTS = ("auto", "shared", "per-seat")

STEP_TIMEOUT = 20.0
"""Seconds one line may take to come through the BLE path before the run fails."""


@dataclass(frozen=True)
class HostLine:
    """A host correction typed at the console or written in a script (no reader):

    correct hp SEAT HP             set a seat's health
    correct hand SEAT COUNT        fix a seat's hand count
    correct dead SEAT [by KILLER]  a death the companion missed (the rules follow)
    correct move CARD to SEAT [hand|equipment|judgment]
    correct move CARD to discard
    """

    number: int
    text: str
    data: dict[str, Any]


_ZONES = ("hand", "equipment", "judgment")


def parse_host_line(text: str, number: int = 1) -> HostLine | None:
    """A correction line, or None if the line is not one (it is then a reader line).

    >>> parse_host_line("correct hp 3 2").data
    {'op': 'hp', 'seat': 3, 'hp': 2}
    >>> parse_host_line("correct move kill@S7 to 2 equipment").data
    {'op': 'move', 'card': 'kill@S7', 'to': 'equipment', 'seat': 2}
    >>> parse_host_line("@1 scan lord") is None
    True

    Raises:
        ScriptError: a `correct` line that does not follow the grammar.
    """
    words = text.split("#", 1)[0].split()
    if not words or words[0].lower() != "correct":
        return None

    def number_at(i: int, what: str, low: int = 0) -> int:
        if i >= len(words) or not words[i].isdigit() or int(words[i]) < low:
            raise ScriptError(number, text, f"correct: {what} must be a whole number >= {low}")
        return int(words[i])

    op = words[1].lower() if len(words) > 1 else ""
    if op in ("pause", "resume") and len(words) == 2:
        return HostLine(number, text, {"op": op})
    if op == "setting" and len(words) == 4:
        try:
            value = float(words[3])
        except ValueError:
            raise ScriptError(number, text, "correct setting: the value must be a number") from None
        return HostLine(number, text, {"op": "setting", "name": words[2], "value": value})
    if op in ("hp", "hand") and len(words) == 4:
        seat, value = number_at(2, "the seat", 1), number_at(3, "the value")
        return HostLine(
            number, text, {"op": op, "seat": seat, "hp" if op == "hp" else "count": value}
        )
    if op == "dead" and len(words) in (3, 5) and (len(words) == 3 or words[3].lower() == "by"):
        data: dict[str, Any] = {"op": "dead", "seat": number_at(2, "the seat", 1)}
        if len(words) == 5:
            data["killer"] = number_at(4, "the killer's seat", 1)
        return HostLine(number, text, data)
    if op == "move" and len(words) >= 5 and words[3].lower() == "to":
        if words[4].lower() == "discard" and len(words) == 5:
            return HostLine(number, text, {"op": "move", "card": words[2], "to": "discard"})
        zone = words[5].lower() if len(words) == 6 else "hand"
        if zone in _ZONES and len(words) in (5, 6):
            data = {"op": "move", "card": words[2], "to": zone, "seat": number_at(4, "the seat", 1)}
            return HostLine(number, text, data)
    raise ScriptError(
        number,
        text,
        "correct takes: hp SEAT HP, hand SEAT COUNT, dead SEAT [by KILLER], "
        "move CARD to SEAT [zone] | discard",
    )


def parse_table_script(text: str) -> list[ScriptLine | HostLine]:
    """A whole script: reader lines (the simulator's grammar) and host correction lines.

    Raises:
        ScriptError: the first malformed line, with its number.
    """
    out: list[ScriptLine | HostLine] = []
    for number, line in enumerate(text.splitlines(), start=1):
        host = parse_host_line(line, number)
        if host is not None:
            out.append(host)
            continue
        parsed = parse_line(line, number)
        if parsed is not None:
            out.append(parsed)
    return out


def read_script(path: str | Path) -> list[ScriptLine | HostLine]:
    """Read and parse a whole script before anything is played.

    Raises:
        ScriptError: a malformed line (its number and why).
        OSError: the file cannot be read.
        UnicodeDecodeError: the file is not UTF-8.
    """
    return parse_table_script(Path(path).read_text(encoding="utf-8"))


def readers_for(
    lines: Iterable[ScriptLine | HostLine], players: int, layout: str = "auto"
) -> list[int]:
    """The seats of the simulated readers a script needs (0 = the shared reader).

    >>> readers_for(parse_script("@1 scan lord\\n@* press ok"), 5)
    [0, 1]
    >>> readers_for([], 3, "per-seat"), readers_for([], 3, "shared")
    ([1, 2, 3], [0])

    Raises:
        ValueError: an unknown layout, or `@N` beyond the number of players.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown reader layout {layout!r}: expected one of {LAYOUTS}")
    script = [line for line in lines if isinstance(line, ScriptLine)]
    for line in script:
        if isinstance(line.target, int) and line.target > players:
            raise ScriptError(
                line.number, line.text, f"seat {line.target} is beyond {players} players"
            )
    if layout == "shared":
        return [0]
    if layout == "per-seat":
        return list(range(1, players + 1))
    seats = sorted({line.target for line in script if isinstance(line.target, int)})
    events = [line for line in script if not isinstance(line.action, Wait)]
    shared = any(line.target in (SHARED, None) for line in events) or not seats
    return ([0] if shared else []) + seats


_REBOOTS = (FaultKind.REBOOT, FaultKind.POWER_CYCLE, FaultKind.STALE_HELLO)
"""The faults after which a simulated reader has booted again (holding no card)."""


class _Cards:
    """The card each reader holds as a script plays, on paper (no reader exists)."""

    def __init__(self, seats: Sequence[int]) -> None:
        self.seats = list(seats)
        self.held: dict[int, TagPayload] = {}

    def reader(self, line: ScriptLine) -> int:
        try:
            return reader_index(self.seats, line.target)
        except LookupError as exc:
            raise ScriptError(line.number, line.text, str(exc)) from None

    def play(self, line: ScriptLine) -> None:
        """Do what the line does to the cards; refuse a line no reader could play."""
        action = line.action
        if isinstance(action, Wait):
            return
        index = self.reader(line)
        try:
            if isinstance(action, Scan):
                self.held[index] = label_encoder(action.token)
            elif isinstance(action, ScanUid):
                self.held[index] = parse_uid(action.uid_hex)
            elif isinstance(action, Remove):
                if self.held.pop(index, None) is None:
                    raise TokenError("there is no card on the reader to remove")
            elif isinstance(action, Fault) and action.kind in _REBOOTS:
                self.held.pop(index, None)  # a restarted simulated reader forgets its card
        except TokenError as exc:
            raise ScriptError(line.number, line.text, str(exc)) from None


def check_playable(lines: Iterable[ScriptLine | HostLine], seats: Sequence[int]) -> None:
    """Check that every line can be played on readers with these `seats`, before
    anything is logged: its reader exists, its label fits in a frame, its UID is one, a
    `remove` has a card to lift.

    >>> check_playable(parse_script("@1 scan lord\\n@1 remove"), [1])
    >>> check_playable(parse_script("@1 remove"), [1])
    Traceback (most recent call last):
    ...
    hardware.sim.script.ScriptError: line 1: there is no card on the reader to remove: '@1 remove'

    Raises:
        ScriptError: the first line that could not be played, and why.
    """
    cards = _Cards(seats)
    for line in lines:
        if isinstance(line, ScriptLine):
            cards.play(line)


@dataclass(frozen=True)
class Resumption:
    """Where a script goes on after a crash: the lines whose every event is logged
    (`done`), and the card each reader (by index) holds at that point (`cards`)."""

    done: frozenset[int] = frozenset()
    cards: dict[int, TagPayload] = field(default_factory=dict)


_LAST_EVENT = {
    Scan: InputKind.SCAN,
    ScanUid: InputKind.SCAN,
    Remove: InputKind.REMOVE,
    Press: InputKind.PRESS,
    Select: InputKind.SELECT,
    Wait: InputKind.TICK,
}


def _complete(line: ScriptLine | HostLine, logged: Collection[InputKind]) -> bool:
    """Whether the line's last event is among the kinds logged for it."""
    if isinstance(line, HostLine):
        return InputKind.CORRECT in logged
    last = _LAST_EVENT.get(type(line.action))
    return last is None or last in logged  # a fault or a hold awaits no event


def resumption(
    lines: Iterable[ScriptLine | HostLine],
    seats: Sequence[int],
    logged: Iterable[TableInput],
) -> Resumption:
    """Where to go on with `lines` given the inputs `logged` so far.

    The driver plays a line only once the one before it has been handled, so every
    line before the last logged one is complete; the last logged line is complete
    once its last event is logged. A line cut short between its events (the remove of
    a `scan` logged, the scan not) is played again on a reader holding no card, so it
    sends only what is missing.

    Raises:
        ScriptError: a line before the resume point no reader could play.
    """
    kinds: dict[int, set[InputKind]] = {}
    for inp in logged:
        if inp.line is not None:
            kinds.setdefault(inp.line, set()).add(inp.kind)
    last = max(kinds, default=0)
    cards = _Cards(seats)
    done: set[int] = set()
    for line in lines:
        if line.number < last or (line.number == last and _complete(line, kinds[last])):
            done.add(line.number)
            if isinstance(line, ScriptLine):
                cards.play(line)
        elif line.number == last and isinstance(line, ScriptLine):
            if InputKind.REMOVE in kinds[last]:  # the card it lifted is off the reader
                cards.held.pop(cards.reader(line), None)
    return Resumption(frozenset(done), dict(cards.held))


def label_encoder(token: str) -> TagPayload:
    """What a simulated label carries for a script token: its card code when the token
    names a card, else the token's own text (a label the companion does not know,
    which it must refuse like any unknown card)."""
    try:
        return default_token_encoder(token)
    except TokenError:
        return text_tag(token)


async def drive_script(
    session: Session,
    sim: SimulatedTable,
    pump: Pump,
    lines: list[ScriptLine | HostLine],
    clock: VirtualClock,
    *,
    pace: float = 0.0,
    done: Collection[int] = (),
) -> int:
    """Play every line not `done` (see `resumption`); return how many were played.

    `pace` > 0 lets a person follow along: after each line the driver pauses that
    many real seconds per sentence the line produced (the demo does this).

    Raises:
        ScriptError: a line that cannot be played (no reader for `@N`, no card to
            remove), naming its number.
        TimeoutError: an event did not come through the BLE path in time.
    """
    played = 0
    said = [0]
    if pace > 0:
        session.subscribe(lambda update: said.__setitem__(0, said[0] + len(update.sentences)))
    for line in lines:
        if pace > 0 and said[0]:
            await asyncio.sleep(pace * said[0])
            said[0] = 0
        if session.over:  # the rest of the script belongs to no game (lifts, mostly)
            break
        if line.number in done:
            continue
        played += 1
        if isinstance(line, HostLine):
            data = dict(line.data)
            session.commit(
                TableInput(InputKind.CORRECT, data, t=clock.now(), reader=HOST, line=line.number)
            )
            continue
        action = line.action
        if isinstance(action, Wait):
            clock.advance(action.seconds)
            tick = session.due_tick(clock.now(), line=line.number)
            if tick is not None:
                session.commit(tick)
            continue
        try:
            reader = sim.reader_for(line.target)
        except LookupError as exc:
            raise ScriptError(line.number, line.text, str(exc)) from None
        pump.line = line.number
        await play_line(sim, line)
        if isinstance(action, (Fault, Hold)):  # no event of the reader's to wait for
            continue
        await pump.caught_up(reader.reader_id, reader.epoch, reader.last_seq, STEP_TIMEOUT)
    return played
