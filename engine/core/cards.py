"""Suits and ranks, shared by every card game here.

A card's text form is `<suit letter><rank>` (`S7`, `H10`, `CA`, `DK`), as in table
scripts and the state JSON; the suit symbols `♠♥♣♦` are accepted on input.
`parse_suit`/`format_suit` and `parse_rank`/`format_rank` round-trip.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class Color(Enum):
    BLACK = "black"
    RED = "red"
    NONE = "none"


class Suit(Enum):
    """A French suit. The value is the letter used in card text."""

    SPADE = "S"
    HEART = "H"
    CLUB = "C"
    DIAMOND = "D"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def color(self) -> Color:
        return Color.RED if self in (Suit.HEART, Suit.DIAMOND) else Color.BLACK

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SYMBOLS = {Suit.SPADE: "♠", Suit.HEART: "♥", Suit.CLUB: "♣", Suit.DIAMOND: "♦"}
_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SYMBOLS.items()}


class Rank(IntEnum):
    """A rank, valued 1 (Ace) to 13 (King)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT = {r: str(int(r)) for r in Rank} | {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_BY_TEXT = {t: r for r, t in _RANK_TEXT.items()}


def parse_suit(text: str) -> Suit:
    """Parse `S`, `H`, `C`, `D` (any case) or `♠♥♣♦`.

    >>> parse_suit("♥"), parse_suit("s")
    (Suit.HEART, Suit.SPADE)
    """
    try:
        return _BY_TEXT[text.upper()]
    except KeyError:
        raise ValueError(f"unknown suit {text!r}: expected one of S H C D or ♠ ♥ ♣ ♦") from None


def format_suit(suit: Suit) -> str:
    return suit.value


def parse_rank(text: str) -> Rank:
    """Parse `A`, `2`..`10`, `J`, `Q`, `K` (any case).

    >>> parse_rank("10"), parse_rank("q")
    (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
    """
    try:
        return _RANK_BY_TEXT[text.upper()]
    except KeyError:
        raise ValueError(f"unknown rank {text!r}: expected A, 2..10, J, Q or K") from None


def format_rank(rank: Rank) -> str:
    return rank.text


def parse_suit_rank(text: str) -> tuple[Suit, Rank]:
    """Parse `S7`, `♥10`, `dK`.

    >>> parse_suit_rank("♠A")
    (Suit.SPADE, <Rank.ACE: 1>)
    """
    if len(text) < 2:
        raise ValueError(f"{text!r} is not a suit and rank such as S7 or ♥10")
    return parse_suit(text[0]), parse_rank(text[1:])


def format_suit_rank(suit: Suit, rank: Rank) -> str:
    """Format a suit and rank as card text.

    >>> format_suit_rank(Suit.CLUB, Rank.TEN)
    'C10'
    """
    return suit.value + rank.text
