"""The 风 pack's skills (docs/wind-fire.md §3): a scenario each, through `submit` on real
games; bad input refused with its reason and the state unchanged."""

import pytest

from companion.narration import Narrator
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
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

from .gesture_table import Readers
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
    skill_ids,
    table_game,
)

C = parse_card
WIND_PACKS = ["standard", "wind"]
WIND = Settings(general_packs=tuple(WIND_PACKS))


def _to_turn_of(game, seat):
    """End turns until `seat`'s first prompt of its own turn."""
    while not (game.current is not None and game.current.seat == seat):
        end_turn(game)


# --------------------------------------------------------------------------- 夏侯渊 神速
def test_shensu_option_1_skips_judgment_and_draw_for_a_kill_at_any_distance():
    game = game_with(None, "xiahouyuan", None, None, None)
    place(game, 2, "indulgence@H6")
    set_hand(game, 2, "kill@S7")
    set_hand(game, 4)
    end_turn(game)
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="shensu")
    assert 4 in prompt.options  # distance 2: no limit
    hand = len(game.player(2).hand)
    events = game.submit(2, ChooseTarget(4))  # seat 4, no hand card, is not asked for a Dodge
    assert [(e.name, e.cards, e.skill) for e in of(events, "card_used")] == [("kill", (), "shensu")]
    assert game.player(4).hp == 3
    skipped = [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    assert skipped[:2] == [("judgment", "shensu"), ("draw", "shensu")]
    # the draw phase was skipped too, the Indulgence waits unjudged in his area
    assert len(game.player(2).hand) == hand and game.player(2).judgment


def test_shensu_option_2_discards_an_equipment_card_and_refusals():
    game = game_with(None, "xiahouyuan", None, None)
    set_hand(game, 2, "kill@S7", "chitu@H5")
    end_turn(game)
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="shensu")
    game.submit(2, Confirm(False))  # option 1 declined: he judges and draws
    prompt = prompt_is(game, PromptKind.DISCARD, 2, reason="shensu")
    assert prompt.optional
    out = refused(game, 2, Discard((C("kill@S7"),)), Reason.WRONG_KIND_OF_CARD)
    assert out.data == {"card": "kill@S7", "skill": "shensu", "need": "equipment"}
    game.submit(2, Discard((C("chitu@H5"),)))
    game.submit(2, ChooseTarget(3))
    game.submit(3, Respond(None))
    assert game.player(3).hp == 3 and C("chitu@H5") in game.discard_pile
    # the play phase is skipped: the turn goes on to the discard phase or the next seat
    assert game.pending().kind is not PromptKind.PLAY or game.current.seat != 2


# --------------------------------------------------------------------------- 曹仁 据守
def test_jushou_draws_3_flips_and_the_next_turn_is_skipped():
    game = game_with(None, "caoren", None, None)
    end_turn(game)
    hand = len(game.player(2).hand)
    game.submit(2, game.legal_actions(2)[-1])  # end the play phase (EndPlay is listed last)
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(2, game.legal_actions(2)[0])
    prompt_is(game, PromptKind.CONFIRM, 2, reason="jushou")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.face_up, e.reason) for e in of(events, "general_flipped")] == [
        (2, False, "jushou")
    ]
    assert len(game.player(2).hand) >= 3 and game.view()["seats"][1]["face_up"] is False
    assert hand >= 0
    _to_turn_of(game, 1)
    events = []
    while game.current.seat != 3:
        events += end_turn(game)
    assert [(e.seat, e.face_up, e.reason) for e in of(events, "general_flipped")] == [
        (2, True, "turn_skipped")
    ]
    assert not [e for e in of(events, "turn_started") if e.seat == 2]


# --------------------------------------------------------------------------- 黄忠 烈弓
def test_liegong_no_dodge_when_the_hand_is_large_or_small():
    game = game_with("huangzhong", None, None, None)
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 2, "dodge@D2", "dodge@D3")  # 2 cards: not >= 5 HP, not <= range 1
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game, PromptKind.RESPOND, 2)  # not offered: he may Dodge
    game.submit(2, Respond(C("dodge@D2")))
    set_hand(game, 4, "dodge@D4")
    game2 = game_with("huangzhong", None, None, None)
    set_hand(game2, 1, "kill@S7")
    set_hand(game2, 2, "dodge@D2")  # 1 card <= range 1
    equip(game2, 2, "eight_diagrams@S2")
    game2.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game2, PromptKind.CONFIRM, 1, reason="liegong")
    events = game2.submit(1, Confirm(True))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1)]
    assert C("dodge@D2") in game2.player(2).hand  # no Dodge, no Eight Diagrams asked


# --------------------------------------------------------------------------- 魏延 狂骨
def test_kuanggu_heals_per_point_dealt_at_distance_1():
    game = game_with("weiyan", None, None, None, maneuvering=True)
    set_hp(game, 1, 2)
    set_hand(game, 1, "wine@S9", "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S9"), ()))
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no hand card: not asked for a Dodge
    assert [(e.seat, e.amount) for e in of(events, "hp_recovered")] == [(1, 2)]
    assert game.player(1).hp == 4 and conserved(game)


def test_kuanggu_not_at_distance_2():
    game = game_with("weiyan", None, None, None, None)
    set_hp(game, 1, 2)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 3)
    events = game.submit(1, PlayCard(C("duel@SA"), (3,)))
    events += pass_all(game)
    if game.pending().kind is PromptKind.RESPOND:
        events += game.submit(3, Respond(None))
    assert of(events, "damage_dealt") and not of(events, "hp_recovered")


# --------------------------------------------------------------------------- 张角 雷击 鬼道
def test_leiji_on_a_dodge_judges_and_spade_deals_2_thunder():
    game = game_with(None, "zhangjiao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    deck_top(game, "kill@S8")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="leiji")
    assert set(prompt.options) == {1, 2, 3, 4}
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2)
    events = game.submit(2, ChooseTarget(1))
    # 鬼道 is offered on the judgment: he declines (no black card needed to answer)
    while game.pending().kind is PromptKind.DISCARD and game.pending().reason == "guidao":
        events += game.submit(2, Confirm(False))
    assert [(e.source, e.target, e.amount, e.nature) for e in of(events, "damage_dealt")] == [
        (2, 1, 2, "thunder")
    ]


def test_guidao_at_a_judgment():
    game = game_with("zhangjiao", "simayi", None, None)
    set_hand(game, 1, "kill@S7", "peach@H3", "lightning@SA")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("lightning@SA"), (1,)))
    end_turn(game)
    end_turn(game)
    end_turn(game)
    end_turn(game)  # back to seat 1: the Lightning is judged
    judged = of(pass_all(game), "judgment_revealed")[0].card
    prompt = prompt_is(game, PromptKind.DISCARD, 1, reason="guidao")
    refused(game, 1, Discard((C("peach@H3"),)), Reason.WRONG_KIND_OF_CARD)
    events = game.submit(1, Discard((C("kill@S7"),)))
    assert [(e.card, e.by, e.skill) for e in of(events, "judgment_changed")] == [
        ("kill@S7", 1, "guidao")
    ]
    assert prompt.optional and C(judged) in game.player(1).hand  # the old card kept
    assert C("kill@S7") not in game.player(1).hand


def test_huangtian_another_qun_character_gives_the_lord_a_dodge_once_per_play_phase():
    game = game_with("zhangjiao", "huatuo", "caocao", None)
    set_hand(game, 1, "dodge@H2")
    out = refused(game, 1, UseSkill("huangtian", (C("dodge@H2"),)), Reason.SKILL_NOT_AVAILABLE)
    assert out.data == {"skill": "huangtian", "seat": 1, "how": "lent"}  # the others' skill
    end_turn(game)
    prompt_is(game, PromptKind.PLAY, 2)
    set_hand(game, 2, "dodge@D2", "kill@S7", "lightning@SA")
    offered = {a for a in game.legal_actions(2) if isinstance(a, UseSkill)}
    assert {a for a in offered if a.skill == "huangtian"} == {
        UseSkill("huangtian", (C("dodge@D2"),)),
        UseSkill("huangtian", (C("lightning@SA"),)),
    }
    out = refused(game, 2, UseSkill("huangtian", (C("kill@S7"),)), Reason.WRONG_KIND_OF_CARD)
    assert out.data == {"card": "kill@S7", "skill": "huangtian", "need": "dodge_or_lightning"}
    out = refused(game, 2, UseSkill("huangtian", (C("dodge@D2"),), (3,)), Reason.INVALID_TARGET)
    assert out.data == {"card": "huangtian", "target": 3, "lord": 1}
    hand = len(game.player(1).hand)
    events = game.submit(2, UseSkill("huangtian", (C("dodge@D2"),), (1,)))
    assert [(e.seat, e.target, e.card, e.reason) for e in of(events, "card_given")] == [
        (2, 1, "dodge@D2", "huangtian")
    ]
    assert C("dodge@D2") in game.player(1).hand and len(game.player(1).hand) == hand + 1
    assert game.view()["seats"][1]["hand_count"] == 2
    out = refused(game, 2, UseSkill("huangtian", (C("lightning@SA"),)), Reason.ONCE_PER_PHASE)
    assert out.data == {"skill": "huangtian", "seat": 2}
    assert not [a for a in game.legal_actions(2) if getattr(a, "skill", None) == "huangtian"]
    end_turn(game)  # 曹操 is Wei: refused, with his kingdom
    set_hand(game, 3, "dodge@D3", "kill@S8")
    out = refused(game, 3, UseSkill("huangtian", (C("dodge@D3"),)), Reason.WRONG_KINGDOM)
    assert out.data == {"skill": "huangtian", "seat": 3, "kingdom": "wei", "needed": "qun"}
    sentence = Narrator("en").refusal({"reason": "wrong_kingdom", **out.data})
    assert sentence == "Yellow Heaven is only for the other Qun characters: seat 3 is Wei."
    # 华佗, asked for a Dodge in another's turn: the gift is for his own play phase
    game.submit(3, PlayCard(C("kill@S8"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)
    out = refused(game, 2, UseSkill("huangtian", (C("lightning@SA"),)), Reason.SKILL_NOT_AVAILABLE)
    assert out.data == {"skill": "huangtian", "seat": 2, "how": "own_play_phase"}


HUANGTIAN_NOT_LORD = {
    "en": "Yellow Heaven is a lord skill: only the lord has it, and seat 2 is not the lord.",
    "es": "Cielo amarillo es una habilidad de señor: solo la tiene el señor, y el asiento 2 no "
    "es el señor.",
    "zh-Hans": "黄天是主公技，只有主公拥有：2号位不是主公。",
}


def test_huangtian_only_while_zhangjiao_is_the_lord():
    game = game_with("caocao", "zhangjiao", "huatuo", None)
    end_turn(game)
    end_turn(game)
    prompt_is(game, PromptKind.PLAY, 3)
    set_hand(game, 3, "dodge@D3")
    assert not [a for a in game.legal_actions(3) if getattr(a, "skill", None) == "huangtian"]
    out = refused(game, 3, UseSkill("huangtian", (C("dodge@D3"),)), Reason.NOT_THE_LORD)
    assert out.data == {"skill": "huangtian", "seat": 2}  # the seat whose card prints it
    for lang, sentence in HUANGTIAN_NOT_LORD.items():
        assert Narrator(lang).refusal({"reason": "not_the_lord", **out.data}) == sentence


def _table_refused(t, what, seat, arg, refusal):
    """At the table `what` (a scan of `arg`, or a press) is refused with `refusal`; the
    view is exactly as before."""
    before = t.game.view()
    outcome = t.do(what, seat, arg) if arg is not None else t.do(what, seat)
    assert not outcome.accepted and outcome.refusal == refusal
    assert t.game.view() == before


def _table_kill(t, general):
    """Seat 1's Kill ♠7 on `general`'s seat, who plays no Dodge."""
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, general)
    t.ok("no", next(p.seat for p in t.game.players if p.general == general))


def test_wind_generals_at_the_table():
    """The built 风 generals are scanned at the table once the pack is named."""
    generals = ["zhangjiao", "xiahouyuan", "caoren", "huangzhong", "weiyan"]
    game = table_game(*generals, settings=WIND)
    assert [p.general for p in game.players] == generals
    assert "huangtian" in skill_ids(game, 1) and game.player(1).max_hp == 4  # lord, 5 players


def test_huangtian_at_the_table_the_giver_scans_the_token_and_the_card():
    """华佗 (Qun) in his play phase scans the 黄天 token, then the Dodge he shows, then OK:
    the card goes to 张角, the lord, by name; a Kill scanned instead is refused at OK with
    the rule (the staging stays, NO clears it) and nothing changes."""
    t = Readers("zhangjiao", "huatuo", "caocao", "diaochan", settings={"general_packs": WIND_PACKS})
    t.end_turn(1)
    lord_hand = len(t.game.player(1).hand)
    t.ok("scan", 2, "skill:huangtian")
    t.ok("scan", 2, "kill@S7")
    refusal = {"card": "kill@S7", "skill": "huangtian", "need": "dodge_or_lightning"}
    _table_refused(t, "ok", 2, None, {"reason": "wrong_kind_of_card", **refusal})
    t.ok("no", 2)
    t.ok("scan", 2, "skill:huangtian")
    t.ok("scan", 2, "dodge@D2")
    outcome = t.ok("ok", 2)
    given = [(e.seat, e.target, e.card) for e in t.events(outcome, "card_given")]
    assert given == [(2, 1, "dodge@D2")]
    assert len(t.game.player(1).hand) == lord_hand + 1 and C("dodge@D2") in t.game.player(1).hand
    assert t.game.view()["seats"][0]["hand_count"] == lord_hand + 1


# --------------------------------------------------------------------------- 周泰 不屈
def _buqu_game(**kw):
    """周泰 (seat 2) at 1 HP and no hand; the lord holds a Kill, a Duel and a Peach."""
    game = game_with(None, "zhoutai", None, None, **kw)
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7", "duel@SA", "peach@H4")
    set_hand(game, 2)
    return game


def _hit(game, card):
    """The lord's `card` on 周泰, who holds no hand card and so is not asked: 1 damage."""
    events = game.submit(1, PlayCard(C(card), (2,)))
    events += pass_all(game)
    assert [e.seat for e in of(events, "no_card_to_respond")] == [2]
    return events


def test_buqu_cards_of_different_ranks_keep_him_out_of_dying():
    game = _buqu_game()
    deck_top(game, "peach@H3")
    _hit(game, "kill@S7")
    prompt_is(game, PromptKind.CONFIRM, 2, reason="buqu")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.pile, e.cards, e.total) for e in of(events, "pile_changed")] == [
        (2, "buqu", ("peach@H3",), 1)
    ]
    assert not of(events, "player_dying") and game.player(2).alive and game.player(2).hp == 0
    assert game.view()["seats"][1]["piles"] == {
        "buqu": {"count": 1, "public": True, "items": ["peach@H3"]}
    }
    prompt_is(game, PromptKind.PLAY, 1)  # play goes on: no Peach was asked for
    assert conserved(game)


def test_buqu_a_repeated_rank_is_dying_and_a_peach_takes_a_card_of_his_choice():
    """From 0 HP a second hit shows a second 3: dying. The lord's Peach heals 1, and 周泰
    takes one card off (a card not on his general is refused, nothing changed); the
    ranks differ again and, once everyone is asked (`full_round`), he lives at 0 HP."""
    game = _buqu_game()
    deck_top(game, "peach@H3", "kill@C3")
    _hit(game, "kill@S7")
    game.submit(2, Confirm(True))
    _hit(game, "duel@SA")
    events = game.submit(2, Confirm(True))
    assert [e.cards for e in of(events, "pile_changed")] == [("kill@C3",)]
    assert [(e.seat, e.hp) for e in of(events, "player_dying")] == [(2, -1)]
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert (prompt.need, prompt.count) == ("peach", 2)
    game.submit(1, Respond(C("peach@H4")))
    prompt = prompt_is(game, PromptKind.HARVEST_PICK, 2, reason="buqu")
    assert prompt.options == ("peach@H3", "kill@C3")
    out = refused(game, 2, PickCard(C("kill@S7")), Reason.NOT_OFFERED)
    assert out.data == {"choice": "kill@S7", "options": ["peach@H3", "kill@C3"]}
    events = game.submit(2, PickCard(C("kill@C3")))
    assert [(e.added, e.cards, e.to) for e in of(events, "pile_changed")] == [
        (False, ("kill@C3",), "discard")
    ]
    assert C("kill@C3") in game.discard_pile and game.player(2).hp == 0
    # the whole round, then his cards are read: the lord and 周泰, now empty-handed, are
    # passed over without a prompt, seats 3 and 4 are asked
    assert [(e.seat, e.need) for e in of(events, "no_card_to_respond")] == [
        (1, "peach"),
        (2, "peach"),
    ]
    asked = []
    while game.pending().kind is PromptKind.RESPOND and game.pending().reason == "dying":
        asked.append(game.pending().seat)
        events = game.submit(game.pending().seat, Respond(None))
    assert asked == [3, 4]
    assert [(e.seat, e.hp) for e in of(events, "player_rescued")] == [(2, 0)]
    assert game.player(2).alive and game.player(2).pile("buqu") == [C("peach@H3")]
    assert conserved(game)


def test_buqu_no_duplicates_stops_the_requests_once_the_ranks_differ():
    game = _buqu_game(buqu_rescue_stop="no_duplicates")
    deck_top(game, "peach@H3", "kill@C3")
    _hit(game, "kill@S7")
    game.submit(2, Confirm(True))
    _hit(game, "duel@SA")
    game.submit(2, Confirm(True))
    game.submit(1, Respond(C("peach@H4")))
    events = game.submit(2, PickCard(C("peach@H3")))
    assert [(e.seat, e.hp) for e in of(events, "player_rescued")] == [(2, 0)]
    prompt_is(game, PromptKind.PLAY, 1)  # nobody else was asked


def test_buqu_dies_on_a_repeated_rank_nobody_saves_and_declining_is_ordinary_dying():
    game = _buqu_game()
    deck_top(game, "peach@H3", "kill@C3")
    _hit(game, "kill@S7")
    game.submit(2, Confirm(True))
    _hit(game, "duel@SA")
    game.submit(2, Confirm(True))
    events = []
    while game.pending() is not None and game.pending().reason == "dying":
        events += game.submit(game.pending().seat, Respond(None))
    assert [(e.seat, e.killer) for e in of(events, "player_died")] == [(2, 1)]
    assert {C("peach@H3"), C("kill@C3")} <= set(game.discard_pile)  # his cards go too
    game = _buqu_game()
    _hit(game, "kill@S7")
    events = game.submit(2, Confirm(False))
    assert [(e.seat, e.hp) for e in of(events, "player_dying")] == [(2, 0)]


def test_buqu_recovering_to_1_hp_discards_every_card_and_the_hand_limit_is_0():
    game = game_with("zhoutai", None, None, None)
    end_turn(game)
    set_hp(game, 1, 1)
    set_hand(game, 1, "peach@H4", "kill@S7")
    set_hand(game, 2, "duel@SA")
    deck_top(game, "peach@H3")
    game.submit(2, PlayCard(C("duel@SA"), (1,)))
    pass_all(game)
    game.submit(1, Respond(None))
    game.submit(1, Confirm(True))
    assert game.player(1).hp == 0 and game.hand_limit(game.player(1)) == 0
    _to_turn_of(game, 1)
    events = game.submit(1, PlayCard(C("peach@H4"), ()))
    assert [(e.to, e.cards, e.total) for e in of(events, "pile_changed")] == [
        ("discard", ("peach@H3",), 0)
    ]
    assert game.player(1).hp == 1 and "buqu" not in game.view()["seats"][0]["piles"]


def test_buqu_at_the_table_the_top_card_is_turned_and_scanned():
    """周泰 at 1 HP takes a Kill: OK for 不屈, then he turns the deck's top card and scans
    it; a scan of the Kill still on the table is refused (nothing changed); the card stays
    beside his general, shown in the view, and play goes on without dying."""
    t = Readers("huatuo", "zhoutai", "diaochan", "daqiao", settings={"general_packs": WIND_PACKS})
    t.game.player(2).hp = 1
    _table_kill(t, "zhoutai")
    prompt_is(t.game, PromptKind.CONFIRM, 2, reason="buqu")
    t.ok("ok", 2)
    prompt_is(t.game, PromptKind.REVEAL_CARD, 2, reason="buqu")
    refusal = {"card": "kill@S7", "zone": "table", "seat": None}
    _table_refused(t, "scan", 2, "kill@S7", {"reason": "card_elsewhere", **refusal})
    outcome = t.ok("scan", 2, "peach@H3")
    assert [e.cards for e in t.events(outcome, "pile_changed")] == [("peach@H3",)]
    assert not t.events(outcome, "player_dying")
    assert t.game.view()["seats"][1]["piles"]["buqu"]["items"] == ["peach@H3"]
    prompt_is(t.game, PromptKind.PLAY, 1)


# --------------------------------------------------------------------------- 小乔 天香 红颜
def test_tianxiang_moves_the_damage_and_the_new_victim_draws_what_he_lost():
    game = game_with(None, "xiaoqiao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@H2", "kill@C3")
    set_hp(game, 3, 3, 4)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    prompt = prompt_is(game, PromptKind.DISCARD, 2, reason="tianxiang")
    assert prompt.optional
    out = refused(game, 2, Discard((C("kill@C3"),)), Reason.WRONG_SUIT)
    assert out.data == {"card": "kill@C3", "suit": "heart"}
    game.submit(2, Discard((C("dodge@H2"),)))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="tianxiang")
    assert 2 not in prompt.options
    hand = len(game.player(3).hand)
    events = game.submit(2, ChooseTarget(3))
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(1, 3, 1)]
    assert [e.target for e in of(events, "damage_prevented")] == [2]
    assert game.player(2).hp == 3 and game.player(3).hp == 2
    assert len(game.player(3).hand) == hand + 2  # lost 2 of his 4 HP
    assert C("dodge@H2") in game.discard_pile and conserved(game)


@pytest.mark.parametrize(("setting", "passed_on"), [("as_transferred", 2), ("before_bonuses", 1)])
def test_tianxiang_amount_a_wine_kill_passes_on_with_or_without_its_bonus(setting, passed_on):
    """docs/wind-fire.md §5 `tianxiang_amount`: 小乔 moves a Wine Kill (2 damage) to seat 3,
    who takes the 2 by default, or the Kill's own 1 without the Wine's +1."""
    game = game_with(None, "xiaoqiao", None, None, maneuvering=True, tianxiang_amount=setting)
    set_hand(game, 1, "wine@S9", "kill@S7")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("wine@S9"), ()))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(2, Discard((C("peach@H3"),)))
    events = game.submit(2, ChooseTarget(3))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(3, passed_on)]
    assert game.player(2).hp == 3 and game.player(3).hp == game.player(3).max_hp - passed_on


def test_hongyan_her_spades_are_hearts_for_tianxiang_and_her_kill_is_red():
    game = game_with("xiaoqiao", None, None, None, ex_cards=True)
    set_hand(game, 1, "kill@S7", "kill@S8")
    equip(game, 2, "renwang_shield@C2")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no hand card: not asked for a Dodge
    assert game.player(2).hp == 3  # her ♠ Kill is red: Renwang Shield does not stop it
    end_turn(game)
    set_hand(game, 2, "kill@S9")
    game.submit(2, PlayCard(C("kill@S9"), (1,)))
    game.submit(1, Respond(None))
    prompt_is(game, PromptKind.DISCARD, 1, reason="tianxiang")
    game.submit(1, Discard((C("kill@S8"),)))  # a ♠ of hers counts as ♥
    events = game.submit(1, ChooseTarget(3))
    assert [e.target for e in of(events, "damage_dealt")] == [3]


def test_hongyan_lightning_never_strikes_her():
    game = game_with("xiaoqiao", None, None, None)
    place(game, 1, "lightning@SA")
    end_turn(game)
    end_turn(game)
    end_turn(game)
    deck_top(game, "kill@S8")  # ♠8 strikes anyone else
    events = end_turn(game)
    events += pass_all(game)
    settled = of(events, "judgment_settled")
    assert [(e.seat, e.card, e.success) for e in settled] == [(1, "kill@S8", False)]
    assert not of(events, "damage_dealt") and C("lightning@SA") in [
        c for c, _ in game.player(2).judgment
    ]


def test_hongyan_on_replacement_a_spade_put_in_her_judgment_by_guidao():
    for setting, escaped in ((True, True), (False, False)):
        game = game_with("xiaoqiao", "zhangjiao", None, None, hongyan_on_replacement=setting)
        place(game, 1, "indulgence@H6")
        end_turn(game)
        end_turn(game)
        end_turn(game)
        set_hand(game, 2, "kill@S8")
        deck_top(game, "peach@H3")  # the judgment: ♥, she would escape
        end_turn(game)
        pass_all(game)
        prompt_is(game, PromptKind.DISCARD, 2, reason="guidao")
        events = game.submit(2, Discard((C("kill@S8"),)))
        settled = of(events, "judgment_settled")
        assert [(e.card, e.success) for e in settled] == [("kill@S8", not escaped)], setting


def test_tianxiang_at_the_table_a_spade_is_scanned_then_the_new_victim():
    """小乔 takes a Kill: she scans a ♠ hand card (a ♥ by 红颜; a ♣ is refused with the suit,
    nothing changed), then 貂蝉's general: 貂蝉 takes the damage and draws 1."""
    t = Readers("huatuo", "xiaoqiao", "diaochan", "daqiao", settings={"general_packs": WIND_PACKS})
    _table_kill(t, "xiaoqiao")
    prompt_is(t.game, PromptKind.DISCARD, 2, reason="tianxiang")
    refusal = {"reason": "wrong_suit", "card": "kill@C3", "suit": "heart"}
    _table_refused(t, "scan", 2, "kill@C3", refusal)
    t.ok("scan", 2, "kill@S8")
    outcome = t.ok("scan", 2, "diaochan")
    assert [(e.target, e.amount) for e in t.events(outcome, "damage_dealt")] == [(3, 1)]
    assert [(e.seat, e.count) for e in t.events(outcome, "cards_drawn")] == [(3, 1)]
    assert t.game.player(2).hp == 3 and t.game.player(3).hp == 2


def test_hongyan_fire_attack_her_shown_spade_is_matched_by_a_heart():
    game = game_with(None, "xiaoqiao", None, None, maneuvering=True)
    set_hand(game, 1, "fire_attack@H2", "peach@H3", "kill@S9")
    set_hand(game, 2, "kill@S8")
    game.submit(1, PlayCard(C("fire_attack@H2"), (2,)))
    pass_all(game)
    game.submit(2, RevealCard(C("kill@S8")))
    prompt = prompt_is(game, PromptKind.DISCARD, 1, reason="fire_attack")
    refused(game, 1, Discard((C("kill@S9"),)), Reason.WRONG_SUIT)  # a ♠ of his is no ♥
    game.submit(1, Discard((C("peach@H3"),)))
    assert prompt.card == "kill@S8"
    prompt_is(game, PromptKind.DISCARD, 2, reason="tianxiang")  # the fire damage comes
    events = game.submit(2, Confirm(False))
    assert [(e.target, e.nature) for e in of(events, "damage_dealt")] == [(2, "fire")]
