"""The seam between the generic table and one game: what a game adapter must provide.

The table (`Table`) owns what every game shares: resolving scans, the clock and
timed windows, UNDO by replay, and the shape of an `Outcome`. An adapter owns the
game: it holds the engine, attributes an input to a seat, and turns an input into
an `Interpretation`: an engine action to submit, a step staged at the table (a
skill token waiting for its cards, a shared-reader player saying who they are), a
refusal, or nothing. Three Kingdoms Kill is `companion.table.sanguosha`; Regicide
plugs in the same way.

An adapter must not change its own state while interpreting: it returns the change
as `on_accept`, which the table runs only once the input is accepted, so a refused
input leaves the adapter exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.table.inputs import TableInput
from companion.table.outcome import Note, Signal
from companion.table.resolve import Scanned

__all__ = ["GameAdapter", "Ignore", "Interpretation", "Refuse", "Stage", "Submit"]


@dataclass(frozen=True)
class Submit:
    """Submit `action` to the engine for `seat`. `reveals` marks an input that showed
    a hidden card (a judgment, an identity): UNDO cannot take it back. `secret` marks
    one that names a card only its seat may know (a hidden general, a 化身 card)."""

    seat: int | None
    action: Any
    reveals: bool = False
    notes: list[Note] = field(default_factory=list)
    on_accept: Callable[[], None] | None = None
    secret: bool = False


@dataclass(frozen=True)
class Stage:
    """Accepted by the table alone (nothing reaches the engine yet). `private` marks an
    input whose card must not be named aloud later (UNDO says only whose input it was);
    `secret`, as for `Submit`, one whose card only its seat may know (仁德's gift)."""

    seat: int | None
    notes: list[Note]
    on_accept: Callable[[], None]
    private: bool = False
    secret: bool = False


@dataclass(frozen=True)
class Refuse:
    """Refused at the table: narrated as `table.<key>` with `data` (or, with
    `source="engine"`, as the engine's refusal reason `key`)."""

    key: str
    data: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None
    source: str = "table"


@dataclass(frozen=True)
class Ignore:
    """Nothing to do and nothing to say."""


Interpretation = Submit | Stage | Refuse | Ignore


class GameAdapter(Protocol):
    """One game at the table. Built fresh (engine included) for every replay."""

    game: str
    start_events: list[Any]

    def interpret(self, inp: TableInput, scanned: Scanned | None) -> Interpretation:
        """What `inp` means now (`scanned` is its resolved card, for a scan)."""
        ...

    def submit(self, seat: int | None, action: Any) -> list[Any]:
        """Hand an action to the engine; raises the engine's `ActionError` if refused."""
        ...

    def timeout(self) -> Submit | None:
        """What closes the pending window when its time is up (None: no timed window)."""
        ...

    def window_seconds(self) -> float | None:
        """How long the pending window stays open, if it is a timed one."""
        ...

    def same_window(self, before: Any, action: Any) -> bool:
        """Whether `action`, answered at prompt `before`, leaves the same window open
        (a player passing) rather than opening a new one (its clock restarts)."""
        ...

    def prompt(self) -> dict[str, Any] | None:
        """The pending decision as JSON, None when the game is over."""
        ...

    def raw_prompt(self) -> Any:
        """The engine's pending prompt object (compared by `same_window`)."""
        ...

    def decision_signals(self) -> list[tuple[int, Signal]]:
        """Which seats must decide now, and what their readers should show."""
        ...

    def view(self) -> dict[str, Any]:
        """The public state JSON (`view()` of the engine)."""
        ...
