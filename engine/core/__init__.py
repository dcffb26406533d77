"""What every game engine shares: errors, seeded randomness, cards and events."""

from engine.core.cards import (
    Color,
    Rank,
    Suit,
    format_rank,
    format_suit,
    format_suit_rank,
    parse_rank,
    parse_suit,
    parse_suit_rank,
)
from engine.core.errors import (
    ActionError,
    AmbiguousAction,
    EngineError,
    IllegalAction,
    InvalidAction,
)
from engine.core.rng import GameRng

__all__ = [
    "Color",
    "Rank",
    "Suit",
    "format_rank",
    "format_suit",
    "format_suit_rank",
    "parse_rank",
    "parse_suit",
    "parse_suit_rank",
    "ActionError",
    "AmbiguousAction",
    "EngineError",
    "GameRng",
    "IllegalAction",
    "InvalidAction",
]
