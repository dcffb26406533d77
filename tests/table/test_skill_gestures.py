"""Skills at the table (issue #4): a suit named on the dial, Guanxing's and Kylin Bow's
OK, and what the table says while a skill is being put together.

Every input goes through the real table layer and the real engine in table mode
(`companion.table`), one reader per seat; sentences come from the real narrator.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.game.narrate import narrate_outcome
from companion.narration import Narrator
from companion.table.adapter import Refuse
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome, Status
from companion.table.sanguosha_prompts import HANDLERS
from engine.sanguosha.actions import ChooseOption
from engine.sanguosha.prompts import Prompt, PromptKind
from tests.table.harness import TableHarness

SUITS = ["spade", "heart", "club", "diamond"]


class Seats(TableHarness):
    """A table with one reader per seat; seat 1 is the lord, seat i plays `generals[i-1]`."""

    def __init__(self, *generals: str) -> None:
        super().__init__(players=len(generals))
        assert self.scan("lord", 1).accepted
        for seat, general in enumerate(generals, start=1):
            assert self.scan(general, seat).accepted, general

    @property
    def pending(self) -> dict[str, Any]:
        prompt = self.table.prompt()
        assert prompt is not None
        return prompt

    def ok(self, outcome: Outcome) -> Outcome:
        assert outcome.accepted, outcome.to_json()
        return outcome

    def said(self, outcome: Outcome, lang: str = "en") -> list[str]:
        return narrate_outcome(Narrator(lang), outcome, self.table.view())

    def end_turn(self, seat: int) -> None:
        """OK ends the play phase; OK again discards unseen and takes any end-of-turn offer."""
        while self.pending["seat"] == seat:
            self.ok(self.press("ok", seat))

    def snapshot(self) -> str:
        return json.dumps([self.table.view(), self.table.prompt()], sort_keys=True)


def fanjian_on_seat_2() -> Seats:
    """Zhou Yu (seat 1) declines Yingzi and starts Fanjian on Lü Bu (seat 2)."""
    t = Seats("zhouyu", "lvbu", "diaochan", "liubei")
    t.ok(t.press("no", 1))
    t.ok(t.scan("zhouyu", 1))
    t.ok(t.scan("lvbu", 1))
    t.ok(t.press("ok", 1))
    assert t.pending["kind"] == "choose_option" and t.pending["seat"] == 2
    return t


@pytest.mark.parametrize("number, suit", [(1, "spade"), (2, "heart"), (3, "club"), (4, "diamond")])
def test_select_n_names_the_nth_suit(number: int, suit: str) -> None:
    """At Fanjian's suit prompt, SELECT n names the n-th suit (1 ♠, 2 ♥, 3 ♣, 4 ♦)."""
    t = fanjian_on_seat_2()
    outcome = t.ok(t.select(number, 2))
    assert outcome.action == {"action": "choose_option", "option": suit}
    assert [e["option"] for e in outcome.events if e["kind"] == "option_chosen"] == [suit]
    assert t.pending["kind"] == "reveal_card" and t.pending["seat"] == 2


@pytest.mark.parametrize("number", [0, 5, 9])
def test_a_number_beyond_the_suits_is_refused_and_changes_nothing(number: int) -> None:
    """SELECT 0 or a number past the fourth suit is refused with the numbered suits, and
    nothing changes."""
    t = fanjian_on_seat_2()
    before = t.snapshot()
    outcome = t.select(number, 2)
    assert (
        outcome.status is Status.REFUSED
        and outcome.refusal is not None
        and outcome.refusal["reason"] == "option_number"
    )
    assert t.snapshot() == before
    assert t.said(outcome) == [
        f"Lü Bu (seat 2): there is no choice {number}: select 1 for spades ♠, 2 for hearts ♥, "
        "3 for clubs ♣ or 4 for diamonds ♦."
    ]


def test_a_card_scanned_at_the_suit_prompt_is_refused_without_being_named() -> None:
    """Scanning a card cannot name the suit (it would show the card): refused, nothing changes,
    and the refusal does not name the card."""
    t = fanjian_on_seat_2()
    before = t.snapshot()
    for button_or_card in ("kill@S7", "ok", "no"):
        if button_or_card.startswith("kill"):
            outcome = t.scan(button_or_card, 2)
        else:
            outcome = t.press(button_or_card, 2)
        assert (
            outcome.status is Status.REFUSED
            and outcome.refusal is not None
            and outcome.refusal["reason"] == "select_option"
        )
        assert t.snapshot() == before
        sentences = t.said(outcome)
        assert sentences == [
            "Lü Bu (seat 2): name the suit with the dial, without showing a card: select 1 for "
            "spades ♠, 2 for hearts ♥, 3 for clubs ♣ or 4 for diamonds ♦."
        ]
        assert "♠7" not in " ".join(sentences)


def test_only_the_target_names_the_suit() -> None:
    """Another seat's dial does not answer Fanjian's suit prompt."""
    t = fanjian_on_seat_2()
    before = t.snapshot()
    outcome = t.select(1, 3)
    assert (
        outcome.status is Status.REFUSED
        and outcome.refusal is not None
        and outcome.refusal["reason"] == "wrong_seat"
    )
    assert t.snapshot() == before


def test_fanjian_end_to_end_at_the_table() -> None:
    """The named suit, then the card taken unseen and scanned: another suit costs the target
    1 health, and the target keeps the card."""
    t = fanjian_on_seat_2()
    t.ok(t.select(2, 2))  # hearts
    outcome = t.ok(t.scan("kill@S8", 2))
    assert [
        (e["seat"], e["source"], e["card"]) for e in outcome.events if e["kind"] == "card_taken"
    ] == [(2, 1, "kill@S8")]
    assert [e["hp_after"] for e in outcome.events if e["kind"] == "damage_dealt"] == [3]
    assert t.seat(1)["hand_count"] == 5 and t.seat(2)["hand_count"] == 5


def test_ok_and_no_answer_a_two_option_prompt_in_order() -> None:
    """With exactly two options OK names the first and NO the second; SELECT works as well."""
    handler = HANDLERS[PromptKind.CHOOSE_OPTION]
    prompt = Prompt(PromptKind.CHOOSE_OPTION, 3, (3,), reason="x", options=("draw", "recover"))

    def meaning(kind: InputKind, data: dict[str, Any]) -> Any:
        return handler(None, prompt, 3, TableInput(kind, data, seat=3), None)

    assert meaning(InputKind.PRESS, {"button": "ok"}).action == ChooseOption("draw")
    assert meaning(InputKind.PRESS, {"button": "no"}).action == ChooseOption("recover")
    assert meaning(InputKind.SELECT, {"seat": 2}).action == ChooseOption("recover")
    four = Prompt(PromptKind.CHOOSE_OPTION, 3, (3,), reason="fanjian", options=tuple(SUITS))
    refused = handler(None, four, 3, TableInput(InputKind.PRESS, {"button": "ok"}, seat=3), None)
    assert isinstance(refused, Refuse) and refused.key == "select_option"


@pytest.mark.parametrize(
    "lang, line",
    [
        (
            "en",
            "Lü Bu (seat 2): name a suit (Sow Dissension): select 1 for spades ♠, 2 for hearts ♥, "
            "3 for clubs ♣ or 4 for diamonds ♦.",
        ),
        (
            "es",
            "Lü Bu (asiento 2): nombra un palo (Sembrar la discordia): elige 1 para picas ♠, "
            "2 para corazones ♥, 3 para tréboles ♣ o 4 para diamantes ♦.",
        ),
        (
            "zh-Hans",
            "2号位吕布：请选择一种花色（反间）：选1为黑桃♠、选2为红桃♥、选3为梅花♣或选4为方块♦。",
        ),
    ],
)
def test_the_suit_prompt_says_what_each_number_means(lang: str, line: str) -> None:
    """The suit prompt lists each number with its suit, joined with "or" (not "and")."""
    t = Seats("zhouyu", "lvbu", "diaochan", "liubei")
    t.ok(t.press("no", 1))
    t.ok(t.scan("zhouyu", 1))
    t.ok(t.scan("lvbu", 1))
    assert t.said(t.ok(t.press("ok", 1)), lang)[-1] == line


def test_guanxing_ok_is_refused_scans_keep_the_order_no_ends() -> None:
    """Guanxing at the table: OK is refused (only scans put cards back on top), each scan
    keeps a card on top, NO sends the rest to the bottom; no card is named."""
    t = Seats("liubei", "zhugeliang", "lvbu", "diaochan")
    t.end_turn(1)
    assert t.pending["reason"] == "guanxing" and t.pending["kind"] == "confirm"
    t.ok(t.press("ok", 2))
    before = t.snapshot()
    refused = t.press("ok", 2)
    assert refused.status is Status.REFUSED and t.snapshot() == before
    assert t.said(refused) == [
        "Zhuge Liang (seat 2): scan the next card to put back on top of the deck, or NO to put "
        "the rest at the bottom."
    ]
    said = t.said(t.ok(t.scan("peach@H3", 2)))
    assert said == [
        "Zhuge Liang (seat 2): Stargaze: scan each card to put back on top of the deck, top "
        "first (3 still to place); NO puts the rest at the bottom."
    ]
    outcome = t.ok(t.press("no", 2))
    said = t.said(outcome)
    assert said[0] == (
        "Zhuge Liang (seat 2) puts 1 card back on top of the deck and 3 cards at the bottom "
        "(Stargaze)."
    )
    assert not any("♥3" in s for s in said)


def test_kylin_bow_ok_is_refused_the_horse_is_scanned() -> None:
    """Kylin Bow offers only horses: OK (a hand card unseen) is refused, the horse is scanned."""
    t = Seats("liubei", "lvbu", "diaochan", "guojia")
    t.ok(t.scan("kylin_bow@H5", 1))
    t.end_turn(1)
    t.ok(t.scan("chitu@H5", 2))  # Lü Bu's -1 horse
    t.end_turn(2)
    t.end_turn(3)  # Diao Chan (Biyue: OK draws a card)
    t.end_turn(4)
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("lvbu", 1))
    t.ok(t.press("no", 2))  # no Dodge
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_card_from", "kylin_bow")
    before = t.snapshot()
    refused = t.press("ok", 1)
    assert refused.status is Status.REFUSED and t.snapshot() == before
    assert t.said(refused) == ["Liu Bei (seat 1): scan the card you choose, or NO."]
    t.ok(t.scan("chitu@H5", 1))
    assert t.seat(2)["equipment"]["minus_horse"] is None


def test_staging_a_skill_asks_for_its_ok_not_the_prompt_underneath() -> None:
    """While a skill is staged the table asks for that skill's OK / NO (not "OK to end the
    play phase"), counting the cards; Rende's cards, given face down, are never named."""
    t = Seats("liubei", "guanyu", "lvbu", "diaochan")
    said = t.said(t.ok(t.scan("skill:rende", 1)))
    assert said == [
        "Liu Bei (seat 1) starts Benevolence.",
        "Liu Bei (seat 1): Benevolence: scan its cards and targets, OK to use it, NO to cancel.",
    ]
    said = t.said(t.ok(t.scan("kill@S7", 1))) + t.said(t.ok(t.scan("lvbu", 1)))
    assert said == [
        "Liu Bei (seat 1) adds a card to give face down (1 so far).",
        "Liu Bei (seat 1): Benevolence with 1 card so far: scan more, OK to use it, NO to cancel.",
        "Liu Bei (seat 1) chooses Lü Bu (seat 3).",
        "Liu Bei (seat 1): Benevolence with 1 card on Lü Bu (seat 3) so far: OK to use it, NO "
        "to cancel.",
    ]
    said = t.said(t.ok(t.press("ok", 1)))
    assert said[-1] == "Liu Bei (seat 1): play a card, or OK to end the play phase."
    assert not any("♠7" in s for s in said)


def test_a_refusal_about_a_skill_names_the_skill_not_its_id() -> None:
    """A refusal that puts a skill's id where a card would be names the skill in each language."""
    t = Seats("zhouyu", "lvbu", "diaochan", "liubei")
    t.ok(t.press("no", 1))
    t.ok(t.scan("zhouyu", 1))
    outcome = t.press("ok", 1)  # Fanjian without a target
    assert (
        outcome.status is Status.REFUSED
        and outcome.refusal is not None
        and outcome.refusal["card"] == "fanjian"
    )
    assert t.said(outcome)[0].startswith("Sow Dissension needs a target")
    assert t.said(outcome, "es")[0].startswith("Sembrar la discordia necesita un objetivo")
    assert t.said(outcome, "zh-Hans")[0].startswith("反间需要目标")


def test_a_card_used_as_another_is_answered_as_what_it_stands_for() -> None:
    """A Peach used as a Kill through Wusheng is asked about as a Kill."""
    t = Seats("guanyu", "lvbu", "diaochan", "liubei")
    t.ok(t.scan("guanyu", 1))
    t.ok(t.scan("peach@H3", 1))
    t.ok(t.scan("lvbu", 1))
    said = t.said(t.ok(t.press("ok", 1)))
    assert said[-1] == (
        "Lü Bu (seat 2): use a Dodge against Peach ♥3 as Kill from Guan Yu (seat 1), or NO."
    )


def test_undoing_a_guanxing_scan_does_not_name_the_card() -> None:
    """UNDO of a card Guanxing put back on top says whose input it was, never the card."""
    t = Seats("liubei", "zhugeliang", "lvbu", "diaochan")
    t.end_turn(1)
    t.ok(t.press("ok", 2))
    t.ok(t.scan("peach@H3", 2))
    said = t.said(t.ok(t.press("undo", 2)))
    assert "Undone: the last input of Zhuge Liang (seat 2)." in said
    assert not any("♥3" in s or "Peach" in s for s in said)


def test_undoing_a_card_given_with_rende_does_not_name_it() -> None:
    """UNDO of a card staged for Rende (given face down) does not name the card."""
    t = Seats("liubei", "zhugeliang", "lvbu", "diaochan")
    t.ok(t.scan("skill:rende", 1))
    t.ok(t.scan("kill@S7", 1))
    said = t.said(t.ok(t.press("undo", 1)))
    assert "Undone: the last input of Liu Bei (seat 1)." in said
    assert not any("♠7" in s for s in said)


def test_undoing_a_suit_choice_does_not_call_it_a_seat() -> None:
    """UNDO of `select 2` at Fanjian's suit prompt does not read the option as a seat."""
    t = fanjian_on_seat_2()
    t.ok(t.select(2, 2))
    said = t.said(t.ok(t.press("undo", 2)))
    assert "Undone: the last input of Lü Bu (seat 2)." in said
    assert t.pending["kind"] == "choose_option"
