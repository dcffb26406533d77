"""Zhao Yun: Longdan (龙胆); Ma Chao: Mashu (马术) and Tieqi (铁骑), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    deck_top,
    game_with,
    of,
    prompt_is,
    set_hand,
    table_game,
)

C = parse_card


def test_longdan_uses_a_dodge_as_a_kill():
    """Longdan: a Dodge may be used as a Kill in the play phase."""
    game = game_with("zhaoyun", None, None, None)
    set_hand(game, 1, "dodge@D2")
    assert UseSkill("longdan", (C("dodge@D2"),)) in game.legal_actions()
    events = game.submit(1, UseSkill("longdan", (C("dodge@D2"),), (2,)))
    used = of(events, "card_used")[0]
    assert (used.name, used.cards, used.skill) == ("kill", ("dodge@D2",), "longdan")


def test_longdan_uses_a_kill_as_a_dodge_and_refuses_other_cards():
    """Longdan: a Kill may answer as a Dodge; a card that is neither Kill nor Dodge may not."""
    game = game_with(None, "zhaoyun", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "kill@S8", "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert UseSkill("longdan", (C("kill@S8"),)) in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(2, UseSkill("longdan", (C("peach@H3"),)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE
    events = game.submit(2, UseSkill("longdan", (C("kill@S8"),)))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.cards, used.against) == (2, "dodge", ("kill@S8",), "kill")
    assert game.player(2).hp == 4 and conserved(game)


def test_longdan_at_the_table_answers_with_the_scanned_kill():
    """Longdan at the table: the token and a scanned Kill answer a Kill as a Dodge."""
    game = table_game("caocao", "zhaoyun", "diaochan", "lvbu")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    before = len(game.player(2).hand)
    events = game.submit(2, UseSkill("longdan", (C("kill@S8"),)))
    assert of(events, "card_used")[0].cards == ("kill@S8",)
    assert game.player(2).hp == 4 and len(game.player(2).hand) == before - 1
    prompt_is(game, PromptKind.PLAY, 1)


def test_mashu_reaches_one_seat_further():
    """Mashu: Ma Chao's distance to every other player is 1 less."""
    game = game_with("machao", None, None, None, None)
    set_hand(game, 1, "kill@S7")
    assert game.distance(game.player(1), game.player(3)) == 1
    assert PlayCard(C("kill@S7"), (3,)) in game.legal_actions()


def test_mashu_does_not_bring_others_closer_to_ma_chao():
    """Mashu counts only from Ma Chao: the others' distance to him is unchanged."""
    game = game_with(None, None, "machao", None, None)
    set_hand(game, 1, "kill@S7")
    assert game.distance(game.player(1), game.player(3)) == 2
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S7"), (3,)))
    assert info.value.reason is Reason.OUT_OF_RANGE


def test_tieqi_red_judgment_forbids_the_dodge():
    """Tieqi: after Ma Chao's Kill targets a player he may judge; on red they cannot Dodge."""
    game = game_with("machao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    deck_top(game, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, "tieqi")
    events = game.submit(1, Confirm(True))
    assert of(events, "judgment_settled")[0].success is True
    assert of(events, "damage_dealt")[0].target == 2
    assert game.player(2).hand == [C("dodge@D2")]


def test_tieqi_black_judgment_or_no_judgment_leaves_the_dodge():
    """Tieqi on black, or not invoked, leaves the target free to Dodge."""
    for invoke in (True, False):
        game = game_with("machao", None, None, None)
        set_hand(game, 1, "kill@S7")
        set_hand(game, 2, "dodge@D2")
        deck_top(game, "kill@C2")
        game.submit(1, PlayCard(C("kill@S7"), (2,)))
        events = game.submit(1, Confirm(invoke))
        assert bool(of(events, "judgment_settled")) is invoke
        prompt_is(game, PromptKind.RESPOND, 2)
        game.submit(2, Respond(C("dodge@D2")))
        assert game.player(2).hp == 4
