"""Regicide at the table, prompt by prompt: what a scan, a press or the dial means.

One handler per prompt kind (the table in `companion.table.regicide`'s docstring):
`(adapter, prompt, input, card) -> Interpretation | None`, where `card` is the
scanned card of the deck (None for a press or the dial) and None means "not an
answer to this prompt", which the adapter refuses as such. The input has already
been attributed: it comes from the seat the engine waits for (or from any reader
where the adapter allows it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.table.adapter import Ignore, Interpretation, Refuse, Stage, Submit
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Note
from engine.regicide import (
    CannotPay,
    Card,
    ChooseNext,
    DeclineFlip,
    Discard,
    FlipJester,
    Play,
    Prompt,
    PromptKind,
    RevealEnemy,
    Yield,
)
from engine.regicide.reasons import Reason

if TYPE_CHECKING:
    from companion.table.regicide import RegicideTable

__all__ = ["HANDLERS"]

_Handler = Callable[..., Interpretation | None]
"""(adapter, prompt, input, card) -> what it means, or None."""


def _button(inp: TableInput) -> str | None:
    return inp.data.get("button") if inp.kind is InputKind.PRESS else None


def _reveal_enemy(
    t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None
) -> Interpretation | None:
    if card is not None:  # the engine checks it is a royal of the right tier still hidden
        return Submit(p.seat, RevealEnemy(card), reveals=True)
    return Refuse("regicide.scan_enemy", {"expected_rank": p.expected_rank})


def _jester_flip(
    t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None
) -> Interpretation | None:
    button = _button(inp)
    if button == "ok" or (card is not None and card.is_jester):
        return Submit(p.seat, FlipJester(), reveals=True)  # a fresh hand from the tavern
    if button == "no":
        return Submit(p.seat, DeclineFlip())
    if card is not None or button is not None:
        return Refuse("regicide.flip_or_not", {"seat": p.seat, "flips_left": p.flips_left})
    return None


def _play(t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None) -> Interpretation | None:
    seat = p.seat
    if card is not None:
        cards = [*t.staged, card]
        refused = t.refusal(seat, Play(tuple(cards)))
        if refused is not None:
            return refused

        def stage() -> None:
            t.staged.append(card)

        return Stage(seat, [], stage)  # the new prompt names the staged cards
    button = _button(inp)
    if button == "ok":
        if not t.staged:
            return Refuse("regicide.scan_to_play", {"seat": seat, "can_yield": p.can_yield})
        play = Play(tuple(t.staged))
        return Submit(seat, play, reveals=t.draws_cards(seat, play), on_accept=t.clear)
    if button == "no":
        if t.staged:
            note = Note("regicide.unstaged", {"seat": seat, "cards": [str(c) for c in t.staged]})
            return Stage(seat, [note], t.clear)
        return Submit(seat, Yield())
    return None


def _pay_damage(
    t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None
) -> Interpretation | None:
    if t.one_set:
        return _pay_as_one_set(t, p, inp, card)
    if card is not None:
        return Submit(p.seat, Discard((card,)))
    button = _button(inp)
    left = max(0, p.amount - p.paid)
    if button == "no" and inp.data.get("long"):
        return Submit(p.seat, CannotPay())
    if button == "no":
        return Refuse("regicide.hold_no", {"seat": p.seat, "left": left})
    if button == "ok":
        return Refuse("regicide.keep_paying", {"seat": p.seat, "left": left})
    return None


def _pay_as_one_set(
    t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None
) -> Interpretation | None:
    """`allow_overpay=false`: the discards are staged as a play is, and OK pays with them
    as one set, which the engine judges whole (enough, and no card to spare). A scan
    that would leave a card to spare is refused at once; one that is still short is not
    (the set grows until OK)."""
    seat = p.seat
    if card is not None:
        refused = t.refusal(seat, Discard((*t.staged, card)))
        if refused is not None and refused.key != Reason.PAYMENT_SHORT.value:
            return refused

        def stage() -> None:
            t.staged.append(card)

        return Stage(seat, [], stage)  # the new prompt names the staged cards
    button = _button(inp)
    if button == "no" and inp.data.get("long"):
        return Submit(seat, CannotPay(), on_accept=t.clear)
    if button == "no":
        if t.staged:
            note = Note("regicide.unstaged", {"seat": seat, "cards": [str(c) for c in t.staged]})
            return Stage(seat, [note], t.clear)
        return Refuse("regicide.hold_no", {"seat": seat, "left": p.amount - p.paid})
    if button == "ok":
        if not t.staged:
            return Refuse("regicide.scan_to_pay", {"seat": seat, "amount": p.amount})
        return Submit(seat, Discard(tuple(t.staged)), on_accept=t.clear)
    return None


def _choose_next(
    t: RegicideTable, p: Prompt, inp: TableInput, card: Card | None
) -> Interpretation | None:
    if inp.kind is InputKind.SELECT:
        chosen = inp.data.get("seat", 0)
        return Submit(p.seat, ChooseNext(chosen)) if chosen else Ignore()
    if _button(inp) == "ok":
        if inp.seat is None:
            return Refuse("regicide.choose_by_dial", {"seat": p.seat})
        return Submit(p.seat, ChooseNext(inp.seat))  # the chosen player's own reader
    if card is not None or _button(inp) == "no":
        return Refuse("regicide.choose_by_dial", {"seat": p.seat})
    return None


HANDLERS: dict[PromptKind, _Handler] = {
    PromptKind.REVEAL_ENEMY: _reveal_enemy,
    PromptKind.JESTER_FLIP: _jester_flip,
    PromptKind.PLAY: _play,
    PromptKind.PAY_DAMAGE: _pay_damage,
    PromptKind.CHOOSE_NEXT: _choose_next,
}
