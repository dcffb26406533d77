"""Who must decide what: the `Prompt` returned by `game.pending()`.

One prompt is pending at a time. `seat` is the seat that must answer, or None for a
window open to several seats (`seats` lists who may still answer: a Nullification
window, the table-mode setup scans). Kind-specific fields are JSON-ready (cards as
`id@<suit><rank>` text); `ctx` holds the engine's own objects and is not part of
the JSON.

| kind | who | answered with |
|---|---|---|
| choose_general | a seat (digital: `options`) | ChooseGeneral |
| play | the current player (`count`: Kills used this phase) | PlayCard, UseSkill, EndPlay |
| choose_target | the staging player; or a skill's owner (`reason` the skill, no `card`) | ChooseTarget, Confirm(True) closes, Confirm(False)/Pass cancels (if `optional`) |
| respond | the asked seat (`need` a card name, or `any_card`; `count` still needed of `needed`, asked by `skill`) | Respond(card or None), UseSkill |
| nullify | every seat in `seats` | Respond(nullification), Pass, Timeout (seat None) |
| discard | a seat, `count` cards | Discard, Confirm(True) = rest unseen (table), Pass if `optional` |
| judgment_card | the judged seat (table) | ProvideJudgment |
| reveal_identity | a seat (table) | RevealIdentity |
| reveal_card | a seat (table) | RevealCard (None = unseen, if `optional`) |
| choose_card_from | the user (`target`'s cards) | PickCard, Pass if `optional` |
| harvest_pick | a seat | PickCard (one of `options`) |
| confirm | a skill or equipment owner | Confirm |
| choose_option | a seat (a suit for Fanjian...) | ChooseOption (one of `options`) |

A prompt's `ctx` may carry its own rules (蛊惑's declaration): `option_problem(game,
option)` refuses a `choose_option` answer with its reason (and leaves it out of the
legal actions), `not_asked(game, seat)` says why a seat is not asked (a player at 0 HP).

A prompt marked `private` offers options only its seat may see (the deck's top
cards under Guanxing): the public view leaves them out.
"""

from __future__ import annotations

from dataclasses import field
from enum import StrEnum
from typing import Any

from engine.core.facts import fact


class PromptKind(StrEnum):
    CHOOSE_GENERAL = "choose_general"
    PLAY = "play"
    CHOOSE_TARGET = "choose_target"
    RESPOND = "respond"
    NULLIFY = "nullify"
    DISCARD = "discard"
    JUDGMENT_CARD = "judgment_card"
    REVEAL_IDENTITY = "reveal_identity"
    REVEAL_CARD = "reveal_card"
    CHOOSE_CARD_FROM = "choose_card_from"
    HARVEST_PICK = "harvest_pick"
    CONFIRM = "confirm"
    CHOOSE_OPTION = "choose_option"


PROMPT_KINDS: frozenset[str] = frozenset(k.value for k in PromptKind)
"""Every prompt's wire name, for narration's coverage tests."""


@fact
class Prompt:
    """A pending decision. Fields not used by a kind keep their defaults."""

    kind: PromptKind
    seat: int | None
    seats: tuple[int, ...]
    need: str | None = None  # card name asked for (respond, nullify)
    source: int | None = None  # who caused the request
    target: int | None = None  # whom it concerns (the dying player, the card's target)
    card: str | None = None  # the card being answered / staged
    as_card: str | None = None  # nullify: what `card` was used as (Qixi's Dismantle), if not itself
    reason: str | None = None  # what it is for: a card id, a skill id, "discard_phase"...
    count: int = 0  # how many (cards to discard, Dodges still needed...)
    needed: int = 0  # respond: how many in all, when a skill asks for more than one
    skill: str | None = None  # respond: the skill that asks for `needed` (Wushuang)
    options: tuple[Any, ...] = ()  # the choices, when the engine can list them
    chosen: tuple[int, ...] = ()  # targets staged so far
    optional: bool = False  # Pass / Confirm(False) allowed
    timeout_s: float | None = None  # windows: the table may close it with Timeout
    private: bool = False  # `options` are hidden information of `seat` (view hides them)
    ctx: Any = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (without `ctx`); empty optional fields are left out."""
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "seat": self.seat,
            "seats": list(self.seats),
        }
        for key in ("need", "source", "target", "card", "as_card", "reason", "skill", "timeout_s"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.count:
            out["count"] = self.count
        if self.needed > 1:
            out["needed"] = self.needed
        if self.options:
            out["options"] = list(self.options)
        if self.chosen:
            out["chosen"] = list(self.chosen)
        if self.optional:
            out["optional"] = True
        return out
