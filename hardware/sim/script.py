"""Table-script lines, parsed into what a simulated reader should do.

The grammar is docs/product.md "Table script": one reader event per line, `#` starts a
comment, an optional `@N` (the reader of seat N) or `@*` (the shared reader) prefix.

    scan TOKEN            a card is read (TOKEN, which may have spaces: `cao cao`,
                          goes through the token encoder)
    scan uid:04A1B2C3     a tag that gives only its raw UID (hex, 4/7/10 bytes)
    remove                the card on the reader is lifted off
    press ok|no|undo [long]
    select N              the seat dial picks seat N (0 = none)
    wait N                N seconds pass (virtual in scripts; the console sleeps)

The simulator also accepts fault lines, so a script can reproduce a bug report:

    fault drop | duplicate | corrupt | reboot | low-battery
    fault away SECONDS    out of range: stop advertising and disconnect
    fault power-cycle SECONDS   switched off (silent, link down) for SECONDS, then a
                          fresh boot: a new epoch, the bonds kept (they are in flash)
    fault stale-hello     a reboot whose next link first notifies the previous boot's
                          HELLO, unasked (a real BlueZ host once delivered one so)
    fault latency MS      connection-interval latency (0 removes it)
    hold ok [SECONDS]     OK held (3 s, the default, or more): the pairing window opens
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "SHARED",
    "Fault",
    "Hold",
    "Press",
    "Remove",
    "Scan",
    "ScanUid",
    "ScriptError",
    "ScriptLine",
    "Select",
    "Wait",
    "parse_line",
    "parse_script",
]

SHARED = "*"
"""The `@*` target: the shared reader."""

_BUTTONS = ("ok", "no", "undo")
_MAX_SEAT = 10


@dataclass(frozen=True)
class Scan:
    token: str


@dataclass(frozen=True)
class ScanUid:
    uid_hex: str


@dataclass(frozen=True)
class Remove:
    pass


@dataclass(frozen=True)
class Press:
    button: str
    long: bool = False


@dataclass(frozen=True)
class Hold:
    """A button held down for `seconds` (OK for 3 s opens the pairing window)."""

    button: str
    seconds: float


@dataclass(frozen=True)
class Select:
    seat: int


@dataclass(frozen=True)
class Wait:
    seconds: float


class FaultKind(Enum):
    DROP = "drop"
    DUPLICATE = "duplicate"
    CORRUPT = "corrupt"
    REBOOT = "reboot"
    LOW_BATTERY = "low-battery"
    AWAY = "away"
    LATENCY = "latency"
    POWER_CYCLE = "power-cycle"
    STALE_HELLO = "stale-hello"


@dataclass(frozen=True)
class Fault:
    kind: FaultKind
    amount: float = 0.0


Action = Scan | ScanUid | Remove | Press | Hold | Select | Wait | Fault


@dataclass(frozen=True)
class ScriptLine:
    """One parsed line: where it came from, which reader, what happens."""

    number: int
    target: int | str | None
    action: Action
    text: str = ""


class ScriptError(ValueError):
    """A line that is not table script; carries the line number and the reason."""

    def __init__(self, number: int, text: str, reason: str) -> None:
        super().__init__(f"line {number}: {reason}: {text.strip()!r}")
        self.number = number
        self.text = text
        self.reason = reason


def _number(word: str, what: str) -> float:
    try:
        value = float(word)
    except ValueError:
        raise ValueError(f"{what} must be a number, got {word!r}") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{what} must be a finite number >= 0, got {word!r}")
    return value


def _seat(word: str) -> int:
    if not word.isdigit() or not 0 <= int(word) <= _MAX_SEAT:
        raise ValueError(f"a seat is 0..{_MAX_SEAT}, got {word!r}")
    return int(word)


def _action(words: list[str]) -> Action:
    verb, args = words[0].lower(), words[1:]
    if verb == "scan":
        if not args:
            raise ValueError("scan takes a token (kill@S7, caocao, cao cao, lord, skill:rende)")
        if args[0].lower().startswith("uid:"):
            if len(args) != 1:
                raise ValueError("scan uid: takes one hex UID")
            return ScanUid(args[0][4:])
        return Scan(" ".join(args))  # a name may have spaces: cao cao, Eight Diagrams
    if verb == "remove" and not args:
        return Remove()
    if verb == "press":
        if not args or args[0].lower() not in _BUTTONS or len(args) > 2:
            raise ValueError("press takes ok, no or undo, then optionally long")
        if len(args) == 2 and args[1].lower() != "long":
            raise ValueError(f"press takes 'long' after the button, got {args[1]!r}")
        return Press(args[0].lower(), long=len(args) == 2)
    if verb == "hold":
        if not args or args[0].lower() != "ok" or len(args) > 2:
            raise ValueError("hold takes ok, then optionally the seconds (3 or more)")
        seconds = _number(args[1], "hold") if len(args) == 2 else 3.0
        if seconds < 3.0:
            raise ValueError(f"OK must be held 3 s or more, not {seconds:g} (or: press ok long)")
        return Hold("ok", seconds)
    if verb == "select" and len(args) == 1:
        return Select(_seat(args[0]))
    if verb == "wait" and len(args) == 1:
        return Wait(_number(args[0], "wait"))
    if verb == "fault" and args:
        try:
            kind = FaultKind(args[0].lower())
        except ValueError:
            known = ", ".join(k.value for k in FaultKind)
            raise ValueError(f"unknown fault {args[0]!r} (known: {known})") from None
        needs_amount = kind in (FaultKind.AWAY, FaultKind.LATENCY, FaultKind.POWER_CYCLE)
        if len(args) != (2 if needs_amount else 1):
            raise ValueError(
                f"fault {kind.value} takes {'one number' if needs_amount else 'nothing'}"
            )
        return Fault(kind, _number(args[1], kind.value) if needs_amount else 0.0)
    raise ValueError(f"unknown or malformed command {verb!r}")


def parse_line(text: str, number: int = 1) -> ScriptLine | None:
    """Parse one line; `None` for a blank or comment-only line.

    >>> parse_line("@3 scan kill@S7   # a Kill")
    ScriptLine(number=1, target=3, action=Scan(token='kill@S7'), text='@3 scan kill@S7')
    >>> parse_line("@* press ok long").action
    Press(button='ok', long=True)

    Raises:
        ScriptError: the line is not table script.
    """
    body = text.split("#", 1)[0].strip()
    if not body:
        return None
    words = body.split()
    target: int | str | None = None
    try:
        if words[0].startswith("@"):
            prefix = words.pop(0)[1:]
            if prefix == SHARED:
                target = SHARED
            else:
                target = _seat(prefix)
                if target == 0:
                    raise ValueError("@0 names no seat; use @* for the shared reader")
            if not words:
                raise ValueError("a reader prefix needs a command after it")
        action = _action(words)
    except ValueError as exc:
        raise ScriptError(number, text, str(exc)) from None
    return ScriptLine(number, target, action, body)


def parse_script(text: str) -> list[ScriptLine]:
    """Parse a whole script, refusing it at the first bad line (nothing is played).

    Raises:
        ScriptError: naming the first bad line and why.
    """
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        parsed = parse_line(line, number)
        if parsed is not None:
            lines.append(parsed)
    return lines
