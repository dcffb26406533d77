"""Host controls: what the page may ask for, checked, then handed to the input path.

The page posts one JSON object per command. `parse_command` checks it completely
against the current public state and raises `CommandError` (a `ValueError`, answered
with 400 and changing nothing) for anything malformed. A valid command is handed to
the callback the play command gives the server; `commit_to_session` is that callback
for a `companion.game.Session`: it turns the command into a `TableInput` from the
`host` reader and commits it, so the log records it before it is applied, exactly
like a reader event, and the table narrates whether it was accepted.

Commands (`op`); the corrections carry the data of the table script's `correct`
lines (`companion.game.script.parse_host_line`), so a correction made on the page
reads back in a transcript like one typed at the console:
- `undo`: the UNDO button (`press undo`), from the host.
- `hp` {seat, hp}: set a seat's health (1..max_hp; the engine refuses 0, since a
  death goes through the rules: damage, dying, Peaches)             `correct hp 3 2`
- `hand` {seat, count}: fix a counted hand (0..99; Regicide 0..the hand limit)
                                                                    `correct hand 3 5`
- `move` {card, to, seat}: put a card in a seat's hand, equipment or judgment area,
  or (`to` = `discard`, no seat) on the discard pile      `correct move kill@S7 to 2 hand`
- `pause` / `resume`: stop and restart timed windows.
- `setting` {name, value}: a house setting; today `nullification_timeout_s` (1..120 s).
- `bind` {reader, seat}: bind a reader (its 8-hex-digit id, as `GET /readers` lists
  them) to a seat, or 0 to make it shared. The table refuses, narrated, a seat it does
  not have or one another reader holds; the log keeps the binding (a `bind` input).

Regicide has only `undo`, `hand` and `bind`: no health, equipment, judgments or timed
windows (`NOT_IN_REGICIDE` says why each other op is refused).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "CommandError",
    "HostCommand",
    "commit_to_session",
    "parse_command",
    "to_table_input",
]

MAX_HAND = 99
MAX_BIND_SEAT = 99  # a seat number the page may send; the table refuses one it lacks
SETTINGS: dict[str, tuple[float, float]] = {"nullification_timeout_s": (1.0, 120.0)}
"""House settings the page may change, with their allowed range."""

_ARGS: dict[str, tuple[str, ...]] = {
    "undo": (),
    "pause": (),
    "resume": (),
    "hp": ("seat", "hp"),
    "hand": ("seat", "count"),
    "move": ("card", "to", "seat"),
    "setting": ("name", "value"),
    "bind": ("reader", "seat"),
}
ZONES = ("hand", "equipment", "judgment", "discard")
NOT_IN_REGICIDE: dict[str, str] = {
    "hp": "Regicide seats have no health",
    "move": (
        "Regicide has no card to move from the page (no equipment, judgment or health): "
        "the host fixes a hand count or takes back the last input"
    ),
    "pause": "Regicide has no timed windows to pause",
    "resume": "Regicide has no timed windows to resume",
    "setting": (
        "Regicide has no setting the page may change (its house settings are fixed when "
        "the game starts, with --rule)"
    ),
}
"""The host controls Three Kingdoms Kill has and Regicide lacks, with why: the page
offers Regicide only `undo`, `hand` and `bind` (which the Regicide table takes)."""


class CommandError(ValueError):
    """A host command that cannot be applied; the message says what is wrong."""


@dataclass(frozen=True)
class HostCommand:
    """A checked host command: `op` and its arguments."""

    op: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"op": self.op, **self.args}


def _int(obj: dict[str, Any], key: str, low: int, high: int) -> int:
    value = obj.get(key)
    if type(value) is not int:
        raise CommandError(f"{key} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise CommandError(f"{key} must be within {low}..{high}, got {value}")
    return value


def _seats(state: dict[str, Any]) -> dict[int, dict[str, Any]]:
    if state.get("game") == "regicide":
        return {h["seat"]: h for h in state.get("hands") or []}
    return {s["seat"]: s for s in state.get("seats") or []}


def parse_command(obj: Any, state: dict[str, Any]) -> HostCommand:
    """Check a posted command against the current public `state`.

    >>> state = {"game": "sanguosha", "seats": [{"seat": 1, "hp": 2, "max_hp": 4}]}
    >>> parse_command({"op": "hp", "seat": 1, "hp": 3}, state)
    HostCommand(op='hp', args={'seat': 1, 'hp': 3})
    >>> parse_command({"op": "move", "card": "杀♠7", "to": "hand", "seat": 1}, state).args
    {'card': 'kill@S7', 'to': 'hand', 'seat': 1}
    >>> parse_command({"op": "hp", "seat": 1, "hp": 9}, state)
    Traceback (most recent call last):
    ...
    companion.web.commands.CommandError: hp must be within 1..4, got 9

    Raises:
        CommandError: not an object, an unknown op, a missing, extra or bad argument.
    """
    if not isinstance(obj, dict):
        raise CommandError("a command is a JSON object with an 'op'")
    op = obj.get("op")
    if op not in _ARGS:
        raise CommandError(f"unknown op {op!r}: expected one of {', '.join(_ARGS)}")
    extra = sorted(set(obj) - {"op", *_ARGS[op]})
    if extra:
        raise CommandError(f"{op} takes no {', '.join(extra)}")
    regicide = state.get("game") == "regicide"
    if regicide and op in NOT_IN_REGICIDE:
        raise CommandError(NOT_IN_REGICIDE[op])
    if op == "bind":
        return _bind(obj)
    seats = _seats(state)
    if op == "move":
        return _move(obj, state, seats)
    if op in ("hp", "hand"):
        seat = _seat(obj, seats)
        if op == "hp":
            if obj.get("hp") == 0 and type(obj.get("hp")) is int:
                raise CommandError(
                    "hp must be at least 1: a seat reaches 0 health only through the rules "
                    "(damage or health loss, then the Peaches)"
                )
            hp = _int(obj, "hp", 1, int(seats[seat].get("max_hp") or 0))
            return HostCommand(op, {"seat": seat, "hp": hp})
        # a Regicide hand holds at most the player count's limit (8 solo ... 5 for four)
        most = state.get("max_hand") if regicide else None
        limit = most if type(most) is int else MAX_HAND
        return HostCommand(op, {"seat": seat, "count": _int(obj, "count", 0, limit)})
    if op == "setting":
        name = obj.get("name")
        if name not in SETTINGS:
            raise CommandError(f"unknown setting {name!r}: expected one of {', '.join(SETTINGS)}")
        value = obj.get("value")
        low, high = SETTINGS[name]
        if (
            not isinstance(value, int | float)
            or isinstance(value, bool)
            or not low <= value <= high
        ):
            raise CommandError(f"{name} must be a number within {low:g}..{high:g}, got {value!r}")
        return HostCommand(op, {"name": name, "value": float(value)})
    return HostCommand(op)


def _bind(obj: dict[str, Any]) -> HostCommand:
    """A reader id and a seat number; whether the table has that seat is the table's to
    say (a narrated refusal), so only the shape is checked here."""
    reader = obj.get("reader")
    if not isinstance(reader, str) or len(reader) != 8 or not _is_hex(reader):
        raise CommandError(
            f"reader must be a reader id of 8 hex digits (GET /readers), got {reader!r}"
        )
    return HostCommand(
        "bind", {"reader": reader.upper(), "seat": _int(obj, "seat", 0, MAX_BIND_SEAT)}
    )


def _is_hex(text: str) -> bool:
    return all(c in "0123456789abcdefABCDEF" for c in text)


def _seat(obj: dict[str, Any], seats: dict[int, dict[str, Any]]) -> int:
    if not seats:
        raise CommandError("no seats yet")
    return _int(obj, "seat", min(seats), max(seats))


def _card(text: Any, game: Any) -> str:
    """The card's canonical text (`kill@S7`, `C8`), read by the game's own parser."""
    if not isinstance(text, str) or not text.strip():
        raise CommandError(f"card must be a card's text such as kill@S7, got {text!r}")
    try:
        if game == "regicide":
            from engine import regicide

            return regicide.format_card(regicide.parse_card(text.strip()))
        from companion.codes import game_card_text
        from engine import sanguosha

        card = sanguosha.parse_card(game_card_text(text.strip()))  # the glossary's names too
        return sanguosha.format_card(card)
    except ValueError:  # the engines' InvalidAction is a ValueError too
        raise CommandError(f"not a card of this game: {text!r}") from None


def _move(obj: dict[str, Any], state: dict[str, Any], seats: dict[int, Any]) -> HostCommand:
    card = _card(obj.get("card"), state.get("game"))
    to = obj.get("to")
    if to not in ZONES:
        raise CommandError(f"to must be one of {', '.join(ZONES)}, got {to!r}")
    if to == "discard":
        if "seat" in obj:
            raise CommandError("a card moved to the discard pile takes no seat")
        return HostCommand("move", {"card": card, "to": to})
    return HostCommand("move", {"card": card, "to": to, "seat": _seat(obj, seats)})


def to_table_input(command: HostCommand, t: float) -> Any:
    """The `TableInput` a command becomes, from the `host` reader at clock time `t`."""
    from companion.table.inputs import HOST, InputKind, TableInput

    if command.op == "undo":
        return TableInput(InputKind.PRESS, {"button": "undo", "long": False}, t=t, reader=HOST)
    if command.op == "bind":
        return TableInput(InputKind.BIND, dict(command.args), t=t, reader=HOST)
    return TableInput(InputKind.CORRECT, command.to_json(), t=t, reader=HOST)


def commit_to_session(session: Any, now: Callable[[], float]) -> Callable[[HostCommand], Any]:
    """The command callback for a `companion.game.Session`: commit each command as a
    host input at `now()` (the game clock) and return the accepted/refused status and
    the sentences it produced."""

    def commit(command: HostCommand) -> dict[str, Any]:
        update = session.commit(to_table_input(command, now()))
        status = update.outcome.status.value if update.outcome is not None else "accepted"
        return {"status": status, "sentences": list(update.sentences)}

    return commit
