"""Reader signals as LED and buzzer commands (docs/product.md, "The reader").

green + beep = accepted, red + double beep = refused, blue pulse = "your decision",
yellow = "flip and scan a judgment card". Which reader shows a seat's signal: that
seat's own reader if it has one, else the shared reader(s).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.table.outcome import Signal
from firmware_protocol.fields import Buzzer, Color, Pattern
from firmware_protocol.messages import Feedback

__all__ = ["FEEDBACK", "route_signals"]

FEEDBACK: Mapping[Signal, Feedback] = {
    Signal.ACCEPTED: Feedback(Color.GREEN, Pattern.SOLID, Buzzer.BEEP, 400),
    Signal.REFUSED: Feedback(Color.RED, Pattern.DOUBLE_BLINK, Buzzer.DOUBLE_BEEP, 800),
    Signal.DECIDE: Feedback(Color.BLUE, Pattern.PULSE, Buzzer.NONE, 0),
    Signal.JUDGMENT: Feedback(Color.YELLOW, Pattern.PULSE, Buzzer.BEEP, 0),
}
"""The command for each signal; duration 0 lasts until the next command."""


def route_signals(
    signals: Iterable[tuple[int | None, Signal]],
    sender: str | None,
    readers: Mapping[str, int | None],
) -> list[tuple[str, Feedback]]:
    """Which reader gets which command, in order, without repeating a pair.

    `sender` is the reader that sent the input (for signals with seat None);
    `readers` maps each connected reader id to its seat (None: shared).

    >>> sent = route_signals([(None, Signal.ACCEPTED), (2, Signal.DECIDE), (3, Signal.DECIDE)],
    ...                      "a", {"a": None, "b": 2})
    >>> [(reader, command.color.name) for reader, command in sent]
    [('a', 'GREEN'), ('b', 'BLUE'), ('a', 'BLUE')]
    """
    shared = [r for r, seat in readers.items() if seat is None]
    by_seat = {seat: r for r, seat in readers.items() if seat is not None}
    out: list[tuple[str, Feedback]] = []
    seen: set[tuple[str, Signal]] = set()
    for seat, signal in signals:
        if seat is None:
            targets = [sender] if sender is not None else []
        elif seat in by_seat:
            targets = [by_seat[seat]]
        else:
            targets = shared
        for reader in targets:
            if (reader, signal) not in seen:
                seen.add((reader, signal))
                out.append((reader, FEEDBACK[signal]))
    return out
