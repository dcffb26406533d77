"""Game clocks: seconds since the game began, virtual in scripts, real at a table.

The table never reads a clock (each input carries its time); the session stamps
inputs with `clock.now()`. In a table script, time is virtual (docs/product.md, "Time in
scripts is virtual"): `wait N` advances it at once and nothing ever sleeps.
"""

from __future__ import annotations

import time
from typing import Protocol

__all__ = ["Clock", "VirtualClock", "WallClock"]


class Clock(Protocol):
    def now(self) -> float: ...


class VirtualClock:
    """Time that moves only when told to.

    >>> c = VirtualClock(2.0); c.advance(5); c.now()
    7.0
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError(f"time cannot go back ({seconds} s)")
        self._now += seconds


class WallClock:
    """Real time, continuing from `start` (a resumed game continues its own time)."""

    def __init__(self, start: float = 0.0) -> None:
        self._origin = time.monotonic() - start

    def now(self) -> float:
        return round(time.monotonic() - self._origin, 3)
