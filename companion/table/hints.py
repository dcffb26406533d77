"""HINT at the table: the asking player's hand is scanned, then the hint is asked for.

docs/regicide-hints.md §5. A press of HINT (the command label, the console word, the
phone page's button) and the scans of the hand that follow are advice, not moves: the
table answers them with an *ignored* outcome (not counted in `log_length`, never in
UNDO's list, nothing reaches the engine) that carries `hint`, a plain dict the session
turns into the hint. The log still keeps them, as every input, and a replay (resume,
UNDO) passes over them the same way, so they change nothing at all.

The table does not see hands, so HINT first asks the deciding player to scan theirs
(`scan_hand`, with the count the engine knows); the hint is ready (`ready`, with the
cards) when that many cards are scanned, or is refused with the reason when the hand
cannot be what they hold (`refused`: a card twice, a card in play or discarded since the
last heal, more cards than the hand holds...). NO stops the scanning (`stopped`). Any
other input while scanning drops it: the game went on.
"""

from __future__ import annotations

from typing import Any

from companion.table.inputs import InputKind
from companion.table.resolve import Resolved
from engine.regicide import parse_card
from engine.regicide.infoset import HandContradiction, information_set

__all__ = ["HintDesk"]

BUTTON = "hint"


class HintDesk:
    """The hand being scanned for a hint, per seat (a pure function of the inputs)."""

    def __init__(self) -> None:
        self.scanning: dict[int, list[str]] = {}

    def take(self, adapter: Any, resolved: Resolved) -> dict[str, Any] | None:
        """The hint step the input is (a dict for the session), or None when it is a game
        input; `resolved` is the input as the table resolved it (`resolve.resolve_input`)."""
        inp = resolved.input
        engine = getattr(adapter, "engine", None)
        is_hint = inp.kind is InputKind.PRESS and inp.data.get("button") == BUTTON
        if not is_hint and not self.scanning:
            return None
        if getattr(adapter, "game", "") != "regicide" or engine is None:
            return {"kind": "refused", "reason": "hint_not_available"} if is_hint else None
        prompt = engine.pending()
        if prompt is None or engine.enemy is None:
            self.scanning.clear()
            return {"kind": "refused", "reason": "hint_no_decision"} if is_hint else None
        seat = inp.seat or prompt.seat
        if is_hint:
            if seat != prompt.seat:
                return {"kind": "refused", "reason": "hint_not_yours", "seat": seat}
            self.scanning = {seat: []}
            count = engine.hand_count(seat)
            if count == 0:
                return self._ready(engine, seat)
            return {"kind": "scan_hand", "seat": seat, "count": count}
        cards = self.scanning.get(seat)
        if cards is None:
            self.scanning.clear()
            return None
        if inp.kind is InputKind.PRESS and inp.data.get("button") == "no":
            self.scanning.clear()
            return {"kind": "stopped", "seat": seat}
        if inp.kind is InputKind.REMOVE:
            return {"kind": "quiet", "seat": seat}
        if inp.kind is not InputKind.SCAN:
            self.scanning.clear()
            return None
        scanned = resolved.scanned
        if scanned is None or scanned.kind != "poker":
            return {"kind": "quiet", "seat": seat, "refused": "not_a_card"}
        cards.append(scanned.text)
        if len(cards) < engine.hand_count(seat):
            return {"kind": "scanned", "seat": seat, "count": len(cards)}
        return self._ready(engine, seat)

    def _ready(self, engine: Any, seat: int) -> dict[str, Any]:
        """The scanning is over: the hand, or why it cannot be the seat's."""
        cards = self.scanning.pop(seat, [])
        self.scanning.clear()
        hand = tuple(parse_card(c) for c in cards)
        try:
            information_set(engine, seat, hand)
        except HandContradiction as exc:
            return {"kind": "refused", "reason": f"hint_{exc.reason}", "seat": seat, **exc.data}
        return {"kind": "ready", "seat": seat, "hand": cards}
