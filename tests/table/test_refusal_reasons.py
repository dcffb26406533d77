"""Refusals at the table name the rule that forbids the input (issue #17 item 9): each
situation is put together with real scans through the real table layer and engine in
table mode, the refusal's reason and data are asserted, the sentence in zh-Hans, en and
es, and that nothing changed."""

from __future__ import annotations

from companion.table.outcome import Status
from tests.table.test_skill_gestures import Seats

LANGS = ("en", "es", "zh-Hans")


def refused(t: Seats, outcome_of, reason: str) -> dict:
    """Run the input, assert it was refused for `reason` and changed nothing."""
    before = t.snapshot()
    outcome = outcome_of()
    assert outcome.status is Status.REFUSED, outcome.to_json()
    assert outcome.refusal["reason"] == reason, outcome.refusal
    assert t.snapshot() == before
    return {lang: t.said(outcome, lang) for lang in LANGS}


PEACH_FULL = {
    "en": "Unless someone is dying, a Peach may only be used on yourself: Liu Bei (seat 1) is "
    "not wounded (4/4 health).",
    "es": "Si nadie está moribundo, un Melocotón solo puede usarse sobre uno mismo: Liu Bei "
    "(asiento 1) no está herido (4/4 de vida).",
    "zh-Hans": "非濒死时【桃】只能对自己使用：1号位刘备没有受伤（体力4/4）。",
}


def test_a_peach_outside_dying_is_for_its_user_only() -> None:
    """A Peach scanned in the play phase is used on its user: with full health it is
    refused, and the refusal says the rule (another player may not be given one unless
    dying), not only that the user is unhurt."""
    t = Seats("liubei", "guanyu", "zhangfei", "lvbu")
    said = refused(t, lambda: t.scan("peach@H3", 1), "not_wounded")
    assert {lang: lines[0] for lang, lines in said.items()} == PEACH_FULL
