"""Which groups of cards form a legal play (docs/regicide.md §1.4, §1.8), and listing them.

A legal play is one card (a Jester included), an Ace with exactly one other card that
is not a Jester (an "animal companion"), or a combo of 2 to 4 number cards of one rank
totalling at most 10. `check_play` says which shape a group has or raises
`IllegalAction` with the rule it breaks; `legal_plays` lists every legal play a hand
holds, for bots. Both are pure. Action objects are cached per card group, in the
game's own `Made` (never shared by two games), so a bot's enumeration allocates
almost nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations
from math import comb

from engine.core.errors import IllegalAction
from engine.regicide.actions import Discard, Play
from engine.regicide.cards import JESTER_ID, RANK_INT, Card
from engine.regicide.reasons import Reason

SINGLE = "single"
COMPANION = "companion"
COMBO = "combo"
JESTER = "jester"


class Made:
    """One game's listed action values: a play per card group, a discard per card,
    each built the first time it is listed. They belong to the game
    (`GameState.made`): what one game handed out is never another game's listing."""

    __slots__ = ("plays", "discards")

    def __init__(self) -> None:
        self.plays: dict[tuple[Card, ...], Play] = {}
        self.discards: dict[Card, Discard] = {}

    def play(self, cards: tuple[Card, ...]) -> Play:
        play = self.plays.get(cards)
        if play is None:
            play = self.plays[cards] = Play(cards)
        return play

    def discard(self, card: Card) -> Discard:
        discard = self.discards.get(card)
        if discard is None:
            discard = self.discards[card] = Discard((card,))
        return discard


@lru_cache(maxsize=4)
def _grouping_ranks(max_combo: int) -> tuple[int, ...]:
    """Per card, the rank if it can join a group (an Ace, or a rank two of which fit
    `max_combo`), else 0: one lookup per card when listing a hand's plays."""
    return tuple(r if r == 1 or (r > 1 and 2 * r <= max_combo) else 0 for r in RANK_INT)


def check_play(
    cards: tuple[Card, ...],
    max_combo: int = 10,
    allow_ace_groups: bool = False,
    allow_double_jester: bool = False,
) -> str:
    """The shape of a group of distinct-or-Jester cards: single, companion, combo or jester.

    Raises `IllegalAction` naming the broken rule (§1.4).

    >>> from engine.regicide.cards import parse_card as p
    >>> check_play((p("HA"), p("S8"))), check_play((p("C2"), p("D2"), p("S2")))
    ('companion', 'combo')
    >>> check_play((p("C5"), p("D5"), p("S5")))
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: combo_over_ten (total=15, limit=10)
    """
    n = len(cards)
    if n == 1:
        return JESTER if cards[0] == JESTER_ID else SINGLE
    if n == 0:
        raise IllegalAction(Reason.NO_CARDS)
    jesters = cards.count(JESTER_ID)
    if jesters:
        if allow_double_jester and jesters == n == 2:
            return JESTER
        raise IllegalAction(Reason.JESTER_NOT_ALONE, cards=n)
    ranks = [RANK_INT[c] for c in cards]
    aces = ranks.count(1)
    if aces:
        others = n - aces
        if n == 2 or (allow_ace_groups and others <= 1):
            return COMPANION
        raise IllegalAction(Reason.ACE_PAIR_TOO_MANY_CARDS, aces=aces, others=others)
    rank = ranks[0]
    if any(r != rank for r in ranks):
        raise IllegalAction(Reason.COMBO_MIXED_RANKS, ranks=sorted(set(ranks)))
    if rank > 10:
        raise IllegalAction(Reason.COMBO_NOT_NUMBER_CARDS, rank=rank)
    total = rank * n
    if total > max_combo:
        raise IllegalAction(Reason.COMBO_OVER_TEN, total=total, limit=max_combo)
    return COMBO


def distinct_cards(hand: list[Card]) -> list[Card]:
    """The hand's cards in hand order, each once: a hand holds each card once but the
    Jester, which may be there twice. Single plays and discards are listed in this
    order, so a bot can pick the i-th of them as `hand[i]` (`pick_card`)."""
    return list(dict.fromkeys(hand)) if hand.count(Card.JESTER) > 1 else list(hand)


def pick_card(hand: list[Card], below: Callable[[int], int]) -> Card:
    """`distinct_cards(hand)[below(n)]` without copying the hand when it has no twin."""
    if hand.count(Card.JESTER) > 1:
        distinct = distinct_cards(hand)
        return distinct[below(len(distinct))]
    return hand[below(len(hand))]


def play_shape(cards: tuple[Card, ...]) -> str:
    """The shape of a play `legal_plays` listed, without checking it again.

    Listed groups are canonical: an Ace group starts with its Aces, so its first card
    tells a companion from a combo.

    >>> from engine.regicide.cards import parse_cards as p
    >>> [play_shape(p(t)) for t in ("C8", "jester", "HA S8", "C2 D2")]
    ['single', 'jester', 'companion', 'combo']
    """
    first = cards[0]
    if first == JESTER_ID:
        return JESTER
    if len(cards) == 1:
        return SINGLE
    return COMPANION if RANK_INT[first] == 1 else COMBO


# `count_plays` sums one code per card, a few small counters packed in one int, so a
# hand is summed in C and its counts are looked up once per distinct composition.
_CARDS_BITS, _ACE_SHIFT, _JESTER_SHIFT, _RANK_SHIFT = 4, 4, 8, 12  # then 3 bits per rank


@lru_cache(maxsize=4)
def _count_codes(max_combo: int) -> tuple[int, ...]:
    """Per card: 1 (a card) plus 1 in its Ace, Jester or groupable-rank counter."""
    grouping = _grouping_ranks(max_combo)
    codes = []
    for c, r in enumerate(grouping):
        code = 1
        if c == JESTER_ID:
            code += 1 << _JESTER_SHIFT
        elif r == 1:
            code += 1 << _ACE_SHIFT
        elif r:
            code += 1 << (_RANK_SHIFT + 3 * (r - 2))
        codes.append(code)
    return tuple(codes)


_COUNTS: dict[tuple[int, int], tuple[int, int]] = {}


def _counts_of(key: int, max_combo: int) -> tuple[int, int]:
    """Unpack a hand's summed codes into (singles, groups) as `legal_plays` lists them."""
    cards = key & (1 << _CARDS_BITS) - 1
    aces = key >> _ACE_SHIFT & 15
    jesters = key >> _JESTER_SHIFT & 15
    groups = 0
    if aces:  # each Ace with every other card, Jesters and Aces aside, or with an Ace
        groups = aces * (cards - aces - jesters) + aces * (aces - 1) // 2
    for r in range(2, max_combo // 2 + 1):
        m = key >> (_RANK_SHIFT + 3 * (r - 2)) & 7
        groups += sum(comb(m, k) for k in range(2, m + 1) if r * k <= max_combo)
    return cards - jesters + (jesters > 0), groups


def count_plays(hand: list[Card], max_combo: int = 10) -> tuple[int, int]:
    """How many plays `legal_plays` lists without Ace groups or a double Jester:
    (single cards, groups). The singles come first in its list, the groups next.

    A bot picking one listed play at random needs only these counts, and the list
    itself only when the pick is a group (`Game.step_random`).

    >>> from engine.regicide.cards import parse_cards as p
    >>> hand = list(p("HA S2 C2 D2 jester jester"))
    >>> count_plays(hand), len(legal_plays(hand))
    ((5, 7), 12)
    """
    key = sum(map(_count_codes(max_combo).__getitem__, hand))
    found = _COUNTS.get((key, max_combo))
    if found is None:
        found = _COUNTS[key, max_combo] = _counts_of(key, max_combo)
    return found


def legal_plays(
    hand: list[Card],
    max_combo: int = 10,
    allow_ace_groups: bool = False,
    allow_double_jester: bool = False,
    made: Made | None = None,
) -> list[Play]:
    """Every legal play of this hand, each once (card order inside a play is canonical),
    built in `made` (a game's; by default new ones).

    >>> from engine.regicide.cards import parse_card as p
    >>> sorted(str(list(map(str, a.cards))) for a in legal_plays([p("HA"), p("S2"), p("C2")]))
    ["['C2']", "['HA', 'C2']", "['HA', 'S2']", "['HA']", "['S2', 'C2']", "['S2']"]
    """
    made = made or Made()
    out = [made.play((c,)) for c in distinct_cards(hand)]
    out += legal_groups(hand, max_combo, allow_ace_groups, allow_double_jester, made)
    return out


def legal_groups(
    hand: list[Card],
    max_combo: int = 10,
    allow_ace_groups: bool = False,
    allow_double_jester: bool = False,
    made: Made | None = None,
) -> list[Play]:
    """The plays of `legal_plays` that hold more than one card, in its order."""
    group_play = (made or Made()).play
    out: list[Play] = []
    aces = []
    by_rank: dict[int, list[Card]] = {}
    grouping = _grouping_ranks(max_combo)
    for c in hand:
        r = grouping[c]
        if r == 1:
            aces.append(c)
        elif r:
            by_rank.setdefault(r, []).append(c)
    if aces:
        others = sorted({c for c in hand if c != JESTER_ID and RANK_INT[c] != 1})
        aces.sort()
        for i, a in enumerate(aces):
            for o in others:
                out.append(group_play((a, o)))
            for b in aces[i + 1 :]:
                out.append(group_play((a, b)))
        if allow_ace_groups:
            for k in range(2, len(aces) + 1):
                for group in combinations(aces, k):
                    if k > 2:
                        out.append(group_play(group))
                    for o in others:
                        out.append(group_play((*group, o)))
    for r, same in by_rank.items():
        if len(same) > 1:
            same.sort()
            for k in range(2, len(same) + 1):
                if r * k > max_combo:
                    break
                for combo in combinations(same, k):
                    out.append(group_play(combo))
    if allow_double_jester and hand.count(Card.JESTER) >= 2:
        out.append(group_play((Card.JESTER, Card.JESTER)))
    return out
