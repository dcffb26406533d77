"""An outcome as sentences: what happened, why it was refused, what is asked next."""

from __future__ import annotations

from typing import Any

from companion.narration import Narrator
from companion.table.outcome import Outcome, Status

__all__ = ["narrate_events", "narrate_outcome"]


def narrate_events(
    narrator: Narrator, events: list[dict[str, Any]], view: dict[str, Any]
) -> list[str]:
    """One sentence per event, except what the equipping that follows says already: the
    piece's use ("equips Dilu ♣5", not "uses Dilu ♣5" first) and the discard of the
    piece it replaces ("equips Zhuahuang Feidian ♥K, replacing Dilu ♣5")."""
    return [
        narrator.event(event, view)
        for i, event in enumerate(events)
        if not _equipped_next(event, events[i + 1 :]) and not _replaced_next(event, events[i + 1 :])
    ]


def _replaced_next(event: dict[str, Any], following: list[dict[str, Any]]) -> bool:
    """Whether `event` discards the piece the next event says it replaces."""
    if event.get("kind") != "cards_discarded" or event.get("reason") != "replaced":
        return False
    nxt = following[0] if following else {}
    return nxt.get("kind") == "equipment_equipped" and [nxt.get("replaced")] == list(
        event.get("cards") or ()
    )


def _equipped_next(event: dict[str, Any], following: list[dict[str, Any]]) -> bool:
    """Whether `event` uses a card that one of the next events equips, by the same seat
    (a replaced piece may be discarded in between), before another card is used."""
    if event.get("kind") != "card_used" or len(event.get("cards") or ()) != 1:
        return False
    for nxt in following:
        if nxt.get("kind") == "card_used":
            return False
        if nxt.get("kind") == "equipment_equipped":
            return nxt.get("seat") == event.get("seat") and nxt.get("card") == event["cards"][0]
    return False


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
