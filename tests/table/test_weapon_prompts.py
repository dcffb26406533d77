"""Weapons and skills whose cost is a discard: playable at the table, and their prompts
say what OK and NO do."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from tests.table.harness import TableHarness


def _axe_dodged() -> TableHarness:
    """Cao Cao (seat 1) equips the Stone Axe and kills Guan Yu, who dodges."""
    h = TableHarness()
    h.setup()
    for code, seat in [("stone_axe@D5", 1), ("kill@S7", 1), ("guanyu", 1), ("dodge@D2", 2)]:
        assert h.scan(code, seat).accepted, code
    return h


def test_stone_axe_takes_its_two_cards_one_scan_at_a_time() -> None:
    """Two cards scanned one after the other make the dodged Kill hit."""
    h = _axe_dodged()
    assert h.scan("peach@H3", 1).accepted
    assert h.prompt()["kind"] == "discard" and h.prompt()["count"] == 1
    assert h.scan("dodge@D3", 1).accepted
    assert h.seat(2)["hp"] == 3 and h.prompt()["kind"] == "play"


def test_stone_axe_ok_discards_two_hand_cards_unseen() -> None:
    """OK discards 2 hand cards unseen and the Kill hits."""
    h = _axe_dodged()
    hand = h.seat(1)["hand_count"]
    assert h.press("ok", 1).accepted
    assert h.seat(2)["hp"] == 3 and h.seat(1)["hand_count"] == hand - 2


def test_stone_axe_no_lets_the_dodge_stand_and_the_axe_itself_is_refused() -> None:
    """The axe cannot pay for itself; NO before the first card declines."""
    h = _axe_dodged()
    assert not h.scan("stone_axe@D5", 1).accepted
    assert h.press("no", 1).accepted
    assert h.seat(2)["hp"] == 4 and h.prompt()["kind"] == "play"


AXE = {
    "en": "Cao Cao (seat 1): Stone Axe: discard 2 cards (hand or equipment, not the axe) and "
    "the Kill hits Guan Yu (seat 2) anyway: scan them, or OK to discard 2 hand cards unseen; "
    "NO lets the Dodge stand.",
    "es": "Cao Cao (asiento 1): Hacha rompepiedras: descarta 2 cartas (de la mano o equipadas, "
    "no el hacha) y el Ataque alcanza igualmente a Guan Yu (asiento 2): escanéalas, u OK para "
    "descartar 2 cartas de la mano sin mostrarlas; NO deja que la Esquiva surta efecto.",
    "zh-Hans": "1号位曹操：【贯石斧】——弃置两张牌（手牌或装备区里除【贯石斧】外的牌），此【杀】"
    "依然对2号位关羽生效：逐张扫描，或按确定弃置两张手牌（不亮出）；按取消则【闪】生效。",
}


@pytest.mark.parametrize("lang", sorted(AXE))
def test_the_stone_axe_prompt_says_what_ok_and_no_do(lang: str) -> None:
    h = _axe_dodged()
    assert Narrator(lang).prompt(h.prompt(), h.table.view()) == AXE[lang]


def _twin_swords() -> TableHarness:
    """Cao Cao (seat 1) with the Twin Swords kills Diao Chan (seat 5, a woman)."""
    h = TableHarness()
    h.setup()
    for code in ("twin_swords@S2", "kill@S7", "diaochan"):
        assert h.scan(code, 1).accepted, code
    assert h.prompt()["kind"] == "confirm"  # use the Twin Swords?
    assert h.press("ok", 1).accepted
    return h


TWIN = {
    "en": "Diao Chan (seat 5): Twin Swords of Cao Cao (seat 1): discard 1 hand card (scan it, "
    "or OK to discard it unseen), or NO and Cao Cao (seat 1) draws 1 card.",
    "es": "Diao Chan (asiento 5): Espadas gemelas de Cao Cao (asiento 1): descarta 1 carta de "
    "la mano (escanéala, u OK para descartarla sin mostrar), o NO y Cao Cao (asiento 1) roba "
    "1 carta.",
    "zh-Hans": "5号位貂蝉：1号位曹操发动【雌雄双股剑】——弃置一张手牌（扫描它，或按确定直接弃置，"
    "不亮出），或按取消令1号位曹操摸一张牌。",
}


@pytest.mark.parametrize("lang", sorted(TWIN))
def test_the_twin_swords_prompt_says_no_lets_the_user_draw(lang: str) -> None:
    h = _twin_swords()
    prompt = h.prompt()
    assert prompt["kind"] == "discard" and prompt["seat"] == 5
    assert Narrator(lang).prompt(prompt, h.table.view()) == TWIN[lang]
    hand = h.seat(1)["hand_count"]
    assert h.press("no", 5).accepted
    assert h.seat(1)["hand_count"] == hand + 1
