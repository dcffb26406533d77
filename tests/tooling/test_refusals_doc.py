"""docs/refusals.md lists every refusal reason (issue 31 item 22) and is kept current."""

from __future__ import annotations

from engine.regicide.reasons import Reason as RegicideReason
from engine.sanguosha.reasons import Reason
from tests.tooling.refusals_doc import DOC, render


def test_the_refusals_doc_is_current() -> None:
    assert DOC.read_text("utf-8") == render(), "run: python -m tests.tooling.refusals_doc"


def test_every_engine_reason_is_listed() -> None:
    text = DOC.read_text("utf-8")
    missing = [r.value for r in (*Reason, *RegicideReason) if f"| `{r.value}` |" not in text]
    assert not missing
