"""The 火 pack's skills (docs/wind-fire.md §3): a scenario each, through `submit` on real
games; bad input refused with its reason and the state unchanged."""

from engine.sanguosha import (
    ChooseTarget,
    Confirm,
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
FIRE = Settings(general_packs=("standard", "fire"))


# --------------------------------------------------------------------------- 典韦 强袭
def test_qiangxi_loses_hp_or_discards_a_weapon_to_deal_1_damage():
    game = game_with("dianwei", None, None, None)
    set_hand(game, 1, "qinggang_sword@S6", "kill@S7")
    events = game.submit(1, UseSkill("qiangxi", (), (2,)))
    assert [(e.seat, e.amount) for e in of(events, "hp_lost")] == [(1, 1)]
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(1, 2, 1)]
    assert game.player(1).hp == 3 and game.player(2).hp == 3 and conserved(game)
    refused(game, 1, UseSkill("qiangxi", (C("qinggang_sword@S6"),), (2,)), Reason.ONCE_PER_PHASE)


def test_qiangxi_refusals_and_the_weapon_cost():
    game = game_with("dianwei", None, None, None, None)
    set_hand(game, 1, "qinggang_sword@S6", "kill@S7")
    refused(game, 1, UseSkill("qiangxi", (C("kill@S7"),), (2,)), Reason.NOT_A_WEAPON)
    out = refused(game, 1, UseSkill("qiangxi", (), (3,)), Reason.OUT_OF_RANGE)
    assert out.data["distance"] == 2 and out.data["range"] == 1
    refused(game, 1, UseSkill("qiangxi", (), (1,)), Reason.CANNOT_TARGET_SELF)
    events = game.submit(1, UseSkill("qiangxi", (C("qinggang_sword@S6"),), (5,)))
    assert of(events, "cards_discarded")[0].cards == ("qinggang_sword@S6",)
    assert not of(events, "hp_lost") and game.player(5).hp == 3
    assert game.player(1).hp == game.player(1).max_hp


def test_qiangxi_range_without_the_discarded_equipped_weapon():
    """The equipped weapon discarded for 强袭 does not lend its range (docs/wind-fire.md §3.1)."""
    game = game_with("dianwei", None, None, None, None)
    equip(game, 1, "qinggang_sword@S6")  # range 2
    out = refused(
        game, 1, UseSkill("qiangxi", (C("qinggang_sword@S6"),), (3,)), Reason.OUT_OF_RANGE
    )
    assert out.data["range"] == 1
    game.submit(1, UseSkill("qiangxi", (), (3,)))  # keeping it: in range
    assert game.player(3).hp == 3


# --------------------------------------------------------------------------- 荀彧 驱虎 节命
def _quhu(game, mine, theirs):
    game.submit(1, UseSkill("quhu", (), (2,)))
    prompt_is(game, PromptKind.REVEAL_CARD, 1)
    game.submit(1, RevealCard(C(mine)))
    prompt_is(game, PromptKind.REVEAL_CARD, 2)
    return game.submit(2, RevealCard(C(theirs)))


def test_quhu_win_the_tiger_hits_a_player_in_its_range():
    game = game_with("xunyu", "xuchu", None, None)
    set_hand(game, 1, "dodge@HK")
    set_hand(game, 2, "dodge@D2")
    events = _quhu(game, "dodge@HK", "dodge@D2")
    assert [(e.won) for e in of(events, "points_compared")] == [True]
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 1, reason="quhu")
    assert set(prompt.options) == {1, 3}  # seat 4 is at distance 2 from the tiger
    events = game.submit(1, ChooseTarget(3))
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 3)]


def test_quhu_not_won_the_tiger_hits_xun_yu_and_refusals():
    game = game_with("xunyu", "xuchu", None, None)
    set_hand(game, 1, "kill@S10", "dodge@D3")
    set_hand(game, 2, "dodge@D10")
    set_hp(game, 3, 3)
    refused(game, 1, UseSkill("quhu", (), (3,)), Reason.HP_NOT_HIGHER)
    set_hand(game, 3)
    set_hp(game, 3, 4)
    refused(game, 1, UseSkill("quhu", (), (3,)), Reason.NO_HAND_CARDS)
    events = _quhu(game, "kill@S10", "dodge@D10")  # a tie is not a win
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 1)]
    # 节命 answers the damage: any player fills the hand to max HP (at most 5)
    prompt_is(game, PromptKind.CHOOSE_TARGET, 1, reason="jieming")
    events = game.submit(1, ChooseTarget(1))
    assert game.player(1).hp == 2 and len(game.player(1).hand) == 3
    assert of(events, "cards_drawn")


def test_jieming_per_point_and_declined():
    """Two points (a Kill after Wine): 节命 asks twice; the second is declined."""
    game = game_with(None, "xunyu", None, None, maneuvering=True)
    set_hand(game, 1, "wine@S9", "kill@S7")
    set_hand(game, 2)
    set_hand(game, 3, "kill@S9")
    set_hp(game, 3, 4, 7)
    game.submit(1, PlayCard(C("wine@S9"), ()))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no hand card: no Dodge asked
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="jieming")
    assert set(prompt.options) == {1, 2, 3, 4}
    events = game.submit(2, ChooseTarget(3))
    assert len(game.player(3).hand) == 5  # max HP 7, at most 5
    assert [(e.seat, e.skill, e.targets) for e in of(events, "skill_invoked")] == [
        (2, "jieming", (3,))
    ]
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="jieming")
    game.submit(2, Confirm(False))
    assert len(game.player(2).hand) == 0 and game.player(2).hp == 1
    prompt_is(game, PromptKind.PLAY, 1)


# --------------------------------------------------------------------------- 庞统 连环 涅槃
def test_lianhuan_uses_a_club_hand_card_as_iron_chain():
    game = game_with("pangtong", None, None, None, settings=None, maneuvering=True)
    set_hand(game, 1, "kill@C5", "kill@S9")
    equip(game, 1, "jueying@S5")
    refused(game, 1, UseSkill("lianhuan", (C("kill@S9"),), (2,)), Reason.NOT_CONVERTIBLE)
    events = game.submit(1, UseSkill("lianhuan", (C("kill@C5"),), (2, 3)))
    pass_all(game)
    assert game.player(2).chained and game.player(3).chained
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("iron_chain", "lianhuan")]


def test_niepan_when_the_request_reaches_him():
    game = game_with(None, "pangtong", None, None, maneuvering=True)
    set_hand(game, 2, "kill@S9", "dodge@D2")
    equip(game, 2, "eight_diagrams@C2")
    place(game, 2, "indulgence@H6")
    game.player(2).chained = True
    game.flip(game.player(2), "test")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    game.changed_outside()
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)
    game.submit(2, Respond(None))
    # dying: seat 1, with no hand card, is not asked; 庞统's prompt offers 涅槃
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert "niepan" in prompt.options
    events = game.submit(2, UseSkill("niepan"))
    p = game.player(2)
    assert p.alive and p.hp == 3 and len(p.hand) == 3 and p.face_up and not p.chained
    assert p.equipment_cards() == [] and p.judgment == [] and p.spent == ["niepan"]
    assert set(of(events, "cards_discarded")[0].cards) == {
        "kill@S9",
        "dodge@D2",
        "eight_diagrams@C2",
        "indulgence@H6",
    }
    assert game.view()["seats"][1]["spent"] == ["niepan"]
    assert conserved(game)


def test_niepan_once_per_game():
    game = game_with(None, "pangtong", None, None)
    game.player(2).spent.append("niepan")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "kill@C9")  # a card, so that he is asked for a Peach at all
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)
    game.submit(2, Respond(None))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)  # seat 1, with no card, is not asked
    assert "niepan" not in prompt.options
    refused(game, 2, UseSkill("niepan"), Reason.SKILL_SPENT)


# --------------------------------------------------------------------------- 卧龙 八阵 火计 看破
def test_bazhen_judges_for_a_dodge_only_without_armour():
    game = game_with(None, "wolong", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 2)
    deck_top(game, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert prompt.options == ("bazhen",)
    events = game.submit(2, UseSkill("bazhen"))
    assert [(e.reason, e.success) for e in of(events, "judgment_settled")] == [("bazhen", True)]
    assert game.player(2).hp == 3


def test_bazhen_off_with_armour_and_against_qinggang():
    game = game_with(None, "wolong", None, None)
    set_hand(game, 1, "kill@S7")
    equip(game, 1, "qinggang_sword@S6")
    set_hand(game, 2, "peach@H3")  # a card, so that he is asked at all
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert "bazhen" not in prompt.options
    game2 = game_with(None, "wolong", None, None)
    set_hand(game2, 1, "kill@S7")
    equip(game2, 2, "eight_diagrams@S2")  # a real armour: its own judgment, not 八阵's
    game2.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game2, PromptKind.RESPOND, 2).options == ("eight_diagrams",)


def test_huoji_needs_the_maneuvering_cards_by_default():
    game = game_with("wolong", None, None, None)
    set_hand(game, 1, "peach@H3", "kill@S7")
    refused(game, 1, UseSkill("huoji", (C("peach@H3"),), (2,)), Reason.NOT_CONVERTIBLE)
    on = game_with("wolong", None, None, None, huoji_without_maneuvering=True)
    set_hand(on, 1, "peach@H3", "kill@S7")
    events = on.submit(1, UseSkill("huoji", (C("peach@H3"),), (2,)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("fire_attack", "huoji")]


def test_kanpo_black_hand_card_as_nullification():
    game = game_with(None, "wolong", None, None)
    set_hand(game, 1, "dismantle@S3")
    set_hand(game, 2, "kill@C5", "peach@H3")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    prompt = prompt_is(game, PromptKind.NULLIFY)
    assert 2 in prompt.seats
    refused(game, 2, UseSkill("kanpo", (C("peach@H3"),)), Reason.NOT_CONVERTIBLE)
    events = game.submit(2, UseSkill("kanpo", (C("kill@C5"),)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("nullification", "kanpo")]


# --------------------------------------------------------------------------- 太史慈 天义
def _tianyi(game, mine, theirs):
    game.submit(1, UseSkill("tianyi", (), (3,)))
    game.submit(1, RevealCard(C(mine)))
    return game.submit(3, RevealCard(C(theirs)))


def test_tianyi_win_two_kills_no_distance_two_targets():
    game = game_with("taishici", None, None, None, None)
    set_hand(game, 1, "dodge@HK", "kill@S7", "kill@S8")
    set_hand(game, 4)
    set_hand(game, 3, "dodge@D2")
    events = _tianyi(game, "dodge@HK", "dodge@D2")
    assert of(events, "points_compared")[0].won
    game.submit(1, PlayCard(C("kill@S7"), (3, 4)))  # seat 3 is at distance 2; two targets
    while game.pending().kind is not PromptKind.PLAY:
        game.submit(game.pending().seat, Respond(None))
    game.submit(1, PlayCard(C("kill@S8"), (3,)))  # the second Kill
    while game.pending().kind is not PromptKind.PLAY:
        game.submit(game.pending().seat, Respond(None))
    assert game.player(3).hp == 2 and game.player(4).hp == 3


def test_tianyi_lose_no_kill_this_turn_and_refusals():
    game = game_with("taishici", None, None, None)
    set_hand(game, 1, "kill@C2", "kill@S7")
    set_hand(game, 3, "dodge@D9")
    set_hand(game, 2)
    refused(game, 1, UseSkill("tianyi", (), (2,)), Reason.NO_HAND_CARDS)
    _tianyi(game, "kill@C2", "dodge@D9")
    out = refused(game, 1, PlayCard(C("kill@S7"), (2,)), Reason.KILL_LIMIT)
    assert out.data == {"used": 0, "limit": 0}
    refused(game, 1, UseSkill("tianyi", (), (3,)), Reason.ONCE_PER_PHASE)


# --------------------------------------------------------------------------- 庞德 猛进
def test_mengjin_discards_a_card_of_the_dodging_target():
    game = game_with("pangde", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    equip(game, 2, "chitu@H5")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt_is(game, PromptKind.CONFIRM, 1, reason="mengjin")
    game.submit(1, Confirm(True))
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 1, reason="mengjin")
    assert "chitu@H5" in prompt.options
    events = game.submit(1, PickCard(C("chitu@H5")))
    assert of(events, "cards_discarded")[0].cards == ("chitu@H5",)
    assert game.player(2).equipment_cards() == [] and game.player(2).hp == 4


# --------------------------------------------------------------------------- 颜良文丑 双雄
def test_shuangxiong_judges_instead_of_drawing_then_duels_of_the_other_colour():
    game = game_with(None, "yanliangwenchou", None, None)
    set_hand(game, 2, "kill@S9", "peach@H3")
    deck_top(game, "dodge@D2")
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, reason="shuangxiong")
    events = game.submit(2, Confirm(True))
    assert [(e.reason, e.card) for e in of(events, "judgment_revealed")] == [
        ("shuangxiong", "dodge@D2")
    ]
    assert C("dodge@D2") in game.player(2).hand and len(game.player(2).hand) == 3
    refused(game, 2, UseSkill("shuangxiong", (C("peach@H3"),), (1,)), Reason.NOT_CONVERTIBLE)
    events = game.submit(2, UseSkill("shuangxiong", (C("kill@S9"),), (1,)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("duel", "shuangxiong")]


# --------------------------------------------------------------------------- 袁绍 乱击 血裔
def test_luanji_two_hand_cards_of_one_suit_as_arrow_barrage():
    game = game_with("yuanshao", None, None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "peach@H3")
    refused(game, 1, UseSkill("luanji", (C("kill@S7"), C("peach@H3"))), Reason.NOT_CONVERTIBLE)
    events = game.submit(1, UseSkill("luanji", (C("kill@S7"), C("kill@S8"))))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("arrow_barrage", "luanji")]


def test_xueyi_raises_the_lords_hand_limit_by_2_per_other_qun():
    game = game_with("yuanshao", "lvbu", "diaochan", "caocao")
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 4
    game.player(3).alive = False
    game.reseat()
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 2
    other = game_with("caocao", "yuanshao", "lvbu", None)  # not the lord: no 血裔
    assert "xueyi" not in [s.id for s in other.player(2).skills]
    assert other.hand_limit(other.player(2)) == other.player(2).hp


def test_a_fire_general_at_the_table():
    """At the table the 火 generals are scanned like any other, once the pack is named."""
    game = table_game("yuanshao", "dianwei", "xunyu", "wolong", "taishici", settings=FIRE)
    assert [p.general for p in game.players] == [
        "yuanshao",
        "dianwei",
        "xunyu",
        "wolong",
        "taishici",
    ]
    assert game.player(1).max_hp == 5 and "xueyi" in [s.id for s in game.player(1).skills]
