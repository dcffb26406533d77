"""What every game engine shares: errors, seeded randomness, cards and events."""

from engine.core.errors import (
    ActionError,
    AmbiguousAction,
    EngineError,
    IllegalAction,
    InvalidAction,
)
from engine.core.rng import GameRng

__all__ = [
    "ActionError",
    "AmbiguousAction",
    "EngineError",
    "GameRng",
    "IllegalAction",
    "InvalidAction",
]
