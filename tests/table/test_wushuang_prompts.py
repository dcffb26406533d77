"""Wushuang's second answer is asked as the second (issue #17 item 12): after the first
Dodge against Lü Bu's Kill, and after the first Kill of each turn in a Duel with him, the
prompt says that Wushuang requires a second one, in zh-Hans, en and es."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from tests.table.test_skill_gestures import Seats

SECOND_DODGE = {
    "en": "Guan Yu (seat 2): Without Equal requires a second Dodge against Kill ♠7 from Lü Bu "
    "(seat 1): scan it, or NO.",
    "es": "Guan Yu (asiento 2): Sin igual exige una segunda Esquiva contra el Ataque ♠7 de Lü Bu "
    "(asiento 1): escanéala, o NO.",
    "zh-Hans": "2号位关羽：因无双，还需使用第二张【闪】才能抵消1号位吕布的【杀】♠7：扫描它，或按取消。",
}


@pytest.mark.parametrize("lang", sorted(SECOND_DODGE))
def test_the_second_dodge_against_wushuang_is_asked_as_the_second(lang: str) -> None:
    t = Seats("lvbu", "guanyu", "zhangfei", "caocao")
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("guanyu", 1))
    first = t.pending
    assert (first["need"], first["count"], first["needed"]) == ("dodge", 2, 2)
    answered = t.ok(t.scan("dodge@H2", 2))
    second = t.pending
    assert (second["need"], second["count"], second["needed"]) == ("dodge", 1, 2)
    assert second["skill"] == "wushuang"
    assert Narrator(lang).prompt(second, t.table.view()) == SECOND_DODGE[lang]
    assert t.said(answered, lang)[-1] == SECOND_DODGE[lang]  # what the table says
    assert Narrator(lang).prompt(first, t.table.view()) != SECOND_DODGE[lang]


DUEL = {
    "en": (
        "Zhang Fei (seat 3): Without Equal: 2 Kills are needed each time in Duel ♠A with Lü Bu "
        "(seat 1): scan the first, or NO.",
        "Zhang Fei (seat 3): Without Equal requires a second Kill in Duel ♠A with Lü Bu "
        "(seat 1): scan it, or NO.",
    ),
    "es": (
        "Zhang Fei (asiento 3): Sin igual: en el Duelo ♠A con Lü Bu (asiento 1) hacen falta 2 "
        "Ataques cada vez: escanea el primero, o NO.",
        "Zhang Fei (asiento 3): Sin igual exige un segundo Ataque en el Duelo ♠A con Lü Bu "
        "(asiento 1): escanéalo, o NO.",
    ),
    "zh-Hans": (
        "3号位张飞：因无双，与1号位吕布的【决斗】♠A中每次需连续打出两张【杀】：先扫描第一张，或按取消。",
        "3号位张飞：因无双，与1号位吕布的【决斗】♠A中还需打出第二张【杀】：扫描它，或按取消。",
    ),
}


@pytest.mark.parametrize("lang", sorted(DUEL))
def test_a_duel_with_lu_bu_asks_for_two_kills_and_the_second_as_such(lang: str) -> None:
    t = Seats("lvbu", "guanyu", "zhangfei", "caocao")
    t.ok(t.scan("duel@SA", 1))
    t.ok(t.scan("zhangfei", 1))
    t.wait(6)  # nobody Nullifies
    narrator = Narrator(lang)
    first = t.pending
    assert (first["seat"], first["need"], first["count"], first["needed"]) == (3, "kill", 2, 2)
    assert narrator.prompt(first, t.table.view()) == DUEL[lang][0]
    t.ok(t.scan("kill@S8", 3))
    second = t.pending
    assert (second["seat"], second["count"], second["needed"]) == (3, 1, 2)
    assert narrator.prompt(second, t.table.view()) == DUEL[lang][1]
    t.ok(t.scan("kill@S9", 3))
    lu_bu = t.pending  # Lü Bu answers with one Kill, as usual: no "second" for him
    assert (lu_bu["seat"], lu_bu["count"]) == (1, 1) and "needed" not in lu_bu
