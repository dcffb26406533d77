"""The enrolment loop: reader inputs to steps, with the registry saved after every change."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

from companion.codes import all_codes, codebook
from companion.enrolment import (
    Enrolment,
    Outcome,
    Press,
    Registry,
    Step,
    TagText,
    TagUid,
    describe,
    drive,
    prompt,
)


async def _feed(items: list) -> AsyncIterator:
    for item in items:
        yield item


async def test_loop_saves_after_each_change_and_describes_each_step(tmp_path: Path) -> None:
    """Every change is on disk before its step is reported; refusals change nothing on disk."""
    path = tmp_path / "tags.json"
    cards = all_codes("identities")
    enrolment = Enrolment(cards, Registry.load(path))
    seen: list[tuple[Outcome, int]] = []

    async def on_step(step: Step) -> None:
        seen.append((step.outcome, len(Registry.load(path)) if path.exists() else 0))

    inputs = [
        TagUid(bytes.fromhex("04A1B2C3")),
        TagUid(bytes.fromhex("04A1B2C3")),
        TagText("S0DX"),
        Press("ok"),
        Press("no"),
        TagUid(bytes.fromhex("04A1B2C4")),
        Press("undo"),
    ]
    await drive(enrolment, _feed(inputs), enrolment.registry.save, on_step)
    assert seen == [
        (Outcome.ENROLLED, 1),
        (Outcome.DUPLICATE, 1),
        (Outcome.NOT_A_UID, 1),
        (Outcome.NOTHING, 1),
        (Outcome.SKIPPED, 1),
        (Outcome.ENROLLED, 2),
        (Outcome.UNDONE, 1),
    ]
    assert enrolment.expected() == cards[2]


async def test_loop_stops_when_every_card_is_done(tmp_path: Path) -> None:
    """The loop ends after the last card, leaving later inputs unread."""
    cards = all_codes("identities")[:2]
    enrolment = Enrolment(cards, Registry())
    rest = [TagUid(bytes([4, 1, 2, i])) for i in range(5)]
    feed = _feed(rest)

    async def on_step(step: Step) -> None:
        return None

    await drive(enrolment, feed, lambda: None, on_step)
    assert enrolment.expected() is None and len(enrolment.registry) == 2
    assert await anext(feed) == rest[2]


def test_prompts_and_messages_name_the_card_and_copy() -> None:
    """Prompts name the card in English and Chinese with its copy; refusals say nothing changed."""
    book = codebook()
    enrolment = Enrolment(all_codes("sanguosha")[14:16], Registry())
    assert prompt(book, enrolment) == "scan Kill ♠8 (copy 1 of 2) · 杀♠8"
    enrolment.on_uid(b"\x04\x01\x02\x03")
    step = enrolment.on_uid(b"\x04\x01\x02\x03")
    assert (
        describe(book, step)
        == "refused: tag 04010203 is already enrolled as Kill ♠8 (copy 1 of 2); nothing changed"
    )
