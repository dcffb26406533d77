"""What a player can submit: values immutable in fact (`@sealed`), one per decision
(§ = docs/regicide.md).

Cards are `Card` values (`parse_card("C8")`); card text such as `"C8"` is accepted too
and parsed when the action is submitted. Which actions fit which prompt:

| prompt kind      | actions                                             |
|------------------|-----------------------------------------------------|
| `play`           | `Play(cards)`, `Yield()`                            |
| `pay_damage`     | `Discard(cards)`; table mode also `CannotPay()`     |
| `choose_next`    | `ChooseNext(seat)`                                  |
| `jester_flip`    | `FlipJester()`, `DeclineFlip()`                     |
| `reveal_enemy`   | `RevealEnemy(card)` (table mode)                    |

`CorrectHandCount(seat, count)` (table mode) is accepted at any prompt: it is the
host's fix for a count the table disagrees with.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.facts import sealed
from engine.regicide.cards import Card, format_card


def _cards_json(cards: tuple[Card | str, ...]) -> list[str]:
    return [c if isinstance(c, str) else format_card(c) for c in cards]


@sealed
class Play:
    """Step 1: play a card, an Ace with one other card, a combo, or a Jester (§1.4)."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "play"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": _cards_json(self.cards)}


@sealed
class Yield:
    """Step 1: play nothing and go straight to Step 4 (§1.9)."""

    kind: ClassVar[str] = "yield"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@sealed
class Discard:
    """Step 4: discard cards to pay damage; several submissions add up (§1.7)."""

    cards: tuple[Card, ...]
    kind: ClassVar[str] = "discard"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": _cards_json(self.cards)}


@sealed
class CannotPay:
    """Table mode, Step 4: the player shows their hand cannot cover the damage (§1.11)."""

    kind: ClassVar[str] = "cannot_pay"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@sealed
class ChooseNext:
    """After a Jester: the seat (1..N) that takes the next turn (§1.8)."""

    seat: int
    kind: ClassVar[str] = "choose_next"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat}


@sealed
class FlipJester:
    """Solo: discard the hand and refill to the limit (§1.12)."""

    kind: ClassVar[str] = "flip_jester"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@sealed
class DeclineFlip:
    """Solo: go on without flipping a Jester now (§1.12)."""

    kind: ClassVar[str] = "decline_flip"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@sealed
class RevealEnemy:
    """Table mode: the card turned up from the castle deck (§1.2, §1.6)."""

    card: Card
    kind: ClassVar[str] = "reveal_enemy"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": _cards_json((self.card,))[0]}


@sealed
class CorrectHandCount:
    """Table mode: the host sets a seat's hand count to what the table shows."""

    seat: int
    count: int
    kind: ClassVar[str] = "correct_hand_count"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "count": self.count}


Action = (
    Play
    | Yield
    | Discard
    | CannotPay
    | ChooseNext
    | FlipJester
    | DeclineFlip
    | RevealEnemy
    | CorrectHandCount
)
ACTION_TYPES: tuple[type, ...] = (
    Play,
    Yield,
    Discard,
    CannotPay,
    ChooseNext,
    FlipJester,
    DeclineFlip,
    RevealEnemy,
    CorrectHandCount,
)
