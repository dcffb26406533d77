"""Step 2, suit powers and immunity (docs/regicide.md §1.5)."""

from __future__ import annotations

import pytest

from engine.regicide import Discard, Game, Play, parse_card, parse_cards

from .helpers import assert_conserved, kinds, only


def _play(game: Game, seat: int, cards: str) -> list:
    return game.submit(seat, Play(parse_cards(cards)))


@pytest.mark.parametrize("suit", ["S", "H", "C", "D"])
def test_enemy_is_immune_to_its_own_suit(suit: str) -> None:
    """A card of the enemy's suit adds its value but its power is blocked (§1.5 Immunity)."""
    game = Game.from_position(
        2,
        enemy=f"{suit}J",
        hands={1: f"{suit}5 S9", 2: "C9"},
        tavern="C2 C3 C4",
        discard="H9 H8 D8",
    )
    events = _play(game, 1, f"{suit}5")
    blocked = only(events, "power_blocked")
    assert (blocked.suit, str(blocked.enemy)) == (suit, f"{suit}J")
    assert only(events, "damage_dealt").damage == 5
    assert not {"hearts_healed", "diamonds_drawn", "shield_raised"} & set(kinds(events))
    assert only(events, "damage_to_pay").amount == 10
    assert game.view()["tavern_count"] == 3


@pytest.mark.parametrize("suit", ["S", "H", "C", "D"])
def test_each_power_works_against_another_suit(suit: str) -> None:
    """Against a different suit each power works at X (§1.5)."""
    enemy = "HJ" if suit == "S" else "SJ"
    game = Game.from_position(
        2,
        enemy=enemy,
        hands={1: f"{suit}5 S9", 2: "C9"},
        tavern="C2 C3 C4 C6 C7 C8",
        discard="H9 H8 D9 D7 D6 D4",
    )
    events = _play(game, 1, f"{suit}5")
    if suit == "S":
        assert only(events, "shield_raised").shield == 5
        assert only(events, "damage_to_pay").amount == 5
    elif suit == "H":
        assert only(events, "hearts_healed").moved == 5
        assert game.view()["tavern_count"] == 11
    elif suit == "C":
        assert only(events, "damage_dealt").damage == 10
    else:
        assert only(events, "diamonds_drawn").order == (1, 2, 1, 2, 1)
    assert "power_blocked" not in kinds(events)
    assert_conserved(game)


def test_clubs_double_the_whole_play() -> None:
    """Ace of Clubs with 8 of Diamonds deals 18 and draws 9 (§1.5 Clubs; §1.15)."""
    game = Game.from_position(
        2, enemy="SQ", hands={1: "CA D8 S2", 2: "S3"}, tavern="H2 H3 H4 H5 H6 H7 H8 H9 H10 D2"
    )
    events = _play(game, 1, "CA D8")
    dealt = only(events, "damage_dealt")
    assert (dealt.value, dealt.doubled, dealt.damage, dealt.hp_left) == (9, True, 18, 12)
    assert len(only(events, "diamonds_drawn").order) == 9


def test_immunity_blocks_only_the_matching_suit() -> None:
    """Ace of Clubs with 8 of Diamonds against the Jack of Clubs deals 9, not doubled, and still draws 9 (§1.5)."""
    game = Game.from_position(
        2, enemy="CJ", hands={1: "CA D8", 2: "S3"}, tavern="H2 H3 H4 H5 H6 H7 H8 H9 H10 D2"
    )
    events = _play(game, 1, "CA D8")
    assert only(events, "power_blocked").suit == "C"
    dealt = only(events, "damage_dealt")
    assert (dealt.doubled, dealt.damage) == (False, 9)
    assert len(only(events, "diamonds_drawn").order) == 9


def test_hearts_resolve_before_diamonds() -> None:
    """With an empty tavern, Hearts heals first so the same play's Diamonds draw the healed cards (§1.5 Order)."""
    game = Game.from_position(
        2, enemy="SJ", hands={1: "HA D3 S2", 2: "S3"}, tavern="", discard="C5 C6 C7 C8 C9"
    )
    events = _play(game, 1, "HA D3")
    assert kinds(events)[:3] == ["cards_played", "hearts_healed", "diamonds_drawn"]
    assert only(events, "hearts_healed").moved == 4
    assert only(events, "diamonds_drawn").order == (1, 2, 1, 2)
    assert game.view()["tavern_count"] == 0
    assert_conserved(game)


def test_hearts_move_cards_under_the_tavern() -> None:
    """Healed cards go to the bottom of the tavern; its top card is unchanged (§1.5 Hearts; §1.15)."""
    game = Game.from_position(
        2, enemy="SJ", hands={1: "H4 S2", 2: "S3"}, tavern="D2 D3", discard="C5 C6 C7 C8 C9 C10"
    )
    _play(game, 1, "H4")
    tavern = game.zones()["tavern"]
    assert tavern[-2:] == list(parse_cards("D2 D3"))
    assert len(tavern) == 6 and set(tavern[:4]) <= set(parse_cards("C5 C6 C7 C8 C9 C10"))
    assert game.view()["discard_count"] == 2


def test_hearts_with_a_short_pile_moves_all() -> None:
    """Fewer discards than X: all of them move (§1.14-5); an empty pile does nothing."""
    game = Game.from_position(
        2, enemy="SJ", hands={1: "H9 C10", 2: "S3 S10"}, tavern="D2", discard="C5 C6 C7"
    )
    healed = only(_play(game, 1, "H9"), "hearts_healed")
    assert (healed.value, healed.moved, healed.discard_count, healed.tavern_count) == (9, 3, 0, 4)
    game.submit(1, Discard(parse_cards("C10")))
    game.submit(2, Play(parse_cards("S3")))
    game.submit(2, Discard(parse_cards("S10")))
    assert game.view()["discard_count"] == 2
    empty = Game.from_position(2, enemy="SJ", hands={1: "H5 C10", 2: "S3"}, tavern="D2")
    assert only(_play(empty, 1, "H5"), "hearts_healed").moved == 0


def test_diamonds_deal_clockwise_skipping_full_hands() -> None:
    """One card at a time from the current player clockwise; full hands are skipped (§1.5 Diamonds)."""
    game = Game.from_position(
        3,
        enemy="SJ",
        hands={1: "D4 S2 S3", 2: "C2 C3 C4 C5 C6 C7", 3: "H2 H3"},
        seat=1,
        tavern="H4 H5 H6 H7 H8 H9 H10 D10",
    )
    drawn = only(_play(game, 1, "D4"), "diamonds_drawn")
    assert drawn.order == (1, 3, 1, 3)
    assert [h["count"] for h in game.view()["hands"]] == [4, 6, 4]
    assert game.zones()["hands"][1][-2:] == [parse_card("D10"), parse_card("H9")]


def test_diamonds_stop_when_everyone_is_full_or_the_tavern_is_empty() -> None:
    """Nobody goes over the hand limit, and an empty tavern ends the draw (§1.5 Diamonds)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        hands={1: "D10 S2 S3 S4 S5 S6 S7", 2: "C2 C3 C4 C5 C6 C7"},
        tavern="H2 H3 H4 H5",
    )
    drawn = only(_play(game, 1, "D10"), "diamonds_drawn")
    assert drawn.order == (1, 2)
    game = Game.from_position(2, enemy="SJ", hands={1: "D10", 2: "C2"}, tavern="H2 H3")
    assert only(_play(game, 1, "D10"), "diamonds_drawn").order == (1, 2)
    assert game.view()["tavern_count"] == 0


def test_spade_shields_add_up_until_the_enemy_dies() -> None:
    """Shields from every player stack for this enemy and vanish with it (§1.5 Spades; §1.15)."""
    game = Game.from_position(
        2, enemy="HJ", hands={1: "S4 C9 C10", 2: "S3 C5 C6"}, tavern="D2 D3 D4 D5"
    )
    assert only(_play(game, 1, "S4"), "damage_to_pay").amount == 6
    game.submit(1, Discard(parse_cards("C9")))
    events = _play(game, 2, "S3")
    assert only(events, "shield_raised").shield == 7
    assert only(events, "damage_to_pay").amount == 3
    assert game.view()["enemy"]["attack"] == 3
    game.submit(2, Discard(parse_cards("C5")))
    events = _play(game, 1, "C10")  # 7 + 20 = 27 >= 20: defeated, the shield goes with it
    assert "enemy_defeated" in kinds(events)
    assert game.view()["enemy"]["shield"] == 0
