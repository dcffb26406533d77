"""Refusals name the rule that forbids the action, with its numbers (issue #17 item 9),
in digital games put in position with the scenario helpers; each refused action
changes nothing."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from engine.sanguosha import Discard, EndPlay, PickCard, PlayCard, Reason, Respond, parse_card

from .scenario import pass_windows, pending, place, refused, set_hand, set_hp, start

C = parse_card


@pytest.mark.parametrize("hp", [4, 2])
def test_a_peach_on_another_player_outside_dying_names_that_rule(hp: int) -> None:
    """Outside dying a Peach is used only on oneself: offering it to another player is
    refused for that, whether or not its user is wounded (not "not wounded")."""
    game = start(players=4)
    set_hp(game, 1, hp, 4)
    set_hand(game, 1, "peach@H3")
    data = refused(game, 1, PlayCard(C("peach@H3"), (3,)), Reason.MUST_TARGET_SELF)
    assert data == {"card": "peach", "target": 3}


def test_a_nullification_at_a_dodge_request_says_a_kill_is_no_trick() -> None:
    """Nullification cancels only tricks (docs/sanguosha.md 1d): scanned against a Kill it is
    refused for that."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "nullification@SJ")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert pending(game).need == "dodge"
    data = refused(game, 2, Respond(C("nullification@SJ")), Reason.CANNOT_NULLIFY)
    assert (data["why"], data["against"], data["need"]) == ("basic", "kill", "dodge")


def test_a_nullification_once_a_duel_takes_effect_says_its_window_is_over() -> None:
    """A Duel's Nullification window comes before its effect: at the Duel's Kill request
    a Nullification is refused as too late."""
    game = start(players=4)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "nullification@SJ")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    assert pending(game).need == "kill" and pending(game).seat == 2
    data = refused(game, 2, Respond(C("nullification@SJ")), Reason.CANNOT_NULLIFY)
    assert (data["why"], data["against"], data["skill"]) == ("window", "duel", None)


ALREADY = {
    "en": "Seat 2's judgment area already holds Indulgence: no two delayed tricks of the same "
    "name.",
    "es": "La zona de juicio del asiento 2 ya tiene unos Placeres de Shu: no caben dos trucos "
    "retardados con el mismo nombre.",
    "zh-Hans": "2号位的判定区已经有【乐不思蜀】：判定区内不能有两张同名的延时锦囊。",
}


@pytest.mark.parametrize("lang", sorted(ALREADY))
def test_a_second_delayed_trick_of_a_name_says_the_rule(lang: str) -> None:
    """Rulebook rule 2 (docs/sanguosha.md 1d): no judgment area holds two delayed tricks of the
    same name; the sentence says so (and no more "a Indulgence")."""
    game = start(players=4)
    set_hand(game, 1, "indulgence@S6")
    place(game, 2, "indulgence@H6")
    data = refused(game, 1, PlayCard(C("indulgence@S6"), (2,)), Reason.ALREADY_IN_AREA)
    assert Narrator(lang).refusal({"reason": "already_in_area", **data}) == ALREADY[lang]


def test_a_card_not_in_the_targets_area_says_equipment_or_judgment_area() -> None:
    """Dismantle on a player: a card that is not among their equipment and judgment cards
    is refused as not in either (it said "equipment" only)."""
    game = start(players=4)
    set_hand(game, 1, "dismantle@S3")
    set_hand(game, 2, "kill@S7")
    place(game, 2, "indulgence@H6")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_windows(game)
    assert pending(game).kind.value == "choose_card_from"
    data = refused(game, 1, PickCard(C("dodge@H2")), Reason.CARD_NOT_THERE)
    assert data == {"card": "dodge@H2", "seat": 2, "zone": "area"}
    said = Narrator("en").refusal({"reason": "card_not_there", **data})
    assert said == "Dodge ♥2 is not in seat 2's equipment or judgment area."


DISCARD_PHASE = {
    "en": "Discard phase: seat 1 keeps as many hand cards as their health (4), so 2 cards to "
    "discard, not 3.",
    "es": "Fase de descarte: el asiento 1 se queda con tantas cartas en la mano como vida tiene "
    "(4), así que debe descartar 2 cartas, no 3.",
    "zh-Hans": "弃牌阶段：1号位的手牌数须与体力值（4）相同，需弃置2张，而不是3张。",
}


@pytest.mark.parametrize("lang", sorted(DISCARD_PHASE))
def test_the_discard_phase_count_says_the_rule_and_health(lang: str) -> None:
    """Too many cards discarded in the discard phase: the refusal gives the rule (hand down
    to health), the health and both counts."""
    game = start(players=4)
    set_hp(game, 1, 4, 4)
    set_hand(game, 1, "kill@S7", "kill@S8", "kill@S9", "dodge@D2", "dodge@D3", "dodge@D4")
    game.submit(1, EndPlay())
    prompt = pending(game)
    assert (prompt.kind.value, prompt.reason, prompt.count) == ("discard", "discard_phase", 2)
    three = Discard((C("kill@S7"), C("kill@S8"), C("kill@S9")))
    data = refused(game, 1, three, Reason.WRONG_COUNT)
    assert data == {"expected": 2, "got": 3, "why": "discard_phase", "seat": 1, "hp": 4}
    assert Narrator(lang).refusal({"reason": "wrong_count", **data}) == DISCARD_PHASE[lang]
