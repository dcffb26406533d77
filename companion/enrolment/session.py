"""Enrolment as a sans-IO state machine: which card to scan next, and what a scan does.

The reader loop feeds it tag UIDs and button presses and saves the registry after
every change; `Enrolment` itself does no I/O, so the same rules serve the real reader,
the simulated one and the tests.

Theory of operation:
- The cards are asked in set order. The current card is the first one, from the
  current position on, that has no tag yet and was not skipped in this run, so a
  rerun resumes at the first card not enrolled (cards skipped earlier included).
- `on_uid(uid)` enrols the tag to the current card and moves on; a UID that belongs to
  another card, or a malformed one, is refused and nothing changes. `on_text(text)`
  (a label or an NDEF text tag) is refused too: such a card names itself.
- `skip()` (button NO) leaves the current card without a tag and moves on.
- `back()` (button UNDO) undoes the last enrol or skip of this run (an enrolled card
  loses its tag and is asked again); with nothing to undo in this run, it returns to
  the previous card in order and forgets its tag, so it can be scanned again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.codes import CardRef
from companion.enrolment.registry import DuplicateUidError, Registry, format_uid


class Outcome(Enum):
    ENROLLED = "enrolled"
    DUPLICATE = "duplicate"  # the UID belongs to another card; nothing changed
    BAD_UID = "bad_uid"  # not 4, 7 or 10 bytes; nothing changed
    SKIPPED = "skipped"
    UNDONE = "undone"
    NOT_A_UID = "not_a_uid"  # the tag carries text (a code), so it needs no enrolment
    NOTHING = "nothing"  # nothing to skip or undo, or every card is done


@dataclass(frozen=True, slots=True)
class Step:
    """What one input did. `card` is the card concerned (the enrolled, skipped or
    re-opened card, or for DUPLICATE the card that already owns the tag); `changed`
    says whether the registry changed (the caller saves it then)."""

    outcome: Outcome
    card: CardRef | None = None
    uid: str = ""
    detail: str = ""

    @property
    def changed(self) -> bool:
        return self.outcome is Outcome.ENROLLED or (
            self.outcome is Outcome.UNDONE and bool(self.uid)
        )


class Enrolment:
    """Asks for each card of `cards` in turn and records its tag in `registry`."""

    def __init__(self, cards: Sequence[CardRef], registry: Registry) -> None:
        if len({c.code for c in cards}) != len(cards):
            raise ValueError("each card may be enrolled only once")
        self.cards = tuple(cards)
        self.registry = registry
        self._skipped: set[str] = set()
        self._history: list[tuple[Outcome, int]] = []
        self._position = self._next_from(0)

    def _pending(self, index: int) -> bool:
        card = self.cards[index]
        return self.registry.uid_of(card) is None and card.code not in self._skipped

    def _next_from(self, index: int) -> int:
        while index < len(self.cards) and not self._pending(index):
            index += 1
        return index

    def expected(self) -> CardRef | None:
        """The card to scan now, or None when every card is enrolled or skipped."""
        return self.cards[self._position] if self._position < len(self.cards) else None

    def progress(self) -> tuple[int, int]:
        """(cards with a tag, all cards)."""
        return sum(self.registry.uid_of(c) is not None for c in self.cards), len(self.cards)

    def skipped(self) -> list[CardRef]:
        """Cards skipped in this run, in order."""
        return [c for c in self.cards if c.code in self._skipped]

    def on_uid(self, uid: bytes | str) -> Step:
        """A tag was scanned: enrol it to the expected card, or refuse it."""
        card = self.expected()
        try:
            key = format_uid(uid)
        except ValueError as exc:
            return Step(Outcome.BAD_UID, card, detail=str(exc))
        if card is None:
            return Step(Outcome.NOTHING, None, key, "every card is done")
        try:
            self.registry.enrol(key, card)
        except DuplicateUidError as exc:
            return Step(Outcome.DUPLICATE, exc.card, key, str(exc))
        self._history.append((Outcome.ENROLLED, self._position))
        self._position = self._next_from(self._position + 1)
        return Step(Outcome.ENROLLED, card, key)

    def on_text(self, text: str) -> Step:
        """The reader read text (a printed label or NDEF record), not a bare UID: such a
        card names itself and is not enrolled; nothing changes."""
        return Step(Outcome.NOT_A_UID, self.expected(), detail=text)

    def skip(self) -> Step:
        """Leave the expected card without a tag for now."""
        card = self.expected()
        if card is None:
            return Step(Outcome.NOTHING, None, detail="every card is done")
        self._skipped.add(card.code)
        self._history.append((Outcome.SKIPPED, self._position))
        self._position = self._next_from(self._position + 1)
        return Step(Outcome.SKIPPED, card)

    def back(self) -> Step:
        """Undo the last enrol or skip; else re-open the previous card in order."""
        if self._history:
            outcome, index = self._history.pop()
            card = self.cards[index]
            uid = self.registry.forget(card) if outcome is Outcome.ENROLLED else None
            self._skipped.discard(card.code)
            self._position = index
            return Step(Outcome.UNDONE, card, uid or "")
        if self._position == 0:
            return Step(Outcome.NOTHING, None, detail="this is the first card")
        index = self._position - 1
        card = self.cards[index]
        uid = self.registry.forget(card)
        self._skipped.discard(card.code)
        self._position = index
        return Step(Outcome.UNDONE, card, uid or "")
