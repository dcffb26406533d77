"""Two-side modes at the table as players play them (issue 31): every prompt promises a
gesture that is accepted, every refusal gives the rule that applies (docs/modes.md).

Each scenario goes through the real table layer and the real engine in table mode
(`tests/modes/table.py`); sentences come from the real narrator in zh-Hans, en and es."""

from __future__ import annotations

import pytest

from companion.cli import main
from companion.narration import Narrator
from engine.core.errors import InvalidAction
from engine.sanguosha import Settings
from tests.modes.table import ModeSeats, SetSeats
from tests.table.test_corrections import correct
from tests.table.test_refusal_reasons import LANGS, refused
from tests.table.test_skill_gestures import Seats

REDRAWN = {
    "en": "Da Qiao (seat 4) discards the starting hand (4 cards) and draws a new one.",
    "es": "Da Qiao (asiento 4) descarta su mano inicial (4 cartas) y roba una nueva.",
    "zh-Hans": "4号位大乔弃置起始手牌（4张牌），重新摸取同样数量。",
}


def test_a_2v2_redraw_discards_the_hand_and_the_deck_shows_it() -> None:
    """docs/modes.md §3.2: seat 4's given-up hand is discarded (the discard pile grows by
    4, the deck shrinks by the 4 drawn again), not shuffled back into the deck."""
    t = ModeSeats(
        "2v2", "zhangfei", "huatuo", "lvbu", "daqiao", rules={"2v2.seat4_bonus": "redraw"}
    )
    before = t.table.view()
    outcome = t.ok(t.press("ok", 4))
    after = t.table.view()
    assert after["discard_count"] == before["discard_count"] + 4
    assert after["deck_count"] == before["deck_count"] - 4 - 1  # and seat 1's first draw
    assert t.seat(4)["hand_count"] == 4
    for lang in LANGS:
        assert t.said(outcome, lang)[0] == REDRAWN[lang]


OUT_OF_RANGE = {
    "en": "Hua Tuo (seat 2) is out of range: distance 2, attack range 1.",
    "es": "Hua Tuo (asiento 2) está fuera de alcance: distancia 2, alcance de ataque 1.",
    "zh-Hans": "2号位华佗不在攻击范围内：距离2，攻击范围1。",
}


def test_a_1v1_kill_at_an_opponent_out_of_range_says_the_distance_at_once() -> None:
    """The only opponent behind a +1 horse: the Kill scanned is refused with the range rule
    (distance 2, range 1), not "Kill needs a target" (which would send the player to scan
    a target that would then be refused as "scan the card first")."""
    t = ModeSeats("1v1")
    t.ok(correct(t, "correct move dilu@C5 to 2 equipment"))
    said = refused(t, lambda: t.scan("kill@S7", 1), "out_of_range")
    assert {lang: lines[0] for lang, lines in said.items()} == OUT_OF_RANGE


class _Drafting(Seats):
    """A 1v1 table at its draft: seat 1 scans the twelve generals face up into the pool."""

    def __init__(self) -> None:
        super(Seats, self).__init__(players=2, settings={"game_mode": "1v1", "mode_settings": {}})


IN_THE_POOL = {
    "en": "Zhang Fei is already in the draft pool.",
    "es": "Zhang Fei ya está en la selección.",
    "zh-Hans": "张飞已在将池中。",
}


def test_a_general_scanned_twice_into_the_1v1_pool_says_it_is_there() -> None:
    """docs/modes.md §2.1: the 1v1 draft lays 12 different generals face up; Zhang Fei's
    card scanned a second time is refused as already in the pool (not "taken" by a seat)."""
    t = _Drafting()
    t.ok(t.scan("zhangfei", 1))
    said = refused(t, lambda: t.scan("zhangfei", 1), "already_in_pool", {"general": "zhangfei"})
    assert said == {lang: [sentence] for lang, sentence in IN_THE_POOL.items()}


NO_IDENTITIES = {
    "en": "No identity cards in 2v2: the teams are known; scan a general or a game card.",
    "es": "En 2c2 no hay cartas de identidad: los equipos se conocen; escanea un general o una "
    "carta de juego.",
    "zh-Hans": "2v2（欢乐成双）不使用身份牌：阵营是公开的；请扫描武将牌或游戏牌。",
}


def test_an_identity_card_in_a_team_mode_says_the_mode_has_none() -> None:
    """docs/modes.md §1: identity cards are not used in the two-side modes; a rebel card
    scanned in the play phase says so, not "not what is needed now"."""
    t = ModeSeats("2v2", "liubei", "guanyu", "zhangfei", "lvbu")
    said = refused(t, lambda: t.scan("rebel", 1), "no_identities", {"mode": "2v2"})
    assert said == {lang: [sentence] for lang, sentence in NO_IDENTITIES.items()}


LORD_SKILLS_OFF = {
    "en": "Royal Escort is a lord skill, and 2v2 has no lord skills: Cao Cao (seat 1) cannot "
    "use it.",
    "es": "Escolta real es una habilidad de señor, y en 2c2 no hay habilidades de señor: Cao Cao "
    "(asiento 1) no puede usarla.",
    "zh-Hans": "护驾是主公技，2v2（欢乐成双）中没有主公技：1号位曹操不能发动。",
}
NO_SKILL_TO_START = {
    "en": "Cao Cao (seat 1): Cao Cao has no skill that is started by scanning the general card.",
    "es": "Cao Cao (asiento 1): Cao Cao no tiene ninguna habilidad que se active escaneando su "
    "carta de general.",
    "zh-Hans": "1号位曹操：曹操没有可通过扫描武将牌发动的技能。",
}


def test_a_lord_skill_in_a_mode_without_lords_says_so() -> None:
    """docs/modes.md §1: lord skills are off in the two-side modes. Cao Cao's 护驾 token is
    refused for that rule (not "Cao Cao does not have Royal Escort"), and his general card,
    which then starts nothing, is not said to have "more than one skill"."""
    t = ModeSeats("2v2", "caocao", "huatuo", "lvbu", "daqiao")
    said = refused(t, lambda: t.scan("skill:hujia", 1), "lord_skills_off")
    assert {lang: lines[0] for lang, lines in said.items()} == LORD_SKILLS_OFF
    said = refused(t, lambda: t.scan("caocao", 1), "no_skill_to_start")
    assert {lang: lines[0] for lang, lines in said.items()} == NO_SKILL_TO_START


NOT_THE_LORD = {
    "en": "Royal Escort is a lord skill: only the lord has it, and Cao Cao (seat 2) is not the "
    "lord.",
    "es": "Escolta real es una habilidad de señor: solo la tiene el señor, y Cao Cao (asiento 2) "
    "no es el señor.",
    "zh-Hans": "护驾是主公技，只有主公拥有：2号位曹操不是主公。",
}


def test_a_lord_skill_of_a_general_who_is_not_the_lord_says_so() -> None:
    """Identity mode, Cao Cao not the lord: his 护驾 token is refused as the lord's only."""
    t = Seats("zhangfei", "caocao", "guanyu", "lvbu")
    t.end_turn(1)
    said = refused(t, lambda: t.scan("skill:hujia", 2), "not_the_lord")
    assert {lang: lines[0] for lang, lines in said.items()} == NOT_THE_LORD


GANGLIE_SOURCE = {
    "en": "Xiahou Dun (seat 4): Eye for an Eye is aimed at the one who dealt the damage, Zhang "
    "Fei (seat 2), and no one else: OK or NO.",
    "es": "Xiahou Dun (asiento 4): Ojo por ojo solo se dirige contra quien causó el daño, Zhang "
    "Fei (asiento 2): OK o NO.",
    "zh-Hans": "4号位夏侯惇：刚烈只能对伤害来源2号位张飞发动，不能指定其他角色：确定或取消。",
}


def ganglie_asked() -> ModeSeats:
    """3v3: the cool marshal Zhang Fei (seat 2, a -1 horse) Kills Xiahou Dun (seat 4), who
    takes the damage and is asked whether to use 刚烈."""
    t = ModeSeats("3v3", "huatuo", "zhangfei", "ganning", "xiahoudun", "sunquan", "diaochan")
    t.ok(t.scan("zhangfei", 2))  # the cool marshal acts himself
    t.ok(correct(t, "correct move chitu@H5 to 2 equipment"))
    for code in ("kill@S7", "xiahoudun"):
        t.ok(t.scan(code, 2))
    t.ok(t.press("no", 4))
    assert (t.pending["reason"], t.pending["source"]) == ("ganglie", 2)
    return t


def test_3v3_ganglie_naming_another_player_says_whom_it_may_name() -> None:
    """The standard 刚烈 (3v3.exclusive_generals off) falls on the damage source only: a
    general scanned or a seat selected to name another enemy is refused with the source's
    name (not "not what is needed now"); OK then uses it."""
    t = ganglie_asked()
    said = refused(t, lambda: t.scan("huatuo", 4), "aimed_at_source")
    assert {lang: lines[0] for lang, lines in said.items()} == GANGLIE_SOURCE
    refused(t, lambda: t.select(3, 4), "aimed_at_source")
    t.ok(t.press("ok", 4))
    assert t.pending["kind"] == "judgment_card"


LAST_OF_TEAM = {
    "en": "The cool team acts: Zhang Fei (seat 2), the only one of the team still to act this "
    "round (no choice to make).",
    "es": "Actúa el equipo frío: Zhang Fei (asiento 2), el único del equipo que aún no ha "
    "actuado en esta ronda (no hay nada que elegir).",
    "zh-Hans": "冷方行动：2号位张飞，本轮己方仅剩此角色未行动（无需选择）。",
}


def test_a_3v3_unit_with_one_player_left_says_whose_turn_and_why() -> None:
    """docs/modes.md §4.1: the cool marshal sends his vanguards first, so the cool team's
    second unit has only the marshal left: no choice is asked, and the narration says
    whose turn it is and why (a marshal waiting to be asked would otherwise scan his own
    general into his play phase and start a skill)."""
    t = ModeSeats("3v3", "huatuo", "zhangfei", "ganning", "xiahoudun", "sunquan", "diaochan")
    t.ok(t.scan("huatuo", 2))
    t.end_turn(1)
    t.end_turn(3)
    t.ok(t.scan("sunquan", 5))
    outcome = t.ok(t.press("ok", 5))
    while t.pending["seat"] == 5:
        outcome = t.ok(t.press("ok", 5))
    assert t.pending == {"kind": "play", "seat": 2, "seats": [2]}
    for lang in LANGS:
        assert LAST_OF_TEAM[lang] in t.said(outcome, lang)


def fire_attack_discard() -> SetSeats:
    """Sun Quan (seat 1) uses Fire Attack on Guan Yu (seat 2), who shows Dodge ♥8: Sun Quan
    is asked for a ♥ hand card."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu", maneuvering=True)
    for code in ("fire_attack@H2", "guanyu"):
        t.ok(t.scan(code, 1))
    for seat in (1, 2, 3, 4):
        t.ok(t.press("no", seat))  # no Nullification
    t.ok(t.scan("dodge@H8", 2))
    assert (t.pending["kind"], t.pending["reason"]) == ("discard", "fire_attack")
    return t


FIRE_ATTACK_ASKS = {
    "en": "Sun Quan (seat 1): Fire Attack: to deal Guan Yu (seat 2) 1 fire damage, discard a "
    "hand card of the same suit as Dodge ♥8: scan it, or NO.",
    "es": "Sun Quan (asiento 1): Incendio: para causar 1 de daño de fuego a Guan Yu "
    "(asiento 2), descarta una carta de la mano del mismo palo que la Esquiva ♥8: escanéala, o NO.",
    "zh-Hans": "1号位孙权：【火攻】：弃置一张与【闪】♥8花色相同的手牌即可对2号位关羽造成1点火焰伤害：扫描它，"
    "或按取消。",
}
FIRE_ATTACK_OK = {
    "en": "A card discarded for Fire Attack must be hearts ♥: scan it so its suit shows, or NO "
    "to discard nothing.",
    "es": "La carta descartada para el Incendio debe ser de corazones ♥: escanéala para que "
    "se vea su palo, o NO para no descartar nada.",
    "zh-Hans": "为【火攻】弃置的牌必须是红桃♥：请扫描它以亮出花色，或按取消不弃牌。",
}
FIRE_ATTACK_NO = {
    "en": "Sun Quan (seat 1) discards nothing: Fire Attack deals no damage to Guan Yu (seat 2).",
    "es": "Sun Quan (asiento 1) no descarta nada: el Incendio no causa daño a Guan Yu (asiento 2).",
    "zh-Hans": "1号位孙权不弃牌：【火攻】未对2号位关羽造成伤害。",
}


def test_fire_attacks_discard_prompt_offers_only_what_is_accepted() -> None:
    """docs/maneuvering.md §3.5: the discard must be of the shown suit, so it is scanned.
    The prompt says scan or NO (no "OK to discard unseen"), OK is refused with that rule
    (not "the game is waiting for discards"), and NO is narrated."""
    t = fire_attack_discard()
    for lang in LANGS:
        assert Narrator(lang).prompt(t.pending, t.table.view()) == FIRE_ATTACK_ASKS[lang]
    said = refused(t, lambda: t.press("ok", 1), "suit_must_show")
    assert {lang: lines[0] for lang, lines in said.items()} == FIRE_ATTACK_OK
    outcome = t.ok(t.press("no", 1))
    for lang in LANGS:
        assert t.said(outcome, lang)[0] == FIRE_ATTACK_NO[lang]
    assert t.seat(2)["hp"] == 4


FIRE_ATTACK_ON_SELF = {
    "used": {
        "en": "Sun Quan (seat 1) uses Fire Attack ♦Q on themselves.",
        "es": "Sun Quan (asiento 1) usa el Incendio ♦Q sobre sí.",
        "zh-Hans": "1号位孙权对自己使用【火攻】♦Q。",
    },
    "show": {
        "en": "Sun Quan (seat 1): Fire Attack: show one of your hand cards: scan it.",
        "es": "Sun Quan (asiento 1): Incendio: muestra una carta de tu mano y escanéala.",
        "zh-Hans": "1号位孙权：【火攻】：请展示一张手牌并扫描。",
    },
    "discard": {
        "en": "Sun Quan (seat 1): Fire Attack: to deal yourself 1 fire damage, discard a hand card "
        "of the same suit as Dodge ♦8: scan it, or NO.",
        "es": "Sun Quan (asiento 1): Incendio: para causarte 1 de daño de fuego, descarta una "
        "carta de la mano del mismo palo que la Esquiva ♦8: escanéala, o NO.",
        "zh-Hans": "1号位孙权：【火攻】：弃置一张与【闪】♦8花色相同的手牌即可对自己造成1点火焰伤害："
        "扫描它，或按取消。",
    },
}


def test_fire_attack_on_yourself_reads_as_on_yourself() -> None:
    """docs/maneuvering.md §3.5: Fire Attack may target its user. The use says "on
    themselves" (not a bare "uses Fire Attack ♦Q."), the show prompt does not name the
    player twice ("Sun Quan (seat 1): Sun Quan (seat 1)'s Fire Attack"), and the discard
    prompt says the damage is to yourself (not "to nobody")."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu", maneuvering=True)
    t.ok(t.scan("fire_attack@DQ", 1))
    used = t.ok(t.scan("sunquan", 1))
    for seat in (1, 2, 3, 4):
        t.ok(t.press("no", seat))
    for lang in LANGS:
        assert t.said(used, lang)[0] == FIRE_ATTACK_ON_SELF["used"][lang]
        assert Narrator(lang).prompt(t.pending, t.table.view()) == FIRE_ATTACK_ON_SELF["show"][lang]
    t.ok(t.scan("dodge@D8", 1))
    for lang in LANGS:
        said = Narrator(lang).prompt(t.pending, t.table.view())
        assert said == FIRE_ATTACK_ON_SELF["discard"][lang]


BAD_SETTING = {
    "en": "Not a valid setting: chain_amount = bogus; it takes as_dealt or before_target_armor.",
    "es": "Ajuste no válido: chain_amount = bogus; admite as_dealt o before_target_armor.",
    "zh-Hans": "无效的设置：chain_amount = bogus；可选值为as_dealt或before_target_armor。",
}


def test_a_bad_setting_value_is_a_sentence_with_the_accepted_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--rule chain_amount=bogus` (docs/maneuvering.md §6) is refused before any game with
    a sentence naming the accepted values, not the raw key `bad_settings (setting=...)`; a
    mode's setting out of its range says the range."""
    with pytest.raises(InvalidAction) as info:
        Settings(maneuvering=True, chain_amount="bogus").validate()
    for lang in LANGS:
        assert Narrator(lang).refusal(info.value.to_json()) == BAD_SETTING[lang]
    argv = ["play", "--players", "4", "--reader", "sim", "--cards", "standard,maneuvering"]
    assert main([*argv, "--rule", "chain_amount=bogus"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: --rule: {BAD_SETTING['en'][:-1]}; known settings"), err
    assert "bad_settings" not in err
    with pytest.raises(InvalidAction) as info:
        Settings(game_mode="2v2", mode_settings={"2v2.offer": 9}).validate()
    said = Narrator("en").refusal(info.value.to_json())
    assert said == "Not a valid setting: 2v2.offer = 9; it takes 3..6."


VINE_VOIDS = {
    "en": "{card} has no effect on Guan Yu (seat 2) (Vine).",
    "es": "{card} no tiene efecto sobre Guan Yu (asiento 2) (Armadura de lianas).",
    "zh-Hans": "{card}对2号位关羽无效（【藤甲】）。",
}
AOE_NAMES = {
    "arrow_barrage@HA": {
        "en": "Arrow Barrage",
        "es": "La Lluvia de flechas",
        "zh-Hans": "【万箭齐发】",
    },
    "barbarian_invasion@SK": {
        "en": "Barbarian Invasion",
        "es": "La Invasión bárbara",
        "zh-Hans": "【南蛮入侵】",
    },
}


@pytest.mark.parametrize("card", sorted(AOE_NAMES))
def test_vine_voids_an_aoe_before_any_nullification_window(card: str) -> None:
    """docs/maneuvering.md §3.7: Vine gives Arrow Barrage and Barbarian Invasion no effect
    on its holder, who is not asked anything: the first Nullification window is for the
    next target, not the Vine holder."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu", maneuvering=True)
    t.ok(correct(t, "correct move vine@S2 to 2 equipment"))
    outcome = t.ok(t.scan(card, 1))
    assert (t.pending["kind"], t.pending["target"]) == ("nullify", 3)
    for lang in LANGS:
        said = t.said(outcome, lang)
        assert VINE_VOIDS[lang].replace("{card}", AOE_NAMES[card][lang]) in said
        assert not any("Nullification" in line and "seat 2)?" in line for line in said)


HALBERD = {
    "en": "Sun Quan (seat 1): Sky Halberd's extra targets need the Kill to be your last hand "
    "card; this Kill was not, so it went to its first target only.",
    "es": "Sun Quan (asiento 1): los objetivos extra de la Alabarda celestial exigen que el "
    "Ataque sea tu última carta en la mano; este no lo era, así que solo va contra su primer "
    "objetivo.",
    "zh-Hans": "1号位孙权：方天画戟须以最后一张手牌【杀】才能额外指定目标；此【杀】不是最后一张手牌，"
    "只对第一个目标生效。",
}


def test_a_second_sky_halberd_target_says_the_last_card_rule() -> None:
    """A Sky Halberd holder with more than one hand card: the Kill is used at its first
    target at once (right); a second general scanned then is refused with the rule that
    extra targets need the Kill to be the last hand card, not "may not decide now"."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu")
    t.ok(correct(t, "correct move sky_halberd@DQ to 1 equipment"))
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("guanyu", 1))
    assert (t.pending["kind"], t.pending["seat"]) == ("respond", 2)
    before = t.snapshot()
    outcome = t.scan("zhangfei", 1)
    assert outcome.refusal is not None and outcome.refusal["reason"] == "halberd_last_card"
    assert t.snapshot() == before
    assert {lang: t.said(outcome, lang)[0] for lang in LANGS} == HALBERD


QIXI_NULLIFY = {
    "en": "Nullification against Dismantle (Wine ♠3) on Guan Yu (seat 2)? Scan it, or NO (5 s); "
    "still to answer: Gan Ning (seat 1), Guan Yu (seat 2), Zhang Fei (seat 3) and Lü Bu (seat 4).",
    "es": "¿Anulación contra Desmantelar (Vino ♠3) sobre Guan Yu (asiento 2)? Escanéala, o NO "
    "(5 s); faltan por responder: Gan Ning (asiento 1), Guan Yu (asiento 2), Zhang Fei (asiento "
    "3) y Lü Bu (asiento 4).",
    "zh-Hans": "【过河拆桥】（【酒】♠3）即将对2号位关羽生效，是否使用【无懈可击】？扫描【无懈可击】，"
    "或按取消（5秒）；尚未表态：1号位甘宁、2号位关羽、3号位张飞和4号位吕布。",
}


def test_a_nullification_window_names_the_card_as_used_then_the_physical_card() -> None:
    """Gan Ning's Qixi uses Wine ♠3 as Dismantle: the Nullification window names the
    Dismantle first, then the physical card (not "against Wine ♠3")."""
    t = SetSeats("ganning", "guanyu", "zhangfei", "lvbu", maneuvering=True)
    for code in ("skill:qixi", "wine@S3", "guanyu"):
        t.ok(t.scan(code, 1))
    outcome = t.ok(t.press("ok", 1))
    assert (t.pending["kind"], t.pending["as_card"]) == ("nullify", "dismantle")
    assert {lang: t.said(outcome, lang)[-1] for lang in LANGS} == QIXI_NULLIFY


NOT_GUOSE = {
    "en": "National Beauty uses one ♦ card (hand or equipment) as Indulgence, not Peach ♥3.",
    "es": "Belleza nacional usa una carta de ♦ (de la mano o equipada) como Placeres de Shu, no "
    "el Melocotón ♥3.",
    "zh-Hans": "国色：可将一张♦牌（手牌或装备区）当【乐不思蜀】使用，【桃】♥3不行。",
}
NOT_JIJIU = {
    "en": "First Aid uses one red card as a Peach, and only outside your own turn: not Kill ♠8 "
    "now.",
    "es": "Primeros auxilios usa una carta roja como Melocotón, y solo fuera de tu turno: ahora "
    "no el Ataque ♠8.",
    "zh-Hans": "急救：回合外可将一张红色牌当【桃】使用，现在【杀】♠8不行。",
}


def test_guose_refuses_a_card_that_is_not_a_diamond_at_the_scan() -> None:
    """国色 takes a ♦ card only: a ♥ card scanned for it is refused at once with the rule
    (not at OK while the skill stays open); the skill stays staged and a ♦ card is taken."""
    t = SetSeats("daqiao", "guanyu", "zhangfei", "lvbu")
    t.ok(t.scan("skill:guose", 1))
    said = refused(t, lambda: t.scan("peach@H3", 1), "not_convertible")
    assert {lang: lines[0] for lang, lines in said.items()} == NOT_GUOSE
    assert t.pending["staged"]["cards"] == []
    t.ok(t.scan("dodge@D2", 1))
    t.ok(t.scan("guanyu", 1))
    t.ok(t.press("ok", 1))
    assert t.seat(2)["judgment"] == ["dodge@D2"]  # the ♦ card lies there as Indulgence


def test_jijiu_refuses_a_black_card_at_the_scan() -> None:
    """急救 takes a red card only: Hua Tuo, asked for a Peach for a dying Guan Yu, scans a
    black Kill for it: refused at once with the rule; a red card then saves Guan Yu."""
    t = SetSeats("liubei", "guanyu", "huatuo", "lvbu")
    t.ok(correct(t, "correct hp 2 1"))
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("guanyu", 1))
    t.ok(t.press("no", 2))
    while t.pending["seat"] != 3:
        t.ok(t.press("no", t.pending["seat"]))
    assert (t.pending["kind"], t.pending["need"]) == ("respond", "peach")
    t.ok(t.scan("skill:jijiu", 3))
    said = refused(t, lambda: t.scan("kill@S8", 3), "not_convertible")
    assert {lang: lines[0] for lang, lines in said.items()} == NOT_JIJIU
    t.ok(t.scan("dodge@D2", 3))
    t.ok(t.press("ok", 3))
    assert t.seat(2)["hp"] == 1


SCAN_THE_CARD_THAT_GOES = {
    "en": "Guan Yu (seat 2): Sun Quan (seat 1) picks one of your hand cards unseen to discard "
    "(Dismantle): you scan the card that goes, or OK to discard it unnamed.",
    "es": "Guan Yu (asiento 2): Sun Quan (asiento 1) elige sin verla una de tus cartas en la mano "
    "para descartarla (Desmantelar): escanea tú la carta que se va, o OK para descartarla sin "
    "nombrarla.",
    "zh-Hans": "2号位关羽：1号位孙权的【过河拆桥】将弃置你的一张手牌，由其暗选：请你扫描被弃的那张牌，"
    "或按确定不公开牌面弃置。",
}
THE_TARGET_SCANS = {
    "en": "Sun Quan (seat 1) may not decide now: Guan Yu (seat 2) scans the hand card Dismantle "
    "discards (picked unseen).",
    "es": "No le toca decidir a Sun Quan (asiento 1): Guan Yu (asiento 2) escanea la carta de su "
    "mano que descarta Desmantelar (elegida sin verla).",
    "zh-Hans": "现在轮不到1号位孙权做决定：由2号位关羽扫描被【过河拆桥】暗选弃置的那张手牌。",
}


def test_dismantling_a_hand_card_prompts_the_target_to_scan_the_card_that_goes() -> None:
    """After OK (a hand card, unseen) the target must scan the card that goes: the prompt
    names the target and says so, and another seat's input is refused with who scans what
    (not a bare "may not decide now"); the target's scan discards that card."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu")
    t.ok(t.scan("dismantle@S3", 1))
    t.ok(t.scan("guanyu", 1))
    while t.pending["kind"] == "nullify":
        t.ok(t.press("no", t.pending["seats"][0]))
    outcome = t.ok(t.press("ok", 1))
    assert (t.pending["kind"], t.pending["seat"], t.pending["source"]) == ("reveal_card", 2, 1)
    assert {lang: t.said(outcome, lang)[-1] for lang in LANGS} == SCAN_THE_CARD_THAT_GOES
    said = refused(t, lambda: t.press("ok", 1), "wrong_seat")
    assert {lang: lines[0] for lang, lines in said.items()} == THE_TARGET_SCANS
    hand = t.seat(2)["hand_count"]
    t.ok(t.scan("kill@S9", 2))
    assert t.seat(2)["hand_count"] == hand - 1 and t.pending["kind"] == "play"


V11_ZONE = {
    "en": "Zhang Fei (seat 1): Dismantle (1v1): from Hua Tuo (seat 2), OK for an equipped card or "
    "NO for the whole hand; then scan the card.",
    "es": "Zhang Fei (asiento 1): Desmantelar (1c1): de Hua Tuo (asiento 2), OK para una carta "
    "equipada o NO para toda la mano; luego escanea la carta.",
    "zh-Hans": "1号位张飞：过河拆桥（1v1）：对2号位华佗，按确定弃置一张装备牌，或按取消从全部手牌中弃置；"
    "然后扫描该牌。",
}
V11_NOT_JUDGMENT = {
    "en": "Dismantle (1v1) discards an equipped card or one of the hand, never from the judgment "
    "area: Indulgence ♥6 stays in Hua Tuo (seat 2)'s.",
    "es": "Desmantelar (1c1) descarta una carta equipada o una de la mano, nunca de la zona de "
    "juicio: los Placeres de Shu ♥6 se quedan en la de Hua Tuo (asiento 2).",
    "zh-Hans": "过河拆桥（1v1）只能弃置装备区的牌或一张手牌，不能弃置判定区的牌：【乐不思蜀】♥6留在2号位"
    "华佗的判定区。",
}


def test_1v1_v11_dismantle_says_ok_or_no_and_refuses_the_judgment_area_with_its_rule() -> None:
    """`1v1.dismantle=v11`: the zone prompt says OK (equipment) or NO (hand), as the README
    does; an Indulgence scanned from the judgment area is refused with the v11 rule (hand
    or equipment only), not "already in the judgment area"; the equipped card then goes."""
    t = ModeSeats("1v1", rules={"1v1.dismantle": "v11"})
    t.ok(correct(t, "correct move indulgence@H6 to 2 judgment"))
    t.ok(correct(t, "correct move dilu@C5 to 2 equipment"))
    t.ok(t.scan("dismantle@S3", 1))
    outcome = t.ok(t.scan("huatuo", 1))
    while t.pending["kind"] == "nullify":
        outcome = t.ok(t.press("no", t.pending["seats"][0]))
    assert {lang: t.said(outcome, lang)[-1] for lang in LANGS} == V11_ZONE
    t.ok(t.press("ok", 1))
    said = refused(t, lambda: t.scan("indulgence@H6", 1), "not_from_judgment")
    assert {lang: lines[0] for lang, lines in said.items()} == V11_NOT_JUDGMENT
    t.ok(t.scan("dilu@C5", 1))
    assert "dilu@C5" not in t.seat(2)["equipment"].values()
    assert t.seat(2)["judgment"] == ["indulgence@H6"]


class SharedSeats(Seats):
    """An identity-mode table played at one shared reader (setup too: the lord's card, then
    the generals in seat order), with the Maneuvering cards."""

    def __init__(self, *generals: str) -> None:
        super(Seats, self).__init__(players=len(generals), settings={"maneuvering": True})
        self.setup(generals)


IRON_CHAIN_ASKS = {
    "en": "Sun Quan (seat 1): Iron Chain ♠J: scan a general (yours too; or select a seat) and "
    "OK, or two generals: the second uses it at once; OK with none recasts it (draw 1); NO "
    "cancels.",
    "es": "Sun Quan (asiento 1): Cadena de hierro ♠J: escanea un general (el tuyo también; o "
    "elige un asiento) y OK, o dos generales: el segundo la usa en el acto; OK sin ninguno la "
    "refunde (robas 1); NO cancela.",
    "zh-Hans": "1号位孙权：【铁索连环】♠J：扫描一名武将（可以是自己；或选择座位）后按确定，或扫描两名武将"
    "（扫描第二名后立即使用）；不选目标直接按确定则重铸（摸1张牌）；按取消放弃。",
}
IRON_CHAIN_SO_FAR = {
    "en": "Sun Quan (seat 1): targets for Iron Chain ♠J so far Guan Yu (seat 2); OK to confirm, "
    "or scan a second general, which uses it at once; NO to cancel.",
    "es": "Sun Quan (asiento 1): objetivos de la Cadena de hierro ♠J hasta ahora: Guan Yu "
    "(asiento 2); OK para confirmar, o escanea un segundo general, que la usa en el acto; NO "
    "para cancelar.",
    "zh-Hans": "1号位孙权：【铁索连环】♠J的目标目前为2号位关羽；按确定使用，或扫描第二名武将（扫描后立即使用）；"
    "按取消放弃。",
}
NULLIFY_AT_A_SHARED_READER = {
    "en": "Nullification against Iron Chain ♠J on Guan Yu (seat 2)? Scan it, or NO (5 s); at a "
    "shared reader, scan your own general first, then the Nullification or NO; still to "
    "answer: Sun Quan (seat 1), Guan Yu (seat 2), Zhang Fei (seat 3) and Lü Bu (seat 4).",
    "es": "¿Anulación contra la Cadena de hierro ♠J sobre Guan Yu (asiento 2)? Escanéala, o NO "
    "(5 s); en un lector compartido, escanea antes tu propio general y luego la Anulación o "
    "NO; faltan por responder: Sun Quan (asiento 1), Guan Yu (asiento 2), Zhang Fei "
    "(asiento 3) y Lü Bu (asiento 4).",
    "zh-Hans": "【铁索连环】♠J即将对2号位关羽生效，是否使用【无懈可击】？扫描【无懈可击】，或按取消（5秒）；"
    "在共用读卡器上，请先扫描你自己的武将牌，再扫描【无懈可击】或按取消；尚未表态：1号位孙权、2号位关羽、"
    "3号位张飞和4号位吕布。",
}
WHO_IS_ANSWERING = {
    "en": "Who is answering? Scan your own general first (Sun Quan (seat 1), Guan Yu (seat 2), "
    "Zhang Fei (seat 3) and Lü Bu (seat 4)).",
    "es": "¿Quién responde? Escanea antes tu propio general (Sun Quan (asiento 1), Guan Yu "
    "(asiento 2), Zhang Fei (asiento 3) y Lü Bu (asiento 4)).",
    "zh-Hans": "谁在响应？请先扫描你自己的武将牌（1号位孙权、2号位关羽、3号位张飞和4号位吕布）。",
}
ALREADY_ANSWERED = (
    "Sun Quan (seat 1) may not decide now: waiting for Guan Yu (seat 2), Zhang Fei (seat 3) "
    "and Lü Bu (seat 4)."
)


def test_at_a_shared_reader_iron_chain_and_its_nullification_say_what_is_accepted() -> None:
    """Issue 31 item 20, at one shared reader. Iron Chain's prompts say what the README
    says: one general and OK, or two, the second using it at once (no OK: an OK then
    lands in the Nullification window, and is refused there). The Nullification window
    says how to answer at a shared reader (your own general first, then NO or the
    Nullification), and that gesture is accepted: a bare NO is refused, as it says."""
    t = SharedSeats("sunquan", "guanyu", "zhangfei", "lvbu")
    asked = t.ok(t.scan("iron_chain@SJ"))
    assert {lang: t.said(asked, lang)[-1] for lang in LANGS} == IRON_CHAIN_ASKS
    first = t.ok(t.scan("guanyu"))
    assert {lang: t.said(first, lang)[-1] for lang in LANGS} == IRON_CHAIN_SO_FAR
    used = t.ok(t.scan("zhangfei"))
    assert t.pending["kind"] == "nullify"
    assert {lang: t.said(used, lang)[-1] for lang in LANGS} == NULLIFY_AT_A_SHARED_READER
    for button in ("ok", "no"):
        said = refused(t, lambda b=button: t.press(b), "who_is_it")
        assert {lang: lines[0] for lang, lines in said.items()} == WHO_IS_ANSWERING
    for seat, general in enumerate(("sunquan", "guanyu", "zhangfei", "lvbu"), start=1):
        assert t.ok(t.scan(general)).seat == seat  # Lü Bu's too, the last one asked
        assert t.ok(t.press("no")).seat == seat
        if seat == 1:  # one who has answered is told whom the window still waits for
            said = refused(t, lambda: t.scan("sunquan"), "wrong_seat")
            assert said["en"] == [ALREADY_ANSWERED]
    assert t.pending["kind"] == "nullify" and t.pending["target"] == 3  # the next target's
    assert t.pending["shared_reader"] is True


def test_with_a_reader_per_seat_the_nullification_prompt_says_no_shared_reader_step() -> None:
    """The shared reader's step is said only where a shared reader is in use: a table
    with one reader per seat answers a window with NO at each seat's own reader."""
    t = SetSeats("sunquan", "guanyu", "zhangfei", "lvbu", maneuvering=True)
    t.ok(t.scan("iron_chain@SJ", 1))
    t.ok(t.scan("guanyu", 1))
    used = t.ok(t.scan("zhangfei", 1))
    assert "shared_reader" not in t.pending
    said = t.said(used)[-1]
    assert said.startswith("Nullification against Iron Chain ♠J on Guan Yu (seat 2)? Scan it")
    assert "shared reader" not in said
    assert t.ok(t.press("no", 3)).seat == 3
