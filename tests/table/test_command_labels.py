"""Command labels (`companion labels --set commands`): scanning OK, NO, UNDO, a seat or
"end phase" does exactly what the button, the select dial or OK in the play phase
does, from any reader, and the log keeps the scan as it came."""

from __future__ import annotations

import json

from companion import codes
from companion.table.outcome import Status
from tests.table.harness import TableHarness

LABEL = {ref.text: ref.code for ref in codes.all_codes("commands")}


def _state(h: TableHarness) -> str:
    return json.dumps([h.table.view(), h.prompt()], sort_keys=True)


def test_the_command_set_has_the_buttons_the_seats_and_end_phase() -> None:
    """15 labels: ok, no, undo, seat:1..10, end_phase, hint, each a valid 4-character
    code that decodes to a command (not a card, so not in `all`)."""
    seats = [f"seat:{n}" for n in range(1, 11)]
    assert list(LABEL) == ["ok", "no", "undo", *seats, "end_phase", "hint"]
    for text, code in LABEL.items():
        ref = codes.decode_code(code)
        assert ref.kind == "command" and ref.text == text and len(code) == 4
    assert not [r for r in codes.all_codes("all") if r.kind == "command"]
    assert codes.codebook().names(codes.decode_code(LABEL["seat:3"])).en == "Seat 3"


def test_labels_play_the_same_game_as_buttons() -> None:
    """The same turn played with buttons and the select dial, and with command labels
    scanned at a shared reader, passes through the same states with the same outcomes."""
    buttons, labels = TableHarness(), TableHarness()
    buttons.setup()
    labels.setup()
    steps = [
        (lambda h: h.scan("kill@S7"), lambda h: h.scan("kill@S7")),
        (lambda h: h.select(2), lambda h: h.scan(LABEL["seat:2"])),
        (lambda h: h.press("ok"), lambda h: h.scan(LABEL["ok"])),
        (lambda h: h.press("no"), lambda h: h.scan(LABEL["no"])),
        (lambda h: h.press("undo"), lambda h: h.scan(LABEL["undo"])),
        (lambda h: h.press("no"), lambda h: h.scan(LABEL["no"])),
        (lambda h: h.press("ok"), lambda h: h.scan(LABEL["end_phase"])),
    ]
    statuses = []
    for number, (by_button, by_label) in enumerate(steps):
        a, b = by_button(buttons), by_label(labels)
        assert (a.status, a.refusal, a.action) == (b.status, b.refusal, b.action), number
        assert _state(buttons) == _state(labels), number
        statuses.append(b.status)
    # OK with nothing offered is refused; UNDO takes back NO; "end phase" ends seat 1's play
    assert statuses == [Status.ACCEPTED] * 2 + [Status.REFUSED] + [Status.ACCEPTED] * 4
    assert labels.prompt()["kind"] == "play" and labels.prompt()["seat"] == 2


def test_end_phase_outside_the_play_phase_is_refused_and_changes_nothing() -> None:
    """ "End phase" while a target is being chosen ends nothing: refused, state as before."""
    h = TableHarness()
    h.setup()
    assert h.scan("kill@S7").accepted
    before = _state(h)
    outcome = h.scan(LABEL["end_phase"])
    assert outcome.status is Status.REFUSED
    assert _state(h) == before
