"""Rulings at the table: Jianxiong takes the Lightning that struck, a Kill that may take
more targets waits for them, and optional skills say what they do when offered."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from tests.table.harness import TableHarness


def _struck_by_lightning() -> TableHarness:
    """Cao Cao (seat 1) places Lightning; a round later its judgment (♠7) strikes him."""
    h = TableHarness()
    h.setup()
    assert h.scan("lightning@SA", 1).accepted
    assert h.press("ok", 1).accepted
    while h.prompt()["kind"] != "judgment_card":
        prompt = h.prompt()
        if prompt["kind"] == "nullify":
            h.wait(6)
        else:  # the others end their play phases, discard unseen
            assert h.press("ok", prompt["seat"]).accepted, prompt
    assert h.scan("kill@S7").accepted
    assert h.seat(1)["hp"] == 2
    return h


JIANXIONG = {
    "en": "Cao Cao (seat 1): use Villainous Hero to take the card that hurt you into your "
    "hand? OK or NO.",
    "es": "Cao Cao (asiento 1): ¿usar Héroe villano para quedarte la carta que te ha hecho "
    "daño? OK o NO.",
    "zh-Hans": "1号位曹操：是否发动奸雄，获得对你造成伤害的牌？确定或取消。",
}


@pytest.mark.parametrize("lang", sorted(JIANXIONG))
def test_jianxiong_is_offered_after_lightning_and_takes_it(lang: str) -> None:
    """The standard ruling: Cao Cao struck by Lightning may take the Lightning card;
    the offer says what the skill does."""
    h = _struck_by_lightning()
    prompt = h.prompt()
    assert prompt["kind"] == "confirm" and prompt["reason"] == "jianxiong"
    assert Narrator(lang).prompt(prompt, h.table.view()) == JIANXIONG[lang]
    hand, discard = h.seat(1)["hand_count"], h.table.view()["discard_count"]
    assert h.press("ok", 1).accepted
    assert h.seat(1)["hand_count"] >= hand + 1
    assert h.table.view()["discard_count"] == discard  # the Lightning did not go there


def test_a_kill_that_may_take_more_targets_waits_for_them() -> None:
    """Sky Halberd with the last hand card: the Kill waits for up to 3 targets (or OK);
    an ordinary Kill fires at its only target at once."""
    h = TableHarness()
    h.setup()
    for card in (
        "sky_halberd@DQ",
        "chitu@H5",
        "eight_diagrams@S2",
        "dilu@C5",
        "zhuahuangfeidian@HK",
    ):
        assert h.scan(card, 1).accepted
    assert h.seat(1)["hand_count"] == 1
    assert h.scan("kill@S7", 1).accepted
    assert h.scan("guanyu", 1).accepted
    assert h.prompt()["kind"] == "choose_target"  # not fired yet
    assert h.scan("zhangfei", 1).accepted
    assert h.press("ok", 1).accepted
    assert h.prompt()["kind"] == "respond" and h.prompt()["seat"] == 2
    g = TableHarness()
    g.setup()
    assert g.scan("kill@S7", 1).accepted and g.scan("guanyu", 1).accepted
    assert g.prompt()["kind"] == "respond"  # one target possible: at once


GANGLIE = {
    "en": (
        "Xiahou Dun (seat 2): use Eye for an Eye against Cao Cao (seat 1)? A judgment: unless it "
        "is ♥, Cao Cao (seat 1) discards 2 hand cards or takes 1 damage. OK or NO.",
        "Cao Cao (seat 1): Eye for an Eye of Xiahou Dun (seat 2): discard 2 hand cards (scan them, "
        "or OK to discard them unseen), or NO to take 1 damage instead.",
    ),
    "es": (
        "Xiahou Dun (asiento 2): ¿usar Ojo por ojo contra Cao Cao (asiento 1)? Juicio: salvo "
        "que salga ♥, Cao Cao (asiento 1) descarta 2 cartas de la mano o recibe 1 de daño. OK o NO.",
        "Cao Cao (asiento 1): Ojo por ojo de Xiahou Dun (asiento 2): descarta 2 cartas de la "
        "mano (escanéalas, u OK para descartarlas sin mostrar), o NO para recibir 1 de daño en "
        "su lugar.",
    ),
    "zh-Hans": (
        "2号位夏侯惇：是否对1号位曹操发动刚烈？进行判定：若结果不为♥，1号位曹操须弃置两张手牌，"
        "否则受到1点伤害。确定或取消。",
        "1号位曹操：2号位夏侯惇发动刚烈——弃置两张手牌（逐张扫描，或按确定直接弃置，不亮出），"
        "或按取消受到1点伤害。",
    ),
}


@pytest.mark.parametrize("lang", sorted(GANGLIE))
def test_ganglie_tells_both_sides_what_ok_and_no_do(lang: str) -> None:
    """Xiahou Dun is offered Ganglie with what it does; its source is told that NO
    means taking 1 damage; and NO does deal it."""
    h = TableHarness()
    h.setup(("caocao", "xiahoudun", "zhangfei", "lvbu", "diaochan"))
    for code in ("kill@S7", "xiahoudun"):
        assert h.scan(code, 1).accepted
    assert h.press("no", 2).accepted  # no Dodge
    offer = h.prompt()
    if offer["reason"] == "jianxiong":  # not Cao Cao's damage: never offered here
        raise AssertionError(offer)
    narrator = Narrator(lang)
    assert narrator.prompt(offer, h.table.view()) == GANGLIE[lang][0]
    assert h.press("ok", 2).accepted
    assert h.scan("kill@S8").accepted  # the judgment: ♠8, not a heart
    discard = h.prompt()
    assert discard["kind"] == "discard" and discard["seat"] == 1
    assert narrator.prompt(discard, h.table.view()) == GANGLIE[lang][1]
    assert h.press("no", 1).accepted
    assert h.seat(1)["hp"] == 4


XIAOJI = {
    "en": "Sun Shangxiang (seat 2): use Warrior Lady to draw 2 cards? OK or NO.",
    "es": "Sun Shangxiang (asiento 2): ¿usar Dama guerrera para robar 2 cartas? OK o NO.",
    "zh-Hans": "2号位孙尚香：是否发动枭姬，摸两张牌？确定或取消。",
}


def _xiaoji_twice() -> TableHarness:
    """Cao Cao's Ice Sword discards both of Sun Shangxiang's horses: Xiaoji twice."""
    h = TableHarness(settings={"ex_cards": True})
    h.setup(("caocao", "sunshangxiang", "zhangfei", "lvbu", "diaochan"))
    assert h.scan("ice_sword@S2", 1).accepted and h.press("ok", 1).accepted
    _until_play(h, 2)
    for card in ("chitu@H5", "dilu@C5"):
        assert h.scan(card, 2).accepted
    assert h.press("ok", 2).accepted
    _until_play(h, 1)
    for card in ("kill@S7", "sunshangxiang"):
        assert h.scan(card, 1).accepted
    assert h.press("no", 2).accepted  # no Dodge
    assert h.press("ok", 1).accepted  # Ice Sword
    assert h.scan("chitu@H5", 1).accepted and h.scan("dilu@C5", 1).accepted
    return h


def _until_play(h: TableHarness, seat: int) -> None:
    while (p := h.prompt())["kind"] != "play" or p["seat"] != seat:
        assert (h.wait(6) if p["kind"] == "nullify" else h.press("ok", p["seat"])).accepted


@pytest.mark.parametrize("lang", sorted(XIAOJI))
def test_a_question_asked_twice_in_a_row_is_narrated_twice(lang: str) -> None:
    """Xiaoji triggers once per card lost: the second offer is said again after the first
    is answered, not left silent."""
    from companion.game.narrate import narrate_outcome

    h = _xiaoji_twice()
    narrator = Narrator(lang)
    assert narrator.prompt(h.prompt(), h.table.view()) == XIAOJI[lang]
    first = h.press("ok", 2)
    assert h.prompt()["reason"] == "xiaoji"
    assert narrate_outcome(narrator, first, h.table.view())[-1] == XIAOJI[lang]


DISCARD_ONE = {
    "en": "Cao Cao (seat 1): Dismantle: discard one of Guan Yu (seat 2)'s cards (hand, "
    "equipment or judgment area): scan it, or OK for a hand card unseen.",
    "es": "Cao Cao (asiento 1): Desmantelar: descarta una carta de Guan Yu (asiento 2) (de la "
    "mano, equipada o en su zona de juicio): escanéala, u OK para una carta de la mano sin verla.",
    "zh-Hans": "1号位曹操：【过河拆桥】——弃置2号位关羽区域内的一张牌（手牌、装备区或判定区）："
    "扫描该牌，或按确定弃置一张手牌（不亮出）。",
}


@pytest.mark.parametrize("lang", sorted(DISCARD_ONE))
def test_dismantle_says_discard_not_take(lang: str) -> None:
    h = TableHarness()
    h.setup()
    assert h.scan("dismantle@S3", 1).accepted and h.scan("guanyu", 1).accepted
    h.wait(6)  # nobody nullifies
    prompt = h.prompt()
    assert prompt["kind"] == "choose_card_from"
    assert Narrator(lang).prompt(prompt, h.table.view()) == DISCARD_ONE[lang]


WUSHUANG = {
    "en": "Sun Shangxiang (seat 2): 2 Dodges are needed against Kill ♠7 from Lü Bu (seat 1): "
    "scan the first, or NO.",
    "es": "Sun Shangxiang (asiento 2): hacen falta 2 Esquivas contra el Ataque ♠7 de Lü Bu "
    "(asiento 1): escanea la primera, o NO.",
    "zh-Hans": "2号位孙尚香：需连续使用两张【闪】才能抵消1号位吕布的【杀】♠7：先扫描第一张，或按取消。",
}


@pytest.mark.parametrize("lang", sorted(WUSHUANG))
def test_wushuang_says_two_dodges_are_needed(lang: str) -> None:
    h = TableHarness()
    h.setup(("lvbu", "sunshangxiang", "zhangfei", "caocao", "diaochan"))
    assert h.scan("kill@S7", 1).accepted and h.scan("sunshangxiang", 1).accepted
    assert Narrator(lang).prompt(h.prompt(), h.table.view()) == WUSHUANG[lang]


NOT_OWNED = {
    "en": "Cao Cao (seat 1) does not have Benevolence: the token is refused and nothing changes.",
    "es": "Cao Cao (asiento 1) no tiene Benevolencia: la ficha se rechaza y no cambia nada.",
    "zh-Hans": "1号位曹操没有技能仁德：此技能标记无效，未作处理。",
}


@pytest.mark.parametrize("lang", sorted(NOT_OWNED))
def test_a_skill_token_the_player_does_not_have_is_refused_at_once(lang: str) -> None:
    """Cao Cao scans Liu Bei's Rende token: refused with the reason (red LED), nothing is
    staged, and his next inputs are his play phase's as before."""
    from companion.game.narrate import narrate_outcome

    h = TableHarness()
    h.setup()
    before = h.table.view()
    refused = h.scan("skill:rende", 1)
    assert (
        not refused.accepted
        and refused.refusal is not None
        and refused.refusal["reason"] == "skill_not_owned"
    )
    assert narrate_outcome(Narrator(lang), refused, h.table.view()) == [NOT_OWNED[lang]]
    assert h.table.view() == before and h.prompt()["kind"] == "play"
    assert h.scan("kill@S7", 1).accepted  # a card, not a staged skill's
    assert h.prompt()["kind"] == "choose_target"
