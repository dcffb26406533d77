"""The interaction rows of docs/forest-mountain.md §5 (林 and 山 skills with the standard,
风火 and 军争 cards and skills) not already played elsewhere: a scenario per row through
`submit` on real games; refusals with their reason and data, state and view unchanged."""

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
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.skills.huashen import PILE as HUASHEN

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
)
from .test_mountain_pack import _fields, _jixi_game

C = parse_card
PACKS = ("standard", "wind", "fire", "forest", "mountain")


def _game(*generals: str | None):
    """A game with every pack's generals and the 军争 cards; seat i+1 plays `generals[i]`."""
    return game_with(*generals, maneuvering=True, general_packs=PACKS)


def _answer_all(game, stop) -> list:
    """Every prompt before `stop(prompt)` holds is passed (NO, no card, Pass); the events."""
    events: list = []
    while (p := game.pending()) is not None and not stop(p):
        if p.kind is PromptKind.NULLIFY:
            events += game.submit(p.seats[0], Pass())
        elif p.kind is PromptKind.RESPOND:
            events += game.submit(p.seat, Respond(None))
        else:
            events += game.submit(p.seat, Confirm(False))
    return events


def _barbarian(game, user: int = 1, *kept: str) -> list:
    """`user` (in his play phase, holding `kept` besides) uses Barbarian Invasion; nobody
    Nullifies."""
    set_hand(game, user, "barbarian_invasion@S7", *kept)
    events = game.submit(user, PlayCard(C("barbarian_invasion@S7")))
    return events + pass_all(game)


# =========================================================================== 林
def test_songwei_one_draw_per_black_luoshen_card_each_at_zhenjis_choice():
    """The lord 曹丕 and 甄姬's 洛神: each black judgment asks her whether 曹丕 draws 1 (OK,
    then NO); the red one that ends 洛神 asks nothing."""
    game = _game("caopi", "zhenji", None, None)
    set_hand(game, 1)
    set_hand(game, 2)
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "luoshen")
    deck_top(game, "kill@S7", "dodge@D2", "kill@C8", "peach@H3")
    game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, "songwei")
    assert prompt.target == 1
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(1, 1)]
    assert game.player(1).hand == [C("dodge@D2")]
    prompt_is(game, PromptKind.CONFIRM, 2, "luoshen")
    game.submit(2, Confirm(True))  # ♣8: black again
    prompt_is(game, PromptKind.CONFIRM, 2, "songwei")
    game.submit(2, Confirm(False))  # her choice: no draw this time
    prompt_is(game, PromptKind.CONFIRM, 2, "luoshen")
    events = game.submit(2, Confirm(True))  # ♥3: red, 洛神 ends, no 颂威
    assert [e.card for e in of(events, "judgment_settled")] == ["peach@H3"]
    assert game.pending().reason != "songwei"
    assert game.player(1).hand == [C("dodge@D2")]
    assert {C("kill@S7"), C("kill@C8")} <= set(game.player(2).hand)


def test_huoshou_vine_voids_the_barbarian_no_damage_and_no_source():
    """Seat 3 wears Vine: the Barbarian Invasion has no effect on him (not asked), so no
    damage and nothing of 孟获's; seat 4 is hit with 孟获 the source."""
    game = _game(None, "menghuo", None, None)
    equip(game, 3, "vine@S2")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = _barbarian(game)
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [
        (2, "huoshou"),
        (3, "vine"),
    ]
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 4)]
    assert game.player(3).hp == game.player(3).max_hp and conserved(game)


def test_huoshou_fankui_answers_menghuo_not_the_user():
    """司马懿 hit by seat 1's Barbarian Invasion: 反馈 takes a card from 孟获, the source."""
    game = _game(None, "menghuo", "simayi", None)
    set_hand(game, 2, "peach@H3")
    set_hand(game, 3)
    set_hand(game, 4)
    _barbarian(game, 1, "dodge@D9")  # the user holds a card too
    prompt = prompt_is(game, PromptKind.CONFIRM, 3, "fankui")
    assert prompt.source == 2
    game.submit(3, Confirm(True))
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 3, "fankui")
    assert prompt.target == 2
    events = game.submit(3, PickCard(None))
    assert [(e.seat, e.source) for e in of(events, "card_taken")] == [(3, 2)]
    assert C("peach@H3") in game.player(3).hand and C("dodge@D9") in game.player(1).hand


def test_huoshou_duanchang_the_killer_is_menghuo_who_loses_every_skill():
    """蔡文姬 dies of seat 1's Barbarian Invasion: her killer is 孟获 (祸首), who loses 祸首 and
    再起 (断肠); the user keeps everything."""
    game = _game(None, "menghuo", "caiwenji", None)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    set_hp(game, 3, 1)
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = _barbarian(game)
    events += _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    assert [(e.seat, e.killer) for e in of(events, "player_died")] == [(3, 2)]
    assert [(e.seat, e.lost, e.reason) for e in of(events, "skills_changed")] == [
        (2, ("huoshou", "zaiqi"), "duanchang")
    ]
    assert skill_ids(game, 2) == []


def test_huoshou_a_lord_menghuo_whose_barbarian_damage_kills_a_loyalist_discards_all():
    """Seat 2's Barbarian Invasion kills a loyalist: 孟获, the lord, is the killer and pays
    the penalty (hand and equipment); the user discards nothing."""
    game = _game("menghuo", None, None, None)
    set_identities(game, "lord", "rebel", "loyalist", "spy")
    end_turn(game)
    prompt_is(game, PromptKind.PLAY, 2)
    set_hp(game, 3, 1)
    set_hand(game, 1, "kill@S8", "dodge@D2")
    equip(game, 1, "chitu@H5")
    for seat in (3, 4):
        set_hand(game, seat)
    events = _barbarian(game, 2, "peach@H4")
    events += _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    assert [(e.seat, e.killer) for e in of(events, "player_died")] == [(3, 1)]
    assert of(events, "penalty_applied")
    lord = game.player(1)
    assert not lord.hand and not lord.equipment_cards()
    assert game.player(2).hand == [C("peach@H4")] and conserved(game)


def test_dimeng_the_swap_is_one_loss_for_dengai_who_judges_once():
    """鲁肃 swaps 邓艾's hand (not his turn): one move of cards lost, one 屯田 judgment."""
    game = _game("lusu", "dengai", None, None)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7", "dodge@D2")
    set_hand(game, 3, "peach@H3", "kill@C7")
    game.submit(1, UseSkill("dimeng", (), (2, 3)))
    prompt_is(game, PromptKind.CONFIRM, 2, "tuntian")
    deck_top(game, "kill@S9")
    events = game.submit(2, Confirm(True))
    assert len(of(events, "judgment_revealed")) == 1
    assert game.player(2).pile("tuntian") == [C("kill@S9")]
    assert game.pending().reason != "tuntian"
    assert sorted(str(c) for c in game.player(2).hand) == ["kill@C7", "peach@H3"]


def test_jiuchi_wine_adds_1_to_the_kill_and_its_spade_card_is_discarded():
    game = _game("dongzhuo", None, None, None)
    set_hand(game, 1, "kill@S8", "kill@C7")
    set_hand(game, 2)
    events = game.submit(1, UseSkill("jiuchi", (C("kill@S8"),)))
    assert [(e.name, e.cards) for e in of(events, "card_used")] == [("wine", ("kill@S8",))]
    assert C("kill@S8") in game.discard_pile
    events = game.submit(1, PlayCard(C("kill@C7"), (2,)))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 2)]


def test_roulin_each_of_the_two_dodges_may_be_an_eight_diagrams_judgment():
    """董卓 Kills 祝融, who wears Eight Diagrams: two red judgments are the two Dodges."""
    game = _game("dongzhuo", "zhurong", None, None)
    set_hand(game, 1, "kill@C7")
    set_hand(game, 2, "kill@S8")
    equip(game, 2, "eight_diagrams@S2")
    deck_top(game, "peach@H3", "dodge@D2")
    game.submit(1, PlayCard(C("kill@C7"), (2,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert prompt.needed == 2 and "eight_diagrams" in prompt.options
    game.submit(2, UseSkill("eight_diagrams"))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert "eight_diagrams" in prompt.options
    events = game.submit(2, UseSkill("eight_diagrams"))
    assert [e.success for e in of(events, "judgment_settled")] == [True]
    assert game.player(2).hp == 4 and not of(events, "damage_dealt")
    prompt_is(game, PromptKind.PLAY, 1)


def test_benghuai_the_hp_loss_is_no_damage_silver_lion_does_nothing():
    game = _game("dongzhuo", None, None, None)
    equip(game, 1, "silver_lion@CA")
    set_hand(game, 1)
    game.submit(1, EndPlay())
    prompt_is(game, PromptKind.CHOOSE_OPTION, 1, "benghuai")
    events = game.submit(1, ChooseOption("lose_hp"))
    assert [(e.seat, e.amount) for e in of(events, "hp_lost")] == [(1, 1)]
    assert not of(events, "damage_dealt") and game.player(1).hp == 7


def test_baonue_a_wine_kill_of_2_damage_is_one_judgment():
    """呂布's Wine Kill deals 2 in one damage event: the lord 董卓 gets one 暴虐 judgment."""
    game = _game("dongzhuo", "lvbu", None, None)
    set_hp(game, 1, 3, 9)  # the lowest: no 崩坏
    set_hand(game, 1)
    end_turn(game)
    _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    set_hand(game, 2, "wine@S9", "kill@C7")
    set_hand(game, 3)
    game.submit(2, PlayCard(C("wine@S9"), ()))
    deck_top(game, "kill@S8")
    events = game.submit(2, PlayCard(C("kill@C7"), (3,)))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(3, 2)]
    prompt_is(game, PromptKind.CONFIRM, 2, "baonue")
    events = game.submit(2, Confirm(True))
    assert [(e.reason, e.success) for e in of(events, "judgment_settled")] == [("baonue", True)]
    assert game.player(1).hp == 4 and game.pending().reason != "baonue"


def _wansha(dying: str | None, huatuo: int):
    """贾诩 (seat 1) Kills seat 2 (`dying`, at 1 HP, no hand card) in his turn; 华佗 sits at
    `huatuo` with a red card."""
    generals: list[str | None] = ["jiaxu", dying, None, None]
    generals[huatuo - 1] = "huatuo"
    game = _game(*generals)
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    set_hand(game, 3)
    set_hand(game, 4)
    set_hand(game, huatuo, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    return game


def test_wansha_huatuo_may_not_jijiu_another_but_may_save_himself():
    """In 贾诩's turn 华佗 (seat 3) is not asked for the dying seat 2; dying himself, he
    uses 急救 on himself."""
    game = _wansha(None, 3)
    asked = []
    while (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
        asked.append(p.seat)
        game.submit(p.seat, Respond(None))
    assert 3 not in asked and not game.player(2).alive
    own = _wansha("huatuo", 2)
    _answer_all(own, lambda p: p.reason == "dying" and p.seat == 2)
    events = own.submit(2, UseSkill("jijiu", (C("dodge@D2"),)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("peach", "jijiu")]
    assert own.player(2).alive and own.player(2).hp == 1


def test_wansha_the_dying_player_saves_himself_with_wine():
    game = _game("jiaxu", None, None, None)
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "wine@S9")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    prompt = prompt_is(game, PromptKind.RESPOND, 2)
    assert prompt.need == "peach|wine"
    events = game.submit(2, Respond(C("wine@S9")))
    assert of(events, "player_rescued") and game.player(2).hp == 1


def test_luanwu_kongcheng_the_only_nearest_player_no_target_so_lose_1_hp():
    """Seat 2's only nearest player is an empty-handed 诸葛亮 (贾诩 rides a +1 horse): no
    legal target, so seat 2 loses 1 HP though he holds a Kill."""
    game = _game("jiaxu", None, "zhugeliang", None)
    equip(game, 1, "jueying@S5")
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)
    set_hand(game, 4)
    events = game.submit(1, UseSkill("luanwu"))  # nobody is asked for a Kill
    assert [e.seat for e in of(events, "hp_lost")] == [2, 3, 4]  # 3 and 4 hold no Kill
    prompt_is(game, PromptKind.PLAY, 1)
    assert C("kill@S7") in game.player(2).hand and not of(events, "card_used")


def _guhuo_barbarian():
    """于吉 (seat 1) lays ♠7 Kill face down as Barbarian Invasion; 祝融 (seat 2) is asked
    first whether she questions it."""
    game = _game("yuji", "zhurong", None, None)
    for seat in (2, 3, 4):
        set_hand(game, seat)
    set_hand(game, 1, "kill@S7")
    game.submit(1, UseSkill("guhuo", (C("kill@S7"),)))
    game.submit(1, ChooseOption("barbarian_invasion"))
    prompt_is(game, PromptKind.CONFIRM, 2, reason="guhuo")
    return game


def test_juxiang_a_believed_guhuo_barbarian_gives_her_the_face_down_card():
    """于吉 lays ♠7 Kill face down as Barbarian Invasion; nobody questions it: it resolves,
    祝融 is passed over (巨象) and, as it finishes, takes the card that was laid down."""
    game = _guhuo_barbarian()
    events: list = []
    while (p := game.pending()).reason == "guhuo":
        events += game.submit(p.seat, Confirm(True))  # OK: believed
    assert [e.resolves for e in of(events, "declaration_revealed")] == [True]
    events += pass_all(game)
    events += _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "juxiang")]
    assert [e.target for e in of(events, "damage_dealt")] == [3, 4]
    assert game.player(2).hand == [C("kill@S7")] and C("kill@S7") not in game.discard_pile
    assert conserved(game)


def test_juxiang_a_questioned_false_guhuo_barbarian_gives_her_nothing():
    """祝融 questions the face-down ♠7 Kill: it is false, so no Barbarian Invasion is used
    and the card is discarded, not hers (she only draws 1, a right questioner's card)."""
    game = _guhuo_barbarian()
    deck_top(game, "dodge@D2")
    events = game.submit(2, Confirm(False))  # 祝融 questions it
    while (p := game.pending()).reason == "guhuo":
        events += game.submit(p.seat, Confirm(True))
    assert [e.resolves for e in of(events, "declaration_revealed")] == [False]
    assert not of(events, "card_used") and not of(events, "damage_dealt")
    assert C("kill@S7") in game.discard_pile and game.player(2).hand == [C("dodge@D2")]
    prompt_is(game, PromptKind.PLAY, 1)


# =========================================================================== 山
def test_qiaobian_skipping_the_judgment_phase_leaves_all_three_delayed_tricks_unjudged():
    game = _game(None, "zhanghe", None, None)
    for card in ("indulgence@H6", "supply_shortage@C4", "lightning@SA"):
        place(game, 2, card)
    set_hand(game, 2, "kill@S7", "dodge@D2")
    end_turn(game)
    prompt_is(game, PromptKind.DISCARD, 2, reason="qiaobian")
    events = game.submit(2, Discard((C("kill@S7"),)))
    assert ("judgment", "qiaobian") in [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    assert not of(events, "judgment_revealed")
    names = sorted(name for _, name in game.player(2).judgment)
    assert names == ["indulgence", "lightning", "supply_shortage"]


def _qiaobian_moves(card: str):
    """张郃 (seat 2) skips his play phase and picks `card` from seat 3's judgment area;
    贾诩 sits at seat 5. The game at the question where it goes."""
    game = _game(None, "zhanghe", "xuhuang", "caocao", "jiaxu")
    set_hand(game, 2, "kill@S7", "dodge@D2", "dodge@D3")
    place(game, 3, card)
    end_turn(game)
    for _ in range(2):  # not the judgment nor the draw phase
        game.submit(2, Confirm(False))
    game.submit(2, Discard((C("kill@S7"),)))
    game.submit(2, ChooseTarget(3))
    game.submit(2, PickCard(C(card)))
    return game


def test_qiaobian_a_black_trick_cannot_move_to_jiaxu_a_red_one_can():
    """Skipped play: an Indulgence ♠ moved to 贾诩 is refused (帷幕), nothing changed; an
    Indulgence ♥ goes to him."""
    game = _qiaobian_moves("indulgence@S6")
    assert 5 not in prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="qiaobian").options
    out = refused(game, 2, ChooseTarget(5), Reason.TARGET_PROHIBITED)
    assert out.data == {"card": "indulgence", "target": 5, "skill": "weimu"}
    red = _qiaobian_moves("indulgence@H6")
    red.submit(2, ChooseTarget(5))
    assert [n for _, n in red.player(5).judgment] == ["indulgence"]


def test_tuntian_a_field_shortens_snatch_kill_and_supply_shortage():
    """Five seats: seat 3 is at distance 2 from 邓艾; one field makes it 1, in reach of a
    Snatch, a Kill and a Supply Shortage. Without it the Snatch is too far."""
    game = _game("dengai", None, None, None, None)
    set_hand(game, 1, "snatch@D3", "kill@S7", "supply_shortage@S10")
    set_hand(game, 3, "peach@H3", "dodge@D2")
    out = refused(game, 1, PlayCard(C("snatch@D3"), (3,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (2, 1)
    out = refused(game, 1, PlayCard(C("supply_shortage@S10"), (3,)), Reason.TOO_FAR)
    assert (out.data["distance"], out.data["max_distance"]) == (2, 1)
    out = refused(game, 1, PlayCard(C("kill@S7"), (3,)), Reason.OUT_OF_RANGE)
    _fields(game, 1, "kill@C9")
    assert game.distance(game.player(1), game.player(3)) == 1
    game.submit(1, PlayCard(C("supply_shortage@S10"), (3,)))
    pass_all(game)
    assert [n for _, n in game.player(3).judgment] == ["supply_shortage"]
    game.submit(1, PlayCard(C("snatch@D3"), (3,)))
    pass_all(game)
    game.submit(1, PickCard(None))
    events = game.submit(1, PlayCard(C("kill@S7"), (3,)))
    assert [e.targets for e in of(events, "card_used")] == [(3,)]


def test_tiaoxin_the_kill_with_qinggang_ignores_jiangweis_armour():
    """The provoked player's Kill from a Qinggang Sword: 姜维's Eight Diagrams is not offered."""
    game = _game("jiangwei", None, None, None)
    equip(game, 1, "eight_diagrams@S2")
    set_hand(game, 1, "peach@H3")
    equip(game, 2, "qinggang_sword@S6")
    set_hand(game, 2, "kill@C7")
    game.submit(1, UseSkill("tiaoxin", (), (2,)))
    game.submit(2, Respond(C("kill@C7")))
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert prompt.need == "dodge" and "eight_diagrams" not in prompt.options
    events = game.submit(1, Respond(None))
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 1)]


def test_xiangle_declined_after_a_wine_no_effect_on_liushan_and_the_wine_is_spent():
    game = _game(None, "liushan", None, None)
    set_hand(game, 1, "wine@S9", "kill@S7", "peach@H3")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S9"), ()))
    assert game.player(1).wine == 1
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.DISCARD, 1, reason="xiangle")
    events = game.submit(1, Confirm(False))
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "xiangle")]
    assert game.player(2).hp == 3 and not of(events, "damage_dealt")
    assert game.player(1).wine == 0 and C("wine@S9") in game.discard_pile


def test_fangquan_a_face_down_recipient_spends_the_extra_turn_turning_face_up():
    game = _game(None, "liushan", None, None)
    game.player(4).face_up = False
    end_turn(game)
    game.submit(2, Confirm(True))  # 放权: no play phase
    while game.pending().kind is PromptKind.DISCARD and game.pending().reason == "discard_phase":
        game.submit(2, game.legal_actions(2)[0])
    game.submit(2, Discard((game.player(2).hand[0],)))
    events = game.submit(2, ChooseTarget(4))
    assert [(e.seat, e.reason) for e in of(events, "extra_turn_granted")] == [(4, "fangquan")]
    assert [(e.seat, e.face_up) for e in of(events, "general_flipped")] == [(4, True)]
    assert not [e for e in of(events, "phase_started") if e.seat == 4]
    assert game.current.seat == 3 and game.player(4).face_up


def test_ruoyu_the_gained_jijiang_works_for_the_lord_liushan():
    """After 若愚, the lord 刘禅 uses 激将: a Shu player's Kill is his."""
    game = _game("liushan", "guanyu", None, None)
    for _ in range(4):
        end_turn(game)
        _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    prompt_is(game, PromptKind.PLAY, 1)
    assert "ruoyu" in game.player(1).spent
    set_hand(game, 2, "kill@S8")
    set_hand(game, 3)
    game.submit(1, UseSkill("jijiang", (), (4,)))
    prompt_is(game, PromptKind.RESPOND, 2, "jijiang")
    set_hand(game, 4)
    events = game.submit(2, Respond(C("kill@S8")))
    assert [(e.seat, e.name, e.skill) for e in of(events, "card_used")] == [(1, "kill", "jijiang")]


def test_jiang_a_fire_kill_draws_a_thunder_kill_does_not():
    game = _game("sunce", None, None, None)
    set_hand(game, 1, "fire_kill@H4", "thunder_kill@S5")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, reason="jiang")
    events = game.submit(1, Confirm(True))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")][:1] == [(1, 1)]
    thunder = _game("sunce", None, None, None)
    set_hand(thunder, 1, "thunder_kill@S5")
    set_hand(thunder, 2)
    events = thunder.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))
    assert thunder.pending().reason != "jiang" and not of(events, "cards_drawn")


def test_jiang_he_draws_when_another_players_fire_kill_targets_him_not_a_thunder_kill():
    """激昂 as a target: another player's Fire Kill (red) on 孙策 offers the draw; a Thunder
    Kill (black) does not."""
    for kill, offered in (("fire_kill@H4", True), ("thunder_kill@S5", False)):
        game = _game(None, "sunce", None, None)
        set_hand(game, 1, kill)
        set_hand(game, 2)
        game.submit(1, PlayCard(C(kill), (2,)))
        asked = game.pending()
        assert (asked.kind is PromptKind.CONFIRM and asked.reason == "jiang") is offered, kill
        if offered:
            assert asked.seat == 2
            events = game.submit(2, Confirm(True))
            assert [(e.seat, e.count) for e in of(events, "cards_drawn")][:1] == [(2, 1)]


def test_jixi_a_red_field_as_snatch_reaches_jiaxu():
    """帷幕 reads the field's colour: a red field is a red Snatch, which may target 贾诩."""
    game = _jixi_game("jiaxu")
    _fields(game, 1, "peach@H9")
    set_hand(game, 2, "dodge@D3")
    events = game.submit(1, UseSkill("jixi", (C("peach@H9"),), (2,)))
    used = of(events, "card_used")
    assert [(e.name, e.cards, e.targets, e.skill) for e in used] == [
        ("snatch", ("peach@H9",), (2,), "jixi")
    ]
    assert game.player(1).pile("tuntian") == [] and conserved(game)


def _zuoci_shows(*cards: str, show: str | None, lord: str | None = None, third: str | None = None):
    """左慈 (seat 2, `lord` and `third` beside him) holds the 化身 cards `cards`; at the start
    of his turn he shows `show` (None: declines) and names its first skill; then his play."""
    game = _game(lord, "zuoci", third, None)
    game.add_to_pile(game.player(2), HUASHEN, cards, False, HUASHEN)
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, reason=HUASHEN)
    if show is None:
        game.submit(2, Confirm(False))
    else:
        game.submit(2, Confirm(True))
        game.submit(2, ChooseOption(show))
        if (p := game.pending()).reason == "huashen_skill":
            game.submit(2, ChooseOption(p.options[0]))
    _answer_all(game, lambda p: p.kind is PromptKind.PLAY)
    prompt_is(game, PromptKind.PLAY, 2)
    return game


def test_zhiba_a_qun_zuoci_is_refused_a_wu_huashen_makes_him_wu():
    game = _zuoci_shows("daqiao", "lvbu", show=None, lord="sunce")
    set_hand(game, 2, "kill@S7")
    out = refused(game, 2, UseSkill("zhiba"), Reason.WRONG_KINGDOM)
    assert out.data == {"skill": "zhiba", "seat": 2, "kingdom": "qun", "needed": "wu"}
    wu = _zuoci_shows("daqiao", "lvbu", show="daqiao", lord="sunce")
    assert wu.player(2).kingdom == "wu"
    set_hand(wu, 1, "dodge@HK")
    set_hand(wu, 2, "kill@S7")
    wu.submit(2, UseSkill("zhiba", (), (1,)))
    prompt_is(wu, PromptKind.REVEAL_CARD)


def test_huashen_a_female_zuoci_meets_roulin_and_the_twin_swords():
    """左慈 shows 大乔 (a woman): his Kill with the Twin Swords on 董卓 offers the Swords
    (opposite genders) and needs two Dodges (肉林)."""
    game = _zuoci_shows("daqiao", show="daqiao", third="dongzhuo")
    assert game.player(2).gender == "female"
    equip(game, 2, "twin_swords@S2")
    set_hand(game, 2, "kill@C7")
    set_hand(game, 3, "dodge@D2", "dodge@D3")
    game.submit(2, PlayCard(C("kill@C7"), (3,)))
    prompt_is(game, PromptKind.CONFIRM, 2, reason="twin_swords")
    game.submit(2, Confirm(False))
    prompt = prompt_is(game, PromptKind.RESPOND, 3)
    assert prompt.needed == 2 and prompt.skill == "roulin"


def test_guzheng_offers_only_the_cards_discarded_in_that_discard_phase():
    """The lord's Kill used in his play phase is in the discard pile too; only the two he
    discards in the discard phase are offered."""
    game = _game(None, "zhangzhaozhanghong", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "dodge@D2", "peach@H3")
    set_hand(game, 4)
    game.submit(1, PlayCard(C("kill@S7"), (4,)))
    assert C("kill@S7") in game.discard_pile
    set_hp(game, 1, 1)
    game.submit(1, EndPlay())
    prompt_is(game, PromptKind.DISCARD, 1, reason="discard_phase")
    game.submit(1, Discard((C("kill@S8"), C("dodge@D2"))))
    game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.HARVEST_PICK, 2, reason="guzheng")
    assert set(prompt.options) == {"kill@S8", "dodge@D2"}
    out = refused(game, 2, PickCard(C("kill@S7")), Reason.NOT_OFFERED)
    assert out.data["choice"] == "kill@S7"
