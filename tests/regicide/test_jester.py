"""The Jester in multiplayer (docs/regicide.md §1.8, §1.14 items 2, 3, 4, 14)."""

from __future__ import annotations

from engine.regicide import ChooseNext, Discard, Game, Play, Settings, Yield, parse_cards

from .helpers import kinds, only, pending, refuse


def _play(game: Game, seat: int, cards: str) -> list:
    return game.submit(seat, Play(parse_cards(cards)))


def test_jester_cancels_immunity_and_skips_steps_three_and_four() -> None:
    """No damage, nothing to pay; the enemy's own suit works from then on (§1.8)."""
    game = Game.from_position(
        3, enemy="CJ", hands={1: "jester C2", 2: "C5 D9", 3: "D3"}, tavern="H2"
    )
    events = _play(game, 1, "jester")
    assert kinds(events) == ["jester_played"]
    assert only(events, "jester_played").cancelled == "C"
    assert game.view()["enemy"]["immune"] is None
    assert game.view()["in_play"] == ["jester"]
    assert pending(game).kind.value == "choose_next" and pending(game).choices == (1, 2, 3)
    game.submit(1, ChooseNext(2))
    dealt = only(_play(game, 2, "C5"), "damage_dealt")
    assert (dealt.doubled, dealt.damage) == (True, 10)


def test_jester_player_chooses_who_goes_next_including_themselves() -> None:
    """Any player may be chosen, the Jester's own player included (§1.8; §1.14-2)."""
    game = Game.from_position(3, enemy="CJ", hands={1: "jester C2", 2: "C5", 3: "D3"}, tavern="H2")
    _play(game, 1, "jester")
    events = game.submit(1, ChooseNext(1))
    assert kinds(events) == ["next_player_chosen", "turn_started"]
    assert pending(game).seat == 1
    forbid = Game.from_position(
        3,
        enemy="CJ",
        hands={1: "jester C2", 2: "C5", 3: "D3"},
        tavern="H2",
        settings=Settings(jester_may_choose_self=False),
    )
    _play(forbid, 1, "jester")
    assert pending(forbid).choices == (2, 3)
    refuse(forbid, 1, ChooseNext(1), "may_not_choose_self")
    refuse(forbid, 1, ChooseNext(4), "no_such_seat")


def test_jester_makes_earlier_spades_count_against_a_spades_enemy() -> None:
    """Retroactive Spades: each earlier play holding a spade shields by its total X (§1.8; §1.14-3)."""
    game = Game.from_position(
        3,
        enemy="SJ",
        hands={1: "SA H8 C10", 2: "jester", 3: "D3 C9 S2"},
        tavern="H2 H3 H4 H5 H6 H7 H9 H10",
    )
    events = _play(game, 1, "SA H8")
    assert only(events, "power_blocked").suit == "S"
    assert game.view()["enemy"]["shield"] == 0
    game.submit(1, Discard(parse_cards("C10")))
    events = _play(game, 2, "jester")
    shield = only(events, "shield_raised")
    assert (shield.amount, shield.shield, shield.attack, shield.retroactive) == (9, 9, 1, True)
    game.submit(2, ChooseNext(3))
    assert only(_play(game, 3, "S2"), "shield_raised").shield == 11  # Spades now work directly


def test_retroactive_spades_can_count_only_the_spade_cards() -> None:
    """With `retroactive_spades="spade_cards"` the earlier A♠+8♥ credits 1, not 9 (§1.14-3)."""
    game = Game.from_position(
        3,
        enemy="SJ",
        hands={1: "SA H8 C10", 2: "jester", 3: "D3"},
        tavern="H2 H3 H4 H5 H6 H7 H9 H10",
        settings=Settings(retroactive_spades="spade_cards"),
    )
    _play(game, 1, "SA H8")
    game.submit(1, Discard(parse_cards("C10")))
    assert only(_play(game, 2, "jester"), "shield_raised").amount == 1


def test_clubs_before_the_jester_stay_undoubled() -> None:
    """Against a Clubs enemy, earlier Clubs do not become doubled: that damage is dealt (§1.8)."""
    game = Game.from_position(3, enemy="CJ", hands={1: "C7 H10", 2: "jester", 3: "D3"}, tavern="H2")
    _play(game, 1, "C7")
    game.submit(1, Discard(parse_cards("H10")))
    events = _play(game, 2, "jester")
    assert kinds(events) == ["jester_played"]
    assert game.view()["enemy"]["hp_left"] == 13


def test_red_powers_are_not_retroactive_by_default() -> None:
    """Hearts blocked earlier are not re-run by a Jester (§1.14-4), unless the setting says so."""

    def setup(settings: Settings) -> Game:
        game = Game.from_position(
            3,
            enemy="HJ",
            hands={1: "H6 C10", 2: "jester", 3: "D3"},
            tavern="D2",
            discard="S2 S3 S4",
            settings=settings,
        )
        _play(game, 1, "H6")
        game.submit(1, Discard(parse_cards("C10")))
        return game

    assert kinds(_play(setup(Settings()), 2, "jester")) == ["jester_played"]
    events = _play(setup(Settings(retroactive_red_powers=True)), 2, "jester")
    healed = only(events, "hearts_healed")
    assert (healed.value, healed.moved, healed.retroactive) == (6, 4, True)


def test_immunity_returns_with_the_next_enemy() -> None:
    """The cancellation ends with this enemy; the Jester goes to discard with the played cards (§1.8)."""
    game = Game.from_position(
        3,
        enemy="CJ",
        damage=15,
        hands={1: "jester C2", 2: "D5 C9", 3: "D3"},
        tavern="H2",
        castle="CQ",
    )
    _play(game, 1, "jester")
    game.submit(1, ChooseNext(2))
    events = _play(game, 2, "D5")
    assert only(events, "enemy_defeated").cards_discarded == 2
    assert sorted(game.zones()["discard"]) == sorted(parse_cards("jester D5"))
    assert game.view()["enemy"]["immune"] == "C"
    assert only(_play(game, 2, "C9"), "power_blocked").suit == "C"


def test_two_jesters_together_are_refused() -> None:
    """A Jester is always played on its own, even with the other Jester (§1.14-14)."""
    game = Game.from_position(
        4, enemy="CJ", hands={1: "jester jester C2", 2: "D5", 3: "D3", 4: "D4"}, tavern="H2"
    )
    refuse(game, 1, Play(parse_cards("jester jester")), "jester_not_alone")
    loose = Game.from_position(
        4,
        enemy="CJ",
        hands={1: "jester jester C2", 2: "D5", 3: "D3", 4: "D4"},
        tavern="H2",
        settings=Settings(allow_double_jester=True),
    )
    assert only(_play(loose, 1, "jester jester"), "jester_played")


def test_playing_a_jester_counts_as_not_yielding() -> None:
    """After a yield, a Jester breaks the run of yields (§1.9)."""
    game = Game.from_position(2, enemy="CJ", hands={1: "C10 H10", 2: "jester D5"}, tavern="H2")
    game.submit(1, Yield())
    game.submit(1, Discard(parse_cards("C10")))
    assert not pending(game).can_yield
    _play(game, 2, "jester")
    game.submit(2, ChooseNext(1))
    assert pending(game).can_yield


def test_retroactive_diamonds_draw_for_the_jester_player() -> None:
    """With `retroactive_red_powers`, Diamonds blocked earlier draw when the Jester cancels immunity (§1.14-4)."""
    game = Game.from_position(
        3,
        enemy="DJ",
        hands={1: "D4 C10", 2: "jester", 3: "S3"},
        tavern="H2 H3 H4 H5 H6",
        settings=Settings(retroactive_red_powers=True),
    )
    _play(game, 1, "D4")
    game.submit(1, Discard(parse_cards("C10")))
    drawn = only(_play(game, 2, "jester"), "diamonds_drawn")
    assert (drawn.order, drawn.retroactive) == ((2, 3, 1, 2), True)
