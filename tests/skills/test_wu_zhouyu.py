"""Zhou Yu: Yingzi (英姿) and Fanjian (反间), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import ChooseOption, Confirm, Reason, RevealCard, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    end_turn,
    game_with,
    of,
    prompt_is,
    set_hand,
    state_snapshot,
    table_game,
)

C = parse_card


def test_yingzi_draws_one_more_in_the_draw_phase():
    """Yingzi: in his draw phase Zhou Yu may draw 1 extra card."""
    game = game_with(None, "zhouyu", None, None)
    set_hand(game, 1)
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "yingzi")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 3)]


def test_yingzi_declined_draws_two():
    """Yingzi is optional: declined, the draw phase gives the usual 2 cards."""
    game = game_with(None, "zhouyu", None, None)
    set_hand(game, 1)
    end_turn(game)
    events = game.submit(2, Confirm(False))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 2)]


def test_fanjian_hurts_a_wrong_guess_who_keeps_the_card():
    """Fanjian: the target names a suit and takes a hand card of Zhou Yu; a different suit deals 1 damage."""
    game = game_with("zhouyu", None, None, None)
    set_hand(game, 1, "kill@S7")
    events = game.submit(1, UseSkill("fanjian", (), (2,)))
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 2, "fanjian")
    assert prompt.options == ("spade", "heart", "club", "diamond") and prompt.source == 1
    events = game.submit(2, ChooseOption("heart"))
    chosen = of(events, "option_chosen")[0]
    assert (chosen.seat, chosen.option, chosen.reason) == (2, "heart", "fanjian")
    taken = of(events, "card_taken")[0]
    assert (taken.seat, taken.source, taken.card) == (2, 1, "kill@S7")
    damage = of(events, "damage_dealt")[0]
    assert (damage.source, damage.target) == (1, 2)
    assert C("kill@S7") in game.player(2).hand and conserved(game)


def test_fanjian_right_guess_no_damage_and_once_per_phase():
    """Fanjian: naming the card's suit avoids the damage; the skill works once per play phase."""
    game = game_with("zhouyu", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    before = state_snapshot(game)
    for action, reason in (
        (UseSkill("fanjian", (), (1,)), Reason.CANNOT_TARGET_SELF),
        (UseSkill("fanjian", (C("kill@S7"),), (2,)), Reason.WRONG_COUNT),
    ):
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("fanjian", (), (3,)))
    with pytest.raises(IllegalAction) as info:
        game.submit(3, ChooseOption("hearts"))
    assert info.value.reason is Reason.NOT_OFFERED
    game.submit(3, ChooseOption("club"))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("fanjian", (), (2,)))
    assert info.value.reason is Reason.ONCE_PER_PHASE
    for suit, hurt in (("spade", False), ("diamond", True)):
        game = game_with("zhouyu", None, None, None)
        set_hand(game, 1, "kill@S7")
        game.submit(1, UseSkill("fanjian", (), (3,)))
        events = game.submit(3, ChooseOption(suit))
        assert of(events, "card_taken")[0].card == "kill@S7"
        assert bool(of(events, "damage_dealt")) is hurt


def test_fanjian_at_the_table_the_target_scans_the_card_taken():
    """Fanjian at the table: the target names a suit, takes Zhou Yu's card unseen and scans it."""
    game = table_game("zhouyu", "lvbu", "diaochan", "caocao")
    game.submit(1, Confirm(False))  # Yingzi
    counts = [len(p.hand) for p in game.players]
    game.submit(1, UseSkill("fanjian", (), (2,)))
    game.submit(2, ChooseOption("diamond"))
    prompt = prompt_is(game, PromptKind.REVEAL_CARD, 2, "fanjian")
    assert prompt.target == 1 and not prompt.optional
    with pytest.raises(IllegalAction) as info:
        game.submit(2, RevealCard(None))
    assert info.value.reason is Reason.CANNOT_PASS
    events = game.submit(2, RevealCard(C("dodge@D2")))
    assert of(events, "card_taken")[0].card == "dodge@D2" and not of(events, "damage_dealt")
    assert [len(p.hand) for p in game.players][:2] == [counts[0] - 1, counts[1] + 1]
