"""The Regicide game state and its setup (docs/regicide.md §1.2, §1.13).

`GameState` holds plain ints and lists only, so a random-policy game costs little (see
`bench/regicide.py`). Zones: the castle (top at the end of the list), the current enemy
with its damage, shield and immunity, the cards in play against it, the tavern (top at
the end), the discard pile, the hands, and the Jesters set aside. In table mode the
tavern, discard pile and hands are physical: the lists stay empty and only the counts
(`tavern_n`, `discard_n`, `counts`) are kept; the castle list then holds the royals not
yet revealed, unordered, since the physical castle deck's order is unknown.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from engine.core.rng import GameRng
from engine.regicide.actions import Action
from engine.regicide.cards import (
    CARDS,
    FULL_DECK,
    JESTER_ID,
    RANK_INT,
    ROYAL,
    ROYALS,
    SUIT_INDEX,
    Card,
)
from engine.regicide.events import Event
from engine.regicide.plays import Made
from engine.regicide.prompts import Prompt
from engine.regicide.rules import RULES
from engine.regicide.settings import Settings

_RANK_KEYS = {1: "A", 11: "J", 12: "Q", 13: "K"}
#: The tavern's cards before the Jesters, in deck order (the order a shuffle starts from).
NUMBER_CARDS: tuple[Card, ...] = tuple(c for c in FULL_DECK if not ROYAL[c] and c != JESTER_ID)
#: Every order of each royal tier as the castle is built (Kings, Queens, then Jacks):
#: a tier is shuffled by one uniform pick among its 24 orders.
TIER_ORDERS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(permutations(c for c in ROYALS if RANK_INT[c] == rank)) for rank in (13, 12, 11)
)
DIAMOND = 3


def card_values(settings: Settings) -> tuple[int, ...]:
    """Each card's value in hand (§1.1), recruited royals per the settings (§1.14-19)."""
    return _card_values(settings.recruited_values)


@lru_cache(maxsize=8)
def _card_values(recruited: tuple[int, int, int]) -> tuple[int, ...]:
    by_key = dict(RULES.card_values)
    by_key["J"], by_key["Q"], by_key["K"] = recruited
    return tuple(
        by_key["jester"]
        if c == JESTER_ID
        else by_key[_RANK_KEYS.get(RANK_INT[c], str(RANK_INT[c]))]
        for c in CARDS
    )


class GameState:
    """Every mutable fact of one game; `Game` owns the rules that change it."""

    __slots__ = (
        "n",
        "table",
        "settings",
        "rng",
        "seed",
        "max_hand",
        "value",
        "solo",
        "jesters_in_tavern",
        "hands",
        "counts",
        "castle",
        "enemy",
        "attack",
        "health",
        "damage",
        "shield",
        "cancelled",
        "blocked_spades",
        "blocked_hearts",
        "blocked_diamonds",
        "in_play",
        "tavern",
        "tavern_n",
        "discard",
        "discard_n",
        "aside",
        "yielded",
        "yields_in_row",
        "seat",
        "prompt",
        "status",
        "result",
        "flips_left",
        "flips_used",
        "log",
        "listed",
        "flipped",
        "origin",
        "made",
        "_countable_plays",
        "_single_payments",
    )

    def __init__(self, players: int, table: bool, seed: int, settings: Settings) -> None:
        rules = RULES.by_players[players]
        self.n = players
        self.table = table
        self.settings = settings
        self.seed = seed
        self.rng = GameRng(seed)
        self.max_hand = rules.max_hand
        self.value = card_values(settings)
        self.solo = players == 1
        self.jesters_in_tavern = rules.jesters_in_tavern if settings.jesters_in_tavern else 0
        self.hands: list[list[Card]] = [[] for _ in range(players + 1)]
        self.counts = [0] * (players + 1)
        self.castle: list[Card] = []
        self.enemy: Card | None = None
        self.attack = self.health = self.damage = self.shield = 0
        self.cancelled = False
        self.blocked_spades = self.blocked_hearts = self.blocked_diamonds = 0
        self.in_play: list[Card] = []
        self.tavern: list[Card] = []
        self.tavern_n = 0
        self.discard: list[Card] = []
        self.discard_n = 0
        self.aside: list[Card] = []
        self.yielded = [False] * (players + 1)
        self.yields_in_row = 0
        self.seat = 1
        self.prompt: Prompt | None = None
        self.status = "setup"
        self.result: dict[str, Any] | None = None
        self.flips_left = settings.solo_jester_flips if self.solo else 0
        self.flips_used = 0
        self.log: list[Event] = []
        #: The legal actions listed for the current state, or None until asked; every
        #: committed action drops it (`Game.submit`, `Game.step_random`).
        self.listed: list[Action] | None = None
        #: The hands a digital solo flip threw face up on the discard pile, in order: a
        #: public fact the events carry only as a count (infoset.py reads them).
        self.flipped: list[tuple[Card, ...]] = []
        #: For a game set up by `from_position`: the public zones it started from
        #: (infoset.py replays the log from them); None after a dealt setup.
        self.origin: dict[str, Any] | None = None
        #: This game's listed action values (`plays.Made`), built as they are listed.
        self.made = Made()
        #: For `Game.step_random`: digital plays group only as the rulebook says (no Ace
        #: groups, no double Jester), so `plays.count_plays` counts a hand's listed plays;
        #: digital payments are listed one card at a time (overpaying allowed).
        self._countable_plays = not table and not (
            settings.allow_ace_groups or settings.allow_double_jester
        )
        self._single_payments = not table and settings.allow_overpay

    def deal(self) -> None:
        """Build the castle and tavern and deal the hands (§1.2)."""
        rng = self.rng
        self.aside = [Card.JESTER] * (2 - self.jesters_in_tavern)
        if self.table:
            self.castle = list(ROYALS)
            self.tavern_n = len(NUMBER_CARDS) + self.jesters_in_tavern - self.n * self.max_hand
            for s in range(1, self.n + 1):
                self.counts[s] = self.max_hand
            return
        castle = self.castle
        for orders in TIER_ORDERS:  # Kings at the bottom, Jacks on top (the end of the list)
            castle += orders[rng.randrange(len(orders))]
        tavern = list(NUMBER_CARDS)
        tavern += [Card.JESTER] * self.jesters_in_tavern
        rng.shuffle(tavern)
        h = self.max_hand
        hands = self.hands
        for s in range(1, self.n + 1):
            hands[s] = tavern[-h:]
            del tavern[-h:]
        if self.settings.diamond_mulligan:
            for s in range(1, self.n + 1):
                if not any(SUIT_INDEX[c] == DIAMOND for c in hands[s]):
                    tavern.extend(hands[s])
                    rng.shuffle(tavern)
                    hands[s] = tavern[-h:]
                    del tavern[-h:]
        self.tavern = tavern

    def hand_count(self, seat: int) -> int:
        return self.counts[seat] if self.table else len(self.hands[seat])

    def tavern_count(self) -> int:
        return self.tavern_n if self.table else len(self.tavern)

    def discard_count(self) -> int:
        return self.discard_n if self.table else len(self.discard)

    def hand_value(self, seat: int) -> int | None:
        """The hand's total value, or None in table mode where hands are unknown."""
        if self.table:
            return None
        return sum(map(self.value.__getitem__, self.hands[seat]))

    def snapshot(self) -> dict[str, Any]:
        """A deep, comparable copy of every field (tests check refusals change nothing)."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            v = getattr(self, name)
            if name == "rng":
                v = v.getstate()
            elif isinstance(v, list):
                v = [list(x) if isinstance(x, list) else x for x in v]
            elif isinstance(v, dict):
                v = dict(v)
            out[name] = v
        return out
