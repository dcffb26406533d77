"""A millisecond count that never wraps, from time.ticks_ms() (which wraps after ~12 days).

The core takes times as plain increasing integers; this turns the port's wrapping
tick counter into one, as long as it is read more often than every few days.
"""

import time


class Clock:
    """Milliseconds since the clock was made."""

    def __init__(self) -> None:
        self._last = time.ticks_ms()
        self._now = 0

    def now(self) -> int:
        """Milliseconds since start, never wrapping."""
        ticks = time.ticks_ms()
        self._now += time.ticks_diff(ticks, self._last)
        self._last = ticks
        return self._now
