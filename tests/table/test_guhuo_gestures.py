"""于吉's 蛊惑 at the table (docs/wind-fire.md §3.2): the token, OK, the declared card on
the dial, the target's general; each asked player's OK (believe) or NO (question); the
card scanned only then. Real table layer, real engine, one reader per seat."""

from __future__ import annotations

import json
from typing import Any

from companion.game.narrate import narrate_outcome
from companion.narration import Narrator
from companion.table.outcome import Outcome
from tests.table.harness import TableHarness

SETTINGS = {"general_packs": ["standard", "wind"]}


class Seats(TableHarness):
    def __init__(self, *generals: str) -> None:
        super().__init__(players=len(generals), settings=SETTINGS)
        assert self.scan("lord", 1).accepted
        for seat, general in enumerate(generals, start=1):
            assert self.scan(general, seat).accepted, general

    def ok(self, outcome: Outcome) -> Outcome:
        assert outcome.accepted, outcome.to_json()
        return outcome

    def said(self, outcome: Outcome) -> list[str]:
        return narrate_outcome(Narrator("en"), outcome, self.table.view())

    @property
    def pending(self) -> dict[str, Any]:
        prompt = self.table.prompt()
        assert prompt is not None
        return prompt

    def snapshot(self) -> str:
        return json.dumps([self.table.view(), self.table.prompt()], sort_keys=True)


def test_guhuo_declared_questioned_then_scanned_at_the_table() -> None:
    t = Seats("yuji", "liubei", "caocao")
    t.ok(t.scan("skill:guhuo", 1))
    before = t.snapshot()
    refused = t.scan("kill@S7", 1)  # the card stays face down: not scanned now
    assert not refused.accepted and refused.refusal is not None
    assert refused.refusal["reason"] == "card_face_down" and t.snapshot() == before
    assert t.said(refused) == [
        "With Bewitch the card stays face down until everyone has answered: "
        "Yu Ji (seat 1), do not scan it now."
    ]
    t.ok(t.press("ok", 1))
    t.ok(t.select(4, 1))  # the dial: the 4th card it offers, Kill
    declared = t.ok(t.scan("liubei", 1))
    assert (
        "Yu Ji (seat 1) lays a card face down and declares it Kill (Bewitch), on Liu Bei (seat 2)."
        in t.said(declared)
    )
    assert "@" not in json.dumps(declared.events) + t.snapshot()
    wrong = t.press("no", 3)  # Cao Cao is asked after Liu Bei
    assert not wrong.accepted and wrong.refusal is not None
    t.ok(t.press("no", 2))
    t.ok(t.press("ok", 3))
    turned = t.ok(t.scan("kill@S7", 1))
    assert [e["kind"] for e in turned.events][:2] == ["declaration_revealed", "cards_discarded"]
    assert t.table.view()["seats"][1]["hp"] == 3  # the questioner lost 1: true, but a spade


def test_guhuo_token_in_a_nullification_window_at_the_table() -> None:
    t = Seats("yuji", "liubei", "caocao")
    while t.pending["seat"] == 1:  # Yu Ji ends his turn (OK, then discards unseen)
        t.ok(t.press("ok", 1))
    t.ok(t.scan("dismantle@S3", 2))
    t.ok(t.scan("yuji", 2))
    assert t.pending["kind"] == "nullify"
    t.ok(t.scan("skill:guhuo", 1))
    declared = t.ok(t.press("ok", 1))
    assert [e["name"] for e in declared.events if e["kind"] == "card_declared"] == ["nullification"]
