"""Enrolment over a live reader hub: the reader I/O around `driver.drive`.

Each input is acknowledged to its reader only after the registry was saved and the
step shown, so a crash never loses an enrolled card the reader believes delivered. The
reader that sent an input gets the verdict on its LED and buzzer: green and a beep when
the scan or button did something, red and a double beep when it was refused.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable

from companion.enrolment.driver import Input, drive, from_message
from companion.enrolment.session import Enrolment, Outcome, Step
from companion.readers import HubEvent, ReaderHub, ReaderInput
from firmware_protocol import Buzzer, Color, Feedback, Pattern

ACCEPTED = Feedback(Color.GREEN, Pattern.SOLID, Buzzer.BEEP, 400)
REFUSED = Feedback(Color.RED, Pattern.DOUBLE_BLINK, Buzzer.DOUBLE_BEEP, 800)
_REFUSALS = (Outcome.DUPLICATE, Outcome.BAD_UID, Outcome.NOT_A_UID, Outcome.NOTHING)


def verdict(step: Step) -> Feedback:
    """The LED and buzzer answer to a step."""
    return REFUSED if step.outcome in _REFUSALS else ACCEPTED


async def enrol_with_hub(
    enrolment: Enrolment,
    hub: ReaderHub,
    save: Callable[[], object],
    on_step: Callable[[Step], Awaitable[None]],
    on_notice: Callable[[HubEvent], None] = lambda event: None,
) -> None:
    """Run the enrolment on the readers of `hub` until every card is done.

    Inputs other than scans and buttons (removals, battery) are acknowledged and
    ignored; hub notices (connected, lost events, ...) go to `on_notice`.
    """
    current: list[ReaderInput] = []

    async def inputs() -> AsyncIterator[Input]:
        async for event in hub:
            if not isinstance(event, ReaderInput):
                on_notice(event)
                continue
            item = from_message(event.event)
            if item is not None:
                current[:] = [event]
                yield item
            # drive() has saved and shown the step by the time we get here again
            await hub.ack(event.reader_id, event.seq, epoch=event.epoch)

    async def answer(step: Step) -> None:
        if current:
            await hub.feedback(current[0].reader_id, verdict(step))
        await on_step(step)

    await drive(enrolment, inputs(), save, answer)
