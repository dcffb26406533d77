"""The 风 pack's skills (docs/wind-fire.md §3): a scenario each, through `submit` on real
games; bad input refused with its reason and the state unchanged."""

from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    PlayCard,
    Reason,
    Respond,
    Settings,
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
    pass_all,
    place,
    prompt_is,
    refused,
    set_hand,
    set_hp,
    table_game,
)

C = parse_card
WIND = Settings(general_packs=("standard", "wind"))


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
    events = game.submit(2, ChooseTarget(4))
    assert [(e.name, e.cards, e.skill) for e in of(events, "card_used")] == [("kill", (), "shensu")]
    events = game.submit(4, Respond(None))
    assert game.player(4).hp == 3
    skipped = [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    assert skipped[:2] == [("judgment", "skill"), ("draw", "shensu")]
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
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events += game.submit(2, Respond(None))
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


def test_wind_generals_at_the_table():
    """The built 风 generals are scanned at the table once the pack is named; 张角 waits for
    his lord skill 黄天 (refused with it named, `test_packs.py`)."""
    game = table_game("xiahouyuan", "caoren", "huangzhong", "weiyan", settings=WIND)
    assert [p.general for p in game.players] == ["xiahouyuan", "caoren", "huangzhong", "weiyan"]
