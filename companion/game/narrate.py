"""An outcome as sentences: what happened, why it was refused, what is asked next."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.narration import Narrator
from companion.table.outcome import Outcome, Status

__all__ = [
    "Said",
    "narrate_events",
    "narrate_outcome",
    "narrate_said",
    "prompt_said",
    "said_events",
]


@dataclass(frozen=True, slots=True)
class Said:
    """One sentence with what it is, for those who must treat sentences differently
    (spoken narration never skips a prompt or a death): `kind` is `prompt`, `refusal`,
    `note:<key>` or `event:<game>.<kind>`; `seat` the seat it is about or asks."""

    text: str
    kind: str
    seat: int | None = None


def _seat(data: dict[str, Any]) -> int | None:
    seat = data.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def narrate_events(
    narrator: Narrator, events: list[dict[str, Any]], view: dict[str, Any]
) -> list[str]:
    """One sentence per event, except what the equipping that follows says already: the
    piece's use ("equips Dilu ♣5", not "uses Dilu ♣5" first) and the discard of the
    piece it replaces ("equips Zhuahuang Feidian ♥K, replacing Dilu ♣5")."""
    return [said.text for said in said_events(narrator, events, view)]


def said_events(
    narrator: Narrator, events: list[dict[str, Any]], view: dict[str, Any]
) -> list[Said]:
    return [
        Said(
            narrator.event(event, view), f"event:{narrator.game}.{event.get('kind')}", _seat(event)
        )
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
    return [said.text for said in narrate_said(narrator, outcome, view)]


def narrate_said(narrator: Narrator, outcome: Outcome, view: dict[str, Any]) -> list[Said]:
    """`narrate_outcome`'s sentences, each with its kind and seat."""
    if outcome.status is Status.IGNORED and not outcome.events:
        return []
    seat = outcome.seat
    out = [
        Said(narrator.table(note.key, view, **note.data), f"note:{note.key}", seat)
        for note in outcome.notes
    ]
    out.extend(said_events(narrator, outcome.events, view))
    if outcome.refusal is not None:
        if outcome.refusal_source == "engine":
            text = narrator.refusal(outcome.refusal, view)
        else:
            data = {k: v for k, v in outcome.refusal.items() if k != "reason"}
            text = narrator.table(str(outcome.refusal["reason"]), view, **data)
        out.append(Said(text, "refusal", seat))
    if outcome.prompt_changed and outcome.prompt is not None:
        out.append(prompt_said(narrator, outcome.prompt, view))
    return out


def prompt_said(narrator: Narrator, prompt: dict[str, Any], view: dict[str, Any]) -> Said:
    """The sentence asking for `prompt`, addressed to its seat."""
    return Said(narrator.prompt(prompt, view), "prompt", _seat(prompt))
