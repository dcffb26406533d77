"""Refusals at the table name the rule that forbids the input (issue #17 item 9): each
situation is put together with real scans through the real table layer and engine in
table mode, the refusal's reason and data are asserted, the sentence in zh-Hans, en and
es, and that nothing changed."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from companion.table.outcome import Status
from tests.table.test_skill_gestures import Seats

LANGS = ("en", "es", "zh-Hans")


def refused(t: Seats, outcome_of, reason: str) -> dict:
    """Run the input, assert it was refused for `reason` and changed nothing."""
    before = t.snapshot()
    outcome = outcome_of()
    assert outcome.status is Status.REFUSED, outcome.to_json()
    assert outcome.refusal["reason"] == reason, outcome.refusal
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
