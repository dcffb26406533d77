"""What one input did: the `Outcome` the table returns, and the reader signals it implies.

An outcome is plain data, ready for narration (events, refusal, notes, the new
prompt), for the table view and for the readers (`signals`: accepted, refused, your
decision, judgment needed). It says nothing about LEDs or sentences: the session
turns signals into `Feedback` messages and the narrator turns the rest into text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from companion.table.inputs import TableInput

__all__ = ["Note", "Outcome", "Signal", "Status"]


class Status(StrEnum):
    """How the table took an input."""

    ACCEPTED = "accepted"  # it changed the game (or the staging at the table)
    REFUSED = "refused"  # it changed nothing; `refusal` says why
    IGNORED = "ignored"  # nothing to do (a card lifted off, a clock tick with no window)


class Signal(StrEnum):
    """What a reader should show (docs/product.md, "The reader")."""

    ACCEPTED = "accepted"  # green, beep
    REFUSED = "refused"  # red, double beep
    DECIDE = "decide"  # blue pulse: your decision
    JUDGMENT = "judgment"  # yellow: flip and scan a judgment card


@dataclass(frozen=True, slots=True)
class Note:
    """A table-layer message (narration `table.<key>`) with its data."""

    key: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of `Table.apply(input)`.

    `seat` is the seat the input was attributed to (None if none could be).
    `refusal` is `{"reason": ..., **data}`; `refusal_source` says whether the
    engine (`engine`, narrated by reason) or the table (`table`, narrated as a
    table message) refused. `prompt` is the pending decision afterwards and
    `prompt_changed` whether it differs from before. `signals` pairs a seat (None:
    the reader that sent the input) with what its reader should show. `secret`: the
    input names a card only its seat may know (a 化身 general scanned privately, an
    answer to a private prompt), so nothing shown to the table may repeat it.
    """

    input: TableInput
    status: Status
    seat: int | None = None
    action: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    refusal: dict[str, Any] | None = None
    refusal_source: str = ""
    notes: list[Note] = field(default_factory=list)
    prompt: dict[str, Any] | None = None
    prompt_changed: bool = False
    signals: list[tuple[int | None, Signal]] = field(default_factory=list)
    secret: bool = False
    hint: dict[str, Any] | None = field(default=None, compare=False)
    """A HINT step (companion/table/hints.py) for the session: private to the asking
    seat, so never part of the JSON observers receive."""
    failure: Exception | None = field(default=None, compare=False, repr=False)
    """What the rules raised when they failed on this input (refused as `engine_error`):
    for the log, with its traceback; never part of the JSON."""

    @property
    def accepted(self) -> bool:
        return self.status is Status.ACCEPTED

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON-ready data (for observers such as the table view)."""
        return {
            "input": self.input.to_json(),
            "status": self.status.value,
            "seat": self.seat,
            "action": self.action,
            "events": self.events,
            "refusal": self.refusal,
            "refusal_source": self.refusal_source or None,
            "notes": [{"key": n.key, **n.data} for n in self.notes],
            "prompt": self.prompt,
            "prompt_changed": self.prompt_changed,
        }
