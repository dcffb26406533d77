"""The mutable game state: cheap slotted objects, plain lists and ints.

Zones are lists of interned `Card` values (the two copies of `kill@S8` are the same
value). The deck's top is the end of its list. In table mode the engine does not
see hands or the deck: those hold `HIDDEN` placeholders, so counts stay right and
every rule reads the same lists in both modes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core.cards import Color, Rank, Suit
from engine.sanguosha.catalogue import EQUIP_SLOTS, Card

if TYPE_CHECKING:
    from engine.sanguosha.skills import Skill

HIDDEN = Card("hidden", Suit.SPADE, Rank.ACE, "", Color.NONE)
"""A card the engine has not seen (table mode: in a hand, in the deck, discarded unseen)."""

WEAPON, ARMOR, PLUS_HORSE, MINUS_HORSE = range(4)
SLOT_INDEX = {name: i for i, name in enumerate(EQUIP_SLOTS)}

PHASES = ("preparation", "judgment", "draw", "play", "discard", "finish")


class Pile:
    """Cards kept beside a general by a skill (docs/wind-fire.md §2.3, docs/forest-mountain.md
    §2.3): in no hand, deck or discard pile. `items` are cards (不屈, 屯田's fields) or
    general ids (化身's general cards). A public pile is seen by everyone; a private one
    only by its owner, everyone else sees its count."""

    __slots__ = ("name", "public", "items")

    def __init__(self, name: str, public: bool) -> None:
        self.name = name
        self.public = public
        self.items: list[Card | str] = []

    def cards(self) -> list[Card]:
        """The physical cards of the pile (a general card is not one of the deck's)."""
        return [c for c in self.items if isinstance(c, Card)]


class ExtraTurn(NamedTuple):
    """An extra turn granted (放权): `seat` takes it, `reason` is the skill that granted it
    and `by` the seat whose turn it was then (play goes on after that seat)."""

    seat: int
    reason: str
    by: int | None


class Player:
    """One seat. `seat` is 1-based; `equip` has the four slots of `EQUIP_SLOTS`."""

    __slots__ = (
        "seat",
        "general",
        "gender",
        "kingdom",
        "identity",
        "revealed",
        "hp",
        "max_hp",
        "alive",
        "hand",
        "equip",
        "judgment",
        "skills",
        "marks",
        "chained",
        "wine",
        "wine_used",
        "face_up",
        "piles",
        "spent",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.general: str | None = None
        self.gender = "male"
        self.kingdom = ""
        self.identity: str | None = None  # None in table mode until revealed
        self.revealed = False
        self.hp = 0
        self.max_hp = 0
        self.alive = True
        self.hand: list[Card] = []
        self.equip: list[Card | None] = [None, None, None, None]
        self.judgment: list[tuple[Card, str]] = []  # (physical card, trick it counts as)
        self.skills: list[Skill] = []
        self.marks: dict[str, Any] = {}  # skill bookkeeping ("used this phase"...)
        self.chained = False  # Iron Chain (the general card turned sideways): public
        self.wine = 0  # a drunk Wine's +1 waiting for the next Kill used: public
        self.wine_used = False  # a Wine was drunk in this turn's play phase
        self.face_up = True  # False: face-down (翻面), the next turn is skipped: public
        self.piles: dict[str, Pile] = {}  # cards kept on the general, by skill (不屈, 屯田, 化身)
        self.spent: list[str] = []  # limited skills used, awakening skills fired: public

    def __repr__(self) -> str:
        return f"<Player {self.seat} {self.general} hp={self.hp}/{self.max_hp}>"

    def equipment_cards(self) -> list[Card]:
        return [c for c in self.equip if c is not None]

    def has_cards(self, judgment: bool = False) -> bool:
        """Whether the player has any card in hand or equipment (or judgment area)."""
        if self.hand or self.equip != [None, None, None, None]:
            return True
        return judgment and bool(self.judgment)

    def pile(self, name: str) -> list[Card | str]:
        """The items of the pile `name` (an empty list when there is none)."""
        pile = self.piles.get(name)
        return pile.items if pile is not None else []

    def delayed_names(self) -> list[str]:
        return [name for _, name in self.judgment]
