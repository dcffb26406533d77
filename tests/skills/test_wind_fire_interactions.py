"""The interaction rows of docs/wind-fire.md §4 (风 and 火 skills with the standard and
军争 cards): a scenario per row through `submit` on real games."""

from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Pass,
    PlayCard,
    Respond,
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
    prompt_is,
    set_hand,
    set_hp,
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


def test_shensu_kill_vs_vine_and_renwang_shield():
    """docs/wind-fire.md §4, row "神速 Kill vs Vine / Renwang / Silver Lion": the 神速 Kill
    is void on Vine and, being colourless, hits through Renwang Shield."""
    for armour, hp_lost in (("vine@S2", 0), ("renwang_shield@C2", 1)):
        game = game_with(None, "xiahouyuan", None, None, settings=ALL)
        equip(game, 3, armour)
        set_hand(game, 3)
        end_turn(game)
        prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="shensu")
        game.submit(2, ChooseTarget(3))
        if (p := game.pending()) is not None and p.kind is PromptKind.RESPOND:
            game.submit(3, Respond(None))
        assert game.player(3).hp == game.player(3).max_hp - hp_lost, armour


def test_leiji_thunder_vs_silver_lion_is_capped_to_1():
    """docs/wind-fire.md §4, row "雷击 with Iron Chain" (its Silver Lion half): the 2
    thunder damage of 雷击 on a Silver Lion wearer is capped to 1."""
    game = _mv(None, "zhangjiao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    equip(game, 1, "silver_lion@CA")
    deck_top(game, "kill@S8")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="leiji")
    events = game.submit(2, ChooseTarget(1))
    while game.pending().kind is not PromptKind.PLAY:
        events += game.submit(game.pending().seats[0], Confirm(False))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(1, 1)]
