"""Refusals at the table name the rule that forbids the input (issue #17 item 9): each
situation is put together with real scans through the real table layer and engine in
table mode, the refusal's reason and data are asserted, the sentence in zh-Hans, en and
es, and that nothing changed."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.narration import Narrator
from companion.table.outcome import Outcome, Status
from tests.modes.table import SetSeats
from tests.table.test_corrections import correct
from tests.table.test_skill_gestures import Seats

LANGS = ("en", "es", "zh-Hans")


def refused(t: Seats, outcome_of, reason: str, data: dict | None = None) -> dict:
    """Run the input, assert it was refused for `reason` (with exactly `data`, when given)
    and changed nothing; the sentences said, by language."""
    before = t.snapshot()
    outcome = outcome_of()
    assert outcome.status is Status.REFUSED, outcome.to_json()
    assert outcome.refusal["reason"] == reason, outcome.refusal
    if data is not None:
        assert outcome.refusal == {"reason": reason, **data}
    assert t.snapshot() == before
    return {lang: t.said(outcome, lang) for lang in LANGS}


PEACH_FULL = {
    "en": "Unless someone is dying, a Peach may only be used on yourself: Liu Bei (seat 1) is "
    "not wounded (4/4 health).",
    "es": "Si nadie está moribundo, un Melocotón solo puede usarse sobre uno mismo: Liu Bei "
    "(asiento 1) no ha perdido vida (4/4).",
    "zh-Hans": "非濒死时【桃】只能对自己使用：1号位刘备没有受伤（体力4/4）。",
}


def test_a_peach_outside_dying_is_for_its_user_only() -> None:
    """A Peach scanned in the play phase is used on its user: with full health it is
    refused, and the refusal says the rule (another player may not be given one unless
    dying), not only that the user is unhurt."""
    t = Seats("liubei", "guanyu", "zhangfei", "lvbu")
    said = refused(t, lambda: t.scan("peach@H3", 1), "not_wounded")
    assert {lang: lines[0] for lang, lines in said.items()} == PEACH_FULL


def liuli_asked() -> Seats:
    """Lü Bu (seat 1) uses a Kill on Da Qiao (seat 2), who is asked for Liuli's new target
    (five seats: seat 4 is at distance 2 from her, her attack range is 1)."""
    t = Seats("lvbu", "daqiao", "guanyu", "zhangfei", "caocao")
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("daqiao", 1))
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_target", "liuli")
    return t


LIULI_USER = {
    "en": "Shirk cannot pass the Kill back to its user, Lü Bu (seat 1).",
    "es": "Desviar no puede devolver el Ataque a quien lo usó, Lü Bu (asiento 1).",
    "zh-Hans": "流离不能将【杀】转移给其使用者1号位吕布。",
}
LIULI_RANGE = {
    "en": "Shirk passes the Kill only to a player in Da Qiao (seat 2)'s attack range: Zhang Fei "
    "(seat 4) is at distance 2, and the attack range is 1.",
    "es": "Desviar solo pasa el Ataque a alguien dentro del alcance de ataque de Da Qiao "
    "(asiento 2): Zhang Fei (asiento 4) está a distancia 2 y el alcance de ataque es 1.",
    "zh-Hans": "流离只能将【杀】转移给2号位大乔攻击范围内的角色：4号位张飞距离为2，攻击范围为1。",
}


def test_liuli_refuses_the_kills_user_by_that_rule() -> None:
    """Liuli cannot pass the Kill back to the one who used it: the refusal says so."""
    t = liuli_asked()
    said = refused(t, lambda: t.scan("lvbu", 2), "card_user")
    assert {lang: lines[0] for lang, lines in said.items()} == LIULI_USER


def test_liuli_refuses_a_player_out_of_range_with_the_distances() -> None:
    """Liuli's new target must be in Da Qiao's attack range: 2 > 1 is said with the numbers."""
    t = liuli_asked()
    said = refused(t, lambda: t.scan("zhangfei", 2), "out_of_range")
    assert {lang: lines[0] for lang, lines in said.items()} == LIULI_RANGE
    t.ok(t.scan("guanyu", 2))  # the one player in range is still accepted


def lijian_duel() -> Seats:
    """Diao Chan (seat 1) uses Lijian on Guan Yu (seat 2) and Zhang Fei (seat 3): Zhang Fei
    uses a Duel on Guan Yu, who is asked for a Kill."""
    t = Seats("diaochan", "guanyu", "zhangfei", "lvbu")
    for code in ("diaochan", "kill@S7", "guanyu", "zhangfei"):
        t.ok(t.scan(code, 1))
    t.ok(t.press("ok", 1))
    assert (t.pending["kind"], t.pending["need"], t.pending["seat"]) == ("respond", "kill", 2)
    return t


LIJIAN_NULLIFIED = {
    "en": "A Duel made by Seed of Animosity cannot be Nullified: a Kill is needed, or NO.",
    "es": "No se puede anular el Duelo que da Semilla de enemistad: hace falta un Ataque, o NO.",
    "zh-Hans": "离间产生的【决斗】不能被【无懈可击】抵消：需要【杀】，或按取消。",
}


def test_a_nullification_against_lijians_duel_is_refused_by_that_rule() -> None:
    """docs/sanguosha.md 1b/1d: Lijian's Duel cannot be Nullified (no window is opened for it);
    a Nullification scanned at its Kill request says that, not only "a Kill is needed"."""
    t = lijian_duel()
    said = refused(t, lambda: t.scan("nullification@SJ", 2), "cannot_nullify")
    assert {lang: lines[0] for lang, lines in said.items()} == LIJIAN_NULLIFIED


NULLIFY_TOO_LATE = {
    "basic": {
        "en": "A Nullification cancels only tricks, not a Kill: a Dodge is needed, or NO.",
        "es": "Una Anulación solo cancela trucos, y el Ataque no lo es: hace falta una Esquiva, o NO.",
        "zh-Hans": "【无懈可击】只能抵消锦囊牌，不能抵消【杀】：需要【闪】，或按取消。",
    },
    "window": {
        "en": "The Duel is already taking effect: its Nullification window is over; Kill is "
        "needed, or NO.",
        "es": "Ya se está resolviendo el Duelo: la ventana de Anulación ya pasó; hace falta "
        "un Ataque, o NO.",
        "zh-Hans": "【决斗】已在生效：使用【无懈可击】的时机已过；需要【杀】，或按取消。",
    },
}


@pytest.mark.parametrize(
    "why, against, need", [("basic", "kill", "dodge"), ("window", "duel", "kill")]
)
@pytest.mark.parametrize("lang", LANGS)
def test_a_nullification_too_late_or_against_a_basic_card_says_why(
    why: str, against: str, need: str, lang: str
) -> None:
    """The other two refusals of a Nullification at a card request (engine data asserted
    in tests/sanguosha/test_refusal_reasons.py): the sentences."""
    refusal: dict[str, str | None] = {
        "reason": "cannot_nullify",
        "card": "nullification@SJ",
        "against": against,
    }
    refusal |= {"skill": None, "need": need, "why": why}
    assert Narrator(lang).refusal(refusal) == NULLIFY_TOO_LATE[why][lang]


TIEQI_RED = {
    "en": "The judgment for Iron Cavalry was red: Guan Yu (seat 2) cannot play a Dodge against "
    "this Kill.",
    "es": "El juicio de Caballería de hierro salió rojo: Guan Yu (asiento 2) no puede jugar "
    "una Esquiva contra el Ataque.",
    "zh-Hans": "铁骑的判定结果为红色：2号位关羽不能使用【闪】响应此【杀】。",
}


def test_a_dodge_after_a_red_tieqi_judgment_names_tieqi() -> None:
    """Ma Chao's Tieqi judges red: the Kill hits at once, and the target's Dodge scanned
    then is refused because the Kill cannot be dodged (not "may not decide now"); once
    the game moves on, a Dodge is an ordinary wrong-seat input again."""
    t = Seats("machao", "guanyu", "zhangfei", "lvbu")
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("guanyu", 1))
    t.ok(t.press("ok", 1))  # use Tieqi
    t.ok(t.scan("peach@H3"))  # the judgment: red
    assert t.seat(2)["hp"] == 3 and t.pending["kind"] == "play"
    said = refused(t, lambda: t.scan("dodge@H2", 2), "cannot_respond")
    assert {lang: lines[0] for lang, lines in said.items()} == TIEQI_RED
    t.ok(t.press("ok", 1))  # Ma Chao ends his play phase
    refused(t, lambda: t.scan("dodge@H2", 2), "wrong_seat")


# ------------------------------------------- every table reason asserted (issue 31 item 22)
class _Unseated(Seats):
    """A four-seat table before its setup: nobody has scanned anything yet."""

    def __init__(self) -> None:
        super(Seats, self).__init__(players=4)


def _lord_scanned() -> Seats:
    t = _Unseated()
    t.ok(t.scan("lord", 1))
    return t


def _liubei_plays() -> Seats:
    return Seats("liubei", "guanyu", "zhangfei", "lvbu")


def _kill_staged() -> Seats:
    """Liu Bei (seat 1) scanned a Kill: the game asks for its target."""
    t = _liubei_plays()
    t.ok(t.scan("kill@S7", 1))
    return t


def _kill_on_guanyu() -> Seats:
    t = _kill_staged()
    t.ok(t.scan("guanyu", 1))
    return t


def _rende_staged() -> Seats:
    t = _liubei_plays()
    t.ok(t.scan("liubei", 1))  # his own general: his one active skill, 仁德
    return t


def _tieqi_judges() -> Seats:
    """Ma Chao (seat 1) Kills Guan Yu and uses Tieqi: its judgment is to be flipped."""
    t = Seats("machao", "guanyu", "zhangfei", "lvbu")
    for what in ("kill@S7", "guanyu"):
        t.ok(t.scan(what, 1))
    t.ok(t.press("ok", 1))
    return t


def _guanxing_looks() -> Seats:
    """Zhuge Liang (seat 1) uses Guanxing: the deck's top cards are his to put back."""
    t = Seats("zhugeliang", "guanyu", "zhangfei", "lvbu")
    t.ok(t.press("ok", 1))
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_card_from", "guanxing")
    return t


def _axe_with_no_hand() -> Seats:
    """Cao Cao (seat 1) equips the Stone Axe, a horse and an armour; his Kill is his last
    hand card (the host corrects the count to 1), and Guan Yu dodges it."""
    t = Seats("caocao", "guanyu", "zhangfei", "lvbu")
    for code in ("stone_axe@D5", "chitu@H5", "eight_diagrams@S2"):
        t.ok(t.scan(code, 1))
    t.ok(correct(t, "correct hand 1 1"))
    for code, seat in (("kill@S7", 1), ("guanyu", 1), ("dodge@D2", 2)):
        t.ok(t.scan(code, seat))
    assert (t.pending["reason"], t.seat(1)["hand_count"]) == ("stone_axe", 0)
    return t


def _guidao_asked() -> Seats:
    """Zhang Jiao (seat 2) is asked whether to replace Tieqi's judgment with a black card."""
    t = SetSeats("machao", "zhangjiao", "zhangfei", "lvbu", general_packs=["standard", "wind"])
    for what in ("kill@S7", "zhangjiao"):
        t.ok(t.scan(what, 1))
    t.ok(t.press("ok", 1))
    t.ok(t.scan("dodge@D2"))  # the judgment card flipped
    assert (t.pending["reason"], t.pending["seat"]) == ("guidao", 2)
    return t


_Case = tuple[str, Callable[[], Seats], Callable[[Seats], Outcome], str, dict, dict]
TABLE_CASES: list[_Case] = [
    (
        "guose_in_another_players_play_phase",
        lambda: Seats("liubei", "daqiao", "zhangfei", "lvbu"),
        lambda t: t.scan("skill:guose", 2),
        "skill_not_available",
        {"skill": "guose", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Da Qiao (seat 2) can use National Beauty only in their own play phase.",
            "es": "Da Qiao (asiento 2) solo puede usar Belleza nacional en su propia fase de juego.",
            "zh-Hans": "2号位大乔只能在自己的出牌阶段发动国色。",
        },
    ),
    (
        "scan_identity",
        _Unseated,
        lambda t: t.scan("caocao", 1),
        "scan_identity",
        {"seat": 1},
        {
            "en": "Seat 1: scan an identity card now.",
            "es": "Asiento 1: escanea ahora una carta de identidad.",
            "zh-Hans": "1号位：现在请扫描身份牌。",
        },
    ),
    (
        "scan_general",
        _lord_scanned,
        lambda t: t.scan("kill@S7", 1),
        "scan_general",
        {"seat": 1},
        {
            "en": "Seat 1: scan a general card now.",
            "es": "Asiento 1: escanea ahora una carta de general.",
            "zh-Hans": "1号位：现在请扫描武将牌。",
        },
    ),
    (
        "scan_card_first",
        _liubei_plays,
        lambda t: t.scan("guanyu", 1),
        "scan_card_first",
        {"seat": 1},
        {
            "en": "Liu Bei (seat 1): scan the card to play first (or a skill token).",
            "es": "Liu Bei (asiento 1): escanea primero la carta que juegas (o una ficha de "
            "habilidad).",
            "zh-Hans": "1号位刘备：请先扫描要使用的牌（或技能牌）。",
        },
    ),
    (
        "nothing_to_cancel",
        _liubei_plays,
        lambda t: t.press("no", 1),
        "nothing_to_cancel",
        {"seat": 1},
        {
            "en": "Liu Bei (seat 1): nothing to cancel; OK ends the play phase.",
            "es": "Liu Bei (asiento 1): no hay nada que cancelar; OK termina la fase de juego.",
            "zh-Hans": "1号位刘备：没有可以取消的；按确定结束出牌阶段。",
        },
    ),
    (
        "not_now",
        _liubei_plays,
        lambda t: t.select(3, 1),
        "not_now",
        {"seat": 1, "prompt": "play"},
        {
            "en": "Liu Bei (seat 1): that is not what is needed now (a card to play).",
            "es": "Liu Bei (asiento 1): eso no es lo que se espera ahora (una carta que jugar).",
            "zh-Hans": "1号位刘备：这不是现在需要的（出牌）。",
        },
    ),
    (
        "choose_targets_first",
        _kill_staged,
        lambda t: t.scan("dodge@D2", 1),
        "choose_targets_first",
        {"seat": 1, "card": "kill@S7"},
        {
            "en": "Liu Bei (seat 1): first choose the targets of Kill ♠7 (OK to confirm, NO to "
            "cancel).",
            "es": "Liu Bei (asiento 1): elige primero los objetivos del Ataque ♠7 (OK confirma, "
            "NO cancela).",
            "zh-Hans": "1号位刘备：请先为【杀】♠7选择目标（确定/取消）。",
        },
    ),
    (
        "not_at_table",
        _kill_staged,
        lambda t: t.scan("zhouyu", 1),
        "not_at_table",
        {"general": "zhouyu"},
        {
            "en": "Nobody at this table plays Zhou Yu.",
            "es": "Nadie en esta mesa juega con Zhou Yu.",
            "zh-Hans": "本局没有人使用周瑜。",
        },
    ),
    (
        "scan_or_no",
        _kill_on_guanyu,
        lambda t: t.press("ok", 2),
        "scan_or_no",
        {"seat": 2},
        {
            "en": "Guan Yu (seat 2): scan a card to answer, or press NO.",
            "es": "Guan Yu (asiento 2): escanea una carta para responder, o pulsa NO.",
            "zh-Hans": "2号位关羽：请扫描用于响应的牌，或按取消。",
        },
    ),
    (
        "finish_skill",
        _rende_staged,
        lambda t: t.scan("rebel", 1),
        "finish_skill",
        {"seat": 1, "skill": "rende"},
        {
            "en": "Liu Bei (seat 1): Benevolence is staged: scan its cards or targets, OK to use "
            "it, NO to cancel.",
            "es": "Liu Bei (asiento 1): preparando Benevolencia: escanea sus cartas u objetivos, "
            "OK para usarla, NO para cancelar.",
            "zh-Hans": "1号位刘备：正在发动仁德：扫描所需的牌或目标，按确定发动，按取消放弃。",
        },
    ),
    (
        "flip_and_scan",
        _tieqi_judges,
        lambda t: t.press("ok", 1),
        "flip_and_scan",
        {"seat": 1},
        {
            "en": "Ma Chao (seat 1): flip the top card of the deck and scan it.",
            "es": "Ma Chao (asiento 1): da la vuelta a la carta superior del mazo y escanéala.",
            "zh-Hans": "1号位马超：请翻开牌堆顶的牌并扫描。",
        },
    ),
    (
        "scan_skill_token",
        lambda: Seats("huatuo", "guanyu", "zhangfei", "lvbu"),
        lambda t: t.scan("huatuo", 1),
        "scan_skill_token",
        {"seat": 1, "general": "huatuo"},
        {
            "en": "Hua Tuo (seat 1): Hua Tuo has more than one skill to start: scan the skill "
            "token.",
            "es": "Hua Tuo (asiento 1): Hua Tuo tiene más de una habilidad: escanea la ficha de "
            "la habilidad.",
            "zh-Hans": "1号位华佗：华佗有多个可发动的技能，请扫描技能牌。",
        },
    ),
    (
        "scan_pick_or_no",
        _guanxing_looks,
        lambda t: t.press("ok", 1),
        "scan_pick_or_no",
        {"seat": 1, "why": "guanxing"},
        {
            "en": "Zhuge Liang (seat 1): scan the next card to put back on top of the deck, or "
            "NO to put the rest at the bottom.",
            "es": "Zhuge Liang (asiento 1): escanea la siguiente carta que vuelve encima del "
            "mazo, o NO para poner el resto debajo.",
            "zh-Hans": "1号位诸葛亮：请扫描下一张放回牌堆顶的牌，或按取消将其余的牌置于牌堆底。",
        },
    ),
    (
        "no_hand_unseen",
        _axe_with_no_hand,
        lambda t: t.press("ok", 1),
        "no_hand_unseen",
        {"seat": 1},
        {
            "en": "Cao Cao (seat 1) has no hand cards to discard unseen: scan the card to discard.",
            "es": "Cao Cao (asiento 1) no tiene cartas en la mano para descartar sin mostrar: "
            "escanea la carta que descartas.",
            "zh-Hans": "1号位曹操没有手牌可以直接弃置：请扫描要弃置的牌。",
        },
    ),
    (
        "card_must_show",
        _guidao_asked,
        lambda t: t.press("ok", 2),
        "card_must_show",
        {"skill": "guidao", "need": "black"},
        {
            "en": "The card for Dark Sorcery must be a black card: scan it so it shows, or NO.",
            "es": "La carta para Hechicería oscura debe ser una carta negra: escanéala para que "
            "se vea, o NO.",
            "zh-Hans": "鬼道所用的牌必须是一张黑色牌：请扫描它以亮出，或按取消。",
        },
    ),
]


@pytest.mark.parametrize(
    "name, make, do, reason, data, said", TABLE_CASES, ids=[c[0] for c in TABLE_CASES]
)
def test_each_table_refusal_names_its_rule_and_changes_nothing(
    name: str,
    make: Callable[[], Seats],
    do: Callable[[Seats], Outcome],
    reason: str,
    data: dict,
    said: dict,
) -> None:
    """The reason and its data, the sentence in en, es and zh-Hans; nothing changed."""
    t = make()
    assert refused(t, lambda: do(t), reason, data) == {k: [v] for k, v in said.items()}
