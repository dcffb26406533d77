"""Recruited royals: a defeated enemy in hand (docs/regicide.md §1.10, §1.14-19)."""

from __future__ import annotations

from engine.regicide import Discard, Game, Play, Settings, parse_cards

from .helpers import only


def test_recruited_royals_attack_with_ten_fifteen_twenty() -> None:
    """A J/Q/K in hand is worth 10/15/20 when played (§1.10)."""
    for card, value in (("HJ", 10), ("HQ", 15), ("HK", 20)):
        game = Game.from_position(
            2, enemy="SK", hands={1: f"{card} C2", 2: "D3"}, tavern="C3", castle=""
        )
        assert only(game.submit(1, Play(parse_cards(card))), "cards_played").value == value


def test_recruited_royals_pay_damage_at_their_value() -> None:
    """A recruited King pays 20 damage (§1.7, §1.10)."""
    game = Game.from_position(2, enemy="SQ", hands={1: "C2 DK", 2: "D3"}, tavern="C3")
    game.submit(1, Play(parse_cards("C2")))
    paid = only(game.submit(1, Discard(parse_cards("DK"))), "damage_paid")
    assert (paid.amount, paid.paid) == (15, 20)


def test_recruited_royal_power_respects_immunity() -> None:
    """A recruited J♠ gives no shield against a Spades enemy, and 10 against another (§1.10)."""
    blocked = Game.from_position(2, enemy="SQ", hands={1: "SJ C10 C9", 2: "D3"}, tavern="C3")
    assert only(blocked.submit(1, Play(parse_cards("SJ"))), "power_blocked").suit == "S"
    works = Game.from_position(2, enemy="HQ", hands={1: "SJ C10", 2: "D3"}, tavern="C3")
    assert only(works.submit(1, Play(parse_cards("SJ"))), "shield_raised").shield == 10


def test_recruited_royal_as_an_animal_companion() -> None:
    """An Ace pairs with a recruited royal: X = 1 + 15 (§1.4)."""
    game = Game.from_position(2, enemy="SK", hands={1: "CA DQ", 2: "D3"}, tavern="C3", castle="")
    dealt = only(game.submit(1, Play(parse_cards("CA DQ"))), "damage_dealt")
    assert (dealt.value, dealt.damage) == (16, 32)


def test_recruited_values_setting() -> None:
    """The 11/12/13 reading of one implementation is a setting (§1.14-19)."""
    game = Game.from_position(
        2,
        enemy="SK",
        hands={1: "HQ C2", 2: "D3"},
        tavern="C3",
        castle="",
        settings=Settings(recruited_values=(11, 12, 13)),
    )
    assert only(game.submit(1, Play(parse_cards("HQ"))), "cards_played").value == 12
