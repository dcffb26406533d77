"""3v3 versions of four standard generals (`3v3.exclusive_generals=on`, docs/modes.md §4.2):
刚烈 on any enemy, 忠义's 义 card, 救主, 战神 waking into 马术 and 神戟. Real digital games,
drafted to a fixed line-up and driven by ordinary `submit`."""

from __future__ import annotations

from companion.codes import codebook
from companion.game.session import Session
from companion.labels import label_text
from companion.narration import Narrator
from companion.store.log import GameLog
from companion.web.panel import seat_panel
from engine.sanguosha import (
    ChooseGeneral,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Game,
    Pass,
    PlayCard,
    Respond,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.reasons import Reason
from tests.sanguosha.scenario import deck_top, pending, refused, set_hand, set_hp, team_mode
from tests.table.test_corrections import correct
from tests.table.test_refusal_reasons import LANGS
from tests.table.test_refusal_reasons import refused as table_refused

from .helpers import K, first_legal, new, of, wield
from .table import ModeSeats

ON = {"3v3.exclusive_generals": "on"}
COOL = ("zhaoyun", "zhangfei", "xiahoudun")  # S1 vanguard, S2 marshal, S3 vanguard
WARM = ("lvbu", "guanyu", "huatuo")  # S4 vanguard, S5 marshal, S6 vanguard
SEED = 13  # its draft pool holds all six


def lineup(rules: dict | None = None) -> Game:
    """A 3v3 game whose marshals draft and assign COOL to S1-S3 and WARM to S4-S6."""
    game = new("3v3", seed=SEED, mode_settings=ON if rules is None else rules)
    want = {2: list(COOL), 5: list(WARM)}
    wanted = set(COOL + WARM)
    pool = team_mode(game).pool
    while pending(game).reason == "draft":
        seat = pending(game).seat
        assert seat is not None
        mine = [g for g in want[seat] if g in pool]
        general = mine[0] if mine else next(g for g in pool if g not in wanted)
        game.submit(seat, ChooseGeneral(general))
    while pending(game).reason == "assign":
        prompt = pending(game)
        assert prompt.target is not None
        game.submit(prompt.seat, ChooseGeneral((COOL + WARM)[prompt.target - 1]))
    assert [p.general for p in game.players] == list(COOL + WARM)
    return game


def skills(game, seat: int) -> list[str]:
    mode_skills = {"ex_nihilo_outnumbered", "aoe_direction"}
    return [s.id for s in game.player(seat).skills if s.id not in mode_skills]


def to_play(game, seat: int, limit: int = 400) -> list:
    """Go on (units: marshals choose `seat`'s unit when they can; plays end at once;
    requests declined) until `seat`'s play prompt; returns the events."""
    events: list = []
    for _ in range(limit):
        prompt = pending(game)
        if prompt.kind is K.PLAY and prompt.seat == seat:
            return events
        if prompt.kind is K.CHOOSE_TARGET and prompt.reason == "action_unit":
            choice = seat if seat in prompt.options else prompt.options[0]
            events += game.submit(prompt.seat, ChooseTarget(choice))
        elif prompt.kind is K.PLAY:
            events += game.submit(prompt.seat, EndPlay())
        elif prompt.kind is K.RESPOND:
            events += game.submit(prompt.seat, Respond(None))
        else:
            events += first_legal(game)
    raise AssertionError(f"no play prompt for seat {seat}")


def decline_until(game, kind, seat: int) -> list:
    """Decline every request until `kind` is pending for `seat`."""
    events: list = []
    while not (pending(game).kind is kind and pending(game).seat == seat):
        prompt = pending(game)
        answer = Respond(None) if prompt.kind is K.RESPOND else Pass()
        events += game.submit(prompt.seat, answer)
    return events


# ---------------------------------------------------------------- the setting
def test_setting_on_is_no_longer_refused_and_gives_the_3v3_skills():
    Settings(game_mode="3v3", mode_settings=ON).validate()
    game = lineup()
    assert skills(game, 3) == ["ganglie_3v3"]
    assert skills(game, 5) == ["wusheng", "zhongyi"]
    assert skills(game, 1) == ["longdan", "jiuzhu"]
    assert skills(game, 4) == ["wushuang", "zhanshen"]
    assert skills(game, 2) == ["paoxiao"]  # the others keep their printed skills


def test_setting_off_keeps_the_standard_skills():
    game = lineup(rules={})
    assert game.team_mode.spec.settings["3v3.exclusive_generals"] == "off"
    assert skills(game, 3) == ["ganglie"]
    assert skills(game, 5) == ["wusheng"]
    assert skills(game, 1) == ["longdan"]
    assert skills(game, 4) == ["wushuang"]


# ---------------------------------------------------------------- 刚烈 (3v3)
def ganglie_asked():
    """Lü Bu (S4) Kills Xiahou Dun (S3), who takes the damage: 刚烈 asks him for an enemy."""
    game = lineup()
    to_play(game, 4)
    set_hand(game, 4, "kill@S7")
    game.submit(4, PlayCard(parse_card("kill@S7"), (3,)))
    decline_until(game, K.CHOOSE_TARGET, 3)
    return game


def test_ganglie_3v3_names_any_enemy_not_only_the_source():
    game = ganglie_asked()
    prompt = pending(game)
    assert (prompt.reason, prompt.options, prompt.optional) == ("ganglie_3v3", (4, 5, 6), True)
    hp6 = game.player(6).hp
    deck_top(game, "kill@C9")  # not a heart
    events = game.submit(3, ChooseTarget(6))  # Hua Tuo, who dealt no damage
    assert of(events, "skill_invoked")[-1].targets == (6,)
    (judged,) = of(events, "judgment_settled")
    assert judged.success
    prompt = pending(game)
    assert (prompt.kind, prompt.seat, prompt.reason, prompt.source) == (
        K.DISCARD,
        6,
        "ganglie_3v3",
        3,
    )
    events = game.submit(6, Pass())  # he takes the damage instead
    (hit,) = [e for e in of(events, "damage_dealt") if e.target == 6]
    assert (hit.source, hit.amount) == (3, 1) and game.player(6).hp == hp6 - 1


def test_ganglie_3v3_naming_a_teammate_is_refused_with_the_enemies_it_may_name():
    game = ganglie_asked()
    data = refused(game, 3, ChooseTarget(1), Reason.NOT_AN_ENEMY)
    assert data == {"skill": "ganglie_3v3", "target": 1, "options": [4, 5, 6]}
    events = game.submit(3, Confirm(False))  # NO declines: no judgment
    assert not of(events, "judgment_revealed")


# ---------------------------------------------------------------- 忠义
def test_zhongyi_yi_adds_one_to_friendly_kills_until_the_round_resets():
    game = lineup()
    events = to_play(game, 5)  # Guan Yu, the warm marshal
    wield(game, 5, "chitu@H5")  # -1 horse: the cool S1 and S3 at distance 1
    set_hand(game, 5, "peach@H3", "kill@S7", "kill@S8")
    events = game.submit(5, UseSkill("zhongyi", (parse_card("peach@H3"),)))
    (pile,) = of(events, "pile_changed")
    assert (pile.seat, pile.pile, pile.cards, pile.added) == (5, "zhongyi", ("peach@H3",), True)
    assert game.player(5).spent == ["zhongyi"]
    refused(game, 5, UseSkill("zhongyi", (parse_card("kill@S8"),)), Reason.SKILL_SPENT)
    hp3 = game.player(3).hp
    game.submit(5, PlayCard(parse_card("kill@S7"), (3,)))
    events = decline_until(game, K.PLAY, 5)
    (hit,) = of(events, "damage_dealt")
    assert (hit.source, hit.target, hit.amount) == (5, 3, 2)  # 1 + 1 for 义
    assert game.player(3).hp == hp3 - 2
    assert game.player(5).spent == ["zhongyi"]  # the bonus spends nothing more
    events = to_play(game, 2)
    while not of(events, "round_started"):
        game.submit(2, EndPlay())
        events += to_play(game, 2)
    (reset,) = [e for e in of(events, "pile_changed") if e.pile == "zhongyi"]
    assert (reset.added, reset.to, reset.reason) == (False, "discard", "round_reset")
    assert "zhongyi" not in game.player(5).piles
    assert parse_card("peach@H3") in game.discard_pile


def test_zhongyi_counts_every_friends_kill_on_an_enemy_and_no_enemys_kill():
    """With 义 down, Zhang Fei's Kill (cool) on Lü Bu deals 1, Lü Bu's (warm, Guan Yu's
    friend) on Xiahou Dun deals 2."""
    game = lineup()
    to_play(game, 5)
    set_hand(game, 5, "peach@H3")
    game.submit(5, UseSkill("zhongyi", (parse_card("peach@H3"),)))
    to_play(game, 2)
    wield(game, 2, "chitu@H5")
    set_hand(game, 2, "kill@S7")
    game.submit(2, PlayCard(parse_card("kill@S7"), (4,)))
    events = decline_until(game, K.PLAY, 2)
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 4, 1)]
    to_play(game, 4)
    set_hand(game, 4, "kill@S8")
    game.submit(4, PlayCard(parse_card("kill@S8"), (3,)))
    events = decline_until(game, K.CHOOSE_TARGET, 3)  # 刚烈 asks; declined below
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(4, 3, 2)]
    assert [e.targets for e in of(events, "skill_invoked") if e.skill == "zhongyi"] == [(3,)]
    game.submit(3, Confirm(False))


def test_zhongyi_takes_a_red_hand_card_only():
    game = lineup()
    to_play(game, 5)
    set_hand(game, 5, "kill@S7")
    data = refused(
        game, 5, UseSkill("zhongyi", (parse_card("kill@S7"),)), Reason.WRONG_KIND_OF_CARD
    )
    assert data == {"card": "kill@S7", "skill": "zhongyi", "need": "red"}


# ---------------------------------------------------------------- 救主
def jiuzhu_asked(zhaoyun_hp: int):
    """Lü Bu (S4) Kills Xiahou Dun (S3) at 1 HP: the Peach request reaches Zhao Yun (S1)."""
    game = lineup()
    to_play(game, 4)
    set_hp(game, 3, 1)
    set_hp(game, 1, zhaoyun_hp)
    set_hand(game, 4, "kill@S7")
    set_hand(game, 1, "dodge@H2")
    game.submit(4, PlayCard(parse_card("kill@S7"), (3,)))
    decline_until(game, K.RESPOND, 1)
    while pending(game).reason != "dying":
        game.submit(pending(game).seat, Respond(None))
        decline_until(game, K.RESPOND, 1)
    return game


def test_jiuzhu_discards_a_card_and_loses_1_hp_to_save_a_friend():
    game = jiuzhu_asked(4)
    prompt = pending(game)
    assert (prompt.target, prompt.options) == (3, ("jiuzhu",))
    game.submit(1, UseSkill("jiuzhu"))
    prompt = pending(game)
    assert (prompt.kind, prompt.reason, prompt.target) == (K.DISCARD, "jiuzhu", 3)
    events = game.submit(1, Discard((parse_card("dodge@H2"),)))
    assert of(events, "hp_lost")[0].seat == 1 and game.player(1).hp == 3
    (rec,) = of(events, "hp_recovered")
    assert (rec.seat, rec.amount) == (3, 1)
    assert of(events, "player_rescued")[0].seat == 3 and game.player(3).alive


def test_jiuzhu_is_not_offered_and_refused_at_1_hp():
    game = jiuzhu_asked(1)
    assert pending(game).options == ()
    data = refused(game, 1, UseSkill("jiuzhu"), Reason.HP_TOO_LOW)
    assert data == {"skill": "jiuzhu", "seat": 1, "hp": 1}


# ---------------------------------------------------------------- 战神
def friend_killed(lvbu_hp: int):
    """Zhao Yun (S1) kills Hua Tuo (S6), Lü Bu's teammate; Lü Bu (S4) has `lvbu_hp` HP."""
    game = lineup()
    to_play(game, 1)
    set_hp(game, 6, 1)
    set_hp(game, 4, lvbu_hp)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 6)
    game.submit(1, PlayCard(parse_card("kill@S7"), (6,)))
    decline_until(game, K.PLAY, 1)
    assert not game.player(6).alive
    return game


def test_zhanshen_wakes_wounded_after_a_friend_died_and_gains_mashu_and_shenji():
    game = friend_killed(3)
    events = to_play(game, 4)
    (woke,) = of(events, "skill_awakened")
    assert (woke.seat, woke.skill, woke.gained) == (4, "zhanshen", ("mashu", "shenji"))
    (max_hp,) = of(events, "max_hp_changed")
    assert (max_hp.before, max_hp.max_hp, max_hp.hp) == (4, 3, 3)
    assert skills(game, 4) == ["wushuang", "zhanshen", "mashu", "shenji"]
    assert game.player(4).spent == ["zhanshen"]
    # 神戟: no weapon, a Kill takes 2 extra targets (马术 puts S1 and S2 at distance 1)
    set_hand(game, 4, "kill@S7")
    events = game.submit(4, PlayCard(parse_card("kill@S7"), (3, 2, 1)))
    (used,) = of(events, "card_used")
    assert used.targets == (3, 2, 1)


def test_zhanshen_started_by_hand_is_refused_with_its_condition():
    """战神 is an awakening skill: Lü Bu naming it in his play phase is refused, nothing
    changed, and every language says the condition it wakes on."""
    game = lineup()
    to_play(game, 4)
    data = refused(game, 4, UseSkill("zhanshen"), Reason.SKILL_NOT_AVAILABLE)
    assert data == {"skill": "zhanshen", "seat": 4, "how": "awakening"}
    view = game.view()
    said = {
        lang: Narrator(lang).refusal({"reason": "skill_not_available", **data}, view)
        for lang in LANGS
    }
    assert said["en"] == (
        "God of War is an awakening skill, never started by hand: it awakens by itself at the"
        " start of Lü Bu (seat 4)'s preparation phase if they are wounded and a teammate"
        " has died."
    )
    assert "队友阵亡" in said["zh-Hans"] and "compañero" in said["es"]


def test_zhanshen_does_not_wake_unwounded():
    game = friend_killed(4)
    events = to_play(game, 4)
    assert not of(events, "skill_awakened") and game.player(4).max_hp == 4
    assert skills(game, 4) == ["wushuang", "zhanshen"]


def test_zhanshen_does_not_wake_while_no_friend_died():
    game = lineup()
    set_hp(game, 4, 3)
    events = to_play(game, 4)
    assert (4, "preparation") in [(e.seat, e.phase) for e in of(events, "phase_started")]
    assert not of(events, "skill_awakened") and game.player(4).max_hp == 4
    assert "zhanshen" not in game.player(4).spent


# ---------------------------------------------------------------- at the table
TABLE = ("zhaoyun", "zhangfei", "huatuo", "xiahoudun", "guanyu", "lvbu")
"""The table's line-up (tests/modes/table.py's draft): cool S1-S3, warm S4-S6."""

GANGLIE_ASKS = {
    "en": "Xiahou Dun (seat 4): Eye for an Eye (3v3): choose an enemy (Zhao Yun (seat 1), Zhang "
    "Fei (seat 2) and Hua Tuo (seat 3)): scan their general card or select their seat; then a "
    "judgment: unless it is ♥, they discard 2 hand cards or take 1 damage from you. NO declines.",
    "es": "Xiahou Dun (asiento 4): Ojo por ojo (3c3): elige a un enemigo (Zhao Yun (asiento 1), "
    "Zhang Fei (asiento 2) y Hua Tuo (asiento 3)): escanea su general o elige su asiento; "
    "después, un juicio: si no sale ♥, descarta 2 cartas de la mano o recibe 1 de daño de ti. "
    "NO renuncia.",
    "zh-Hans": "4号位夏侯惇：刚烈（3v3）——选择一名敌方角色（1号位赵云、2号位张飞和3号位华佗）：扫描其"
    "武将牌或选择其座位；然后判定：若结果不为♥，其弃置两张手牌或受到你造成的1点伤害。按取消不发动。",
}
GANGLIE_TEAMMATE = {
    "en": "Eye for an Eye (3v3) names an enemy only: Guan Yu (seat 5) is on your own team; it may "
    "name Zhao Yun (seat 1), Zhang Fei (seat 2) and Hua Tuo (seat 3).",
    "es": "Ojo por ojo (3c3) solo elige a un enemigo: Guan Yu (asiento 5) es de tu propio equipo; "
    "puede elegir a Zhao Yun (asiento 1), Zhang Fei (asiento 2) y Hua Tuo (asiento 3).",
    "zh-Hans": "刚烈（3v3）只能指定敌方角色：5号位关羽是己方角色；可以指定1号位赵云、2号位张飞和3号位华佗。",
}
GANGLIE_DISCARD = {
    "en": "Hua Tuo (seat 3): Eye for an Eye (3v3) of Xiahou Dun (seat 4): discard 2 hand cards "
    "(scan them, or OK to discard them unseen), or NO to take 1 damage instead.",
    "es": "Hua Tuo (asiento 3): Ojo por ojo (3c3) de Xiahou Dun (asiento 4): descarta 2 cartas de "
    "la mano (escanéalas, u OK para descartarlas sin mostrar), o NO para recibir 1 de daño en su "
    "lugar.",
    "zh-Hans": "3号位华佗：4号位夏侯惇发动刚烈（3v3）——弃置两张手牌（逐张扫描，或按确定直接弃置，不亮出），"
    "或按取消受到1点伤害。",
}


def test_table_ganglie_3v3_asks_for_an_enemy_refuses_a_teammate_and_hits_the_one_named():
    """Zhang Fei (S2, a -1 horse) Kills Xiahou Dun (S4): the prompt says whom he may name
    and how; Guan Yu (his teammate, scanned or selected) is refused with the enemies; Hua
    Tuo (no damage source) is named, judged against, and takes the damage on NO."""
    t = ModeSeats("3v3", *TABLE, rules=ON)
    t.ok(t.scan("zhangfei", 2))  # the cool marshal acts himself
    t.ok(correct(t, "correct move chitu@H5 to 2 equipment"))
    for code in ("kill@S7", "xiahoudun"):
        t.ok(t.scan(code, 2))
    outcome = t.ok(t.press("no", 4))
    for lang in LANGS:
        assert t.said(outcome, lang)[-1] == GANGLIE_ASKS[lang]
    said = table_refused(t, lambda: t.scan("guanyu", 4), "not_an_enemy")
    assert {lang: lines[0] for lang, lines in said.items()} == GANGLIE_TEAMMATE
    table_refused(t, lambda: t.select(5, 4), "not_an_enemy")
    t.ok(t.scan("huatuo", 4))
    outcome = t.ok(t.scan("kill@C9", 4))  # the judgment: not a heart
    for lang in LANGS:
        assert t.said(outcome, lang)[-1] == GANGLIE_DISCARD[lang]
    t.ok(t.press("no", 3))
    assert t.seat(3)["hp"] == 2


JIUZHU_ASKS = {
    "en": "Zhao Yun (seat 1): a Peach for Hua Tuo (seat 3)? Scan it, OK for Rescue the Lord, or NO.",
    "es": "Zhao Yun (asiento 1): ¿un Melocotón para Hua Tuo (asiento 3)? Escanéalo, OK para "
    "Salvar al señor, o NO.",
    "zh-Hans": "1号位赵云：是否对3号位华佗使用【桃】？扫描【桃】，按确定发动救主，或按取消。",
}
JIUZHU_DISCARD = {
    "en": "Zhao Yun (seat 1): Rescue the Lord for Hua Tuo (seat 3): discard 1 card (hand or "
    "equipment: scan it, or OK for a hand card unseen) and lose 1 health; Hua Tuo (seat 3) "
    "recovers 1. NO cancels.",
    "es": "Zhao Yun (asiento 1): Salvar al señor para Hua Tuo (asiento 3): descarta 1 carta (de "
    "la mano o del equipo: escanéala, u OK para una de la mano sin mostrar) y pierde 1 de vida; "
    "Hua Tuo (asiento 3) recupera 1. NO cancela.",
    "zh-Hans": "1号位赵云：为3号位华佗发动救主——弃置一张牌（手牌或装备区的牌：扫描它，或按确定弃置一张"
    "手牌，不亮出）并失去1点体力，3号位华佗回复1点体力。按取消不发动。",
}


def test_table_jiuzhu_says_who_saves_whom_with_which_button_and_card():
    """Xiahou Dun (S4) Kills Hua Tuo (S3, 1 health): the Peach request reaching Zhao Yun
    (S1) offers 救主 on OK; he scans the card he discards, loses 1, Hua Tuo is saved."""
    t = ModeSeats("3v3", *TABLE, rules=ON)
    t.ok(t.scan("zhangfei", 2))
    t.end_turn(2)
    t.ok(t.scan("xiahoudun", 5))  # the warm marshal sends his vanguards
    t.ok(correct(t, "correct hp 3 1"))
    for code in ("kill@S8", "huatuo"):
        t.ok(t.scan(code, 4))
    outcome = t.ok(t.press("no", 3))
    while t.pending["seat"] != 1:  # S4, S5, S6 have no Peach
        outcome = t.ok(t.press("no", t.pending["seat"]))
    for lang in LANGS:
        assert t.said(outcome, lang)[-1] == JIUZHU_ASKS[lang]
    staged = t.ok(t.scan("skill:jiuzhu", 1))  # its token says the same OK
    assert t.said(staged)[-1] == (
        "Zhao Yun (seat 1): Rescue the Lord: OK to use it (you then scan the card you discard), "
        "NO to cancel."
    )
    t.ok(t.press("no", 1))  # back to the Peach request
    outcome = t.ok(t.press("ok", 1))
    for lang in LANGS:
        assert t.said(outcome, lang)[-1] == JIUZHU_DISCARD[lang]
    outcome = t.ok(t.scan("dodge@H2", 1))
    assert "Hua Tuo (seat 3) is saved, with 1 health." in t.said(outcome)
    assert (t.seat(1)["hp"], t.seat(3)["hp"]) == (3, 1)


def test_table_zhongyi_token_red_card_ok_then_a_friendly_kill_deals_one_more():
    """Guan Yu (S5): `skill:zhongyi`, a red card, OK puts it on his general as 义 (said in
    three languages); his Kill on Hua Tuo then deals 2; a second 忠义 is refused as spent."""
    t = ModeSeats("3v3", *TABLE, rules=ON)
    t.ok(t.scan("zhangfei", 2))
    t.end_turn(2)
    t.ok(t.scan("guanyu", 5))  # the warm marshal acts himself
    said = table_refused(t, lambda: t.scan("guanyu", 5), "scan_skill_token")  # 武圣 and 忠义
    assert said["en"][0] == (
        "Guan Yu (seat 5): Guan Yu has more than one skill to start: scan the skill token."
    )
    outcome = t.ok(t.scan("skill:zhongyi", 5))
    staged = {
        "en": "Guan Yu (seat 5): Loyalty and Righteousness: scan one red hand card to put on "
        "your general as Yi, then OK; NO to cancel.",
        "es": "Guan Yu (asiento 5): Lealtad y rectitud: escanea una carta roja de tu mano para "
        "ponerla sobre tu general como Yi y pulsa OK; NO para cancelar.",
        "zh-Hans": "5号位关羽：忠义：扫描一张红色手牌作为“义”置于武将牌上，然后按确定；按取消放弃。",
    }
    for lang in LANGS:
        assert t.said(outcome, lang)[-1] == staged[lang]
    t.ok(t.scan("peach@H3", 5))
    outcome = t.ok(t.press("ok", 5))
    put = {
        "en": "Guan Yu (seat 5) puts Peach ♥3 on their general (Loyalty and Righteousness): 1 "
        "there now.",
        "es": "Guan Yu (asiento 5) pone el Melocotón ♥3 sobre su general (Lealtad y rectitud): "
        "ahora hay 1.",
        "zh-Hans": "5号位关羽将【桃】♥3置于武将牌上（忠义），现有1张。",
    }
    for lang in LANGS:
        assert put[lang] in t.said(outcome, lang)
    t.ok(correct(t, "correct move chitu@H5 to 5 equipment"))
    for code in ("kill@S8", "huatuo"):
        t.ok(t.scan(code, 5))
    outcome = t.ok(t.press("no", 3))
    assert "Guan Yu (seat 5) deals 2 damage to Hua Tuo (seat 3) (Kill): 1 health left." in t.said(
        outcome
    )
    # spent: refused as soon as the token is scanned (the table knows it then)
    said = table_refused(t, lambda: t.scan("skill:zhongyi", 5), "skill_spent")
    assert said["en"][0] == (
        "Loyalty and Righteousness is once per game: Guan Yu (seat 5) has already used it."
    )
    t.end_turn(5)
    t.ok(t.scan("zhaoyun", 2))  # the cool vanguards: S1, then S3
    t.end_turn(1)
    t.end_turn(3)
    t.ok(t.scan("xiahoudun", 5))  # the warm vanguards: S4, then S6
    t.end_turn(4)
    while t.pending["seat"] == 6:
        outcome = t.ok(t.press("ok", 6))
    reset = {
        "en": "The round resets: Guan Yu (seat 5) discards Peach ♥3 from their general "
        "(Loyalty and Righteousness).",
        "es": "Se reinicia la ronda: Guan Yu (asiento 5) descarta el Melocotón ♥3 de su general "
        "(Lealtad y rectitud).",
        "zh-Hans": "身份牌重置：5号位关羽将武将牌上的【桃】♥3置入弃牌堆（忠义）。",
    }
    for lang in LANGS:
        assert reset[lang] in t.said(outcome, lang)
    assert "zhongyi" not in t.seat(5)["piles"]


def test_the_phone_panel_lists_the_3v3_skills_a_general_plays_with():
    """A seat's own phone panel reads the skills from the game, not from the printed card:
    Guan Yu shows 武圣 and 忠义 with their 3v3 texts."""
    t = ModeSeats("3v3", *TABLE, rules=ON)
    session = Session(GameLog(":memory:"), 1, t.table, Narrator("en"))
    panel = seat_panel(session, 5, "en")
    assert [s["id"] for s in panel["skills"]] == ["wusheng", "zhongyi"]
    assert panel["skills"][1]["name"] == "Loyalty and Righteousness"
    assert panel["skills"][1]["text"].startswith("(3v3) Limited.")


ZHANSHEN_WAKES = {
    "en": [
        "Lü Bu (seat 6) awakens: God of War, gaining Horsemanship and Divine Halberd.",
        "Lü Bu (seat 6)'s maximum health goes from 4 to 3 (God of War): health 3.",
    ],
    "es": [
        "Lü Bu (asiento 6) despierta: Dios de la guerra; obtiene Equitación y Alabarda divina.",
        "La vida máxima de Lü Bu (asiento 6) pasa de 4 a 3 (Dios de la guerra): vida 3.",
    ],
    "zh-Hans": [
        "6号位吕布的战神觉醒，获得马术和神戟。",
        "6号位吕布的体力上限由4变为3（战神），当前体力3。",
    ],
}


def test_table_zhanshen_wakes_at_the_preparation_phase_and_shenji_takes_three_targets():
    """Hua Tuo (S3) kills Xiahou Dun (S4); Lü Bu (S6, wounded) wakes at the start of his
    turn, said in three languages, and his Kill then takes three targets' general scans."""
    t = ModeSeats("3v3", *TABLE, rules=ON)
    t.ok(t.scan("huatuo", 2))  # the cool vanguards: S3, then S1
    t.ok(correct(t, "correct hp 4 1"))
    t.ok(correct(t, "correct hp 6 3"))
    for code in ("kill@S7", "xiahoudun"):
        t.ok(t.scan(code, 3))
    t.ok(t.press("no", 4))
    while t.pending["kind"] == "respond":  # nobody has a Peach
        t.ok(t.press("no", t.pending["seat"]))
    assert not t.seat(4)["alive"]
    t.end_turn(3)
    t.end_turn(1)
    outcome = t.ok(t.scan("lvbu", 5))
    for lang in LANGS:
        said = t.said(outcome, lang)
        assert all(line in said for line in ZHANSHEN_WAKES[lang]), said
    t.ok(t.scan("kill@S9", 6))
    for general in ("zhaoyun", "zhangfei"):
        t.ok(t.scan(general, 6))
    outcome = t.ok(t.scan("huatuo", 6))  # the third target uses it at once
    assert (
        "Lü Bu (seat 6) uses Kill ♠9 on Zhao Yun (seat 1), Zhang Fei (seat 2) and Hua Tuo "
        "(seat 3)." in t.said(outcome)
    )


def test_the_3v3_skill_tokens_print_with_their_general_and_mode():
    """`companion labels --set 3v3`: 忠义's and 救主's tokens, each naming its 3v3 general."""
    book = codebook()
    texts = [label_text(book, ref) for ref in book.all_codes("3v3_skills")]
    assert [(t.zh, t.en, t.note) for t in texts] == [
        ("忠义", "Loyalty and Righteousness", "关羽 Guan Yu (3v3)"),
        ("救主", "Rescue the Lord", "赵云 Zhao Yun (3v3)"),
    ]
    assert book.resolve_token("skill:zhongyi").code == texts[0].code
