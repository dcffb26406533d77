"""Host corrections at the table: `correct` inputs become the engine's corrections, are
narrated, refused with the engine's reason, taken back by UNDO and replayed like any input."""

from __future__ import annotations

import json
from typing import Any

from companion.game.narrate import narrate_outcome
from companion.game.script import parse_host_line
from companion.narration import Narrator
from companion.table.inputs import HOST, InputKind, TableInput
from companion.table.outcome import Outcome, Status
from companion.table.table import Table
from tests.table.harness import TableHarness


def correct(h: TableHarness, line: str) -> Outcome:
    """Apply a console `correct ...` line as the host's input."""
    host = parse_host_line(line)
    assert host is not None
    return h.table.apply(TableInput(InputKind.CORRECT, host.data, t=h.now, reader=HOST))


def said(h: TableHarness, outcome: Outcome) -> list[str]:
    return narrate_outcome(Narrator("en"), outcome, h.table.view())


def snapshot(table: Table) -> str:
    return json.dumps([table.view(), table.prompt()], sort_keys=True)


def test_health_and_hand_count_corrections_change_the_state_and_are_narrated() -> None:
    """`correct hp` and `correct hand` set the seat's health and count and say so."""
    h = TableHarness()
    h.setup()
    outcome = correct(h, "correct hp 2 1")
    assert outcome.accepted and outcome.seat is None
    assert outcome.action == {"action": "set_health", "seat": 2, "hp": 1}
    assert said(h, outcome) == ["Host correction: Guan Yu (seat 2) has 1 of 4 health (was 4)."]
    outcome = correct(h, "correct hand 3 6")
    assert said(h, outcome) == ["Host correction: Zhang Fei (seat 3) holds 6 cards (was 4)."]
    assert (h.seat(2)["hp"], h.seat(3)["hand_count"]) == (1, 6)


def test_a_card_moved_by_the_host_is_narrated_with_where_it_came_from() -> None:
    """A card the engine never saw comes from its new owner's hand; a replaced one is discarded."""
    h = TableHarness()
    h.setup()
    outcome = correct(h, "correct move zhuge_crossbow@CA to 4 equipment")
    assert said(h, outcome) == [
        "Host correction: Zhuge Crossbow ♣A moves from Lü Bu (seat 4)'s hand "
        "to Lü Bu (seat 4)'s equipment."
    ]
    outcome = correct(h, "correct move 青釭剑♠6 to 4 equipment")
    assert said(h, outcome)[0].endswith("replacing Zhuge Crossbow ♣A.")
    assert h.seat(4)["equipment"]["weapon"] == "qinggang_sword@S6"
    assert h.seat(4)["hand_count"] == 2 and h.table.view()["discard_count"] == 1
    outcome = correct(h, "correct move qinggang_sword@S6 to discard")
    assert said(h, outcome) == [
        "Host correction: Qinggang Sword ♠6 moves from Lü Bu (seat 4)'s equipment "
        "to the discard pile."
    ]


def test_a_refused_correction_names_the_engines_reason_and_changes_nothing() -> None:
    """Health 0 is refused by the engine with its reason and sentence; nothing changes."""
    h = TableHarness()
    h.setup()
    before = snapshot(h.table)
    outcome = correct(h, "correct hp 2 0")
    assert outcome.status is Status.REFUSED and outcome.refusal_source == "engine"
    assert outcome.refusal == {"reason": "health_out_of_range", "seat": 2, "hp": 0, "max_hp": 4}
    assert said(h, outcome) == [
        "Guan Yu (seat 2)'s health can be set from 1 to 4, not 0: "
        "a death the companion missed is its own correction: correct dead SEAT [by KILLER]."
    ]
    assert snapshot(h.table) == before


def test_malformed_corrections_are_refused_with_what_is_wrong() -> None:
    """A move naming no card gets the engine's unknown-card reason; a correction missing
    its value is a bad correction; neither changes anything."""
    h = TableHarness()
    h.setup()
    before = snapshot(h.table)
    outcome = correct(h, "correct move kill@HA to 2")
    assert outcome.refusal == {"reason": "unknown_card", "text": "kill@HA"}
    outcome = h.table.apply(TableInput(InputKind.CORRECT, {"op": "hp", "seat": 2}, reader=HOST))
    assert outcome.refusal == {"reason": "correction_bad", "detail": "hp needs hp"}
    assert outcome.refusal_source == "table"
    assert snapshot(h.table) == before


def test_undo_takes_back_a_correction() -> None:
    """UNDO after a correction puts the state back as it was before it."""
    h = TableHarness()
    h.setup()
    before = snapshot(h.table)
    assert correct(h, "correct move lightning@SA to 2 judgment").accepted
    assert h.seat(2)["judgment"] == ["lightning@SA"]
    undo = h.press("undo")
    assert undo.accepted and undo.notes[0].key == "undone"
    assert snapshot(h.table) == before


def test_a_correction_does_not_restart_a_nullification_windows_clock() -> None:
    """A correction made while a Nullification window is open leaves it open, on its own time."""
    h = TableHarness(settings={"nullification_timeout_s": 4})
    h.setup()
    h.scan("dismantle@S3")
    h.scan("zhangfei")
    h.now = 3
    outcome = correct(h, "correct hp 5 2")
    assert outcome.accepted and not outcome.prompt_changed
    assert h.table.deadline() == 4
    assert h.wait(1).notes[0].key == "window_closed"


def test_a_replay_of_the_inputs_gives_the_corrected_state_again() -> None:
    """Corrections are inputs like any other: replaying the same inputs gives the same state."""
    inputs: list[tuple[str, Any]] = [
        ("scan", "lord"),
        *[("scan", g) for g in ("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")],
        ("correct", "correct hand 1 2"),
        ("correct", "correct move eight_diagrams@S2 to 1 equipment"),
        ("scan", "kill@S7"),
        ("scan", "guanyu"),
        ("correct", "correct hp 4 3"),
    ]
    states = []
    for _ in range(2):
        h = TableHarness()
        for kind, text in inputs:
            outcome = h.scan(text) if kind == "scan" else correct(h, text)
            assert outcome.accepted, outcome.refusal
        states.append(snapshot(h.table))
    assert states[0] == states[1]
    seats = json.loads(states[0])[0]["seats"]
    assert seats[0]["hand_count"] == 0 and seats[3]["hp"] == 3
