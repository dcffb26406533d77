"""Guan Yu: Wusheng (武圣); Zhang Fei: Paoxiao (咆哮), docs/sanguosha.md 1b."""

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
    state_snapshot,
    table_game,
)

C = parse_card


def test_wusheng_uses_a_red_hand_or_equipped_card_as_a_kill():
    """Wusheng: any red card, from hand or equipment, may be used as a Kill."""
    game = game_with("guanyu", None, None, None)
    set_hand(game, 1, "peach@H3")
    equip(game, 1, "zhuahuang_feidian@HK")
    assert UseSkill("wusheng", (C("peach@H3"),)) in game.legal_actions()
    assert UseSkill("wusheng", (C("zhuahuang_feidian@HK"),)) in game.legal_actions()
    events = game.submit(1, UseSkill("wusheng", (C("zhuahuang_feidian@HK"),), (2,)))
    used = of(events, "card_used")[0]
    assert (used.name, used.cards, used.skill) == ("kill", ("zhuahuang_feidian@HK",), "wusheng")
    assert game.player(1).equip == [None, None, None, None]
    game.submit(2, Respond(None))
    assert game.player(2).hp == 3 and conserved(game)


def test_wusheng_refuses_black_cards_and_keeps_the_rangefix():
    """Wusheng turns only red cards into Kills, and a -1 horse used as the Kill stops counting."""
    game = game_with("guanyu", None, None, None, None)
    set_hand(game, 1, "kill@C2", "dismantle@S3")
    equip(game, 1, "chitu@H5")
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("wusheng", (C("dismantle@S3"),), (2,)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # black
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("wusheng", (C("chitu@H5"),), (3,)))
    assert info.value.reason is Reason.OUT_OF_RANGE and info.value.data["distance"] == 2
    assert state_snapshot(game) == before
    game.submit(1, PlayCard(C("kill@C2"), (3,)))  # with the horse, seat 3 is in range
    assert prompt_is(game, PromptKind.RESPOND, 3).need == "dodge"


def test_wusheng_plays_a_red_card_as_a_kill_in_a_duel():
    """Wusheng also plays (not only uses) a red card as a Kill, here answering a Duel."""
    game = game_with(None, "guanyu", None, None)
    set_hand(game, 1, "duel@SA", "peach@H3")  # a card left: seat 1 is asked for a Kill
    set_hand(game, 2, "dodge@H2")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    prompt_is(game, PromptKind.RESPOND, 2)
    events = game.submit(2, UseSkill("wusheng", (C("dodge@H2"),)))
    played = of(events, "card_played")[0]
    assert (played.seat, played.name, played.cards, played.skill) == (
        2,
        "kill",
        ("dodge@H2",),
        "wusheng",
    )
    prompt_is(game, PromptKind.RESPOND, 1)


def test_wusheng_at_the_table_takes_the_scanned_card():
    """Wusheng at the table: the skill token, a scanned red hand card and a target make a Kill."""
    game = table_game("guanyu", "lvbu", "diaochan", "caocao")
    before = len(game.player(1).hand)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("wusheng", (C("kill@C2"),), (2,)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # black
    events = game.submit(1, UseSkill("wusheng", (C("peach@H3"),), (2,)))
    assert of(events, "card_used")[0].cards == ("peach@H3",)
    assert len(game.player(1).hand) == before - 1


def test_paoxiao_lifts_the_kill_limit():
    """Paoxiao: there is no limit on the Kills Zhang Fei uses in his play phase."""
    game = game_with("zhangfei", None, None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "kill@S9")
    for card, target in (("kill@S7", 2), ("kill@S8", 4), ("kill@S9", 2)):
        game.submit(1, PlayCard(C(card), (target,)))
        game.submit(target, Respond(None))
    assert game.kills_used == 3 and game.player(2).hp == 2 and game.player(4).hp == 3


def test_paoxiao_is_zhang_feis_alone():
    """Paoxiao lifts only its owner's limit: another player's second Kill is refused."""
    game = game_with(None, "zhangfei", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S8"), (2,)))
    assert info.value.reason is Reason.KILL_LIMIT
