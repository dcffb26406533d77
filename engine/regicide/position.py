"""Start a digital game from a chosen position: for rule tests, puzzles and analysis.

`from_position` lays out the zones as given and leaves the rest of the deck where a
game would not care: unlisted number cards and Aces are set aside, out of the game
(or go to the discard pile with `rest="discard"`, under the tavern with
`rest="tavern"`), unlisted royals stay in the castle in tier order
(Jacks on top) unless `castle` is given (then they count as defeated and go where
the rest goes), unlisted Jesters are set aside. So the 54 cards are always all
somewhere, as in a dealt game. The seat then starts its turn at Step 1.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from engine.regicide.cards import FULL_DECK, JESTER_ID, RANK_INT, ROYAL, Card, parse_cards
from engine.regicide.events import Event
from engine.regicide.settings import Settings

if TYPE_CHECKING:
    from engine.regicide.game import Game

Cards = str | tuple[Card, ...] | list[Card]


def _cards(spec: Cards) -> list[Card]:
    return list(parse_cards(spec)) if isinstance(spec, str) else list(spec)


def from_position(
    cls: type[Game],
    players: int,
    *,
    enemy: Card | str,
    hands: dict[int, Cards],
    tavern: Cards = "",
    discard: Cards = "",
    castle: Cards | None = None,
    in_play: Cards = "",
    damage: int = 0,
    shield: int = 0,
    immunity_cancelled: bool = False,
    seat: int = 1,
    flips_left: int | None = None,
    yielded: tuple[int, ...] = (),
    rest: Literal["aside", "discard", "tavern"] = "aside",
    settings: Settings | None = None,
    seed: int = 0,
) -> Game:
    """A digital game in this position, with `seat` to start its turn.

    Zones list cards bottom first: the last card of `tavern` is its top (drawn first),
    the last of `castle` is the next enemy. Raises ValueError if a card is listed
    twice (the Jester at most twice), the enemy is not a royal, or a seat is unknown.
    """
    g = cls.new(players=players, seed=seed, settings=settings)
    enemy_card = _cards(enemy)[0] if isinstance(enemy, str) else enemy
    if not ROYAL[enemy_card]:
        raise ValueError(f"the enemy must be a J, Q or K, got {enemy_card}")
    if set(hands) - set(range(1, players + 1)):
        raise ValueError(f"hands name seats outside 1..{players}: {sorted(hands)}")
    zones = {
        "tavern": _cards(tavern),
        "discard": _cards(discard),
        "in_play": _cards(in_play),
        **{f"hand {s}": _cards(h) for s, h in hands.items()},
    }
    listed = Counter(c for cards in zones.values() for c in cards)
    listed[enemy_card] += 1
    castle_cards = None if castle is None else _cards(castle)
    if castle_cards is not None:
        listed.update(castle_cards)
    for card, n in listed.items():
        if n > (2 if card == JESTER_ID else 1):
            raise ValueError(f"{card} is listed {n} times")
    unlisted = Counter(FULL_DECK) - listed
    rest_cards = sorted(
        c for c in unlisted.elements() if c != JESTER_ID and (castle is not None or not ROYAL[c])
    )
    if castle_cards is None:
        royals = [c for c in unlisted.elements() if ROYAL[c]]
        castle_cards = sorted(royals, key=lambda c: (-RANK_INT[c], c))
    g.castle = castle_cards
    g.tavern = zones["tavern"]
    g.discard = zones["discard"]
    g.aside = [Card.JESTER] * unlisted[Card.JESTER]
    if rest == "tavern":
        g.tavern[0:0] = rest_cards
    elif rest == "discard":
        g.discard.extend(rest_cards)
    elif rest == "aside":
        g.aside.extend(rest_cards)
    else:
        raise ValueError(f"rest must be 'aside', 'discard' or 'tavern', got {rest!r}")
    g.in_play = zones["in_play"]
    g.hands = [[]] + [zones.get(f"hand {s}", []) for s in range(1, players + 1)]
    ev: list[Event] = []
    g._reveal(enemy_card, ev)
    g.damage, g.shield, g.cancelled = damage, shield, immunity_cancelled
    g.yielded = [False] + [s in yielded for s in range(1, players + 1)]
    g.yields_in_row = len(yielded)
    if flips_left is not None:
        if not g.solo or not 0 <= flips_left <= g.settings.solo_jester_flips:
            raise ValueError(f"flips_left must be 0..{g.settings.solo_jester_flips} in a solo game")
        g.flips_left = flips_left
        g.flips_used = g.settings.solo_jester_flips - flips_left
    g.origin = {
        "discard": tuple(g.discard),
        "aside": tuple(g.aside),
        "in_play": tuple(g.in_play),
        "castle": (*g.castle, enemy_card),
        "tavern": len(g.tavern),
        "hands": tuple(len(h) for h in g.hands),
    }
    g.log.clear()
    g._start_turn(seat, ev)
    g.log.extend(ev)
    return g
