"""The 风 and 火 packs at the table (issue 25): the gestures the whole-game scripts rely on,
and the bad input of the issue refused at the TABLE layer (real scans and presses through
the real table and engine in table mode; `tests/skills/test_wind_fire_refusals.py` is the
engine layer): each refusal names its rule with its numbers in zh-Hans, en and es, and the
view and the prompt are exactly as before."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.table.outcome import Outcome
from tests.modes.table import SetSeats
from tests.table.harness import TableHarness
from tests.table.test_corrections import correct
from tests.table.test_refusal_reasons import refused
from tests.table.test_skill_gestures import Seats

WIND = ["standard", "wind"]
FIRE = ["standard", "fire"]


def test_shensu_second_option_is_offered_with_unscanned_hand_cards() -> None:
    """At the table Xiahou Yuan's hand is unscanned, so any card may be an equipment card:
    before his play phase 神速's second option is asked (it used to crash the engine on
    the unknown cards), and an equipment card scanned with a target is the Kill."""
    t = SetSeats("xiahouyuan", "zhangfei", "lvbu", "diaochan", general_packs=WIND)
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_target", "shensu")
    t.ok(t.press("no", 1))  # the first option declined: judgment and draw as usual
    assert (t.pending["kind"], t.pending["reason"]) == ("discard", "shensu")
    t.ok(t.scan("jueying@S5", 1))
    t.ok(t.scan("lvbu", 1))  # seat 3: at distance 2, no limit
    t.ok(t.press("no", 3))
    assert t.seat(3)["hp"] == 3 and t.table.view()["turn"]["phase"] != "play"


def test_kanpo_from_its_token_in_a_nullification_window() -> None:
    """看破 at the table: in the window, the skill token, a black hand card, OK: the card is
    used as Nullification and the Dismantle does nothing (the window used to refuse the
    token as "not what is needed now")."""
    t = SetSeats("liubei", "wolong", "zhangfei", "lvbu", general_packs=FIRE)
    t.ok(t.scan("dismantle@S3", 1))
    t.ok(t.scan("wolong", 1))
    assert t.pending["kind"] == "nullify"
    t.ok(t.scan("skill:kanpo", 2))
    t.ok(t.scan("kill@C7", 2))
    used = t.ok(t.press("ok", 2))
    kinds = {(e["kind"], e.get("skill")) for e in used.events}
    assert ("card_used", "kanpo") in kinds
    t.ok(t.wait(5))  # nobody answers the Nullification
    assert t.seat(2)["hand_count"] == 3 and t.pending == {"kind": "play", "seat": 1, "seats": [1]}


NIEPAN_ASKED = {
    "en": "Pang Tong (seat 2): a Peach? Scan it, OK for Nirvana, or NO.",
    "es": "Pang Tong (asiento 2): ¿un Melocotón? Escanéalo, OK para Renacer, o NO.",
    "zh-Hans": "2号位庞统：是否使用【桃】？扫描【桃】，按确定发动涅槃，或按取消。",
}


def test_the_dying_pangtong_is_told_that_ok_is_niepan() -> None:
    """When the rescue request reaches the dying 庞统 himself, the prompt says OK is 涅槃
    (it used to say only "scan a Peach, or NO")."""
    t = SetSeats("lvbu", "pangtong", "zhangfei", "liubei", general_packs=FIRE)
    t.ok(correct(t, "correct hp 2 1"))
    for code in ("kill@S7", "pangtong"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("no", 2))
    asked = t.ok(t.press("no", 1))  # Lü Bu gives no Peach
    assert t.pending["options"] == ["niepan"]
    assert {lang: t.said(asked, lang)[-1] for lang in NIEPAN_ASKED} == NIEPAN_ASKED


MENGJIN_ASKED = {
    "en": "Pang De (seat 1): Fierce Advance: discard one of Liu Bei (seat 2)'s cards (hand or "
    "equipment): scan it, or OK for a hand card unseen.",
    "es": "Pang De (asiento 1): Avance feroz: descarta una carta de Liu Bei (asiento 2) (de la "
    "mano o equipada): escanéala, u OK para una carta de la mano sin verla.",
    "zh-Hans": "1号位庞德：猛进——弃置2号位刘备的一张牌（手牌或装备区）：扫描该牌，或按确定弃置一张手牌"
    "（不亮出）。",
}


def test_mengjin_asks_for_a_card_to_discard_not_to_take() -> None:
    """猛进 discards the target's card: its prompt says so (it used to say "take a card")."""
    t = SetSeats("pangde", "liubei", "zhangfei", "lvbu", general_packs=FIRE)
    for code, seat in (("kill@S7", 1), ("liubei", 1), ("dodge@D2", 2)):
        t.ok(t.scan(code, seat))
    asked = t.ok(t.press("ok", 1))  # 猛进
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_card_from", "mengjin")
    assert {lang: t.said(asked, lang)[-1] for lang in MENGJIN_ASKED} == MENGJIN_ASKED


HONGYAN_TIANXIANG = {
    "en": "Kill ♠8 counts as hearts ♥ for Xiao Qiao (seat 2), by Rosy Beauty.",
    "es": "El Ataque ♠8 cuenta como de corazones ♥ para Xiao Qiao (asiento 2), por Belleza sonrosada.",
    "zh-Hans": "因红颜，【杀】♠8对2号位小乔而言视为红桃♥牌。",
}


def _said_all(t: Seats, outcomes: list[Outcome], lang: str) -> list[str]:
    return [line for outcome in outcomes for line in t.said(outcome, lang)]


def test_hongyan_is_named_once_when_xiaoqiao_discards_a_spade_for_tianxiang() -> None:
    """天香 with a ♠ hand card: the narration says, once, that 红颜 makes it a ♥ (it used
    to say nothing of 红颜, as if a ♠ could be discarded for 天香)."""
    t = SetSeats("lvbu", "xiaoqiao", "zhangfei", "liubei", general_packs=WIND)
    outcomes = [t.ok(t.scan("kill@C2", 1)), t.ok(t.scan("xiaoqiao", 1)), t.ok(t.press("no", 2))]
    outcomes += [t.ok(t.scan("kill@S8", 2)), t.ok(t.scan("zhangfei", 2))]
    assert t.seat(2)["hp"] == 3 and t.seat(3)["hp"] == 3  # 张飞 took it and drew 1
    for lang, sentence in HONGYAN_TIANXIANG.items():
        assert _said_all(t, outcomes, lang).count(sentence) == 1, lang


HONGYAN_JUDGED = {
    "en": "Duel ♠A counts as hearts ♥ for Xiao Qiao (seat 2), by Rosy Beauty.",
    "es": "El Duelo ♠A cuenta como de corazones ♥ para Xiao Qiao (asiento 2), por Belleza sonrosada.",
    "zh-Hans": "因红颜，【决斗】♠A对2号位小乔而言视为红桃♥牌。",
}


def test_hongyan_is_named_once_when_a_spade_is_judged_for_xiaoqiao() -> None:
    """An Indulgence judged ♠ for 小乔 spares her: the narration says 红颜 counted the ♠ as
    a ♥, once, before the judgment's result."""
    t = SetSeats("lvbu", "xiaoqiao", "zhangfei", "liubei", general_packs=WIND)
    for code in ("indulgence@H6", "xiaoqiao"):
        t.ok(t.scan(code, 1))
    t.end_turn(1)
    assert t.pending["kind"] == "nullify"  # before the Indulgence is judged
    t.ok(t.wait(5))  # no Nullification
    assert (t.pending["kind"], t.pending["seat"]) == ("judgment_card", 2)
    judged = t.ok(t.scan("duel@SA", 2))
    assert t.pending == {"kind": "play", "seat": 2, "seats": [2]}  # spared: she plays
    for lang, sentence in HONGYAN_JUDGED.items():
        said = t.said(judged, lang)
        assert said.count(sentence) == 1, (lang, said)


# ------------------------------------------------------------------ bad input (issue 25)
def _tianyi_laid() -> Seats:
    """太史慈 (seat 1) started 天义 on Liu Bei and laid his card (♥K): Liu Bei's to lay."""
    t = SetSeats("taishici", "liubei", "zhangfei", "lvbu", general_packs=FIRE)
    t.ok(t.scan("kylin_bow@H5", 1))
    for code in ("skill:tianyi", "liubei"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("ok", 1))
    assert (t.pending["kind"], t.pending["seat"]) == ("reveal_card", 1)
    return t


def _tianyi_first_card() -> Seats:
    t = _tianyi_laid()
    t.ok(t.scan("dodge@HK", 1))
    assert (t.pending["kind"], t.pending["seat"]) == ("reveal_card", 2)
    return t


def _tianyi_after_a_kill() -> Seats:
    """As `_tianyi_laid`, after a Kill ♠7 on Liu Bei went to the discard pile."""
    t = SetSeats("taishici", "liubei", "zhangfei", "lvbu", general_packs=FIRE)
    for code in ("kill@S7", "liubei"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("no", 2))
    for code in ("skill:tianyi", "liubei"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("ok", 1))
    return t


def _tianyi_with_an_indulgence_out() -> Seats:
    """Liu Bei (seat 1) put Indulgence ♥6 in 张飞's judgment area; in his own turn 太史慈
    (seat 2) started 天义 on Liu Bei and is to lay his card."""
    t = SetSeats("liubei", "taishici", "zhangfei", "lvbu", general_packs=FIRE)
    for code in ("indulgence@H6", "zhangfei"):
        t.ok(t.scan(code, 1))
    t.end_turn(1)
    for code in ("skill:tianyi", "liubei"):
        t.ok(t.scan(code, 2))
    t.ok(t.press("ok", 2))
    return t


def _niepan_spent_dying() -> Seats:
    """庞统 (seat 2) used 涅槃 once; at 1 health again, a Duel leaves him dying, asked
    himself for a Peach."""
    t = SetSeats("lvbu", "pangtong", "zhangfei", "liubei", general_packs=FIRE)
    t.ok(correct(t, "correct hp 2 1"))
    for code in ("kill@S7", "pangtong"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("no", 2))  # no Dodge: dying
    t.ok(t.press("no", 1))  # Lü Bu gives no Peach
    t.ok(t.press("ok", 2))  # 涅槃
    assert (t.seat(2)["hp"], t.seat(2)["spent"]) == (3, ["niepan"])
    t.ok(correct(t, "correct hp 2 1"))
    for code in ("duel@SA", "pangtong"):
        t.ok(t.scan(code, 1))
    t.ok(t.wait(5))  # no Nullification
    t.ok(t.press("no", 2))  # no Kill: dying again
    t.ok(t.press("no", 1))
    assert (t.pending["need"], t.pending["seat"], t.pending.get("options")) == ("peach", 2, None)
    return t


def _zhangjiao_not_lord() -> Seats:
    """张角 at seat 2 (not the lord); Lü Bu, Qun, is the lord in his play phase."""
    return SetSeats("lvbu", "zhangjiao", "zhangfei", "liubei", general_packs=WIND)


def _zhangjiao_lord() -> Seats:
    return SetSeats("zhangjiao", "liubei", "lvbu", "zhangfei", general_packs=WIND)


def _huangtian_giver_in_turn(seat: int) -> Callable[[], Seats]:
    """张角 the lord; seat `seat` in his own play phase, about to give by 黄天."""

    def make() -> Seats:
        t = _zhangjiao_lord()
        for s in range(1, seat):
            t.end_turn(s)
        return t

    return make


def _huangtian_given() -> Seats:
    """Lü Bu (seat 3, Qun) gave 张角 a Dodge by 黄天 in this play phase."""
    t = _huangtian_giver_in_turn(3)()
    for code in ("skill:huangtian", "dodge@D2"):
        t.ok(t.scan(code, 3))
    given = t.ok(t.press("ok", 3))
    assert ("card_given", "huangtian") in {(e["kind"], e.get("reason")) for e in given.events}
    return t


def _taishici_asked() -> Seats:
    """太史慈 (seat 2) is asked for a Dodge against Liu Bei's Kill, in Liu Bei's play phase."""
    t = SetSeats("liubei", "taishici", "zhangfei", "lvbu", general_packs=FIRE)
    for code in ("kill@S7", "taishici"):
        t.ok(t.scan(code, 1))
    return t


def _taishici_waits() -> Seats:
    """Liu Bei (seat 1) in his play phase; 太史慈 at seat 2."""
    return SetSeats("liubei", "taishici", "zhangfei", "lvbu", general_packs=FIRE)


def _yuanshao_waits() -> Seats:
    """Liu Bei (seat 1) in his play phase; 袁绍 at seat 2."""
    return SetSeats("liubei", "yuanshao", "zhangfei", "lvbu", general_packs=FIRE)


def _tianyi_won() -> Seats:
    """太史慈 (seat 1) won 天义 on Liu Bei (♥K against ♦2), in his play phase."""
    t = _tianyi_first_card()
    t.ok(t.scan("dodge@D2", 2))
    assert t.table.view()["last_comparison"]["won"] and t.pending["kind"] == "play"
    return t


def _quhu_used() -> Seats:
    """荀彧 (seat 1) won 驱虎 on Liu Bei (the tiger hurt 张飞), in his play phase."""
    t = SetSeats("xunyu", "liubei", "zhangfei", "lvbu", general_packs=FIRE)
    for code in ("skill:quhu", "liubei"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("ok", 1))
    t.ok(t.scan("dodge@HK", 1))
    t.ok(t.scan("dodge@D2", 2))
    t.ok(t.scan("zhangfei", 1))
    assert t.seat(3)["hp"] == 3 and t.pending["kind"] == "play"
    return t


class _Setup(TableHarness):
    """A four-seat table at its setup, with these packs, seat 1 has scanned the lord card."""

    def __init__(self, packs: list[str] | None = None) -> None:
        super().__init__(players=4, settings={"general_packs": packs} if packs else {})
        assert self.scan("lord", 1).accepted

    def snapshot(self) -> str:
        return Seats.snapshot(self)  # type: ignore[arg-type]

    def said(self, outcome: Outcome, lang: str = "en") -> list[str]:
        return Seats.said(self, outcome, lang)  # type: ignore[arg-type]


def _wind_lord_chosen() -> _Setup:
    t = _Setup(WIND)
    assert t.scan("zhangjiao", 1).accepted
    return t


_Case = tuple[str, Callable[[], TableHarness], Callable[[Seats], Outcome], str, dict, dict]
CASES: list[_Case] = [
    (
        "points_same_card_for_both_sides",
        _tianyi_first_card,
        lambda t: t.scan("dodge@HK", 2),
        "duplicate_card",
        {"card": "dodge@HK", "why": "points", "seat": 1, "target": 2, "skill": "tianyi"},
        {
            "en": "Dodge ♥K is already laid face down as Taishi Ci (seat 1)'s card in the point "
            "comparison (Heavenly Righteousness): a point comparison takes one hand card from each "
            "of the two players, so Liu Bei (seat 2) lays one of their own hand cards: scan it.",
            "es": "La Esquiva ♥K ya está boca abajo como carta de Taishi Ci (asiento 1) en la "
            "comparación de puntos (Justicia celestial): cada uno de los dos jugadores pone una "
            "carta de su mano, así que Liu Bei (asiento 2) pone una de las suyas: escanéala.",
            "zh-Hans": "【闪】♥K已作为1号位太史慈的拼点牌（天义）背面朝上放出：拼点由双方各出一张手牌，"
            "2号位刘备须放出自己的一张手牌并扫描。",
        },
    ),
    (
        "points_card_already_used",
        _tianyi_after_a_kill,
        lambda t: t.scan("kill@S7", 1),
        "card_elsewhere",
        {"card": "kill@S7", "zone": "discard", "seat": None},
        {
            "en": "Kill ♠7 is already in the discard pile.",
            "es": "El Ataque ♠7 ya está en el descarte.",
            "zh-Hans": "【杀】♠7已经在弃牌堆中。",
        },
    ),
    (
        "points_card_equipped_not_in_hand",
        _tianyi_laid,
        lambda t: t.scan("kylin_bow@H5", 1),
        "card_elsewhere",
        {"card": "kylin_bow@H5", "zone": "equipment", "seat": 1},
        {
            "en": "Kylin Bow ♥5 is already in Taishi Ci (seat 1)'s equipment.",
            "es": "El Arco Qilin ♥5 ya está en el equipo de Taishi Ci (asiento 1).",
            "zh-Hans": "【麒麟弓】♥5已经在1号位太史慈的装备区。",
        },
    ),
    (
        "points_other_players_equipped_card",
        _tianyi_first_card,
        lambda t: t.scan("kylin_bow@H5", 2),
        "card_elsewhere",
        {"card": "kylin_bow@H5", "zone": "equipment", "seat": 1},
        {
            "en": "Kylin Bow ♥5 is already in Taishi Ci (seat 1)'s equipment.",
            "es": "El Arco Qilin ♥5 ya está en el equipo de Taishi Ci (asiento 1).",
            "zh-Hans": "【麒麟弓】♥5已经在1号位太史慈的装备区。",
        },
    ),
    (
        "points_card_in_another_players_judgment_area",
        _tianyi_with_an_indulgence_out,
        lambda t: t.scan("indulgence@H6", 2),
        "card_elsewhere",
        {"card": "indulgence@H6", "zone": "judgment", "seat": 3},
        {
            "en": "Indulgence ♥6 is already in Zhang Fei (seat 3)'s judgment area.",
            "es": "Los Placeres de Shu ♥6 ya están en la zona de juicio de Zhang Fei (asiento 3).",
            "zh-Hans": "【乐不思蜀】♥6已经在3号位张飞的判定区。",
        },
    ),
    (
        "niepan_second_time",
        _niepan_spent_dying,
        lambda t: t.press("ok", 2),
        "skill_spent",
        {"skill": "niepan", "seat": 2},
        {
            "en": "Nirvana is once per game: Pang Tong (seat 2) has already used it.",
            "es": "Renacer se usa una vez por partida: Pang Tong (asiento 2) ya la ha usado.",
            "zh-Hans": "涅槃每局游戏限一次：2号位庞统已经发动过。",
        },
    ),
    (
        "huangtian_zhangjiao_not_the_lord",
        _zhangjiao_not_lord,
        lambda t: t.scan("skill:huangtian", 1),
        "not_the_lord",
        {"skill": "huangtian", "seat": 2},
        {
            "en": "Yellow Heaven is a lord skill: only the lord has it, and Zhang Jiao (seat 2) is not the lord.",
            "es": "Cielo amarillo es una habilidad de señor: solo la tiene el señor, y Zhang Jiao (asiento 2) no es el señor.",
            "zh-Hans": "黄天是主公技，只有主公拥有：2号位张角不是主公。",
        },
    ),
    (
        "huangtian_started_by_the_lord",
        _zhangjiao_lord,
        lambda t: t.scan("skill:huangtian", 1),
        "skill_not_available",
        {"skill": "huangtian", "seat": 1, "how": "lent"},
        {
            "en": "Yellow Heaven is for the other players to use: they give the card to Zhang Jiao (seat 1), who cannot start it.",
            "es": "Cielo amarillo la usan los demás jugadores: le dan la carta a Zhang Jiao (asiento 1), que no puede activarla.",
            "zh-Hans": "黄天由其他角色发动，将牌交给1号位张角；1号位张角自己不能发动。",
        },
    ),
    (
        "huangtian_giver_not_qun",
        _huangtian_giver_in_turn(2),
        lambda t: t.scan("skill:huangtian", 2),
        "wrong_kingdom",
        {"skill": "huangtian", "seat": 2, "kingdom": "shu", "needed": "qun"},
        {
            "en": "Yellow Heaven is only for the other Qun characters: Liu Bei (seat 2) is Shu.",
            "es": "Cielo amarillo es solo para los demás personajes de Qun: Liu Bei (asiento 2) es de Shu.",
            "zh-Hans": "只有其他群势力角色才能发动黄天：2号位刘备是蜀势力。",
        },
    ),
    (
        "huangtian_twice_in_a_phase",
        _huangtian_given,
        lambda t: t.scan("skill:huangtian", 3),
        "once_per_phase",
        {"skill": "huangtian", "seat": 3},
        {
            "en": "Yellow Heaven is once per play phase: Lü Bu (seat 3) has already used it.",
            "es": "Cielo amarillo se usa una vez por fase de juego: Lü Bu (asiento 3) ya la ha usado.",
            "zh-Hans": "黄天每个出牌阶段限一次：3号位吕布本阶段已发动过。",
        },
    ),
    (
        "tianyi_outside_the_play_phase",
        _taishici_asked,
        lambda t: t.scan("skill:tianyi", 2),
        "skill_not_available",
        {"skill": "tianyi", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Taishi Ci (seat 2) can use Heavenly Righteousness only in their own play phase.",
            "es": "Taishi Ci (asiento 2) solo puede usar Justicia celestial en su propia fase de juego.",
            "zh-Hans": "2号位太史慈只能在自己的出牌阶段发动天义。",
        },
    ),
    (
        "tianyi_in_another_players_play_phase",
        _taishici_waits,
        lambda t: t.scan("skill:tianyi", 2),
        "skill_not_available",
        {"skill": "tianyi", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Taishi Ci (seat 2) can use Heavenly Righteousness only in their own play phase.",
            "es": "Taishi Ci (asiento 2) solo puede usar Justicia celestial en su propia fase de juego.",
            "zh-Hans": "2号位太史慈只能在自己的出牌阶段发动天义。",
        },
    ),
    (
        "tianyi_own_general_in_another_players_play_phase",
        _taishici_waits,
        lambda t: t.scan("taishici", 2),
        "skill_not_available",
        {"skill": "tianyi", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Taishi Ci (seat 2) can use Heavenly Righteousness only in their own play phase.",
            "es": "Taishi Ci (asiento 2) solo puede usar Justicia celestial en su propia fase de juego.",
            "zh-Hans": "2号位太史慈只能在自己的出牌阶段发动天义。",
        },
    ),
    (
        "luanji_in_another_players_play_phase",
        _yuanshao_waits,
        lambda t: t.scan("skill:luanji", 2),
        "skill_not_available",
        {"skill": "luanji", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Yuan Shao (seat 2) can use Chaotic Volley only in their own play phase.",
            "es": "Yuan Shao (asiento 2) solo puede usar Andanada caótica en su propia fase de juego.",
            "zh-Hans": "2号位袁绍只能在自己的出牌阶段发动乱击。",
        },
    ),
    (
        "huangtian_giver_in_another_players_play_phase",
        _huangtian_giver_in_turn(2),
        lambda t: t.scan("skill:huangtian", 3),
        "skill_not_available",
        {"skill": "huangtian", "seat": 3, "how": "own_play_phase"},
        {
            "en": "Lü Bu (seat 3) can use Yellow Heaven only in their own play phase.",
            "es": "Lü Bu (asiento 3) solo puede usar Cielo amarillo en su propia fase de juego.",
            "zh-Hans": "3号位吕布只能在自己的出牌阶段发动黄天。",
        },
    ),
    (
        "tianyi_twice_in_a_phase",
        _tianyi_won,
        lambda t: t.scan("skill:tianyi", 1),
        "once_per_phase",
        {"skill": "tianyi", "seat": 1},
        {
            "en": "Heavenly Righteousness is once per play phase: Taishi Ci (seat 1) has already used it.",
            "es": "Justicia celestial se usa una vez por fase de juego: Taishi Ci (asiento 1) ya la ha usado.",
            "zh-Hans": "天义每个出牌阶段限一次：1号位太史慈本阶段已发动过。",
        },
    ),
    (
        "quhu_twice_in_a_phase",
        _quhu_used,
        lambda t: t.scan("skill:quhu", 1),
        "once_per_phase",
        {"skill": "quhu", "seat": 1},
        {
            "en": "Tiger Baiting is once per play phase: Xun Yu (seat 1) has already used it.",
            "es": "Azuzar al tigre se usa una vez por fase de juego: Xun Yu (asiento 1) ya la ha usado.",
            "zh-Hans": "驱虎每个出牌阶段限一次：1号位荀彧本阶段已发动过。",
        },
    ),
    (
        "pack_not_named_lord",
        _Setup,
        lambda t: t.scan("dianwei", 1),
        "general_pack_not_chosen",
        {"general": "dianwei", "pack": "fire", "packs": ["standard"]},
        {
            "en": "Dian Wei is in the Fire (火) pack, which this game does not play with; it plays with the standard generals (start it with --generals to add a pack).",
            "es": "Dian Wei es del pack Fuego (火), que esta partida no usa; se juega con los generales estándar (empieza la partida con --generals para añadir un pack).",
            "zh-Hans": "典韦属于火扩展包，本局未使用该扩展包；本局使用：标准版（开局时用 --generals 加入扩展包）。",
        },
    ),
    (
        "pack_not_named_other_pack",
        _wind_lord_chosen,
        lambda t: t.scan("yuanshao", 2),
        "general_pack_not_chosen",
        {"general": "yuanshao", "pack": "fire", "packs": ["standard", "wind"]},
        {
            "en": "Yuan Shao is in the Fire (火) pack, which this game does not play with; it plays with the standard generals and Wind (风) (start it with --generals to add a pack).",
            "es": "Yuan Shao es del pack Fuego (火), que esta partida no usa; se juega con los generales estándar y Viento (风) (empieza la partida con --generals para añadir un pack).",
            "zh-Hans": "袁绍属于火扩展包，本局未使用该扩展包；本局使用：标准版和风（开局时用 --generals 加入扩展包）。",
        },
    ),
]


@pytest.mark.parametrize("name, make, do, reason, data, said", CASES, ids=[c[0] for c in CASES])
def test_wind_fire_bad_input_at_the_table(
    name: str,
    make: Callable[[], Seats],
    do: Callable[[Seats], Outcome],
    reason: str,
    data: dict,
    said: dict,
) -> None:
    """Refused with the rule and its numbers, said in zh-Hans, en and es; nothing changed."""
    t = make()
    assert refused(t, lambda: do(t), reason, data) == {k: [v] for k, v in said.items()}
