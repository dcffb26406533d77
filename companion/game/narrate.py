"""An outcome as sentences: what happened, why it was refused, what is asked next."""

from __future__ import annotations

from typing import Any

from companion.narration import Narrator
from companion.table.outcome import Outcome, Status

__all__ = ["narrate_events", "narrate_outcome"]


def narrate_events(
    narrator: Narrator, events: list[dict[str, Any]], view: dict[str, Any]
) -> list[str]:
    """One sentence per event, except a piece of equipment's use, which the equipping
    that follows says already ("equips Dilu ♣5", not "uses Dilu ♣5" first)."""
    return [
        narrator.event(event, view)
        for i, event in enumerate(events)
        if not _said_by_next(event, events[i + 1 : i + 2])
    ]


def _said_by_next(event: dict[str, Any], following: list[dict[str, Any]]) -> bool:
    """Whether `event` is the use of the equipment the next event equips, by the same seat."""
    if event.get("kind") != "card_used" or not following:
        return False
    nxt = following[0]
    return (
        nxt.get("kind") == "equipment_equipped"
        and nxt.get("seat") == event.get("seat")
        and list(event.get("cards") or ()) == [nxt.get("card")]
    )


def narrate_outcome(narrator: Narrator, outcome: Outcome, view: dict[str, Any]) -> list[str]:
    """The sentences for one outcome, in order: table notes, events, the refusal,
    then the new prompt if the decision pending has changed."""
    if outcome.status is Status.IGNORED and not outcome.events:
        return []
    out = [narrator.table(note.key, view, **note.data) for note in outcome.notes]
    out.extend(narrate_events(narrator, outcome.events, view))
    if outcome.refusal is not None:
        if outcome.refusal_source == "engine":
            out.append(narrator.refusal(outcome.refusal, view))
        else:
            data = {k: v for k, v in outcome.refusal.items() if k != "reason"}
            out.append(narrator.table(str(outcome.refusal["reason"]), view, **data))
    if outcome.prompt_changed and outcome.prompt is not None:
        out.append(narrator.prompt(outcome.prompt, view))
    return out
