"""Seeded randomness for the engines.

Engines never touch the global `random` state: every game owns one `GameRng`, made
from an integer seed, so a game is a pure function of (seed, inputs).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class GameRng:
    """A game's private random source.

    >>> a, b = GameRng(7), GameRng(7)
    >>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
    True
    """

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(items, k)

    def randrange(self, n: int) -> int:
        """0..n-1, drawing exactly as `choice` does on a sequence of length n."""
        return self._random.randrange(n)

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def random(self) -> float:
        return self._random.random()

    def getstate(self) -> tuple[Any, ...]:
        return self._random.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._random.setstate(state)
