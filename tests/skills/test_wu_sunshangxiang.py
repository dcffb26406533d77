"""Sun Shangxiang: Jieyin (结姻) and Xiaoji (枭姬), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, PickCard, PlayCard, Reason, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    equip,
    game_with,
    of,
    pass_window,
    prompt_is,
    set_hand,
    set_hp,
    state_snapshot,
    table_game,
)

C = parse_card


def test_jieyin_heals_her_and_a_wounded_man():
    """Jieyin: discard 2 hand cards and choose a wounded male character; both recover 1 HP."""
    game = game_with("sunshangxiang", "guanyu", None, None)
    set_hp(game, 1, 2)
    set_hp(game, 2, 2)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3")
    events = game.submit(1, UseSkill("jieyin", (C("kill@S7"), C("dodge@D2")), (2,)))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7", "dodge@D2")
    assert [(e.seat, e.amount) for e in of(events, "hp_recovered")] == [(1, 1), (2, 1)]
    assert game.player(1).hand == [C("peach@H3")] and conserved(game)


def test_jieyin_needs_a_wounded_man_two_hand_cards_and_works_once():
    """Jieyin refuses a woman, an unwounded man or other than 2 hand cards; once per play phase."""
    game = game_with("sunshangxiang", "daqiao", "guanyu", None)
    set_hp(game, 2, 2)
    set_hp(game, 4, 3)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3", "peach@H4")
    before = state_snapshot(game)
    cards = (C("kill@S7"), C("dodge@D2"))
    for action, reason in (
        (UseSkill("jieyin", cards, (2,)), Reason.NOT_MALE),
        (UseSkill("jieyin", cards, (3,)), Reason.NOT_WOUNDED),
        (UseSkill("jieyin", cards[:1], (4,)), Reason.WRONG_COUNT),
        (UseSkill("jieyin", (C("kill@S7"), C("kill@S8")), (4,)), Reason.CARD_NOT_IN_HAND),
    ):
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("jieyin", cards, (4,)))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("jieyin", (C("peach@H3"), C("peach@H4")), (4,)))
    assert info.value.reason is Reason.ONCE_PER_PHASE


def test_jieyin_at_the_table_discards_the_scanned_cards():
    """Jieyin at the table: the two discarded hand cards are scanned; both recover."""
    game = table_game("sunshangxiang", "lvbu", "diaochan", "caocao")
    set_hp(game, 2, 2)
    before = len(game.player(1).hand)
    events = game.submit(1, UseSkill("jieyin", (C("kill@S7"), C("dodge@D2")), (2,)))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7", "dodge@D2")
    assert len(game.player(1).hand) == before - 2 and game.player(2).hp == 3


def test_xiaoji_draws_two_when_equipment_is_dismantled_snatched_or_replaced():
    """Xiaoji: each time a card leaves Sun Shangxiang's equipment area she may draw 2."""
    game = game_with(None, "sunshangxiang", None, None)
    set_hand(game, 1, "dismantle@S3", "snatch@S4")
    equip(game, 2, "chitu@H5", "eight_diagrams@S2")
    drawn = []
    for card, taken in (("dismantle@S3", "chitu@H5"), ("snatch@S4", "eight_diagrams@S2")):
        game.submit(1, PlayCard(C(card), (2,)))
        pass_window(game)
        game.submit(1, PickCard(C(taken)))
        prompt_is(game, PromptKind.CONFIRM, 2, "xiaoji")
        drawn += of(game.submit(2, Confirm(True)), "cards_drawn")
    assert [(e.seat, e.count, e.reason) for e in drawn] == [(2, 2, "xiaoji")] * 2
    assert C("eight_diagrams@S2") in game.player(1).hand
    game = game_with("sunshangxiang", None, None, None)
    equip(game, 1, "chitu@H5")
    set_hand(game, 1, "dayuan@SK")
    game.submit(1, PlayCard(C("dayuan@SK")))
    prompt_is(game, PromptKind.CONFIRM, 1, "xiaoji")
    events = game.submit(1, Confirm(True))
    assert of(events, "cards_drawn")[0].count == 2 and conserved(game)


def test_xiaoji_not_for_hand_cards_and_may_be_declined():
    """Xiaoji counts only equipment: a hand card taken draws nothing, and NO draws nothing."""
    game = game_with(None, "sunshangxiang", None, None)
    set_hand(game, 1, "dismantle@S3", "dismantle@S4")
    set_hand(game, 2, "kill@S7", "kill@S8")
    equip(game, 2, "chitu@H5")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_window(game)
    events = game.submit(1, PickCard(None))
    assert game.pending().kind is PromptKind.PLAY and not of(events, "cards_drawn")
    game.submit(1, PlayCard(C("dismantle@S4"), (2,)))
    pass_window(game)
    game.submit(1, PickCard(C("chitu@H5")))
    events = game.submit(2, Confirm(False))
    assert not of(events, "cards_drawn") and len(game.player(2).hand) == 1
