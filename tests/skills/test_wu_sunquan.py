"""Sun Quan: Zhiheng (制衡) and the lord skill Jiuyuan (救援), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    equip,
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


def test_zhiheng_discards_hand_and_equipment_then_draws_as_many():
    """Zhiheng: once per play phase discard any number of cards (hand or equipment), draw as many."""
    game = game_with("sunquan", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    equip(game, 1, "chitu@H5")
    events = game.submit(1, UseSkill("zhiheng", (C("kill@S7"), C("chitu@H5"))))
    discarded = of(events, "cards_discarded")[0]
    assert (discarded.cards, discarded.reason) == (("kill@S7", "chitu@H5"), "zhiheng")
    assert [(e.count, e.reason) for e in of(events, "cards_drawn")] == [(2, "zhiheng")]
    assert len(game.player(1).hand) == 3 and game.player(1).equip[3] is None
    assert conserved(game)


def test_zhiheng_once_per_play_phase_and_only_own_cards():
    """Zhiheng is once per play phase and needs at least one card Sun Quan holds."""
    game = game_with("sunquan", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    before = state_snapshot(game)
    for action, reason in (
        (UseSkill("zhiheng", ()), Reason.WRONG_COUNT),
        (UseSkill("zhiheng", (C("peach@H3"),)), Reason.CARD_NOT_OWNED),
        (UseSkill("zhiheng", (C("kill@S7"),), (2,)), Reason.TOO_MANY_TARGETS),
    ):
        with pytest.raises(IllegalAction) as info:
            game.submit(1, action)
        assert info.value.reason is reason
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("zhiheng", (C("kill@S7"),)))
    assert UseSkill("zhiheng", (C("dodge@D2"),)) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("zhiheng", (C("dodge@D2"),)))
    assert info.value.reason is Reason.ONCE_PER_PHASE


def test_zhiheng_at_the_table_discards_the_scanned_cards():
    """Zhiheng at the table: the scanned cards go face up to the discard pile; draws are counted."""
    game = table_game("sunquan", "lvbu", "diaochan", "caocao")
    before = len(game.player(1).hand)
    events = game.submit(1, UseSkill("zhiheng", (C("kill@S7"), C("peach@H3"), C("dodge@D2"))))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7", "peach@H3", "dodge@D2")
    assert of(events, "cards_drawn")[0].count == 3 and len(game.player(1).hand) == before
    assert game.discard_pile[-3:] == [C("kill@S7"), C("peach@H3"), C("dodge@D2")]


def _sun_quan_dying(second: str) -> object:
    """Sun Quan, the lord at 1 HP, loses a Duel to seat 2 and is dying; seat 1 declines a Peach."""
    game = game_with("sunquan", second, None, None)
    set_hp(game, 1, 1)
    set_hand(game, 1, "duel@SA", "peach@H4")
    set_hand(game, 2, "kill@S7", "peach@H3")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    game.submit(2, Respond(C("kill@S7")))
    game.submit(1, Respond(None))
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert (prompt.need, prompt.target) == ("peach", 1)
    return game


def test_jiuyuan_a_wu_peach_recovers_one_more():
    """Jiuyuan: a Peach another Wu character uses on the dying lord Sun Quan recovers 1 extra HP."""
    game = _sun_quan_dying("ganning")
    game.submit(1, Respond(None))
    events = game.submit(2, Respond(C("peach@H3")))
    assert [e.skill for e in of(events, "skill_invoked")] == ["jiuyuan"]
    recovered = of(events, "hp_recovered")[0]
    assert (recovered.seat, recovered.amount, recovered.hp_after) == (1, 2, 2)
    assert of(events, "player_rescued")[0].hp == 2 and conserved(game)


def test_jiuyuan_not_for_his_own_or_a_non_wu_peach():
    """Jiuyuan counts only other Wu characters' Peaches: his own and a Shu one recover 1."""
    game = _sun_quan_dying("ganning")
    events = game.submit(1, Respond(C("peach@H4")))
    assert not of(events, "skill_invoked") and game.player(1).hp == 1
    game = _sun_quan_dying("guanyu")
    game.submit(1, Respond(None))
    events = game.submit(2, Respond(C("peach@H3")))
    assert of(events, "hp_recovered")[0].amount == 1 and game.player(1).hp == 1


def test_jiuyuan_only_for_the_lord():
    """Jiuyuan is a lord skill: a Sun Quan who is not the lord does not have it."""
    game = game_with("ganning", "sunquan", None, None)
    assert skill_ids(game, 2) == ["zhiheng"]
