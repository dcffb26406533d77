"""The thin loop between a reader and `Enrolment`: inputs in, registry saved, steps out.

Reader inputs are reduced to three kinds (`TagUid`, `TagText`, `Press`) so this loop
does not depend on a transport; the `companion enrol` command adapts the reader hub's
events to them and shows each step (rich progress bar, LED feedback).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

from companion.codes import CardRef, Codebook, CodeError, resolve_token
from companion.enrolment.session import Enrolment, Outcome, Step
from firmware_protocol import Button, ButtonId, Card, CardKind, Message


@dataclass(frozen=True, slots=True)
class TagUid:
    uid: bytes


@dataclass(frozen=True, slots=True)
class TagText:
    text: str


@dataclass(frozen=True, slots=True)
class Press:
    button: str  # "ok", "no" or "undo"


Input = TagUid | TagText | Press


def command_button(text: str) -> str | None:
    """The button a scanned command label stands for (OK, NO, UNDO), else None: a reader
    without buttons (a scanner, an NFC reader) enrols with the printed labels.

    >>> command_button("K02D"), command_button("S0DX")
    ('no', None)
    """
    try:
        ref = resolve_token(text.strip())
    except CodeError:
        return None
    return ref.text if ref.kind == "command" and ref.text in ("ok", "no", "undo") else None


def from_message(message: Message) -> Input | None:
    """The enrolment input a reader event carries, or None (card removed, battery, ...).

    >>> from_message(Card(present=True, kind=CardKind.UID, data=bytes.fromhex("04A1B2C3")))
    TagUid(uid=b'\\x04\\xa1\\xb2\\xc3')
    """
    if isinstance(message, Card) and message.present:
        if message.kind is CardKind.UID:
            return TagUid(message.data)
        text = message.data.decode("utf-8", "replace")
        button = command_button(text)
        return Press(button) if button is not None else TagText(text)
    if isinstance(message, Button):
        return Press({ButtonId.OK: "ok", ButtonId.NO: "no", ButtonId.UNDO: "undo"}[message.button])
    return None


def apply(enrolment: Enrolment, item: Input) -> Step:
    """What one reader input does to the enrolment (no I/O)."""
    if isinstance(item, TagUid):
        return enrolment.on_uid(item.uid)
    if isinstance(item, TagText):
        return enrolment.on_text(item.text)
    if item.button == "no":
        return enrolment.skip()
    if item.button == "undo":
        return enrolment.back()
    return Step(
        Outcome.NOTHING,
        enrolment.expected(),
        detail="OK does nothing here: scan the tag, NO skips, UNDO goes back",
    )


def card_label(book: Codebook, card: CardRef) -> str:
    """`Kill ♠8 (copy 2 of 2)`, `Cao Cao`: how a prompt names a card."""
    names = book.names(card)
    total = book.copy_count(card)
    copy = f" (copy {card.copy} of {total})" if total > 1 else ""
    return f"{names.english()}{copy}"


def prompt(book: Codebook, enrolment: Enrolment) -> str:
    """What to ask for now."""
    card = enrolment.expected()
    if card is None:
        return "every card is done"
    names = book.names(card)
    return f"scan {card_label(book, card)} · {names.chinese()}"


def describe(book: Codebook, step: Step) -> str:
    """One line saying what a step did."""
    name = card_label(book, step.card) if step.card is not None else ""
    match step.outcome:
        case Outcome.ENROLLED:
            return f"enrolled {name} ← tag {step.uid}"
        case Outcome.DUPLICATE:
            return f"refused: tag {step.uid} is already enrolled as {name}; nothing changed"
        case Outcome.BAD_UID:
            return f"refused: {step.detail}"
        case Outcome.NOT_A_UID:
            return f"refused: that tag carries the text {step.detail!r}, so it needs no enrolment"
        case Outcome.SKIPPED:
            return f"skipped {name}"
        case Outcome.UNDONE:
            forgot = f" (forgot tag {step.uid})" if step.uid else ""
            return f"back to {name}{forgot}"
    return step.detail


async def drive(
    enrolment: Enrolment,
    inputs: AsyncIterator[Input],
    save: Callable[[], object],
    on_step: Callable[[Step], Awaitable[None]],
) -> None:
    """Feed `inputs` to `enrolment` until every card is done or the inputs end; call
    `save()` after every change (before `on_step`, so a crash loses nothing shown)."""
    if enrolment.expected() is None:
        return
    async for item in inputs:
        step = apply(enrolment, item)
        if step.changed:
            save()
        await on_step(step)
        if enrolment.expected() is None:
            return
