"""The interaction rows of docs/wind-fire.md §4 (风 and 火 skills with the standard and
军争 cards): a scenario per row through `submit` on real games."""

from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    Game,
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

from .helpers import (
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    pending,
    place,
    prompt_is,
    refused,
    set_hand,
    set_hp,
    set_identities,
)

C = parse_card
ALL = Settings(
    general_packs=("standard", "wind", "fire"),
    maneuvering=True,
    ex_cards=True,  # Renwang Shield ♣2 is an EX card
    auto_decline=False,
)


def _mv(*generals, **kw):
    """A game with the 风 and 火 packs and the 军争 cards."""
    return game_with(*generals, settings=ALL, **kw)


def _pass_until_play(game) -> tuple[list, set[int]]:
    """Every open request passed until seat 1 plays again; the events and who was asked
    for something other than a Nullification."""
    events: list = []
    asked: set[int] = set()
    while (p := game.pending()) is not None and p.kind is not PromptKind.PLAY:
        if p.kind is not PromptKind.NULLIFY:
            asked.add(p.seats[0])
        events += game.submit(p.seats[0], Pass())
    return events, asked


def test_qiangxi_vs_vine_and_silver_lion():
    """docs/wind-fire.md §4, row "强袭 vs Vine / Silver Lion": not a Kill, so Vine is
    irrelevant, and the 1 damage stays 1 under Silver Lion."""
    for armour in ("vine@S2", "silver_lion@CA"):
        game = _mv("dianwei", None, None, None)
        equip(game, 2, armour)
        set_hand(game, 1, "kill@S7")
        events = game.submit(1, UseSkill("qiangxi", (), (2,)))
        assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1)]
        assert game.player(2).hp == game.player(2).max_hp - 1 and conserved(game)


def test_luanji_arrow_barrage_vs_vine():
    """docs/wind-fire.md §4, row "乱击 vs Vine": the Arrow Barrage of 乱击 has no effect on
    a Vine wearer, who is not asked for a Kill and keeps all HP."""
    game = _mv("yuanshao", None, None, None)
    equip(game, 3, "vine@S2")
    set_hand(game, 1, "kill@S7", "kill@S8")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = game.submit(1, UseSkill("luanji", (C("kill@S7"), C("kill@S8"))))
    more, asked = _pass_until_play(game)
    hit = sorted(e.target for e in of(events + more, "damage_dealt"))
    assert hit == [2, 4] and 3 not in asked
    assert game.player(3).hp == game.player(3).max_hp and conserved(game)


def test_xueyi_counts_living_qun_only():
    """docs/wind-fire.md §4, row "血裔": only living Qun generals raise the lord's hand
    limit; a Qun player's death lowers it by 2."""
    game = _mv("yuanshao", "lvbu", "caocao", "diaochan")
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 4
    game.player(2).alive = False
    game.reseat()
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 2


def test_liegong_vs_bazhen_offers_no_judgment():
    """docs/wind-fire.md §4, row "烈弓 vs Eight Diagrams / 八阵": a 烈弓 Kill on 卧龙 offers
    no 八阵 judgment; the Kill hits."""
    game = _mv("huangzhong", "wolong", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")  # 1 card <= range 1
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, reason="liegong")
    events = game.submit(1, Confirm(True))
    assert not of(events, "judgment_settled")
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1)]
    assert C("dodge@D2") in game.player(2).hand and conserved(game)


def test_liegong_with_wine_adds_one_and_forbids_the_dodge():
    """docs/wind-fire.md §4, row "烈弓 + Wine": Wine's +1 applies and no Dodge is asked."""
    game = _mv("huangzhong", None, None, None)
    set_hand(game, 1, "wine@S9", "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("wine@S9"), ()))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, reason="liegong")
    events = game.submit(1, Confirm(True))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 2)]
    assert C("dodge@D2") in game.player(2).hand and conserved(game)


def test_bazhen_vs_qinggang_sword_is_ignored():
    """docs/wind-fire.md §4, row "八阵 vs Qinggang Sword": the sword ignores 八阵, so no
    judgment is offered; 卧龙 may only Dodge or take the hit."""
    game = _mv(None, "wolong", None, None)
    set_hand(game, 1, "kill@S7")
    equip(game, 1, "qinggang_sword@S6")
    set_hand(game, 2, "peach@H3")  # no Dodge, but a hand card: he is asked
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert "bazhen" not in prompt_is(game, PromptKind.RESPOND, 2).options
    events = game.submit(2, Respond(None))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1)]


def test_niepan_while_chained_resets_the_chain():
    """docs/wind-fire.md §4, row "涅槃 while chained": 涅槃 unchains 庞统."""
    game = _mv(None, "pangtong", None, None)
    game.player(2).chained = True
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.changed_outside()
    # no hand card: 庞统 is not asked for a Dodge, nor the empty-handed lord for a Peach
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert "niepan" in prompt_is(game, PromptKind.RESPOND, 2).options
    game.submit(2, UseSkill("niepan"))
    p = game.player(2)
    assert p.alive and p.hp == 3 and not p.chained and conserved(game)


def test_shensu_kill_vs_vine_renwang_shield_and_silver_lion():
    """docs/wind-fire.md §4, row "神速 Kill vs Vine / Renwang / Silver Lion": the 神速 Kill
    is void on Vine, being colourless hits through Renwang Shield, and its 1 damage stays 1
    under Silver Lion."""
    for armour, hp_lost in (("vine@S2", 0), ("renwang_shield@C2", 1), ("silver_lion@CA", 1)):
        game = game_with(None, "xiahouyuan", None, None, settings=ALL)
        equip(game, 3, armour)
        set_hand(game, 3)
        end_turn(game)
        prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="shensu")
        game.submit(2, ChooseTarget(3))
        if (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
            game.submit(3, Respond(None))
        assert game.player(3).hp == game.player(3).max_hp - hp_lost, armour


def _leiji_on_seat_1(game: Game) -> list:
    """Seat 1 Kills 张角 (seat 2), who Dodges; 雷击 judges ♠8 for seat 1 (2 thunder
    unless the judgment is changed); every later offer (鬼道) declined. The events."""
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    deck_top(game, "kill@S8")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="leiji")
    events = game.submit(2, ChooseTarget(1))
    while pending(game).kind is not PromptKind.PLAY:
        events += game.submit(pending(game).seats[0], Confirm(False))
    return events


def test_leiji_thunder_vs_silver_lion_is_capped_to_1():
    """docs/wind-fire.md §4, row "雷击 with Iron Chain" (its Silver Lion half): the 2
    thunder damage of 雷击 on a Silver Lion wearer is capped to 1."""
    game = _mv(None, "zhangjiao", None, None)
    equip(game, 1, "silver_lion@CA")
    events = _leiji_on_seat_1(game)
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(1, 1)]


def test_shuangxiong_duel_vs_kongcheng_is_refused():
    """docs/wind-fire.md §4, row "双雄 Duel vs 空城": a Duel made by 双雄 is a Duel, and an
    empty-handed 诸葛亮 cannot be its target."""
    game = _mv("yanliangwenchou", "zhugeliang", None, None)
    game.player(1).marks["turn:shuangxiong"] = "red"  # this turn's judgment was red
    game.changed_outside()
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    out = refused(game, 1, UseSkill("shuangxiong", (C("kill@S7"),), (2,)), Reason.TARGET_PROHIBITED)
    assert out.data == {"card": "duel", "target": 2, "skill": "kongcheng"}


def test_tianyi_win_and_sky_halberd_add_their_own_extra_targets():
    """docs/wind-fire.md §4, row "天义 win + Halberd": 天义's one extra target and the Sky
    Halberd's two (the Kill is the last hand card) add up to 4 targets, not 5."""
    game = _mv("taishici", None, None, None, None)
    game.player(1).marks["turn:tianyi"] = "win"
    game.changed_outside()
    equip(game, 1, "sky_halberd@DQ")
    set_hand(game, 1, "kill@S7")
    out = refused(game, 1, PlayCard(C("kill@S7"), (2, 3, 4, 5, 2)), Reason.TOO_MANY_TARGETS)
    assert (out.data["max_targets"], out.data["got"]) == (4, 5)
    events = game.submit(1, PlayCard(C("kill@S7"), (2, 3, 4, 5)))
    assert [e.targets for e in of(events, "card_used")] == [(2, 3, 4, 5)]


def test_mengjin_comes_before_the_green_dragon_blades_follow_up_kill():
    """docs/wind-fire.md §4, row "猛进 + Green Dragon Blade": both trigger after the Dodge;
    猛进 first (a card of the target discarded), then the Blade's follow-up Kill."""
    game = _mv("pangde", "xiahoudun", None, None)
    equip(game, 1, "green_dragon_blade@S5")
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 2, "dodge@H2", "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@H2")))
    prompt_is(game, PromptKind.CONFIRM, 1, reason="mengjin")
    game.submit(1, Confirm(True))
    prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 1, reason="mengjin")
    events = game.submit(1, PickCard(None))  # his one hand card, unseen
    assert [(e.seat, e.cards, e.reason) for e in of(events, "cards_discarded")] == [
        (2, ("peach@H3",), "mengjin")
    ]
    assert prompt_is(game, PromptKind.RESPOND, 1, reason="green_dragon_blade").need == "kill"
    events = game.submit(1, Respond(C("kill@S8")))
    assert [(e.name, e.cards, e.targets) for e in of(events, "card_used")] == [
        ("kill", ("kill@S8",), (2,))
    ]


def test_kanpo_answers_a_supply_shortage_when_it_is_judged():
    """docs/wind-fire.md §4, row "火计 / 看破": 看破 makes a Nullification from a black hand
    card, which answers a Supply Shortage when its judgment comes: the draw phase stays."""
    game = _mv(None, "wolong", None, None)
    place(game, 2, "supply_shortage@C4")
    set_hand(game, 2, "kill@C5", "peach@H3")
    end_turn(game)
    window = prompt_is(game, PromptKind.NULLIFY)
    assert 2 in window.seats and window.card == "supply_shortage@C4"
    refused(game, 2, UseSkill("kanpo", (C("peach@H3"),)), Reason.NOT_CONVERTIBLE)
    events = game.submit(2, UseSkill("kanpo", (C("kill@C5"),)))
    assert [(e.name, e.skill) for e in of(events, "card_used")] == [("nullification", "kanpo")]
    while (p := game.pending()) is not None and p.kind is PromptKind.NULLIFY:
        events += game.submit(p.seats[0], Pass())
    assert of(events, "card_nullified") and not of(events, "judgment_revealed")
    assert not [e for e in of(events, "phase_skipped") if e.phase == "draw"]
    assert game.player(2).judgment == [] and conserved(game)


def test_guidao_puts_a_club_in_place_and_saves_a_supply_shortage_holder():
    """docs/wind-fire.md §4, row "鬼道 on Supply Shortage / Indulgence" (the Supply
    Shortage half; the Indulgence half is test_wind_pack's 红颜 replacement case): a ♣ put
    in place of the judgment card saves the holder, whose draw phase stays."""
    game = _mv("zhangjiao", None, None, None)
    place(game, 2, "supply_shortage@C4")
    set_hand(game, 1, "kill@C5", "peach@H3")
    deck_top(game, "dodge@D2")  # ♦: alone, it would skip the draw phase
    events = end_turn(game)
    while (p := game.pending()) is not None and p.kind is PromptKind.NULLIFY:
        events += game.submit(p.seats[0], Pass())
    prompt_is(game, PromptKind.DISCARD, 1, reason="guidao")
    events += game.submit(1, Discard((C("kill@C5"),)))
    settled = of(events, "judgment_settled")
    assert [(e.card, e.success) for e in settled] == [("kill@C5", False)]
    assert not [e for e in of(events, "phase_skipped") if e.phase == "draw"]
    assert C("dodge@D2") in game.player(1).hand  # 鬼道 takes the card it replaced


def test_kuanggu_through_the_chain_heals_only_for_the_victim_at_distance_1():
    """docs/wind-fire.md §4, row "狂骨 with Iron Chain": each conducted hit checks its own
    victim's distance: seat 2 (distance 1) heals 魏延, seat 3 (distance 2) does not."""
    game = _mv("weiyan", None, None, None)
    set_hp(game, 1, 2)
    game.player(2).chained = game.player(3).chained = True
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2)
    set_hand(game, 3)
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1), (3, 1)]
    assert [(e.seat, e.amount) for e in of(events, "hp_recovered")] == [(1, 1)]
    assert game.player(1).hp == 3 and conserved(game)


def test_quhu_tiger_that_kills_a_rebel_draws_3():
    """docs/wind-fire.md §4, row "驱虎 tiger kills a rebel": the tiger is the damage source,
    so the reward for the rebel's death (draw 3) is the tiger's."""
    game = _mv("xunyu", "xuchu", None, None)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    set_hand(game, 1, "dodge@HK")
    set_hand(game, 2, "dodge@D2")
    set_hand(game, 3)
    set_hp(game, 3, 1)
    game.submit(1, UseSkill("quhu", (), (2,)))
    game.submit(1, RevealCard(C("dodge@HK")))
    game.submit(2, RevealCard(C("dodge@D2")))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 1, reason="quhu")
    events = game.submit(1, ChooseTarget(3))
    while (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
        events += game.submit(p.seats[0], Respond(None))  # nobody saves the rebel
    died = of(events, "player_died")
    assert [(e.seat, e.killer) for e in died] == [(3, 2)]
    drawn = [(e.seat, e.count) for e in of(events, "cards_drawn")]
    assert (2, 3) in drawn and len(game.player(2).hand) == 3


def _tianxiang_fire_kill_to_3(chained: tuple[int, ...]) -> tuple[Game, list]:
    """A Fire Kill on 小乔 (seat 2), moved by 天香 to seat 3; the rest passed."""
    game = _mv(None, "xiaoqiao", None, None)
    for seat in chained:
        game.player(seat).chained = True
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2, "dodge@H2", "kill@C3")
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    game.submit(2, Respond(None))  # no Dodge: 天香 is offered on the damage
    prompt_is(game, PromptKind.DISCARD, 2, reason="tianxiang")
    game.submit(2, Discard((C("dodge@H2"),)))
    events = game.submit(2, ChooseTarget(3))
    while (p := game.pending()) is not None and p.kind is not PromptKind.PLAY:
        events += game.submit(p.seats[0], Pass())
    return game, [(e.target, e.nature, e.conducted) for e in of(events, "damage_dealt")]


def test_tianxiang_moves_a_fire_kill_off_a_chained_xiaoqiao_who_stays_chained():
    """docs/wind-fire.md §4, row "天香 with Fire Kill on a chained 小乔": she takes no
    damage, so she stays chained and nothing conducts from her; the player she names
    takes it, and conducts it when chained too (to every chained player, her included)."""
    game, dealt = _tianxiang_fire_kill_to_3(chained=(2, 4))
    assert dealt == [(3, "fire", False)]
    assert game.player(2).chained and game.player(4).chained
    game, dealt = _tianxiang_fire_kill_to_3(chained=(2, 3, 4))
    assert dealt == [(3, "fire", False), (2, "fire", True), (4, "fire", True)]


def test_buqu_counts_a_conducted_hit_like_any_other():
    """docs/wind-fire.md §4, row "不屈 with Iron Chain": a hit conducted to a chained 周泰
    at 1 HP takes him to 0 like any other, and 不屈 turns the top card onto his general."""
    game = _mv(None, None, "zhoutai", None)
    set_hp(game, 3, 1)
    game.player(2).chained = game.player(3).chained = True
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2)
    set_hand(game, 3)
    deck_top(game, "peach@H3")
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    dealt = [(e.target, e.conducted, e.hp_after) for e in of(events, "damage_dealt")]
    assert dealt == [(2, False, game.player(2).max_hp - 1), (3, True, 0)]
    prompt_is(game, PromptKind.CONFIRM, 3, reason="buqu")
    events = game.submit(3, Confirm(True))
    assert [(e.seat, e.pile, e.cards) for e in of(events, "pile_changed")] == [
        (3, "buqu", ("peach@H3",))
    ]
    assert game.player(3).alive and not of(events, "player_dying") and conserved(game)


def test_leiji_thunder_conducts_through_the_chain():
    """docs/wind-fire.md §4, row "雷击 with Iron Chain" (its chain half): 雷击's 2 thunder
    on a chained player conducts its 2 to every other chained player."""
    game = _mv(None, "zhangjiao", None, None)
    game.player(1).chained = game.player(3).chained = True
    set_hand(game, 3)
    events = _leiji_on_seat_1(game)
    dealt = [(e.target, e.amount, e.nature, e.conducted) for e in of(events, "damage_dealt")]
    assert dealt == [(1, 2, "thunder", False), (3, 2, "thunder", True)]
    assert not game.player(1).chained and not game.player(3).chained


def test_quhu_the_lords_tiger_that_kills_a_loyalist_discards_every_card():
    """docs/wind-fire.md §4, row "驱虎 ... the lord's tiger kills a loyalist": the lord as
    荀彧's tiger is the damage source, so killing a loyalist costs him every card."""
    game = _mv(None, "xunyu", None, None)
    set_identities(game, "lord", "rebel", "spy", "loyalist")
    end_turn(game)  # to 荀彧's turn (seat 2)
    set_hand(game, 1, "dodge@D2", "peach@H3")
    equip(game, 1, "qinggang_sword@S6")
    set_hand(game, 2, "dodge@HK")
    set_hand(game, 4)
    set_hp(game, 4, 1)
    game.submit(2, UseSkill("quhu", (), (1,)))  # the lord has more health than 荀彧
    game.submit(2, RevealCard(C("dodge@HK")))
    events = game.submit(1, RevealCard(C("dodge@D2")))
    assert [e.won for e in of(events, "points_compared")] == [True]
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="quhu")
    events = game.submit(2, ChooseTarget(4))  # in the lord's range: distance 1
    while (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
        events += game.submit(p.seats[0], Respond(None))  # nobody saves the loyalist
    assert [(e.seat, e.killer) for e in of(events, "player_died")] == [(4, 1)]
    assert game.player(1).hand == [] and game.player(1).equipment_cards() == []
    assert conserved(game)


def test_hongyan_a_spade_judged_for_her_eight_diagrams_is_red():
    """docs/wind-fire.md §4, row "红颜 vs ... Eight Diagrams": her Eight Diagrams judges a
    ♠ as a ♥, so it is red and makes her Dodge."""
    game = _mv(None, "xiaoqiao", None, None)
    equip(game, 2, "eight_diagrams@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    deck_top(game, "kill@S8")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, UseSkill("eight_diagrams"))
    settled = of(events, "judgment_settled")
    assert [(e.card, e.success) for e in settled] == [("kill@S8", True)]
    assert not of(events, "damage_dealt") and game.player(2).hp == game.player(2).max_hp


def test_hongyan_a_spade_judged_for_her_by_leiji_deals_nothing():
    """docs/wind-fire.md §4, row "红颜 vs ... 雷击": the judgment 雷击 makes her perform is
    hers, so a ♠ is a ♥ and the 2 thunder do not come."""
    game = _mv("xiaoqiao", "zhangjiao", None, None)
    events = _leiji_on_seat_1(game)
    settled = of(events, "judgment_settled")
    assert [(e.seat, e.card, e.success) for e in settled] == [(1, "kill@S8", False)]
    assert not of(events, "damage_dealt") and game.player(1).hp == game.player(1).max_hp


def test_shensu_leaves_a_pending_supply_shortage_unjudged():
    """docs/wind-fire.md §4, row "神速 with Indulgence or Supply Shortage pending" (the
    Supply Shortage half): the judgment phase is skipped, so it stays in his area."""
    game = _mv(None, "xiahouyuan", None, None)
    place(game, 2, "supply_shortage@C4")
    set_hand(game, 3, "peach@H3")
    end_turn(game)
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="shensu")
    events = game.submit(2, ChooseTarget(3))
    while (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
        events += game.submit(p.seats[0], Respond(None))
    assert not of(events, "judgment_revealed")
    assert [c for c, _ in game.player(2).judgment] == [C("supply_shortage@C4")]
