"""Huang Yueying: Jizhi (集智) and Qicai (奇才), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, PickCard, PlayCard, Reason, Respond, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    equip,
    game_with,
    of,
    pass_window,
    prompt_is,
    set_hand,
)

C = parse_card


def test_jizhi_draws_when_using_an_instant_trick():
    """Jizhi: when Huang Yueying uses a non-delayed trick she may draw 1 card."""
    game = game_with("huangyueying", None, None, None)
    set_hand(game, 1, "ex_nihilo@H7")
    game.submit(1, PlayCard(C("ex_nihilo@H7")))
    prompt_is(game, PromptKind.CONFIRM, 1, "jizhi")
    events = game.submit(1, Confirm(True)) + pass_window(game)
    assert [(e.count, e.reason) for e in of(events, "cards_drawn")] == [
        (1, "jizhi"),
        (2, "ex_nihilo"),
    ]
    assert len(game.player(1).hand) == 3 and conserved(game)


def test_jizhi_draws_for_a_nullification_too():
    """Jizhi: a Nullification is a non-delayed trick, so using one lets her draw 1."""
    game = game_with(None, "huangyueying", None, None)
    set_hand(game, 1, "dismantle@S3")
    set_hand(game, 2, "nullification@SJ", "peach@H3")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    prompt_is(game, PromptKind.NULLIFY)
    game.submit(2, Respond(C("nullification@SJ")))
    prompt_is(game, PromptKind.CONFIRM, 2, "jizhi")
    events = game.submit(2, Confirm(True)) + pass_window(game)
    assert [(e.seat, e.reason) for e in of(events, "cards_drawn")] == [(2, "jizhi")]
    assert of(events, "card_nullified") and C("peach@H3") in game.player(2).hand


def test_jizhi_ignores_delayed_tricks_and_basic_cards():
    """Jizhi counts only non-delayed tricks: Indulgence and a Kill draw nothing."""
    game = game_with("huangyueying", None, None, None)
    set_hand(game, 1, "indulgence@S6", "kill@S7")
    events = game.submit(1, PlayCard(C("indulgence@S6"), (3,)))
    assert of(events, "delayed_trick_placed") and not of(events, "cards_drawn")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)
    assert not of(events, "cards_drawn")


def test_qicai_snatches_at_distance_two():
    """Qicai: Huang Yueying's tricks have no distance limit, so Snatch reaches distance 2."""
    game = game_with("huangyueying", None, None, None, None)
    set_hand(game, 1, "snatch@S3")
    set_hand(game, 3, "peach@H3")
    assert game.distance(game.player(1), game.player(3)) == 2
    game.submit(1, PlayCard(C("snatch@S3"), (3,)))
    game.submit(1, Confirm(False))  # Jizhi
    pass_window(game)
    game.submit(1, PickCard(None))
    assert game.player(1).hand == [C("peach@H3")] and conserved(game)


def test_qicai_is_hers_alone_and_leaves_attack_range_alone():
    """Qicai lifts only her own trick distance: another player's Snatch at distance 2 is too far,
    and her Kill still needs attack range."""
    game = game_with(None, None, "huangyueying", None, None)
    set_hand(game, 1, "snatch@S3")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("snatch@S3"), (3,)))
    assert info.value.reason is Reason.TOO_FAR and info.value.data["distance"] == 2
    game = game_with("huangyueying", None, None, None, None)
    set_hand(game, 1, "kill@S7")
    equip(game, 3, "jueying@S5")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S7"), (3,)))
    assert info.value.reason is Reason.OUT_OF_RANGE
