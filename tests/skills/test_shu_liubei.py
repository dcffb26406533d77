"""Liu Bei: Rende (仁德) and the lord skill Jijiang (激将), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    game_with,
    of,
    pass_windows,
    prompt_is,
    set_hand,
    set_hp,
    skill_ids,
    state_snapshot,
    table_game,
)

C = parse_card


def test_rende_heals_once_when_the_cards_given_reach_two():
    """Rende: the first time the cards given this phase reach two, Liu Bei recovers 1 HP, once."""
    game = game_with("liubei", None, None, None)
    set_hp(game, 1, 2)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3", "duel@SA")
    events = game.submit(1, UseSkill("rende", (C("kill@S7"),), (2,)))
    given = of(events, "hand_cards_given")[0]
    assert (given.seat, given.target, given.count, given.reason) == (1, 2, 1, "rende")
    assert not of(events, "hp_recovered") and game.player(1).hp == 2
    events = game.submit(1, UseSkill("rende", (C("dodge@D2"),), (3,)))
    assert [(e.seat, e.amount) for e in of(events, "hp_recovered")] == [(1, 1)]
    events = game.submit(1, UseSkill("rende", (C("peach@H3"), C("duel@SA")), (2,)))
    assert not of(events, "hp_recovered") and game.player(1).hp == 3
    assert {C("kill@S7"), C("peach@H3"), C("duel@SA")} <= set(game.player(2).hand)
    assert C("dodge@D2") in game.player(3).hand and conserved(game)


def test_rende_gives_face_down_and_refuses_bad_gifts():
    """Rende gives hand cards to another player: the cards stay hidden, and no card, oneself or
    a card not in hand is refused without any change."""
    game = game_with("liubei", None, None, None)
    set_hp(game, 1, 3)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    before = state_snapshot(game)
    refused = [
        (UseSkill("rende", (), (2,)), Reason.WRONG_COUNT),
        (UseSkill("rende", (C("kill@S7"),), (1,)), Reason.CANNOT_TARGET_SELF),
        (UseSkill("rende", (C("kill@S7"),), ()), Reason.NEEDS_TARGET),
        (UseSkill("rende", (C("peach@H3"),), (2,)), Reason.CARD_NOT_IN_HAND),
    ]
    for action, reason in refused:
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason
    assert state_snapshot(game) == before
    events = game.submit(1, UseSkill("rende", (C("kill@S7"), C("dodge@D2")), (4,)))
    assert "kill@S7" not in repr([e.to_json() for e in events])
    assert game.player(1).hp == 4 and game.player(1).hand == []
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("rende", (), (2,)))
    assert info.value.reason is Reason.TOO_FEW_CARDS  # nothing left to give


def test_rende_at_the_table_moves_scanned_cards_and_counts():
    """Rende at the table: Liu Bei scans the cards he gives and names the receiver; counts move."""
    game = table_game("liubei", "guanyu", "lvbu", "diaochan")
    prompt_is(game, PromptKind.PLAY, 1)
    set_hp(game, 1, 3)
    counts = [len(p.hand) for p in game.players]
    events = game.submit(1, UseSkill("rende", (C("kill@S7"), C("dodge@D2")), (3,)))
    assert [len(p.hand) for p in game.players] == [counts[0] - 2, counts[1], counts[2] + 2, 4]
    assert of(events, "hp_recovered")[0].hp_after == 4
    assert "kill@S7" not in repr([e.to_json() for e in events])
    assert game.view()["seats"][2]["hand_count"] == counts[2] + 2


def test_jijiang_asks_the_other_shu_in_seat_order_to_attack():
    """Jijiang: the other Shu characters are asked in seat order; the first Kill played is Liu Bei's."""
    game = game_with("liubei", "guanyu", "caocao", "zhangfei", None)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7")
    set_hand(game, 4, "kill@S8")
    set_hand(game, 5)
    game.submit(1, UseSkill("jijiang", (), (5,)))
    asked = [prompt_is(game, PromptKind.RESPOND, 2, "jijiang").need]
    game.submit(2, Respond(None))
    asked.append(prompt_is(game, PromptKind.RESPOND, 4, "jijiang").need)
    events = game.submit(4, Respond(C("kill@S8")))
    assert asked == ["kill", "kill"]
    played = of(events, "card_played")[0]
    used = of(events, "card_used")[0]
    assert (played.seat, played.cards) == (4, ("kill@S8",))
    assert (used.seat, used.name, used.cards, used.targets, used.skill) == (
        1,
        "kill",
        ("kill@S8",),
        (5,),
        "jijiang",
    )
    # seat 5 holds no card: no Dodge is asked, and the Kill hits
    assert game.player(5).hp == 3 and game.kills_used == 1 and conserved(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("jijiang", (), (5,)))
    assert info.value.reason is Reason.KILL_LIMIT  # the Kill it plays counts


def test_jijiang_answers_a_duel_for_the_lord():
    """Jijiang: when Liu Bei must play a Kill in a Duel, a Shu subject's Kill counts as his."""
    game = game_with("liubei", "guanyu", None, None)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3, "kill@S8")
    game.submit(1, PlayCard(C("duel@SA"), (3,)))
    pass_windows(game)
    game.submit(3, Respond(C("kill@S8")))
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert (prompt.need, prompt.options) == ("kill", ("jijiang",))
    game.submit(1, UseSkill("jijiang"))
    prompt_is(game, PromptKind.RESPOND, 2, "jijiang")
    events = game.submit(2, Respond(C("kill@S7")))
    assert [(e.seat, e.cards) for e in of(events, "card_played")] == [(2, ("kill@S7",)), (1, ())]
    damage = of(events, "damage_dealt")[0]  # seat 3 has no card left: no Kill asked
    assert (damage.source, damage.target) == (1, 3) and conserved(game)


def test_jijiang_is_a_lord_skill_and_needs_a_shu_subject():
    """Jijiang works only for a lord Liu Bei, and is not offered when no other Shu is alive."""
    game = game_with("guanyu", "liubei", None, None)
    assert "jijiang" not in skill_ids(game, 2)
    game = game_with("liubei", "caocao", None, None)
    set_hand(game, 1)
    set_hand(game, 2, "duel@SA")
    assert "jijiang" in skill_ids(game, 1)
    assert UseSkill("jijiang", (), (2,)) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("jijiang", (), (2,)))
    assert info.value.reason is Reason.NOT_ENOUGH_TARGETS  # no other Shu alive


def test_jijiang_at_the_table_uses_the_subjects_scanned_kill():
    """Jijiang at the table: the subject scans the Kill; it leaves their hand count, not the lord's."""
    game = table_game("liubei", "lvbu", "guanyu", "zhangfei")
    prompt_is(game, PromptKind.PLAY, 1)
    counts = [len(p.hand) for p in game.players]
    game.submit(1, UseSkill("jijiang", (), (2,)))
    prompt_is(game, PromptKind.RESPOND, 3, "jijiang")
    events = game.submit(3, Respond(C("kill@S7")))
    assert of(events, "card_used")[0].cards == ("kill@S7",)
    assert [len(p.hand) for p in game.players] == [counts[0], counts[1], counts[2] - 1, counts[3]]
    prompt_is(game, PromptKind.RESPOND, 2)
    game.submit(2, Respond(None))
    assert game.player(2).hp == 3
