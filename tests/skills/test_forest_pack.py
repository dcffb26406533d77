"""The 林 pack's skills (docs/forest-mountain.md §3): a scenario each, through `submit` on
real games; bad input refused with its reason and the state unchanged."""

import random

from engine.sanguosha import (
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Pass,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    RevealCard,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import ARMOR, MINUS_HORSE, WEAPON

from .helpers import (
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    pass_all,
    place,
    prompt_is,
    refused,
    set_hand,
    set_hp,
    set_identities,
    skill_ids,
    table_game,
)

C = parse_card
FOREST = Settings(general_packs=("standard", "forest"))


def _judgment_names(game, seat):
    return [name for _, name in game.player(seat).judgment]


# --------------------------------------------------------------------------- 徐晃 断粮
def test_duanliang_a_black_basic_card_as_supply_shortage_at_distance_2():
    game = game_with("xuhuang", None, None, None, None, maneuvering=True)
    set_hand(game, 1, "kill@S7", "supply_shortage@S10")
    assert game.distance(game.player(1), game.player(3)) == 2
    events = game.submit(1, UseSkill("duanliang", (C("kill@S7"),), (3,)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [
        ("supply_shortage", "duanliang")
    ]
    assert _judgment_names(game, 3) == ["supply_shortage"]
    game.submit(1, PlayCard(C("supply_shortage@S10"), (4,)))  # a real one reaches 2 as well
    assert _judgment_names(game, 4) == ["supply_shortage"] and conserved(game)


def test_duanliang_an_equipped_black_card_and_the_distance_without_it():
    """Converting his own −1 horse: the distance is counted without it (§3.2)."""
    game = game_with("xuhuang", None, None, None, None, None, maneuvering=True)
    equip(game, 1, "dayuan@SK", "qinggang_sword@S6")
    assert game.distance(game.player(1), game.player(4)) == 2
    out = refused(game, 1, UseSkill("duanliang", (C("dayuan@SK"),), (4,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (3, 2)
    game.submit(1, UseSkill("duanliang", (C("qinggang_sword@S6"),), (4,)))
    assert _judgment_names(game, 4) == ["supply_shortage"]
    assert game.player(1).equip[WEAPON] is None and game.player(1).equip[MINUS_HORSE] is not None


def test_duanliang_refuses_red_cards_tricks_and_a_third_seat_away():
    game = game_with("xuhuang", None, None, None, None, None, None, maneuvering=True)
    set_hand(game, 1, "peach@H3", "duel@SA", "kill@S7")
    for card in ("peach@H3", "duel@SA"):
        out = refused(game, 1, UseSkill("duanliang", (C(card),), (2,)), Reason.NOT_CONVERTIBLE)
        assert out.data == {"skill": "duanliang", "cards": [card], "as_card": "supply_shortage"}
    out = refused(game, 1, UseSkill("duanliang", (C("kill@S7"),), (4,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (3, 2)


def test_duanliang_needs_the_maneuvering_cards_by_default():
    game = game_with("xuhuang", None, None, None)
    set_hand(game, 1, "kill@S7")
    out = refused(game, 1, UseSkill("duanliang", (C("kill@S7"),), (2,)), Reason.NOT_CONVERTIBLE)
    assert out.data["why"] == "maneuvering"
    on = game_with("xuhuang", None, None, None, jiuchi_duanliang_without_maneuvering=True)
    set_hand(on, 1, "kill@S7")
    on.submit(1, UseSkill("duanliang", (C("kill@S7"),), (2,)))
    assert _judgment_names(on, 2) == ["supply_shortage"]


# --------------------------------------------------------------------------- 孙坚 英魂
def _yinghun(hp: int):
    """孙坚 (seat 2, at `hp` of 4) at the start of his preparation phase, asked whom."""
    game = game_with(None, "sunjian", None, None)
    set_hp(game, 2, hp)
    end_turn(game)
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "yinghun")
    return game


def test_yinghun_with_x_1_draw_1_then_discard_1_and_no_choice():
    game = _yinghun(3)
    set_hand(game, 3, "kill@S7")
    deck_top(game, "dodge@D2")
    refused(game, 2, ChooseTarget(2), Reason.CANNOT_TARGET_SELF)
    game.submit(2, ChooseTarget(3))
    prompt = prompt_is(game, PromptKind.DISCARD, 3, "yinghun")  # no option asked: X is 1
    assert prompt.count == 1 and [str(c) for c in game.player(3).hand] == ["kill@S7", "dodge@D2"]
    events = game.submit(3, Discard((C("kill@S7"),)))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7",)
    assert [str(c) for c in game.player(3).hand] == ["dodge@D2"] and conserved(game)


def test_yinghun_draw_x_then_discard_1():
    game = _yinghun(2)  # X = 2
    set_hand(game, 3)
    deck_top(game, "dodge@D2", "kill@S8")
    game.submit(2, ChooseTarget(3))
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 2, "yinghun")
    assert prompt.options == ("draw_x", "discard_x") and prompt.count == 2
    refused(game, 2, ChooseOption("draw_3"), Reason.NOT_OFFERED)
    game.submit(2, ChooseOption("draw_x"))
    assert prompt_is(game, PromptKind.DISCARD, 3, "yinghun").count == 1
    game.submit(3, Discard((C("kill@S8"),)))
    assert [str(c) for c in game.player(3).hand] == ["dodge@D2"]


def test_yinghun_draw_1_then_discard_x_equipment_included():
    game = _yinghun(1)  # X = 3
    set_hand(game, 3, "kill@S7")
    equip(game, 3, "eight_diagrams@S2")
    deck_top(game, "dodge@D2")
    game.submit(2, ChooseTarget(3))
    game.submit(2, ChooseOption("discard_x"))
    prompt = prompt_is(game, PromptKind.DISCARD, 3, "yinghun")
    assert prompt.count == 3  # he holds exactly 3: hand 2 and the armour
    game.submit(3, Discard((C("eight_diagrams@S2"), C("kill@S7"))))
    assert prompt_is(game, PromptKind.DISCARD, 3, "yinghun").count == 1
    game.submit(3, Discard((C("dodge@D2"),)))
    assert not game.player(3).hand and game.player(3).equip[ARMOR] is None and conserved(game)


def test_yinghun_with_fewer_cards_discards_all_he_has():
    game = _yinghun(1)  # X = 3
    set_hand(game, 4)
    deck_top(game, "dodge@D2")
    game.submit(2, ChooseTarget(4))
    game.submit(2, ChooseOption("discard_x"))
    assert prompt_is(game, PromptKind.DISCARD, 4, "yinghun").count == 1  # only the card drawn
    game.submit(4, Discard((C("dodge@D2"),)))
    assert not game.player(4).hand


def test_yinghun_not_offered_at_full_hp_and_may_be_declined():
    game = game_with(None, "sunjian", None, None)
    end_turn(game)
    assert game.pending().reason != "yinghun" and game.current.seat == 2
    game = _yinghun(3)
    hands = [len(p.hand) for p in game.players]
    game.submit(2, Confirm(False))
    assert game.pending().reason != "yinghun"
    assert [len(p.hand) for p in game.players][2:] == hands[2:]


# --------------------------------------------------------------------------- 祝融 巨象 烈刃
def test_juxiang_barbarian_has_no_effect_on_her_and_she_takes_the_card():
    game = game_with(None, "zhurong", None, None)
    set_hand(game, 1, "barbarian_invasion@S7")
    set_hand(game, 2, "kill@S8")
    set_hand(game, 3, "kill@C8")
    set_hand(game, 4)  # no card: not asked, hit
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "juxiang")]
    events += pass_all(game)
    prompt = prompt_is(game, PromptKind.RESPOND, 3)  # she was never asked
    events += game.submit(3, Respond(C("kill@C8")))
    events += pass_all(game)
    assert prompt.need == "kill" and game.player(4).hp == 3
    assert prompt_is(game, PromptKind.PLAY, 1)
    assert "barbarian_invasion@S7" in [str(c) for c in game.player(2).hand]
    assert C("barbarian_invasion@S7") not in game.discard_pile
    assert game.player(2).hp == 4 and [str(c) for c in of(events, "cards_gained")[-1].cards] == [
        "barbarian_invasion@S7"
    ]
    assert conserved(game)


def test_juxiang_her_own_barbarian_goes_to_the_discard_pile():
    game = game_with("zhurong", None, None)
    set_hand(game, 1, "barbarian_invasion@S7")
    set_hand(game, 2)
    set_hand(game, 3)
    game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    pass_all(game)
    while game.pending().kind is not PromptKind.PLAY:
        pending = game.pending()
        game.submit(
            pending.seats[0], Respond(None) if pending.kind is PromptKind.RESPOND else Pass()
        )
    assert C("barbarian_invasion@S7") in game.discard_pile and not game.player(1).hand


def _lieren(mine: str, theirs: str):
    """祝融 (seat 1) hits seat 2 with a Kill and takes up 烈刃 (OK): both reveal."""
    game = game_with("zhurong", None, None, None)
    set_hand(game, 1, "kill@S7", mine)
    set_hand(game, 2, theirs, "peach@H3")
    equip(game, 2, "chitu@H5")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    prompt_is(game, PromptKind.CONFIRM, 1, "lieren")
    game.submit(1, Confirm(True))
    game.submit(1, RevealCard(C(mine)))
    events = game.submit(2, RevealCard(C(theirs)))
    return game, events


def test_lieren_win_takes_one_of_the_targets_cards():
    game, events = _lieren("dodge@HK", "kill@C8")
    assert [e.won for e in of(events, "points_compared")] == [True]
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 1, "lieren")
    assert set(prompt.options) == {"hand", "chitu@H5"}
    events = game.submit(1, PickCard(C("chitu@H5")))
    assert [(e.seat, e.source, e.card) for e in of(events, "card_taken")] == [(1, 2, "chitu@H5")]
    assert C("chitu@H5") in game.player(1).hand and conserved(game)
    assert game.player(2).hp == 3


def test_lieren_a_tie_takes_nothing():
    game, events = _lieren("dodge@D8", "kill@C8")
    assert [e.won for e in of(events, "points_compared")] == [False]
    assert game.pending().kind is PromptKind.PLAY and game.player(2).equipment_cards()


def test_lieren_not_offered_without_hand_cards_or_for_a_conducted_hit():
    game = game_with("zhurong", None, None, None)
    set_hand(game, 1, "kill@S7")  # her only card is the Kill: nothing to compare with
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    assert game.pending().kind is PromptKind.PLAY and game.player(2).hp == 3
    chained = game_with("zhurong", None, None, None, maneuvering=True)
    set_hand(chained, 1, "fire_kill@D4", "dodge@HK")
    set_hand(chained, 2, "kill@C8")
    set_hand(chained, 3, "kill@C9")
    for seat in (2, 3):
        chained.player(seat).chained = True
    chained.submit(1, PlayCard(C("fire_kill@D4"), (2,)))
    chained.submit(2, Respond(None))
    prompt_is(chained, PromptKind.CONFIRM, 1, "lieren")
    chained.submit(1, Confirm(False))  # the direct hit's offer; the conducted one has none
    assert chained.player(3).hp == 3 and chained.pending().kind is PromptKind.PLAY


# --------------------------------------------------------------------------- 孟获 祸首 再起
def _barbarian_by_seat_1(*generals):
    """Seat 1 (no general) uses Barbarian Invasion; every other seat holds nothing."""
    game = game_with(None, *generals)
    set_hand(game, 1, "barbarian_invasion@S7")
    for seat in range(2, game.n + 1):
        set_hand(game, seat)
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    return game, events + pass_all(game)


def test_huoshou_no_effect_on_him_and_he_is_the_source_of_its_damage():
    game, events = _barbarian_by_seat_1("menghuo", None, None)
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "huoshou")]
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 3), (2, 4)]
    assert game.player(2).hp == 4 and conserved(game)


def test_huoshou_the_kill_reward_goes_to_him():
    """A rebel killed by another's Barbarian Invasion: 孟获 is the killer and draws 3."""
    game = game_with(None, "menghuo", None, None)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    set_hp(game, 3, 1)
    set_hand(game, 1, "barbarian_invasion@S7")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    events += pass_all(game)
    assert [(e.seat, e.killer) for e in of(events, "player_died")] == [(3, 2)]
    assert [(e.seat, e.count) for e in of(events, "reward_given")] == [(2, 3)]
    assert len(game.player(2).hand) == 3 and not game.player(1).hand


def test_huoshou_ganglie_answers_him_and_a_hit_after_his_death_has_no_source():
    game = game_with(None, "menghuo", "xiahoudun", None)
    set_identities(game, "lord", "spy", "rebel", "loyalist")
    set_hp(game, 2, 1)
    set_hand(game, 1, "barbarian_invasion@S7")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    deck_top(game, "kill@S8")  # 刚烈's judgment: not a heart
    game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    pass_all(game)
    prompt_is(game, PromptKind.CONFIRM, 3, "ganglie")
    events = game.submit(3, Confirm(True))
    events += pass_all(game)
    died = of(events, "player_died")
    assert [(e.seat, e.killer) for e in died] == [(2, 3)]  # 刚烈's damage went to 孟获
    hits = [(e.source, e.target) for e in of(events, "damage_dealt")]
    assert hits == [(3, 2), (None, 4)]  # seat 4 was hit after 孟获's death: no source


def test_zaiqi_reveals_x_cards_hearts_heal_the_rest_to_hand():
    game = game_with(None, "menghuo", None, None)
    set_hp(game, 2, 2)
    set_hand(game, 2)
    deck_top(game, "peach@H3", "kill@S7", "dodge@D2")
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "zaiqi")
    events = game.submit(2, Confirm(True))
    assert of(events, "cards_revealed")[0].cards == ("peach@H3", "kill@S7")
    assert game.player(2).hp == 3 and [str(c) for c in game.player(2).hand] == ["kill@S7"]
    assert C("peach@H3") in game.discard_pile and not of(events, "cards_drawn")
    assert [str(c) for c in game.deck[-1:]] == ["dodge@D2"] and conserved(game)


def test_zaiqi_not_offered_at_full_hp_and_declined_draws_as_usual():
    game = game_with(None, "menghuo", None, None)
    set_hand(game, 2)
    end_turn(game)
    assert game.pending().reason != "zaiqi" and len(game.player(2).hand) == 2
    game = game_with(None, "menghuo", None, None)
    set_hp(game, 2, 3)
    set_hand(game, 2)
    end_turn(game)
    events = game.submit(2, Confirm(False))
    assert [e.count for e in of(events, "cards_drawn")] == [2] and not of(events, "cards_revealed")


# --------------------------------------------------------------------------- 曹丕 行殇 放逐 颂威
def test_xingshang_takes_hand_and_equipment_before_the_reward():
    game = game_with(None, None, "caopi", None)
    set_identities(game, "lord", "rebel", "loyalist", "spy")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@HQ", "dodge@D2")  # a Peach he does not drink
    set_hand(game, 3)
    set_hand(game, 4)
    equip(game, 2, "chitu@H5")
    place(game, 2, "indulgence@S6")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    prompt_is(game, PromptKind.RESPOND, 2)  # his own Peach: no
    game.submit(2, Respond(None))
    prompt_is(game, PromptKind.CONFIRM, 3, "xingshang")
    events = game.submit(3, Confirm(True))
    assert [(e.seat, e.target, e.count) for e in of(events, "hand_cards_given")] == [(2, 3, 2)]
    assert [(e.seat, e.card) for e in of(events, "card_taken")] == [(3, "chitu@H5")]
    hand = sorted(str(c) for c in game.player(3).hand)
    assert hand == ["chitu@H5", "dodge@D2", "peach@HQ"]
    assert C("indulgence@S6") in game.discard_pile  # the judgment area is not taken
    assert [(e.seat, e.count) for e in of(events, "reward_given")] == [(1, 3)]
    assert conserved(game)


def test_xingshang_a_lord_caopi_who_kills_a_loyalist_then_discards_everything():
    game = game_with("caopi", None, None, None)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    set_hand(game, 2, "peach@HQ")
    for seat in (3, 4):
        set_hand(game, seat)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    while game.pending().kind is PromptKind.RESPOND:  # no one saves him
        game.submit(game.pending().seat, Respond(None))
    prompt_is(game, PromptKind.CONFIRM, 1, "xingshang")
    events = game.submit(1, Confirm(True))
    assert of(events, "hand_cards_given")[0].count == 1
    assert of(events, "penalty_applied") and not game.player(1).hand
    assert C("peach@HQ") in game.discard_pile and C("dodge@D2") in game.discard_pile


def test_fangzhu_another_player_draws_the_lost_hp_and_flips():
    game = game_with(None, "caopi", None, None)
    set_hp(game, 2, 2, 3)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.player(3).face_up = False
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "fangzhu")
    before = len(game.player(3).hand)
    refused(game, 2, ChooseTarget(2), Reason.CANNOT_TARGET_SELF)
    events = game.submit(2, ChooseTarget(3))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(3, 2)]  # 3 - 1 = 2 lost
    assert len(game.player(3).hand) == before + 2 and game.player(3).face_up  # face up again
    assert [(e.seat, e.face_up) for e in of(events, "general_flipped")] == [(3, True)]


def test_fangzhu_may_be_declined():
    game = game_with(None, "caopi", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, Confirm(False))
    assert not of(events, "general_flipped") and not of(events, "cards_drawn")
    assert all(p.face_up for p in game.players)


def _songwei(lord_caopi: bool, judged: str):
    """Seat 2 (`judged`) judges an Indulgence ♠ at his judgment phase; 曹丕 is seat 1."""
    game = (
        game_with("caopi", judged, None, None)
        if lord_caopi
        else game_with(None, judged, "caopi", None)
    )
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@S7")
    end_turn(game)
    pass_all(game)
    return game


def test_songwei_a_black_judgment_of_a_wei_character_lets_the_lord_draw():
    game = _songwei(True, "xuhuang")
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, "songwei")  # his choice, not the lord's
    assert prompt.target == 1
    before = len(game.player(1).hand)
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")][0] == (1, 1)
    assert len(game.player(1).hand) == before + 1


def test_songwei_only_as_lord_and_only_for_wei():
    not_lord = _songwei(False, "xuhuang")
    assert not_lord.pending().reason != "songwei" and "songwei" not in skill_ids(not_lord, 3)
    shu = _songwei(True, "zhurong")
    assert shu.pending().reason != "songwei"


# --------------------------------------------------------------------------- 董卓 酒池 肉林 崩坏 暴虐
def test_jiuchi_a_spade_hand_card_as_wine_in_the_play_phase():
    game = game_with("dongzhuo", None, None, None, maneuvering=True)
    set_hand(game, 1, "kill@S8", "kill@C7", "peach@H3")
    events = game.submit(1, UseSkill("jiuchi", (C("kill@S8"),)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("wine", "jiuchi")]
    out = refused(game, 1, UseSkill("jiuchi", (C("kill@C7"),)), Reason.NOT_CONVERTIBLE)
    assert out.data["as_card"] == "wine"
    game.submit(1, PlayCard(C("kill@C7"), (2,)))
    game.submit(2, Respond(None))
    assert game.player(2).hp == 2  # the Wine's +1


def test_jiuchi_rescues_himself_while_dying_even_without_the_maneuvering_cards_by_setting():
    for settings in ({"maneuvering": True}, {"jiuchi_duanliang_without_maneuvering": True}):
        game = game_with(None, "dongzhuo", None, None, **settings)
        set_hp(game, 2, 1, 8)
        set_hand(game, 1, "kill@C7")
        set_hand(game, 2, "kill@S8")
        game.submit(1, PlayCard(C("kill@C7"), (2,)))
        game.submit(2, Respond(None))
        prompt = prompt_is(game, PromptKind.RESPOND, 2)
        assert prompt.need == "peach|wine"
        game.submit(2, UseSkill("jiuchi", (C("kill@S8"),)))
        assert game.player(2).hp == 1 and game.player(2).alive


def test_jiuchi_needs_the_maneuvering_cards_by_default():
    game = game_with("dongzhuo", None, None, None)
    set_hand(game, 1, "kill@S8")
    out = refused(game, 1, UseSkill("jiuchi", (C("kill@S8"),)), Reason.NOT_CONVERTIBLE)
    assert out.data["why"] == "maneuvering"


def test_roulin_a_kill_between_him_and_a_woman_needs_two_dodges():
    game = game_with("dongzhuo", "zhurong", None, None)
    set_hand(game, 1, "kill@C7")
    set_hand(game, 2, "dodge@D2", "kill@S8")
    game.submit(1, PlayCard(C("kill@C7"), (2,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert prompt.needed == 2 and prompt.skill == "roulin"
    game.submit(2, Respond(C("dodge@D2")))
    game.submit(2, Respond(None))  # no second Dodge: the Kill hits
    assert game.player(2).hp == 3
    woman = game_with("zhurong", "dongzhuo", None, None)
    set_hand(woman, 1, "kill@C7")
    set_hand(woman, 2, "dodge@D2", "dodge@D3")
    woman.submit(1, PlayCard(C("kill@C7"), (2,)))
    assert prompt_is(woman, PromptKind.RESPOND, 2).needed == 2
    woman.submit(2, Respond(C("dodge@D2")))
    woman.submit(2, Respond(C("dodge@D3")))
    assert woman.player(2).hp == 8


def test_benghuai_at_his_finish_phase_loses_hp_or_max_hp():
    for option, state in (("lose_hp", (7, 8)), ("lose_max_hp", (7, 7))):
        game = game_with("dongzhuo", None, None, None)
        set_hand(game, 1)
        game.submit(1, EndPlay())
        prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 1, "benghuai")
        assert prompt.options == ("lose_hp", "lose_max_hp") and not prompt.optional
        refused(game, 1, Confirm(False), Reason.WRONG_ACTION)
        game.submit(1, ChooseOption(option))
        assert (game.player(1).hp, game.player(1).max_hp) == state


def test_benghuai_not_when_tied_for_lowest():
    game = game_with("dongzhuo", None, None, None)
    set_hp(game, 1, 4, 8)
    set_hand(game, 1)
    events = game.submit(1, EndPlay())
    assert game.current.seat == 2 and not of(events, "hp_lost")


def _baonue(judged: str):
    """董卓 the lord (seat 1, wounded); seat 2 (`judged` general) Kills seat 3 in his turn."""
    game = game_with("dongzhuo", judged, None, None)
    set_hp(game, 1, 3, 9)  # the lowest: no 崩坏
    set_hand(game, 1)
    end_turn(game)
    while (p := game.pending()) is not None and p.kind is not PromptKind.PLAY:
        game.submit(p.seat, Confirm(False))  # 2's own start-of-turn offers
    set_hand(game, 2, "kill@C7")
    set_hand(game, 3)
    deck_top(game, "kill@S8")
    game.submit(2, PlayCard(C("kill@C7"), (3,)))
    return game


def test_baonue_another_qun_characters_damage_judged_spade_heals_the_lord():
    game = _baonue("lvbu")
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, "baonue")  # the damage dealer decides
    assert prompt.target == 1
    events = game.submit(2, Confirm(True))
    assert [(e.reason, e.success) for e in of(events, "judgment_settled")] == [("baonue", True)]
    assert game.player(1).hp == 4 and game.player(3).hp == 3


def test_baonue_only_for_qun_and_only_as_lord():
    shu = _baonue("zhurong")
    assert shu.pending().reason != "baonue" and shu.player(1).hp == 3
    game = game_with(None, "lvbu", "dongzhuo", None)
    assert "baonue" not in skill_ids(game, 3)


# --------------------------------------------------------------------------- 鲁肃 好施 缔盟
def _haoshi(hand, others, **settings):
    """鲁肃 (seat 2, holding `hand`) at his draw phase, OK to 好施 (the deck's top 4 known)."""
    game = game_with(None, "lusu", None, None, **settings)
    set_hand(game, 2, *hand)
    for seat, cards_ in others.items():
        set_hand(game, seat, *cards_)
    deck_top(game, "dodge@D2", "dodge@D3", "peach@H3", "kill@C7")
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "haoshi")
    return game, game.submit(2, Confirm(True))


def test_haoshi_draws_2_more_and_gives_half_to_the_fewest():
    game, events = _haoshi(("kill@S7", "kill@S8"), {1: ("kill@C8",), 3: (), 4: ("kill@C9",)})
    assert [e.count for e in of(events, "cards_drawn")] == [4]
    prompt = prompt_is(game, PromptKind.DISCARD, 2, "haoshi")
    assert (prompt.count, prompt.target) == (3, 3)  # 6 cards: half to seat 3 (none in hand)
    refused(game, 2, Discard((C("kill@S7"),)), Reason.WRONG_COUNT)
    events = game.submit(2, Discard((C("kill@S7"), C("kill@S8"), C("kill@C7"))))
    assert [(e.seat, e.target, e.count) for e in of(events, "hand_cards_given")] == [(2, 3, 3)]
    assert len(game.player(2).hand) == 3 and len(game.player(3).hand) == 3 and conserved(game)


def test_haoshi_a_hand_of_exactly_5_keeps_everything():
    game, events = _haoshi(("kill@S7",), {3: ()})
    assert len(game.player(2).hand) == 5 and game.pending().kind is PromptKind.PLAY


def test_haoshi_tied_fewest_is_his_choice_and_the_any_other_setting():
    game, _ = _haoshi(("kill@S7", "kill@S8"), {1: (), 3: ("kill@C8",), 4: ()})
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "haoshi")
    assert set(prompt.options) == {1, 4} and not prompt.optional
    refused(game, 2, ChooseTarget(3), Reason.INVALID_TARGET)
    game.submit(2, ChooseTarget(4))
    assert prompt_is(game, PromptKind.DISCARD, 2, "haoshi").target == 4
    anyone, _ = _haoshi(
        ("kill@S7", "kill@S8"), {1: (), 3: ("kill@C8",)}, haoshi_recipient="any_other"
    )
    assert set(prompt_is(anyone, PromptKind.CHOOSE_TARGET, 2, "haoshi").options) == {1, 3, 4}


def _dimeng():
    game = game_with("lusu", None, None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "peach@H3")
    set_hand(game, 2, "dodge@D2", "dodge@D3", "kill@C7")
    set_hand(game, 3, "kill@C8")
    return game


def test_dimeng_discards_the_difference_and_the_two_swap_hands():
    game = _dimeng()
    equip(game, 1, "chitu@H5")
    events = game.submit(1, UseSkill("dimeng", (C("kill@S7"), C("chitu@H5")), (2, 3)))
    assert sorted(of(events, "cards_discarded")[0].cards) == ["chitu@H5", "kill@S7"]
    swapped = [(e.seat, e.target, e.count, e.target_count) for e in of(events, "hands_swapped")]
    assert swapped == [(2, 3, 3, 1)]
    assert [str(c) for c in game.player(2).hand] == ["kill@C8"]
    assert sorted(str(c) for c in game.player(3).hand) == ["dodge@D2", "dodge@D3", "kill@C7"]
    refused(game, 1, UseSkill("dimeng", (), (2, 4)), Reason.ONCE_PER_PHASE)
    assert conserved(game)


def test_dimeng_refusals():
    game = _dimeng()
    out = refused(game, 1, UseSkill("dimeng", (C("kill@S7"),), (2, 3)), Reason.WRONG_COUNT)
    assert out.data == {"expected": 2, "got": 1, "why": "dimeng", "skill": "dimeng"}
    refused(game, 1, UseSkill("dimeng", (), (1, 2)), Reason.CANNOT_TARGET_SELF)
    refused(game, 1, UseSkill("dimeng", (), (2,)), Reason.NEEDS_TARGET)
    refused(game, 1, UseSkill("dimeng", (), (2, 2)), Reason.DUPLICATE_TARGET)
    set_hand(game, 3)
    set_hand(game, 4)
    refused(game, 1, UseSkill("dimeng", (), (3, 4)), Reason.NO_HAND_CARDS)


def test_dimeng_both_empty_allowed_by_setting_is_a_no_op():
    game = game_with("lusu", None, None, None, dimeng_both_empty="allowed")
    set_hand(game, 3)
    set_hand(game, 4)
    events = game.submit(1, UseSkill("dimeng", (), (3, 4)))
    assert of(events, "hands_swapped") and not game.player(3).hand and not game.player(4).hand


# --------------------------------------------------------------------------- 贾诩 完杀 乱武 帷幕
def test_weimu_no_black_trick_may_target_him():
    game = game_with("xuhuang", "jiaxu", None, None, maneuvering=True)
    set_hand(game, 1, "dismantle@S3", "duel@DA", "kill@S7", "indulgence@S6", "lightning@SA")
    out = refused(game, 1, PlayCard(C("dismantle@S3"), (2,)), Reason.TARGET_PROHIBITED)
    assert out.data == {"card": "dismantle", "target": 2, "skill": "weimu"}
    refused(game, 1, PlayCard(C("indulgence@S6"), (2,)), Reason.TARGET_PROHIBITED)
    refused(game, 1, UseSkill("duanliang", (C("kill@S7"),), (2,)), Reason.TARGET_PROHIBITED)
    events = game.submit(1, PlayCard(C("duel@DA"), (2,)))  # a red trick targets him
    assert [(e.name, e.targets) for e in of(events, "card_used")] == [("duel", (2,))]


def test_weimu_the_play_listing_offers_a_red_snatch_for_him_not_a_black_one():
    """Two Snatches, only 贾诩 in reach with cards (seat 3 holds none, seat 4 is too far):
    the red one is offered, the black one not (before the fix, the listing judged a card by its
    name alone and offered both, then refused the black one with needs_target)."""
    game = game_with(None, "jiaxu", None, None, None)
    set_hand(game, 1, "snatch@D3", "snatch@S4")
    for seat in (3, 4, 5):
        set_hand(game, seat)
    plays = [a for a in game.legal_actions(1) if isinstance(a, PlayCard)]
    assert [str(a.card) for a in plays] == ["snatch@D3"]


def test_weimu_the_listing_tells_a_red_snatch_from_a_black_one():
    """Two players, 贾诩 the only target: his red Snatch is listed, the black one (帷幕)
    is not, though both are Snatches (the listing once decided by name only)."""
    game = game_with("sunquan", "jiaxu")
    set_hand(game, 1, "snatch@D3", "snatch@S3")
    plays = [a for a in game.legal_actions(1) if isinstance(a, PlayCard)]
    assert [str(a.card) for a in plays] == ["snatch@D3"]
    for i in range(40):  # the sampled action agrees with the listing
        action, _targets = game.sample_play(game.player(1), random.Random(i))
        assert not (isinstance(action, PlayCard) and str(action.card) == "snatch@S3")


def test_weimu_barbarian_passes_him_over_arrow_barrage_does_not():
    game = game_with(None, "jiaxu", None, None)
    set_hand(game, 1, "barbarian_invasion@S7", "arrow_barrage@HA")
    set_hand(game, 2, "kill@S8", "dodge@D2")
    set_hand(game, 3)
    set_hand(game, 4)
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    events += pass_all(game)
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "weimu")]
    assert game.player(2).hp == 3 and game.player(3).hp == 3
    game.submit(1, PlayCard(C("arrow_barrage@HA")))
    pass_all(game)
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "dodge"


def test_weimu_a_moving_lightning_passes_him_and_he_cannot_place_one():
    game = game_with("jiaxu", None, None, None)
    set_hand(game, 1, "lightning@SA")
    refused(game, 1, PlayCard(C("lightning@SA")), Reason.TARGET_PROHIBITED)
    moving = game_with(None, None, None, "jiaxu")  # seat 3 holds it; 4 is 贾诩
    set_hand(moving, 1)
    place(moving, 3, "lightning@SA")
    deck_top(moving, "dodge@D2")  # no strike: it moves on
    end_turn(moving)  # seat 2's turn
    end_turn(moving)  # seat 3's: the judgment, then it passes 贾诩 (seat 4) for seat 1
    pass_all(moving)
    assert [n for _, n in moving.player(1).judgment] == ["lightning"]
    assert not moving.player(4).judgment


def _wansha_dying():
    """贾诩 (seat 1) Kills seat 2 at 1 health in his turn: seat 2 is dying."""
    game = game_with("jiaxu", None, None, None)
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7", "peach@H3")
    set_hand(game, 2, "peach@H4")
    set_hand(game, 3, "peach@H6")
    set_hand(game, 4, "peach@H7")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    return game


def test_wansha_only_he_and_the_dying_player_are_asked_for_a_peach():
    game = _wansha_dying()
    asked = []
    while game.pending().kind is PromptKind.RESPOND:
        asked.append(game.pending().seat)
        game.submit(game.pending().seat, Respond(None))
    assert asked == [1, 2] and not game.player(2).alive


def test_wansha_the_dying_player_saves_himself():
    game = _wansha_dying()
    game.submit(1, Respond(None))
    game.submit(2, Respond(C("peach@H4")))
    assert game.player(2).alive and game.player(2).hp == 1


def test_luanwu_each_other_player_kills_a_nearest_one_or_loses_1_hp():
    game = game_with("jiaxu", None, None, None)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)  # nothing: loses 1 health
    set_hand(game, 4, "kill@S8")
    events = game.submit(1, UseSkill("luanwu"))
    prompt = prompt_is(game, PromptKind.RESPOND, 2, "luanwu")
    assert prompt.need == "kill"
    events += game.submit(2, Respond(C("kill@S7")))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "luanwu")  # seats 1 and 3 are both at 1
    refused(game, 2, ChooseTarget(4), Reason.INVALID_TARGET)
    events += game.submit(2, ChooseTarget(3))
    while game.pending().seat == 3 and game.pending().kind is PromptKind.RESPOND:
        events += game.submit(3, Respond(None))  # no Dodge
    prompt_is(game, PromptKind.RESPOND, 4, "luanwu")
    events += game.submit(4, Respond(None))  # declines: loses 1
    assert [(e.seat, e.targets) for e in of(events, "card_used")] == [(2, (3,))]
    assert [e.seat for e in of(events, "hp_lost")] == [3, 4]
    assert (game.player(3).hp, game.player(4).hp) == (2, 3) and "luanwu" in game.player(1).spent
    refused(game, 1, UseSkill("luanwu"), Reason.SKILL_SPENT)


def test_haoshi_at_the_table_the_gift_passes_unseen_and_only_counts_move():
    game = table_game("lusu", "caocao", "liubei", "sunquan", settings=FOREST)
    prompt_is(game, PromptKind.CONFIRM, 1, "haoshi")
    game.submit(1, Confirm(True))
    assert len(game.player(1).hand) == 8  # 4 dealt and 4 drawn
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 1, "haoshi")  # all three hold 4
    assert set(prompt.options) == {2, 3, 4}
    game.submit(1, ChooseTarget(2))
    assert prompt_is(game, PromptKind.DISCARD, 1, "haoshi").count == 4
    events = game.submit(1, Confirm(True))  # OK: given face down, unseen
    assert [(e.seat, e.target, e.count) for e in of(events, "hand_cards_given")] == [(1, 2, 4)]
    assert (len(game.player(1).hand), len(game.player(2).hand)) == (4, 8)


def test_zaiqi_at_the_table_each_revealed_card_is_scanned():
    game = table_game("caocao", "menghuo", "liubei", "sunquan", settings=FOREST)
    set_hp(game, 2, 2)
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "zaiqi")
    game.submit(2, Confirm(True))
    assert prompt_is(game, PromptKind.REVEAL_CARD, 2, "zaiqi").count == 2
    game.submit(2, RevealCard(C("peach@H3")))
    assert prompt_is(game, PromptKind.REVEAL_CARD, 2, "zaiqi").count == 1
    events = game.submit(2, RevealCard(C("kill@S7")))
    assert of(events, "cards_revealed")[0].cards == ("peach@H3", "kill@S7")
    assert game.player(2).hp == 3 and C("kill@S7") in game.player(2).hand
    assert len(game.player(2).hand) == 5 and C("peach@H3") in game.discard_pile


def test_huoshou_and_juxiang_together():
    """祝融's Barbarian Invasion: 孟获 is its source; his own goes to her hand (§3.2)."""
    game = game_with("zhurong", "menghuo", None, None)
    set_hand(game, 1, "barbarian_invasion@S7")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    events += pass_all(game)
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 3), (2, 4)]
    assert C("barbarian_invasion@S7") in game.discard_pile  # her own: discarded
    end_turn(game)
    while (p := game.pending()) is not None and p.kind is not PromptKind.PLAY:
        game.submit(p.seat, Confirm(False))
    set_hand(game, 2, "barbarian_invasion@SK")
    events = game.submit(2, PlayCard(C("barbarian_invasion@SK")))
    events += pass_all(game)
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(1, "juxiang")]
    assert C("barbarian_invasion@SK") in game.player(1).hand


def test_luanwu_an_empty_handed_zhugeliang_is_no_target():
    """Seat 2's nearest are 贾诩 and an empty-handed 诸葛亮 (空城): only 贾诩 may be the Kill's
    target, so no choice is asked; 诸葛亮 himself has no Kill and loses 1 HP."""
    game = game_with("jiaxu", None, "zhugeliang", None)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)
    set_hand(game, 4)
    game.submit(1, UseSkill("luanwu"))
    prompt = prompt_is(game, PromptKind.RESPOND, 2, "luanwu")
    assert prompt.target == 1
    events = game.submit(2, Respond(C("kill@S7")))
    assert [(e.seat, e.targets) for e in of(events, "card_used")] == [(2, (1,))]
