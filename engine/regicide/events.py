"""What happened: frozen values returned by `Game.submit`, one per fact (§ = docs/regicide.md).

Each event is a `@fact` (engine/core/facts.py: frozen to the type checker, cheap to
build) with a stable `kind` string and `to_json()`. They carry every figure a
narrator needs, and never a hidden card (no drawn card, no tavern order). Events with
`instruction=True` happen in table mode, where the table must do the physical part:
"move 7 cards from the discard pile under the tavern deck", "players 2, 3, 1 draw one
card each", "put the enemy face down on top of the tavern deck". Seats are 1..N;
suits are letters `S H C D`.
"""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar

from engine.core.facts import fact
from engine.regicide.cards import Card


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    return value


class Event:
    """Base of every event: a `kind` and a generic `to_json`."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


@fact
class GameStarted(Event):
    """Setup done (§1.2): in table mode, an instruction to deal `max_hand` cards each."""

    players: int
    mode: str
    first_seat: int
    max_hand: int
    jesters_in_tavern: int
    tavern_count: int
    jester_flips: int
    settings: dict[str, Any]
    instruction: bool
    kind: ClassVar[str] = "game_started"


@fact
class DiamondMulligan(Event):
    """Table mode, the unofficial Diamond mulligan (§1.14-18): an instruction that a player
    whose opening hand holds no Diamond shuffles it back and draws `max_hand` again, once
    (the counts do not change). In digital mode the engine redeals, with no event."""

    max_hand: int
    instruction: bool
    kind: ClassVar[str] = "diamond_mulligan"


@fact
class TurnStarted(Event):
    """A seat starts a turn at Step 1 (also again after its own kill, §1.6)."""

    seat: int
    kind: ClassVar[str] = "turn_started"


@fact
class EnemyRevealed(Event):
    """A new enemy at full health, no shield, immune to its own suit (§1.6)."""

    card: Card
    attack: int
    health: int
    immune: str
    castle_left: int
    kind: ClassVar[str] = "enemy_revealed"


@fact
class JesterFlipped(Event):
    """Solo: the hand went to the discard pile and was refilled from the tavern (§1.12)."""

    seat: int
    step: int
    discarded: int
    drawn: int
    flips_left: int
    instruction: bool
    kind: ClassVar[str] = "jester_flipped"


@fact
class FlipDeclined(Event):
    """Solo: no Jester flipped at this moment (§1.12)."""

    seat: int
    step: int
    flips_left: int
    kind: ClassVar[str] = "flip_declined"


@fact
class CardsPlayed(Event):
    """Step 1: a legal play with its attack value X (§1.4); `play` names its shape."""

    seat: int
    cards: tuple[Card, ...]
    value: int
    play: str
    kind: ClassVar[str] = "cards_played"


@fact
class JesterPlayed(Event):
    """Step 1: a Jester cancels the enemy's immunity; steps 3 and 4 are skipped (§1.8)."""

    seat: int
    enemy: Card
    cancelled: str | None
    kind: ClassVar[str] = "jester_played"


@fact
class PowerBlocked(Event):
    """Step 2: the enemy is immune to this suit, so its power does nothing (§1.5)."""

    seat: int
    suit: str
    enemy: Card
    kind: ClassVar[str] = "power_blocked"


@fact
class HeartsHealed(Event):
    """Hearts: `moved` cards from the discard pile went under the tavern deck (§1.5)."""

    seat: int
    value: int
    moved: int
    discard_count: int
    tavern_count: int
    retroactive: bool
    instruction: bool
    kind: ClassVar[str] = "hearts_healed"


@fact
class DiamondsDrawn(Event):
    """Diamonds: one card each for the seats in `order`, in that order (§1.5)."""

    seat: int
    value: int
    order: tuple[int, ...]
    tavern_count: int
    retroactive: bool
    instruction: bool
    kind: ClassVar[str] = "diamonds_drawn"


@fact
class ShieldRaised(Event):
    """Spades: the enemy's attack is lowered by `amount` until it dies (§1.5, §1.8)."""

    seat: int
    amount: int
    shield: int
    attack: int
    retroactive: bool
    kind: ClassVar[str] = "shield_raised"


@fact
class DamageDealt(Event):
    """Step 3: `damage` dealt (doubled by Clubs or not); `hp_left` after it (§1.6)."""

    seat: int
    enemy: Card
    value: int
    doubled: bool
    damage: int
    total: int
    hp_left: int
    kind: ClassVar[str] = "damage_dealt"


@fact
class EnemyDefeated(Event):
    """The enemy fell: exact kill to the tavern top, overkill to discard (§1.6)."""

    seat: int
    enemy: Card
    exact: bool
    to: str
    cards_discarded: int
    castle_left: int
    instruction: bool
    kind: ClassVar[str] = "enemy_defeated"


@fact
class DamageToPay(Event):
    """Step 4: the enemy attacks; the seat must discard at least `amount` (§1.7)."""

    seat: int
    amount: int
    attack: int
    shield: int
    kind: ClassVar[str] = "damage_to_pay"


@fact
class CardsDiscarded(Event):
    """Step 4: cards discarded towards the damage; `paid` is the running sum (§1.7)."""

    seat: int
    cards: tuple[Card, ...]
    value: int
    paid: int
    amount: int
    kind: ClassVar[str] = "cards_discarded"


@fact
class DamagePaid(Event):
    """Step 4 done: `paid` covers `amount`; `overpaid` is the excess (§1.7, §1.14-6)."""

    seat: int
    amount: int
    paid: int
    overpaid: int
    kind: ClassVar[str] = "damage_paid"


@fact
class Yielded(Event):
    """Step 1: the seat yields and goes to Step 4 (§1.9)."""

    seat: int
    kind: ClassVar[str] = "yielded"


@fact
class NextPlayerChosen(Event):
    """After a Jester: `chosen` takes the next turn (§1.8)."""

    seat: int
    chosen: int
    kind: ClassVar[str] = "next_player_chosen"


@fact
class HandCountCorrected(Event):
    """Table mode warning: the engine's count was wrong; the table wins (`cause`)."""

    seat: int
    counted: int
    corrected: int
    cause: str
    kind: ClassVar[str] = "hand_count_corrected"


@fact
class GameWon(Event):
    """The last King fell (§1.11); solo `tier` by Jesters used (§1.12), else None."""

    seat: int
    tier: str | None
    jesters_used: int
    kind: ClassVar[str] = "game_won"


@fact
class GameLost(Event):
    """Everyone loses (§1.11): `reason` is `cannot_pay`, `cannot_play` or `illegal_yield`."""

    seat: int
    reason: str
    amount: int
    hand_value: int | None
    kind: ClassVar[str] = "game_lost"


EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted,
    DiamondMulligan,
    TurnStarted,
    EnemyRevealed,
    JesterFlipped,
    FlipDeclined,
    CardsPlayed,
    JesterPlayed,
    PowerBlocked,
    HeartsHealed,
    DiamondsDrawn,
    ShieldRaised,
    DamageDealt,
    EnemyDefeated,
    DamageToPay,
    CardsDiscarded,
    DamagePaid,
    Yielded,
    NextPlayerChosen,
    HandCountCorrected,
    GameWon,
    GameLost,
)
EVENT_KINDS: tuple[str, ...] = tuple(t.kind for t in EVENT_TYPES)
