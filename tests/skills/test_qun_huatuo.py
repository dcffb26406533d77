"""Hua Tuo: Qingnang (青囊) and Jijiu (急救), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    end_turn,
    equip,
    game_with,
    of,
    prompt_is,
    set_hand,
    set_hp,
    state_snapshot,
    table_game,
)

C = parse_card


def test_qingnang_discards_a_hand_card_to_heal_a_wounded_player():
    """Qingnang: once per play phase, discard a hand card; a wounded player recovers 1 HP."""
    game = game_with("huatuo", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    set_hp(game, 3, 2)
    assert UseSkill("qingnang", (C("kill@S7"),), (3,)) in game.legal_actions()
    events = game.submit(1, UseSkill("qingnang", (C("kill@S7"),), (3,)))
    assert [(e.seat, e.skill, e.targets) for e in of(events, "skill_invoked")] == [
        (1, "qingnang", (3,))
    ]
    assert [(e.seat, e.cards, e.reason) for e in of(events, "cards_discarded")] == [
        (1, ("kill@S7",), "qingnang")
    ]
    assert [(e.seat, e.amount, e.source) for e in of(events, "hp_recovered")] == [(3, 1, 1)]
    assert game.player(3).hp == 3 and game.player(1).hand == [C("dodge@D2")] and conserved(game)


def test_qingnang_once_per_play_phase_and_only_on_the_wounded():
    """Qingnang: a second use in the phase, an unwounded target or an equipped card is refused."""
    game = game_with("huatuo", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3")
    equip(game, 1, "chitu@H5")
    set_hp(game, 2, 3)
    before = state_snapshot(game)
    cases = [
        (UseSkill("qingnang", (C("kill@S7"),), (3,)), Reason.NOT_WOUNDED),
        (UseSkill("qingnang", (C("chitu@H5"),), (2,)), Reason.CARD_NOT_IN_HAND),
        (UseSkill("qingnang", (C("kill@S7"), C("dodge@D2")), (2,)), Reason.WRONG_COUNT),
        (UseSkill("qingnang", (C("kill@S7"),), ()), Reason.NEEDS_TARGET),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("qingnang", (C("kill@S7"),), (2,)))
    set_hp(game, 2, 3)
    assert not [a for a in game.legal_actions() if getattr(a, "skill", "") == "qingnang"]
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("qingnang", (C("dodge@D2"),), (2,)))
    assert info.value.reason is Reason.ONCE_PER_PHASE
    end_turn(game)  # the limit is per play phase: it ends with the turn
    assert "turn:qingnang" not in game.player(1).marks


def test_qingnang_at_the_table_with_a_scanned_card():
    """Qingnang at the table: the discarded card is scanned from the unseen hand."""
    game = table_game("huatuo", "lvbu", "diaochan", "guojia")
    game.player(3).hp = 2
    before = len(game.player(1).hand)
    events = game.submit(1, UseSkill("qingnang", (C("jueying@S5"),), (3,)))
    assert game.player(3).hp == 3 and len(game.player(1).hand) == before - 1
    assert of(events, "cards_discarded")[0].cards == ("jueying@S5",)


def _dying_outside_hua_tuo_turn():
    """Hua Tuo in seat 3; the lord Kills seat 2 at 1 HP; returns the game at Hua Tuo's Peach prompt."""
    game = game_with(None, None, "huatuo", None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    set_hp(game, 2, 1)
    # neither the lord nor seat 2 holds a card: no Dodge is asked, and no Peach of them
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    return game


def test_jijiu_a_red_card_is_a_peach_outside_hua_tuos_turn():
    """Jijiu: outside your turn, use any red card (hand or equipped) as a Peach."""
    game = _dying_outside_hua_tuo_turn()
    set_hand(game, 3, "dodge@D2")
    equip(game, 3, "chitu@H5")
    prompt = prompt_is(game, PromptKind.RESPOND, 3)
    assert prompt.need == "peach" and prompt.target == 2
    assert UseSkill("jijiu", (C("chitu@H5"),)) in game.legal_actions()
    events = game.submit(3, UseSkill("jijiu", (C("dodge@D2"),)))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.cards, used.skill) == (3, "peach", ("dodge@D2",), "jijiu")
    assert game.player(2).hp == 1 and game.player(2).alive and conserved(game)


def test_jijiu_refuses_black_cards():
    """Jijiu converts red cards only."""
    game = _dying_outside_hua_tuo_turn()
    set_hand(game, 3, "kill@S8")
    with pytest.raises(IllegalAction) as info:
        game.submit(3, UseSkill("jijiu", (C("kill@S8"),)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE


def test_jijiu_not_in_hua_tuos_own_turn():
    """Jijiu works outside your turn only: in Hua Tuo's turn a red card is no Peach."""
    game = game_with("huatuo", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    set_hp(game, 1, 3)
    set_hp(game, 2, 1)
    set_hand(game, 2)
    assert not [a for a in game.legal_actions() if getattr(a, "skill", "") == "jijiu"]
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # seat 2 holds no card: no Dodge asked
    prompt_is(game, PromptKind.RESPOND, 1)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("jijiu", (C("dodge@D2"),)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # not outside his own turn
    assert not [a for a in game.legal_actions() if getattr(a, "skill", "") == "jijiu"]


def test_jijiu_at_the_table_scanned_red_card():
    """Jijiu at the table: Hua Tuo scans a red card from his unseen hand to save the dying player."""
    game = table_game("liubei", "lvbu", "huatuo", "diaochan")
    game.player(2).hp = 1
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(1, Respond(None))
    game.submit(2, Respond(None))
    prompt_is(game, PromptKind.RESPOND, 3)
    before = len(game.player(3).hand)
    events = game.submit(3, UseSkill("jijiu", (C("dodge@D2"),)))
    assert of(events, "player_rescued")[0].seat == 2 and len(game.player(3).hand) == before - 1
