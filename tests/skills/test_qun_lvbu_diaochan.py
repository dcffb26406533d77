"""Lü Bu's Wushuang (无双); Diao Chan's Lijian (离间) and Biyue (闭月), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    end_turn,
    equip,
    game_with,
    of,
    pass_all,
    prompt_is,
    set_hand,
    state_snapshot,
    table_game,
)

C = parse_card


def test_wushuang_kill_needs_two_dodges():
    """Wushuang: a Kill you use needs two Dodges to cancel; one is not enough."""
    game = game_with("lvbu", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2", "dodge@D3")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert [(e.seat, e.skill) for e in of(events, "skill_invoked")] == [(1, "wushuang")]
    assert prompt_is(game, PromptKind.RESPOND, 2).count == 2
    game.submit(2, Respond(C("dodge@D2")))
    assert prompt_is(game, PromptKind.RESPOND, 2).count == 1
    events = game.submit(2, Respond(C("dodge@D3")))
    assert not of(events, "damage_dealt")

    game = game_with("lvbu", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, Respond(C("dodge@D2")))  # no card left: no second Dodge asked
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(1, 2)]
    assert C("dodge@D2") in game.discard_pile and conserved(game)


def test_wushuang_duel_opponent_plays_two_kills_each_round():
    """Wushuang: in a Duel you use or are targeted by, the opponent plays 2 Kills each time."""
    game = game_with("lvbu", None, None, None)
    set_hand(game, 1, "duel@SA", "kill@S8")
    set_hand(game, 2, "kill@S9", "kill@S10", "kill@C2")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_all(game)
    assert prompt_is(game, PromptKind.RESPOND, 2).count == 2
    game.submit(2, Respond(C("kill@S9")))
    game.submit(2, Respond(C("kill@S10")))
    assert prompt_is(game, PromptKind.RESPOND, 1).count == 1  # Lü Bu needs one
    game.submit(1, Respond(C("kill@S8")))
    events = game.submit(2, Respond(C("kill@C2")))  # no card left: no second Kill asked
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(1, 2)]

    game = game_with(None, "lvbu", None, None)  # Lü Bu as the Duel's target
    set_hand(game, 1, "duel@SA", "kill@S8")
    set_hand(game, 2, "kill@S9")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_all(game)
    assert prompt_is(game, PromptKind.RESPOND, 2).count == 1
    game.submit(2, Respond(C("kill@S9")))
    assert prompt_is(game, PromptKind.RESPOND, 1).count == 2
    events = game.submit(1, Respond(C("kill@S8")))  # no card left: no second Kill asked
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 1)]


def test_wushuang_does_not_help_others_kills_against_lu_bu():
    """Wushuang is about Lü Bu's own Kills: a Kill on him needs one Dodge."""
    game = game_with(None, "lvbu", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game, PromptKind.RESPOND, 2).count == 1
    events = game.submit(2, Respond(C("dodge@D2")))
    assert not of(events, "damage_dealt")


def test_lijian_second_chosen_duels_the_first_without_nullification():
    """Lijian: discard a card; the second male chosen uses a Duel on the first; it cannot be Nullified."""
    game = game_with("diaochan", "lvbu", None, "guojia")
    set_hand(game, 1, "peach@H3", "nullification@SJ")
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3, "nullification@CQ")
    set_hand(game, 4, "dodge@H2")  # no Kill, but a card: he is asked
    events = game.submit(1, UseSkill("lijian", (C("peach@H3"),), (4, 2)))
    assert [(e.seat, e.cards, e.reason) for e in of(events, "cards_discarded")] == [
        (1, ("peach@H3",), "lijian")
    ]
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.cards, used.targets, used.skill) == (
        2,
        "duel",
        (),
        (4,),
        "lijian",
    )
    prompt = prompt_is(game, PromptKind.RESPOND, 4)  # no Nullification window first
    assert prompt.need == "kill" and prompt.count == 2  # Lü Bu's Wushuang on his Duel
    events = game.submit(4, Respond(None))
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 4)]
    assert not [e for e in events if e.kind == "card_used" and e.name == "nullification"]
    assert game.player(3).hand == [C("nullification@CQ")] and conserved(game)


def test_lijian_refusals_change_nothing():
    """Lijian: two male characters, a card, once per play phase; anything else is refused unchanged."""
    game = game_with("diaochan", "lvbu", "zhenji", "guojia")
    set_hand(game, 1, "peach@H3", "kill@S7")
    equip(game, 1, "chitu@H5")
    before = state_snapshot(game)
    cases = [
        (UseSkill("lijian", (C("peach@H3"),), (3, 2)), Reason.NOT_MALE),  # Zhen Ji
        (UseSkill("lijian", (C("peach@H3"),), (2,)), Reason.NEEDS_TARGET),
        (UseSkill("lijian", (), (4, 2)), Reason.WRONG_COUNT),
        (UseSkill("lijian", (C("dodge@D2"),), (4, 2)), Reason.CARD_NOT_OWNED),
        (UseSkill("lijian", (C("peach@H3"),), (2, 2)), Reason.DUPLICATE_TARGET),
    ]
    for action, reason in cases:
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason, action
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("lijian", (C("chitu@H5"),), (2, 4)))  # an equipped card will do
    while game.pending().seat != 1 or game.pending().kind is not PromptKind.PLAY:
        prompt = game.pending()
        game.submit(prompt.seats[0], game.legal_actions(prompt.seats[0])[-1])
    assert game.player(1).equip[3] is None
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("lijian", (C("kill@S7"),), (2, 4)))
    assert info.value.reason is Reason.ONCE_PER_PHASE


def test_lijian_at_the_table_discarded_card_is_scanned():
    """Lijian at the table: the discarded card is scanned from the unseen hand; no window opens."""
    game = table_game("diaochan", "lvbu", "huatuo", "guojia")
    before = len(game.player(1).hand)
    game.submit(1, UseSkill("lijian", (C("kill@C2"),), (3, 4)))
    assert len(game.player(1).hand) == before - 1
    prompt = prompt_is(game, PromptKind.RESPOND, 3)
    assert prompt.need == "kill" and prompt.source == 4


def test_biyue_draws_one_at_the_start_of_the_finish_phase():
    """Biyue: at the start of your finish phase you may draw 1 card."""
    game = game_with("diaochan", None, None, None)
    set_hand(game, 1)
    game.submit(1, game.legal_actions()[-1])  # EndPlay
    prompt_is(game, PromptKind.CONFIRM, 1, "biyue")
    events = game.submit(1, Confirm(True))
    assert [(e.seat, e.count, e.reason) for e in of(events, "cards_drawn")][0] == (1, 1, "biyue")
    assert len(game.player(1).hand) == 1


def test_biyue_only_in_her_own_finish_phase_and_optional():
    """Biyue: declined, nothing is drawn; another player's finish phase does not offer it."""
    game = game_with("diaochan", None, None, None)
    set_hand(game, 1)
    game.submit(1, game.legal_actions()[-1])
    events = game.submit(1, Confirm(False))
    assert not [e for e in of(events, "cards_drawn") if e.seat == 1]
    set_hand(game, 2)
    events = end_turn(game)
    assert "biyue" not in [e.reason for e in of(events, "cards_drawn")]
    assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 3
