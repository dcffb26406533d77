"""A seeded random player for digital games: self-play, fuzzing and `bench/regicide.py`.

Policy (fixed, so benchmark figures compare): a uniform choice among the listed legal
actions of the pending prompt. When paying damage that means random single cards until
the damage is covered, the "random" policy of docs/regicide.md §2.3. The engine applies
the pick itself (`Game.step_random`, its trusted path), drawing `randrange(n)` over the
n listed actions exactly as `choice` over the list would.
"""

from __future__ import annotations

from engine.core.rng import GameRng
from engine.regicide.events import Event
from engine.regicide.game import Game


class RandomBot:
    """Plays every seat of a digital game with uniformly random legal actions."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = GameRng(seed)

    def step(self, game: Game) -> list[Event]:
        """Submit one random legal action for the pending seat.

        Raises ValueError when the game is over or nothing can be listed (table mode).
        """
        return game.step_random(self.rng.randrange)

    def play(self, game: Game, max_actions: int = 10_000) -> int:
        """Play to the end; return the number of actions submitted."""
        return game.play_random(self.rng.randrange, max_actions)
