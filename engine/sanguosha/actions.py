"""What a seat can submit: small values immutable in fact (`@sealed`) with imperative names.

Cards are `Card` values (`parse_card("kill@S7")`); seats are numbered 1..N in turn
order. The table layer submits exactly what it scanned; digital-mode bots submit
members of `game.legal_actions()`. Each action's `to_json()` gives a stable form
for the game log, and `parse_action` reads it back.
"""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar

from engine.core.errors import InvalidAction
from engine.core.facts import sealed
from engine.sanguosha.catalogue import Card, format_card, parse_card
from engine.sanguosha.reasons import Reason


class Action:
    """Base of every action."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass
    kind = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.kind}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out


def _to_json(value: Any) -> Any:
    if isinstance(value, Card):
        return format_card(value)
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


@sealed
class ChooseGeneral(Action):
    """Pick a general (one of those offered in digital mode; the scanned one at the table)."""

    general: str
    kind = "choose_general"


@sealed
class PlayCard(Action):
    """Use a card in the play phase. Without targets, a card that needs them is staged
    and the engine asks for targets one by one (`ChooseTarget`, then `Confirm`)."""

    card: Card
    targets: tuple[int, ...] = ()
    kind = "play_card"


@sealed
class UseSkill(Action):
    """Use a skill (or an equipment's ability), with the cards and targets it needs."""

    skill: str
    cards: tuple[Card, ...] = ()
    targets: tuple[int, ...] = ()
    kind = "use_skill"


@sealed
class ChooseTarget(Action):
    """Add a seat to the staged card's targets."""

    seat: int
    kind = "choose_target"


@sealed
class Confirm(Action):
    """OK (True) or NO (False): close a target list, accept an optional effect, discard unseen."""

    ok: bool = True
    kind = "confirm"


@sealed
class Respond(Action):
    """Answer a request with a card, or `Respond(None)` to decline (NO)."""

    card: Card | None = None
    kind = "respond"


@sealed
class Pass(Action):
    """Let a window go by (no Nullification) or decline an optional step."""

    kind = "pass"


@sealed
class Timeout(Action):
    """The table's clock closed an open window (submitted with seat None)."""

    kind = "timeout"


@sealed
class EndPlay(Action):
    """End the play phase."""

    kind = "end_play"


@sealed
class Recast(Action):
    """Recast a card (Iron Chain) in your play phase: into the discard pile, draw 1.

    Not a use: no targets, no Nullification, nothing that triggers on a use."""

    card: Card
    kind = "recast"


@sealed
class Discard(Action):
    """Discard these cards (hand, or hand and equipment when the prompt allows it)."""

    cards: tuple[Card, ...]
    kind = "discard"


@sealed
class ProvideJudgment(Action):
    """Table mode: the judgment card that was flipped and scanned."""

    card: Card
    kind = "provide_judgment"


@sealed
class RevealCard(Action):
    """Table mode: a card turned face up (Harvest, a dismantled hand card); None = unseen."""

    card: Card | None = None
    kind = "reveal_card"


@sealed
class RevealIdentity(Action):
    """Table mode: the identity card a player scanned."""

    identity: str
    kind = "reveal_identity"


@sealed
class PickCard(Action):
    """Take a card from a choice (Harvest, Snatch, Dismantle...); None = a hand card unseen."""

    card: Card | None = None
    kind = "pick_card"


@sealed
class ChooseOption(Action):
    """Pick one of a prompt's `options` (a suit named for Fanjian)."""

    option: str
    kind = "choose_option"


@sealed
class SetHealth(Action):
    """Host correction (table mode, seat None): `seat` has `hp` health (1..max_hp)."""

    seat: int
    hp: int
    kind = "set_health"


@sealed
class SetHandCount(Action):
    """Host correction (table mode, seat None): `seat` holds `count` hand cards."""

    seat: int
    count: int
    kind = "set_hand_count"


@sealed
class SetDead(Action):
    """Host correction (table mode, seat None): `seat` died and the engine missed it
    (`killer`: the seat that killed, or None); the death's rules follow, as in play."""

    seat: int
    killer: int | None = None
    kind = "set_dead"


@sealed
class MoveCard(Action):
    """Host correction (table mode, seat None): `card` is now in `seat`'s `to` zone
    (hand, equipment, judgment), or on the discard pile (`to="discard"`, no seat)."""

    card: Card
    to: str
    seat: int | None = None
    kind = "move_card"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        ChooseGeneral,
        PlayCard,
        UseSkill,
        ChooseTarget,
        Confirm,
        Respond,
        Pass,
        Timeout,
        EndPlay,
        Recast,
        Discard,
        ProvideJudgment,
        RevealCard,
        RevealIdentity,
        PickCard,
        ChooseOption,
        SetHealth,
        SetHandCount,
        MoveCard,
        SetDead,
    )
}
ACTION_KINDS: frozenset[str] = frozenset(ACTION_TYPES)

_CARD_FIELDS = {"card"}
_CARDS_FIELDS = {"cards"}
_SEATS_FIELDS = {"targets"}


def parse_action(data: dict[str, Any]) -> Action:
    """Rebuild an action from its `to_json()` form.

    >>> parse_action(PlayCard(parse_card("kill@S7"), (2,)).to_json())
    PlayCard(card=parse_card('kill@S7'), targets=(2,))

    Raises `InvalidAction(Reason.UNKNOWN_ACTION)` for anything else.
    """
    cls = ACTION_TYPES.get(data.get("action", "")) if isinstance(data, dict) else None
    if cls is None:
        raise InvalidAction(Reason.UNKNOWN_ACTION, action=data)
    kwargs: dict[str, Any] = {}
    try:
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name in _CARD_FIELDS:
                value = None if value is None else parse_card(value)
            elif f.name in _CARDS_FIELDS:
                value = tuple(parse_card(v) for v in value)
            elif f.name in _SEATS_FIELDS:
                value = tuple(int(v) for v in value)
            kwargs[f.name] = value
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, InvalidAction):
            raise
        raise InvalidAction(Reason.UNKNOWN_ACTION, action=data) from None
