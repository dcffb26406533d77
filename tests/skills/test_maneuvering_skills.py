"""The 25 standard generals' skills meet the Maneuvering cards (docs/maneuvering.md section 4)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.actions import Recast
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    deck_top,
    equip,
    game_with,
    give_general,
    of,
    pass_windows,
    place,
    prompt_is,
    set_hand,
    set_hp,
    state_snapshot,
)

C = parse_card


def mv(*generals, **kw):
    kw.setdefault("settings", Settings(maneuvering=True, auto_decline=False))
    return game_with(*generals, **kw)


def test_wusheng_kill_is_normal_and_fan_makes_it_fire():
    """Wusheng turns a Fire Kill into a normal Kill (void on Vine); Zhuque Fan may make a
    Wusheng Kill fire (`fan_on_converted_kill`, default on)."""
    game = mv("guanyu", None, players=4)
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "fire_kill@H4")
    game.submit(1, UseSkill("wusheng", (C("fire_kill@H4"),), (2,)))
    assert game.player(2).hp == game.player(2).max_hp  # void: no Dodge asked
    prompt_is(game, PromptKind.PLAY, 1)
    game = mv("guanyu", None, players=4)
    equip(game, 1, "zhuque_fan@DA")
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "peach@H3")
    set_hand(game, 2)
    game.submit(1, UseSkill("wusheng", (C("peach@H3"),), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, "zhuque_fan")
    events = game.submit(1, Confirm(True))  # seat 2 holds no card: no Dodge asked
    dmg = of(events, "damage_dealt")[0]
    assert (dmg.nature, dmg.amount) == ("fire", 2)


def test_fan_on_converted_kill_off():
    """`fan_on_converted_kill=False` (QSanguosha-v2): no Fan for a Wusheng Kill."""
    settings = Settings(maneuvering=True, auto_decline=False, fan_on_converted_kill=False)
    game = mv("guanyu", None, players=4, settings=settings)
    equip(game, 1, "zhuque_fan@DA")
    set_hand(game, 1, "peach@H3")
    set_hand(game, 2, "peach@H4")  # a card, so that the Dodge is asked
    game.submit(1, UseSkill("wusheng", (C("peach@H3"),), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)


def test_longdan_plays_a_thunder_kill_as_a_dodge():
    game = mv(None, "zhaoyun", players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "thunder_kill@S5")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, UseSkill("longdan", (C("thunder_kill@S5"),)))
    assert not of(events, "damage_dealt")


def test_kongcheng_refuses_elemental_kills_but_takes_conducted_damage():
    """Empty-handed Zhuge Liang cannot be targeted by a Fire Kill, but chained he takes
    conducted damage (4)."""
    game = mv(None, "zhugeliang", None, players=4)
    set_hand(game, 1, "fire_kill@H4", "iron_chain@SJ")
    set_hand(game, 2)
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    assert info.value.reason is Reason.TARGET_PROHIBITED and state_snapshot(game) == before
    game.player(2).chained = game.player(4).chained = True
    set_hand(game, 4)
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (4,)))  # no Dodge asked of seat 4
    assert [e.target for e in of(events, "damage_dealt")] == [4, 2]


def test_jizhi_draws_on_iron_chain_use_not_on_recast():
    game = mv("huangyueying", players=4)
    set_hand(game, 1, "iron_chain@SJ", "iron_chain@SQ")
    game.submit(1, PlayCard(C("iron_chain@SJ"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, "jizhi")
    game.submit(1, Confirm(True))
    pass_windows(game)
    events = game.submit(1, Recast(C("iron_chain@SQ")))
    assert [e.reason for e in of(events, "cards_drawn")] == ["recast"]
    prompt_is(game, PromptKind.PLAY, 1)


def test_qicai_supply_shortage_ignores_distance():
    game = mv("huangyueying", players=4)
    set_hand(game, 1, "supply_shortage@S10")
    events = game.submit(1, PlayCard(C("supply_shortage@S10"), (3,)))
    assert of(events, "delayed_trick_placed")[0].target == 3


def test_qianxun_does_not_stop_supply_shortage():
    game = mv(None, "luxun", players=4)
    set_hand(game, 1, "supply_shortage@S10")
    events = game.submit(1, PlayCard(C("supply_shortage@S10"), (2,)))
    assert of(events, "delayed_trick_placed")[0].target == 2


def test_xiaoji_losing_silver_lion_heals_and_draws():
    game = mv(None, "sunshangxiang", players=4)
    equip(game, 2, "silver_lion@CA")
    set_hp(game, 2, 1)
    set_hand(game, 1, "dismantle@S3")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_windows(game)
    events = game.submit(1, PickCard(C("silver_lion@CA")))
    assert of(events, "hp_recovered")[0].hp_after == 2
    prompt_is(game, PromptKind.CONFIRM, 2, "xiaoji")
    events = game.submit(2, Confirm(True))
    assert of(events, "cards_drawn")[0].count == 2 and conserved(game)


def test_kurou_to_zero_then_wine_self_rescue_then_draw():
    """Kurou at 1 HP: dying, Huang Gai drinks a Wine, then draws 2 (4)."""
    game = mv("huanggai", players=4)
    set_hp(game, 1, 1)
    set_hand(game, 1, "wine@S3")
    game.submit(1, UseSkill("kurou"))
    prompt = prompt_is(game, PromptKind.RESPOND, 1, "dying")
    assert prompt.need == "peach|wine"
    events = game.submit(1, Respond(C("wine@S3")))
    assert of(events, "player_rescued") and of(events, "cards_drawn")[0].count == 2


def test_jijiu_red_wine_as_peach_saves_another():
    """Hua Tuo outside his turn: the ♦9 Wine as a Peach saves anyone (4)."""
    game = mv(None, None, "huatuo", players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    set_hand(game, 3, "wine@D9")
    set_hp(game, 2, 1)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    # seats 1 and 2 hold no card: neither is asked for the Dodge or a Peach
    prompt_is(game, PromptKind.RESPOND, 3, "dying")
    with pytest.raises(IllegalAction) as info:
        game.submit(3, Respond(C("wine@D9")))
    assert info.value.reason is Reason.WINE_SELF_ONLY
    events = game.submit(3, UseSkill("jijiu", (C("wine@D9"),)))
    used = of(events, "card_used")[0]
    assert (used.name, used.skill) == ("peach", "jijiu") and of(events, "player_rescued")


def test_luoyi_is_not_added_again_on_conducted_hits():
    """Luoyi +1 is in the first damage and conducted as dealt, not added again (3.4, 4)."""
    game = mv(players=4)
    give_general(game, 1, "xuchu")
    game.player(1).marks["turn:luoyi"] = True
    game.player(2).chained = game.player(3).chained = True
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2)
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))  # no Dodge asked of seat 2
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 2), (3, 2)]


def test_wushuang_needs_two_dodges_against_a_fire_kill():
    game = mv("lvbu", players=4)
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2, "dodge@H8")
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    assert game.pending().count == 2


def test_supply_shortage_skips_tuxi():
    """Supply Shortage skips the draw phase: Tuxi cannot be used (4)."""
    game = mv(None, "zhangliao", players=4)
    place(game, 2, "supply_shortage@C4")
    game.submit(1, EndPlay())
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: game.pending().count])))
    deck_top(game, "kill@H10")
    events = pass_windows(game)
    assert of(events, "phase_skipped")[0].phase == "draw"
    prompt_is(game, PromptKind.PLAY, 2)


def test_liuli_redirects_a_fire_kill_which_stays_fire():
    """Liuli passes any Kill on, its nature kept (4)."""
    game = mv(None, "daqiao", None, None, None)
    equip(game, 3, "vine@S2")
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 2, "peach@H3")
    set_hand(game, 3)
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "liuli")
    game.submit(2, ChooseTarget(3))
    events = game.submit(2, Discard((C("peach@H3"),)))  # seat 3 holds no card to answer
    dmg = of(events, "damage_dealt")[0]
    assert (dmg.target, dmg.nature, dmg.amount) == (3, "fire", 2)  # Vine: fire +1


def test_ganglie_answers_a_conducted_damage():
    """Ganglie triggers on conducted damage: same source (4)."""
    game = mv(None, None, "xiahoudun", players=4)
    game.player(2).chained = game.player(3).chained = True
    set_hand(game, 1, "thunder_kill@S5")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))  # no Dodge asked of seat 2
    prompt_is(game, PromptKind.CONFIRM, 3, "ganglie")
    deck_top(game, "kill@S7")  # not a heart: the source, with no hand card, takes 1
    events = game.submit(3, Confirm(True))
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(3, 1)]


def test_renwang_shield_voids_a_thunder_kill_not_a_fire_kill():
    """Renwang Shield (EX): every Thunder Kill is black, every Fire Kill red (3.7)."""
    settings = Settings(maneuvering=True, ex_cards=True, auto_decline=False)
    game = mv(players=4, settings=settings)
    equip(game, 2, "renwang_shield@C2")
    set_hand(game, 1, "thunder_kill@S5")
    events = game.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))
    assert of(events, "effect_cancelled")[0].by == "renwang_shield"
    game = mv(players=4, settings=settings)
    equip(game, 2, "renwang_shield@C2")
    set_hand(game, 1, "fire_kill@H4")
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)


def test_qixi_dismantling_silver_lion_heals_its_owner():
    game = mv("ganning", players=4)
    equip(game, 2, "silver_lion@CA")
    set_hp(game, 2, 2)
    set_hand(game, 1, "thunder_kill@S5")
    game.submit(1, UseSkill("qixi", (C("thunder_kill@S5"),), (2,)))
    pass_windows(game)
    events = game.submit(1, PickCard(C("silver_lion@CA")))
    assert of(events, "hp_recovered")[0].hp_after == 3


def test_guose_never_makes_supply_shortage():
    """Guose turns a ♦ card (Fire Attack ♦Q here) into Indulgence only (4)."""
    game = mv("daqiao", players=4)
    set_hand(game, 1, "fire_attack@DQ")
    game.submit(1, UseSkill("guose", (C("fire_attack@DQ"),), (2,)))
    assert game.player(2).delayed_names() == ["indulgence"]
