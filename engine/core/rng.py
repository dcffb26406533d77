"""Seeded randomness for the engines.

Engines never touch the global `random` state: every game owns one `GameRng`, made
from an integer seed, so a game is a pure function of (seed, inputs).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

#: `(i + 1).bit_length()` for the swap index `i` of a shuffle of up to 64 items.
_BITS = tuple((i + 1).bit_length() for i in range(64))


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
        """Shuffle in place, with exactly the draws and result of `random.shuffle`.

        CPython's own algorithm (Fisher-Yates with `_randbelow` by rejection on
        `getrandbits`) written out inline: half the cost, since every game shuffles
        its decks in Python. `tests/regicide/test_fast_paths.py` compares it with
        `random.shuffle`.
        """
        getrandbits = self._random.getrandbits
        n = len(items)
        if n > len(_BITS):
            self._random.shuffle(items)
            return
        bits = _BITS
        for i in range(n - 1, 0, -1):
            k = bits[i]
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        return self._random.choice(items)

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._random.sample(items, k)

    def randrange(self, n: int) -> int:
        """0..n-1, drawing exactly as `choice` does on a sequence of length n.

        `random.Random._randbelow` (rejection on `getrandbits`) inlined, as in `shuffle`.
        """
        if n <= 0:
            raise ValueError(f"empty range for randrange({n})")
        getrandbits = self._random.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r

    def randint(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def random(self) -> float:
        return self._random.random()

    def getstate(self) -> tuple[Any, ...]:
        return self._random.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._random.setstate(state)
