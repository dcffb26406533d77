"""Two-side modes at the table as players play them (issue 31): every prompt promises a
gesture that is accepted, every refusal gives the rule that applies (docs/modes.md).

Each scenario goes through the real table layer and the real engine in table mode
(`tests/modes/table.py`); sentences come from the real narrator in zh-Hans, en and es."""

from __future__ import annotations

from tests.modes.table import ModeSeats
from tests.table.test_refusal_reasons import LANGS

REDRAWN = {
    "en": "Da Qiao (seat 4) discards the starting hand (4 cards) and draws a new one.",
    "es": "Da Qiao (asiento 4) descarta su mano inicial (4 cartas) y roba una nueva.",
    "zh-Hans": "4号位大乔弃置起始手牌（4张牌），重新摸取同样数量。",
}


def test_a_2v2_redraw_discards_the_hand_and_the_deck_shows_it() -> None:
    """docs/modes.md §3.2: seat 4's given-up hand is discarded (the discard pile grows by
    4, the deck shrinks by the 4 drawn again), not shuffled back into the deck."""
    t = ModeSeats(
        "2v2", "zhangfei", "huatuo", "lvbu", "daqiao", rules={"2v2.seat4_bonus": "redraw"}
    )
    before = t.table.view()
    outcome = t.ok(t.press("ok", 4))
    after = t.table.view()
    assert after["discard_count"] == before["discard_count"] + 4
    assert after["deck_count"] == before["deck_count"] - 4 - 1  # and seat 1's first draw
    assert t.seat(4)["hand_count"] == 4
    for lang in LANGS:
        assert t.said(outcome, lang)[0] == REDRAWN[lang]
