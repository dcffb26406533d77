"""Zhen Ji: Luoshen (洛神) and Qingguo (倾国), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    Confirm,
    EndPlay,
    PlayCard,
    ProvideJudgment,
    Reason,
    Respond,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    prompt_is,
    set_hand,
    state_snapshot,
    table_game,
)

C = parse_card


def _zhen_ji_preparation():
    game = game_with(None, "zhenji", None, None)
    set_hand(game, 1)
    set_hand(game, 2)
    events = end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "luoshen")
    return game, events


def test_luoshen_chain_keeps_black_cards_and_ends_on_red():
    """Luoshen: judge; a black card is taken and you may judge again; a red card ends the chain."""
    game, _ = _zhen_ji_preparation()
    deck_top(game, "kill@S7", "kill@C2", "peach@H3", "dodge@D2", "dodge@D3")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.cards) for e in of(events, "cards_gained")] == [(2, ("kill@S7",))]
    prompt_is(game, PromptKind.CONFIRM, 2, "luoshen")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.cards) for e in of(events, "cards_gained")] == [(2, ("kill@C2",))]
    events = game.submit(2, Confirm(True))
    settled = of(events, "judgment_settled")[0]
    assert (settled.card, settled.success) == ("peach@H3", False)
    assert not of(events, "cards_gained") and C("peach@H3") in game.discard_pile
    assert game.pending().kind is PromptKind.PLAY  # red ended it; the draw phase followed
    assert game.player(2).hand == [C("kill@S7"), C("kill@C2"), C("dodge@D2"), C("dodge@D3")]
    assert conserved(game)


def test_luoshen_may_stop_after_a_black_card():
    """Luoshen: after a black card, judging again is optional."""
    game, _ = _zhen_ji_preparation()
    deck_top(game, "kill@S7", "dodge@D2", "dodge@D3")
    game.submit(2, Confirm(True))
    events = game.submit(2, Confirm(False))
    assert not of(events, "judgment_revealed")
    assert game.player(2).hand == [C("kill@S7"), C("dodge@D2"), C("dodge@D3")]


def test_luoshen_declined_and_only_in_her_own_preparation_phase():
    """Luoshen acts at the start of *your* preparation phase: declined, nothing is judged."""
    game, _ = _zhen_ji_preparation()
    events = game.submit(2, Confirm(False))
    assert not of(events, "judgment_revealed")
    set_hand(game, 2)
    events = end_turn(game)
    assert "luoshen" not in [e.reason for e in of(events, "judgment_revealed")]
    assert game.pending().seat == 3


def test_luoshen_at_the_table_each_judgment_is_scanned():
    """Luoshen at the table: every flipped card is scanned; black ones go to the hand as themselves."""
    game = table_game("liubei", "zhenji", "lvbu", "diaochan")
    end_turn(game)
    game.submit(2, Confirm(True))
    prompt_is(game, PromptKind.JUDGMENT_CARD, 2)
    game.submit(2, ProvideJudgment(C("kill@S7")))
    game.submit(2, Confirm(True))
    events = game.submit(2, ProvideJudgment(C("dodge@D2")))
    assert C("kill@S7") in game.player(2).hand and C("dodge@D2") in game.discard_pile
    assert of(events, "judgment_settled")[0].success is False


def _killed_zhen_ji(*hand):
    game = game_with(None, "zhenji", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, *hand)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    return game


def test_qingguo_uses_a_black_hand_card_as_a_dodge():
    """Qingguo: use any black hand card as a Dodge."""
    game = _killed_zhen_ji("duel@SA", "peach@H3")
    assert UseSkill("qingguo", (C("duel@SA"),)) in game.legal_actions()
    events = game.submit(2, UseSkill("qingguo", (C("duel@SA"),)))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.cards, used.skill) == (2, "dodge", ("duel@SA",), "qingguo")
    assert not of(events, "damage_dealt") and game.player(2).hand == [C("peach@H3")]
    assert conserved(game)


def test_qingguo_refuses_red_and_equipped_cards():
    """Qingguo takes only black *hand* cards: a red card or an equipped black card is refused."""
    game = _killed_zhen_ji("peach@H3")
    equip(game, 2, "eight_diagrams@S2")
    before = state_snapshot(game)
    for card in ("peach@H3", "eight_diagrams@S2"):
        with pytest.raises(IllegalAction) as info:
            game.submit(2, UseSkill("qingguo", (C(card),)))
        assert info.value.reason is Reason.NOT_CONVERTIBLE
    assert state_snapshot(game) == before
    assert not [a for a in game.legal_actions() if getattr(a, "skill", "") == "qingguo"]


def test_qingguo_is_not_a_play_phase_card():
    """Qingguo makes Dodges, which are never used from the play prompt."""
    game = game_with("zhenji", None, None, None)
    set_hand(game, 1, "duel@SA")
    assert not [a for a in game.legal_actions() if getattr(a, "skill", "") == "qingguo"]
    with pytest.raises(IllegalAction):
        game.submit(1, UseSkill("qingguo", (C("duel@SA"),), (2,)))
    game.submit(1, EndPlay())


def test_qingguo_at_the_table_with_a_scanned_hand_card():
    """Qingguo at the table: the skill token, then the black card from the unseen hand."""
    game = table_game("liubei", "zhenji", "lvbu", "diaochan")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    before = len(game.player(2).hand)
    events = game.submit(2, UseSkill("qingguo", (C("kill@C2"),)))
    assert not of(events, "damage_dealt") and len(game.player(2).hand) == before - 1
    with pytest.raises(IllegalAction):
        game.submit(1, Respond(None))  # the Kill is over: the lord is back at the play prompt
    assert game.pending().kind is PromptKind.PLAY
