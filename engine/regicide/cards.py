"""The standard 54-card deck as Regicide sees it.

A `Card` is a small int (0..52) so the engine's zones are plain lists of ints and its
lookups are list indexing: the figures in `bench/regicide.py` depend on that. Both jokers
are the same card, `Card.JESTER` (id 52), because nothing in the rules tells them
apart; a deck therefore holds 52 distinct cards plus `Card.JESTER` twice.

Text form (docs/catalogue-ids.md): `<suit><rank>` such as `C8`, `SK`, `HA`,
`H10`, and `jester` for either joker. `parse_card` and `format_card` round-trip, and
`repr` rebuilds the value.

>>> parse_card("♣8"), format_card(parse_card("h10")), parse_card("Jester")
(Card('C8'), 'H10', Card('jester'))
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.cards import Rank, Suit, format_suit_rank, parse_suit_rank

SUITS: tuple[Suit, ...] = (Suit.SPADE, Suit.HEART, Suit.CLUB, Suit.DIAMOND)
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
JESTER_ID = 52
JESTER_TEXT = "jester"


class Card(int):
    """One card of the deck; `Card("C8")` parses, `Card(34)` looks up by id."""

    __slots__ = ()
    JESTER: Card

    def __new__(cls, card: str | int) -> Card:
        if isinstance(card, str):
            return parse_card(card)
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card <= JESTER_ID:
            return CARDS[card]
        raise ValueError(f"{card!r} is not a card id 0..{JESTER_ID}")

    def __repr__(self) -> str:
        return f"Card({TEXT[self]!r})"

    def __str__(self) -> str:
        return TEXT[self]

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def text(self) -> str:
        return TEXT[self]

    @property
    def suit(self) -> Suit | None:
        """The suit, or None for the Jester (it has no suit: RB PLAYING THE JESTER)."""
        return SUIT_OF[self]

    @property
    def rank(self) -> Rank | None:
        return RANK_OF[self]

    @property
    def is_jester(self) -> bool:
        return self == JESTER_ID

    @property
    def is_royal(self) -> bool:
        """A Jack, Queen or King: an enemy in the castle, or a recruited card in hand."""
        return ROYAL[self]


def _build() -> tuple[
    tuple[Card, ...], tuple[str, ...], tuple[Suit | None, ...], tuple[Rank | None, ...]
]:
    cards: list[Card] = []
    texts: list[str] = []
    suits: list[Suit | None] = []
    ranks: list[Rank | None] = []
    for i in range(JESTER_ID + 1):
        cards.append(int.__new__(Card, i))
        if i == JESTER_ID:
            texts.append(JESTER_TEXT)
            suits.append(None)
            ranks.append(None)
        else:
            suit, rank = SUITS[i // 13], Rank(i % 13 + 1)
            texts.append(format_suit_rank(suit, rank))
            suits.append(suit)
            ranks.append(rank)
    return tuple(cards), tuple(texts), tuple(suits), tuple(ranks)


CARDS, TEXT, SUIT_OF, RANK_OF = _build()
Card.JESTER = CARDS[JESTER_ID]
ROYAL: tuple[bool, ...] = tuple(r is not None and r >= Rank.JACK for r in RANK_OF)
#: The suit index 0..3 (S, H, C, D) of each card, -1 for the Jester; for the hot path.
SUIT_INDEX: tuple[int, ...] = tuple(-1 if s is None else _SUIT_INDEX[s] for s in SUIT_OF)
#: Rank as a plain int 1..13, 0 for the Jester.
RANK_INT: tuple[int, ...] = tuple(0 if r is None else int(r) for r in RANK_OF)
#: The 52 distinct cards of a standard deck plus the Jester twice.
FULL_DECK: tuple[Card, ...] = (*CARDS[:JESTER_ID], Card.JESTER, Card.JESTER)
ROYALS: tuple[Card, ...] = tuple(c for c in CARDS if ROYAL[c])
ACES: tuple[Card, ...] = tuple(c for c in CARDS if RANK_INT[c] == 1)
_BY_TEXT = {t: c for t, c in zip(TEXT, CARDS, strict=True)}


def card_of(suit: Suit, rank: Rank) -> Card:
    """The card with this suit and rank.

    >>> card_of(Suit.SPADE, Rank.KING)
    Card('SK')
    """
    return CARDS[_SUIT_INDEX[suit] * 13 + int(rank) - 1]


def parse_card(text: str) -> Card:
    """Parse card text: `C8`, `♥10`, `sk`, or `jester` (any case).

    Raises ValueError naming the text when it is not a card of the deck.

    >>> parse_card("x9")
    Traceback (most recent call last):
    ...
    ValueError: unknown suit 'x': expected one of S H C D or ♠ ♥ ♣ ♦
    """
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not card text such as C8, SK, H10 or jester")
    cleaned = text.strip()
    found = _BY_TEXT.get(cleaned.upper() if cleaned.lower() != JESTER_TEXT else JESTER_TEXT)
    if found is not None:
        return found
    suit, rank = parse_suit_rank(cleaned)
    return card_of(suit, rank)


def format_card(card: int) -> str:
    """The card's text, the inverse of `parse_card`.

    >>> [format_card(parse_card(t)) for t in ("SA", "D10", "jester")]
    ['SA', 'D10', 'jester']
    """
    return TEXT[card]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Card texts separated by spaces or commas.

    >>> parse_cards("HA, S8")
    (Card('HA'), Card('S8'))
    """
    return tuple(parse_card(t) for t in text.replace(",", " ").split())


def format_cards(cards: Iterable[int]) -> list[str]:
    """Card texts for JSON."""
    return [TEXT[c] for c in cards]
