"""Distances are cached (RulesLayer.distance) until a seat, a horse or a skill changes:
each of those changes, made the engine's own way, shows in the next distance asked."""

from __future__ import annotations

from engine.sanguosha import parse_card
from engine.sanguosha.skills import REGISTRY

from .scenario import start


def test_a_horse_equipped_or_lost_changes_the_cached_distance() -> None:
    game = start(players=5)
    one, three = game.player(1), game.player(3)
    assert game.distance(one, three) == 2  # cached from here on
    game.equip(three, parse_card("dilu@C5"))  # +1 horse
    assert game.distance(one, three) == 3
    game.equip(one, parse_card("chitu@H5"))  # -1 horse
    assert game.distance(one, three) == 2
    # a -1 horse used as part of the card (excluding) does not count for that use
    assert game.distance(one, three, (parse_card("chitu@H5"),)) == 3
    game.unequip(three, 2)
    assert game.distance(one, three) == 1


def test_a_death_and_a_skill_change_the_cached_distance() -> None:
    game = start(players=5)
    one, three, five = game.player(1), game.player(3), game.player(5)
    assert game.distance(five, three) == 2
    game.attach(five, REGISTRY["mashu"]())
    assert game.distance(five, three) == 1
    game.detach(five, "mashu")
    assert game.distance(five, three) == 2
    game.player(4).alive = False
    game.reseat()
    assert game.distance(five, three) == 1
    assert game.distance(one, three) == 2
