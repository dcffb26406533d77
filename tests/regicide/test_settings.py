"""The other readings of disputed points, as settings (docs/regicide.md §1.14)."""

from __future__ import annotations

import pytest

from engine.regicide import Discard, Game, Play, Settings, parse_cards
from engine.regicide.cards import SUIT_INDEX

from .helpers import assert_conserved, kinds, only, refuse


def _play(game: Game, seat: int, cards: str) -> list:
    return game.submit(seat, Play(parse_cards(cards)))


def test_defaults_are_the_recommended_readings() -> None:
    """Settings() is the reference's recommended default for every point (§1.14)."""
    s = Settings()
    assert (
        s.solo_yield,
        s.jester_may_choose_self,
        s.retroactive_spades,
        s.retroactive_red_powers,
    ) == (
        False,
        True,
        "play_total",
        False,
    )
    assert (
        s.hearts_when_short,
        s.allow_overpay,
        s.yield_rule,
        s.illegal_yield_loses,
        s.diamonds,
    ) == (
        "move_all",
        True,
        "per_seat",
        False,
        "round_robin",
    )
    assert (s.clubs_double, s.played_cards_discarded, s.jesters_in_tavern, s.allow_ace_groups) == (
        "play",
        "on_defeat",
        True,
        False,
    )
    assert (s.allow_double_jester, s.defeat_when_damage, s.solo_jester_flips, s.min_players) == (
        False,
        "at_least",
        2,
        1,
    )
    assert (
        s.diamond_mulligan,
        s.recruited_values,
        s.allow_double_flip,
        s.allow_flip_empty_hand,
    ) == (
        False,
        (10, 15, 20),
        True,
        True,
    )
    assert s.changed() == {}


@pytest.mark.parametrize(
    "kwargs",
    [
        {"diamonds": "all"},
        {"yield_rule": "x"},
        {"solo_jester_flips": 3},
        {"min_players": 3},
        {"recruited_values": (10, 15)},
    ],
)
def test_bad_settings_are_refused(kwargs: dict) -> None:
    """An unknown choice raises ValueError naming the field."""
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        Settings(**kwargs)


@pytest.mark.parametrize(
    ("rule", "order"), [("fill_in_turn", (1, 1, 2, 2)), ("current_player", (1, 1))]
)
def test_diamonds_distribution_variants(rule: str, order: tuple) -> None:
    """Other implementations fill each hand in turn, or draw for the current player only (§1.14-9)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        hands={1: "D4 S2 S3 S4 S5 S6", 2: "C2"},
        tavern="H2 H3 H4 H5 H6",
        settings=Settings(diamonds=rule),  # type: ignore[arg-type]  # every accepted value, as text from the command line
    )
    assert only(_play(game, 1, "D4"), "diamonds_drawn").order == order


def test_clubs_doubling_only_club_cards() -> None:
    """The variant doubles only the club card: A♣+8♦ deals 10, not 18 (§1.14-10)."""
    game = Game.from_position(
        2,
        enemy="SQ",
        hands={1: "CA D8", 2: "S3"},
        tavern="",
        settings=Settings(clubs_double="club_cards"),
    )
    assert only(_play(game, 1, "CA D8"), "damage_dealt").damage == 10


def test_hearts_move_none_when_short() -> None:
    """The variant moves nothing when the pile holds fewer than X (§1.14-5)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        hands={1: "H9 C10", 2: "S3"},
        discard="C5 C6",
        tavern="",
        settings=Settings(hearts_when_short="move_none"),
    )
    assert only(_play(game, 1, "H9"), "hearts_healed").moved == 0


def test_defeat_only_when_damage_exceeds_health() -> None:
    """Under the old "exceeds" wording, damage equal to health does not defeat (§1.14-15)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        damage=12,
        hands={1: "H8 C10", 2: "S3"},
        tavern="",
        settings=Settings(defeat_when_damage="exceeds"),
    )
    events = _play(game, 1, "H8")
    assert "enemy_defeated" not in kinds(events) and game.view()["enemy"]["hp_left"] == 0


def test_overpay_can_be_forbidden() -> None:
    """With `allow_overpay=False` a discard holding a card not needed is refused (§1.14-6)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        shield=5,
        hands={1: "C3 H10 D2", 2: "C4"},
        tavern="",
        settings=Settings(allow_overpay=False),
    )
    _play(game, 1, "C3")
    err = refuse(game, 1, Discard(parse_cards("H10 D2")), "card_not_needed")
    assert str(err.data["card"]) == "D2" and err.data["remaining"] == 5
    assert only(game.submit(1, Discard(parse_cards("H10"))), "damage_paid").overpaid == 5


def test_forbidden_overpay_judges_the_whole_payment() -> None:
    """Paid in parts, ♣2 then ♥10 against 5 would slip a card not needed past the rule:
    with `allow_overpay=False` the payment is one set, so a part short of the damage is
    refused with the figures, and a set with a card to spare names it (§1.14-6)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        shield=5,
        hands={1: "C3 H10 D2", 2: "C4"},
        tavern="",
        settings=Settings(allow_overpay=False),
    )
    _play(game, 1, "C3")
    err = refuse(game, 1, Discard(parse_cards("D2")), "payment_short")
    assert err.data == {"total": 2, "owed": 5}
    err = refuse(game, 1, Discard(parse_cards("D2 H10")), "card_not_needed")
    assert err.data == {"card": "D2", "rest": 10, "remaining": 5, "total": 12}
    listed = {frozenset(map(str, a.cards)) for a in game.legal_actions() if isinstance(a, Discard)}
    assert all(isinstance(a, Discard) for a in game.legal_actions())
    assert listed == {frozenset({"H10"})}  # ♣3 was played: ♦2 alone is short
    game = Game.from_position(
        2,
        enemy="SJ",
        shield=5,
        hands={1: "C5 C3 H10 D2", 2: "C4"},
        tavern="",
        settings=Settings(allow_overpay=False),
    )
    _play(game, 1, "C5")
    listed = {frozenset(map(str, a.cards)) for a in game.legal_actions() if isinstance(a, Discard)}
    assert all(isinstance(a, Discard) for a in game.legal_actions())
    assert listed == {frozenset({"H10"}), frozenset({"C3", "D2"})}
    assert all(game.is_legal(1, a) for a in game.legal_actions())
    paid = only(game.submit(1, Discard(parse_cards("C3 D2"))), "damage_paid")
    assert (paid.amount, paid.paid, paid.overpaid) == (5, 5, 0)


def test_played_cards_discarded_immediately() -> None:
    """The variant sends played cards to the discard pile at once, so they are healable (§1.14-11)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        hands={1: "C8 C10", 2: "H3 C9"},
        tavern="",
        settings=Settings(played_cards_discarded="immediately"),
    )
    _play(game, 1, "C8")
    assert game.view()["in_play"] == []
    game.submit(1, Discard(parse_cards("C10")))
    assert only(_play(game, 2, "H3"), "hearts_healed").moved == 2
    assert_conserved(game)


def test_multiplayer_jesters_left_out() -> None:
    """With `jesters_in_tavern=False` no Jester is dealt in 3-4 players (§1.14-12)."""
    game = Game.new(players=4, seed=2, settings=Settings(jesters_in_tavern=False))
    z = game.zones()
    assert z["aside"].count(z["aside"][0]) == 2 and str(z["aside"][0]) == "jester"
    assert_conserved(game)


def test_ace_groups_variant() -> None:
    """The variant lets several Aces play together, with at most one other card (§1.14-13)."""
    game = Game.from_position(
        2,
        enemy="SK",
        hands={1: "HA DA CA C5", 2: "S3"},
        tavern="",
        castle="",
        settings=Settings(allow_ace_groups=True),
    )
    assert only(_play(game, 1, "HA DA C5"), "cards_played").value == 7


def test_two_players_minimum_variant() -> None:
    """Older rule sheets start at 2 players (§1.14-17)."""
    with pytest.raises(ValueError, match="players must be 2..4"):
        Game.new(players=1, settings=Settings(min_players=2))


def test_diamond_mulligan_variant() -> None:
    """The unofficial variant redeals an opening hand without a Diamond once (§1.14-18)."""

    def no_diamond(seed: int) -> bool:
        hands = Game.new(players=4, seed=seed).zones()["hands"].values()
        return any(all(SUIT_INDEX[c] != 3 for c in h) for h in hands)

    seed = next(s for s in range(100) if no_diamond(s))  # a deal the variant redeals
    hands = Game.new(players=4, seed=seed).zones()["hands"]
    redealt = Game.new(players=4, seed=seed, settings=Settings(diamond_mulligan=True))
    assert redealt.zones()["hands"] != hands
    assert_conserved(redealt)
    assert redealt.view()["settings"] == {"diamond_mulligan": True}


def test_diamond_mulligan_is_an_instruction_at_the_table() -> None:
    """At the table the hands are the players': the variant used to change nothing there;
    now the set-up tells them to redeal (an instruction after game_started), and the
    counts stay full. A digital game redeals itself and says nothing (§1.14-18)."""
    table = Game.new(players=3, mode="table", settings=Settings(diamond_mulligan=True))
    started = table.events()
    assert [e.kind for e in started] == ["game_started", "diamond_mulligan"]
    assert started[1].to_json() == {"kind": "diamond_mulligan", "max_hand": 6, "instruction": True}
    assert table.zones()["counts"]["hands"] == {1: 6, 2: 6, 3: 6}
    assert "diamond_mulligan" not in kinds(list(Game.new(players=3, mode="table").events()))
    digital = Game.new(players=3, settings=Settings(diamond_mulligan=True))
    assert "diamond_mulligan" not in kinds(list(digital.events()))
