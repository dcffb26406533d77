"""End to end with the Maneuvering cards: `companion play --cards standard,maneuvering
--script` through the simulated readers, the BLE stack, the log, the table and narration."""

from __future__ import annotations

from tests.e2e.conftest import prefix

CARDS = ("--cards", "standard,maneuvering")


def test_a_game_with_the_expansion(play) -> None:
    """Iron Chain, Wine, a Fire Kill conducted along the chain, a recast, Fire Attack,
    the Wine limit, a Thunder Kill and a dying player's own Wine, with their refusals."""
    run = play("maneuvering.script", *CARDS)
    assert run.status == 0, run.err
    lines = run.lines
    for line in (
        "Guan Yu (seat 2) is chained (Iron Chain).",
        "Liu Bei (seat 1)'s Wine goes into this Kill: 1 more damage.",
        "Liu Bei (seat 1) deals 2 fire damage to Guan Yu (seat 2) (Kill): 2 health left.",
        "Through the chain, Liu Bei (seat 1) deals 2 fire damage to Hua Tuo (seat 5): 1 health left.",
        "Liu Bei (seat 1) recasts Iron Chain ♣K.",
        "Zhao Yun (seat 3) shows Dodge ♥8 (Fire Attack).",
        "Kill ♠7 is not of the shown suit: the discard must be hearts ♥.",
        "Guan Yu (seat 2) deals 1 fire damage to Zhao Yun (seat 3) (Fire Attack): 3 health left.",
        "Only 1 Wine per turn: Guan Yu (seat 2) already drank one.",
        "Guan Yu (seat 2)'s Wine wears off unused.",
        "Zhao Yun (seat 3) deals 2 thunder damage to Guan Yu (seat 2) (Kill): 0 health left.",
        "A Wine saves only the dying player who drinks it: Guan Yu (seat 2) may drink one, "
        "others may give a Peach.",
        "Guan Yu (seat 2): you are dying: scan a Peach or a Wine, or NO.",
        "Guan Yu (seat 2) is saved, with 1 health.",
    ):
        assert line in lines, line
    hp = [s["hp"] for s in run.state["seats"]]
    assert hp == [5, 1, 3, 4, 1]
    assert [s["chained"] for s in run.state["seats"]] == [False] * 5
    assert run.state["pending"] == {"kind": "play", "seat": 3, "seats": [3], "count": 1}


def test_chains_and_wine_in_the_state(play, tmp_path) -> None:
    """Before the Fire Kill the state shows the two chained seats and Liu Bei's Wine."""
    run = play(prefix("maneuvering.script", "@1 scan fire_kill", tmp_path), *CARDS)
    assert run.status == 0, run.err
    assert [s["chained"] for s in run.state["seats"]] == [False, True, False, False, True]
    assert [s["wine"] for s in run.state["seats"]] == [1, 0, 0, 0, 0]


def test_the_expansion_narrated_in_chinese_and_spanish(play) -> None:
    zh = play("maneuvering.script", *CARDS, lang="zh-Hans")
    assert zh.status == 0, zh.err
    assert "2号位关羽被横置（【铁索连环】）。" in zh.lines
    assert any(line.startswith("连环传导：") for line in zh.lines)
    es = play("maneuvering.script", *CARDS, lang="es")
    assert es.status == 0, es.err
    assert any(line.startswith("Por la cadena,") for line in es.lines)


def test_without_the_expansion_its_cards_are_refused(play) -> None:
    """A standard deck (no --cards) refuses an expansion card and nothing happens."""
    run = play("maneuvering.script")
    assert run.status == 0, run.err
    assert not any("chained" in line for line in run.lines)
    assert "chained" not in run.state["seats"][0]


def test_equipment_and_supply_shortage_at_the_table(play) -> None:
    """Zhuque Fan's OK makes a Kill fire; Silver Lion heals as it is dismantled; Vine
    voids a normal Kill; Supply Shortage's judgment skips Hua Tuo's draw phase."""
    run = play("maneuvering_equipment.script", *CARDS)
    assert run.status == 0, run.err
    for line in (
        "Liu Bei (seat 1): Zhuque Fan: make this Kill a Fire Kill? OK or NO.",
        "Liu Bei (seat 1) deals 1 fire damage to Guan Yu (seat 2) (Kill): 3 health left.",
        "Liu Bei (seat 1) places Supply Shortage ♠10 in Hua Tuo (seat 5)'s judgment area.",
        "Liu Bei (seat 1) recovers 1 health (Silver Lion): now 5.",
        "Kill has no effect on Guan Yu (seat 2) (Vine).",
        "Hua Tuo (seat 5) skips the draw phase (Supply Shortage).",
    ):
        assert line in run.lines, line
    assert run.seat(2)["equipment"]["armor"] == "vine@S2"
    assert run.seat(1)["equipment"] == {
        "weapon": "zhuque_fan@DA",
        "armor": None,
        "plus_horse": None,
        "minus_horse": None,
    }
    assert (run.seat(1)["hp"], run.seat(5)["hand_count"], run.seat(5)["judgment"]) == (5, 4, [])
