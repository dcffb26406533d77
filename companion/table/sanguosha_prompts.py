"""Three Kingdoms Kill at the table, prompt by prompt: what a scan or press means.

One handler per prompt kind (the table in `companion.table.sanguosha`'s docstring):
`(adapter, prompt, seat, input, scanned) -> Interpretation | None`, where None means
"not an answer to this prompt" and the adapter refuses it as such.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.table.adapter import Ignore, Interpretation, Refuse, Submit
from companion.table.inputs import InputKind, TableInput
from companion.table.resolve import Scanned
from engine.sanguosha.actions import (
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Respond,
    RevealCard,
    RevealIdentity,
    UseSkill,
)
from engine.sanguosha.catalogue import Card, catalogue, parse_card
from engine.sanguosha.prompts import Prompt, PromptKind

if TYPE_CHECKING:
    from companion.table.sanguosha import SanguoshaTable

__all__ = ["HANDLERS"]

_Handler = Callable[..., Interpretation | None]
"""(adapter, prompt, seat, input, scanned) -> what it means, or None."""


def _button(inp: TableInput) -> str | None:
    return inp.data.get("button") if inp.kind is InputKind.PRESS else None


def _card(scanned: Scanned | None) -> Card | None:
    if scanned is None or scanned.kind != "card":
        return None
    return parse_card(scanned.text)


def _reveal_identity(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    if s is not None and s.kind == "identity":  # the lord card at setup hides nothing
        return Submit(seat, RevealIdentity(s.text), reveals=p.reason != "setup")
    return Refuse("scan_identity", {"seat": seat})


def _choose_general(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    if s is not None and s.kind == "general":
        # UNDO would name it: it cannot be taken back (a private draw too: 化身)
        secret = p.reason in _SECRET_PICKS or p.private
        return Submit(seat, ChooseGeneral(s.text), reveals=secret, secret=secret)
    return Refuse("scan_general", {"seat": seat})


_SECRET_PICKS = ("hidden", "first", "assign")
"""Draft picks the other players must not learn (docs/modes.md: hidden generals, 1v1's first
general, a 3v3 marshal's assignment)."""


def _play(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        staged = t.skill_start(seat, s) if s is not None and t.equipped(seat, card) else None
        return staged or Submit(seat, PlayCard(card))
    if s is not None:
        return t.skill_start(seat, s) or Refuse("scan_card_first", {"seat": seat})
    button = _button(inp)
    if button in ("ok", "end"):  # OK, or the "end phase" command label
        return Submit(seat, EndPlay())
    if button == "no":
        return Refuse("nothing_to_cancel", {"seat": seat})
    return None


def _choose_target(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    if s is not None and s.kind == "general":
        target = t.seat_of(s.text)
        if target is None:
            return Refuse("not_at_table", {"general": s.text})
        return Submit(seat, ChooseTarget(target))
    if inp.kind is InputKind.SELECT:
        target = int(inp.data.get("seat", 0))
        return Submit(seat, ChooseTarget(target)) if target else Ignore()
    button = _button(inp)
    if button in ("ok", "no"):
        return Submit(seat, Confirm(button == "ok"))
    if s is not None:
        return Refuse("choose_targets_first", {"seat": seat, "card": p.card})
    return None


def _respond(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    offered = [o for o in p.options if isinstance(o, str)]
    if card is not None:
        if card.name in offered:  # a response provider's own card (Eight Diagrams)
            return Submit(seat, UseSkill(card.name), reveals=True)
        if s is not None and t.equipped(seat, card):  # a conversion equipment (Serpent Spear)
            return t.skill_start(seat, s)
        return Submit(seat, Respond(card))
    if s is not None:
        return t.skill_start(seat, s)
    button = _button(inp)
    if button == "no":
        return Submit(seat, Respond(None))
    if button == "ok" and len(offered) == 1:
        return Submit(seat, UseSkill(offered[0]), reveals=True)
    if button == "ok" and not offered:
        spent = t.spent_provider(seat, p.need or "")
        if spent is not None:  # 涅槃 again: the engine refuses it with the once-per-game rule
            return Submit(seat, UseSkill(spent))
    if button == "ok":
        return Refuse("scan_or_no", {"seat": seat})
    return None


def _nullify(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        return Submit(seat, Respond(card))
    if s is not None:  # a skill token or the own general: 看破's card, 蛊惑's declaration
        return t.skill_start(seat, s)
    button = _button(inp)
    if button == "no":
        return Submit(seat, Pass())
    if button == "ok":
        return Refuse("scan_or_no", {"seat": seat})
    return None


def _discard(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        return Submit(seat, Discard((card,)))
    button = _button(inp)
    if button == "ok":
        return Submit(seat, Confirm(True))
    if button == "no":
        return Submit(seat, Pass())
    return None


def _judgment(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        return Submit(seat, ProvideJudgment(card), reveals=True)
    return Refuse("flip_and_scan", {"seat": seat})


def _reveal_card(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        return Submit(seat, RevealCard(card), reveals=True)
    if _button(inp) in ("ok", "no"):
        return Submit(seat, RevealCard(None))
    return None


def _choose_card_from(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    if card is not None:
        return Submit(seat, PickCard(card))
    button = _button(inp)
    if button == "ok" and not _hand_offered(p):  # Guanxing's deck top: nothing to take unseen
        return Refuse("scan_pick_or_no", {"seat": seat, "why": p.reason})
    if button == "ok":
        return Submit(seat, PickCard(None))
    if button == "no":
        return Submit(seat, Pass())
    return None


def _hand_offered(p: Prompt) -> bool:
    """Whether a `choose_card_from` prompt offers a hand card taken unseen (its `ctx` is
    (whose cards, the cards it can see, whether a hand card may be taken))."""
    ctx = p.ctx
    return not (isinstance(ctx, tuple) and len(ctx) == 3 and ctx[2] is False)


def _harvest_pick(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    card = _card(s)
    return Submit(seat, PickCard(card)) if card is not None else None


def _confirm(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    button = _button(inp)
    if button in ("ok", "no"):
        return Submit(seat, Confirm(button == "ok"))
    named = s is not None and s.kind == "general" or inp.kind is InputKind.SELECT
    if named and p.reason in _AIMED_AT_SOURCE and p.source is not None:
        return Refuse("aimed_at_source", {"seat": seat, "skill": p.reason, "source": p.source})
    return None


_AIMED_AT_SOURCE = ("ganglie", "fankui")
"""Skills asked OK/NO whose effect falls on the damage source and no one else: a general
scanned (or a seat selected) to name someone is refused with whom they name."""


def _choose_option(
    t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None
) -> Interpretation | None:
    """The dial names an option by its number (SELECT n: the n-th of `options`, in the
    order the prompt lists them: Fanjian's suits are 1 ♠, 2 ♥, 3 ♣, 4 ♦); with exactly
    two options OK is the first and NO the second. A card scan never answers: a card
    shown to name a suit would reveal it. Options that are generals (化身's cards) are
    also named by scanning the general card laid face up; the engine refuses one that
    is not among them. A private prompt's refusals never list its options."""
    options = [str(o) for o in p.options]
    shown = [] if p.private else options  # a private prompt's options are his secret
    hint = {"seat": seat, "why": p.reason, "options": shown}  # "reason" is the refusal's key
    generals = catalogue().generals
    if s is not None and s.kind == "general" and options and all(o in generals for o in options):
        return Submit(seat, ChooseOption(s.text))
    if inp.kind is InputKind.SELECT:
        number = int(inp.data.get("seat", 0))
        if 1 <= number <= len(options):
            return Submit(seat, ChooseOption(options[number - 1]))
        if p.private:
            return Refuse("select_option", hint)
        return Refuse("option_number", {**hint, "number": number, "most": len(options)})
    button = _button(inp)
    if button in ("ok", "no") and len(options) == 2:
        return Submit(seat, ChooseOption(options[0 if button == "ok" else 1]))
    if button in ("ok", "no") or s is not None:
        return Refuse("select_option", hint)
    return None


HANDLERS: dict[PromptKind, _Handler] = {
    PromptKind.REVEAL_IDENTITY: _reveal_identity,
    PromptKind.CHOOSE_GENERAL: _choose_general,
    PromptKind.PLAY: _play,
    PromptKind.CHOOSE_TARGET: _choose_target,
    PromptKind.RESPOND: _respond,
    PromptKind.NULLIFY: _nullify,
    PromptKind.DISCARD: _discard,
    PromptKind.JUDGMENT_CARD: _judgment,
    PromptKind.REVEAL_CARD: _reveal_card,
    PromptKind.CHOOSE_CARD_FROM: _choose_card_from,
    PromptKind.HARVEST_PICK: _harvest_pick,
    PromptKind.CONFIRM: _confirm,
    PromptKind.CHOOSE_OPTION: _choose_option,
}
