"""Yielding and the loss by being unable to play (docs/regicide.md §1.9, §1.11, §1.14 items 1, 7, 8)."""

from __future__ import annotations

from engine.regicide import ChooseNext, Discard, Game, Play, Settings, Yield, parse_cards

from .helpers import kinds, only, pending, refuse


def _yield_and_pay(game: Game, seat: int, card: str) -> None:
    game.submit(seat, Yield())
    game.submit(seat, Discard(parse_cards(card)))


def test_two_players_after_one_yield_the_other_may_not() -> None:
    """2 players: once one yields, the other must play (§1.9)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "C10 H10", 2: "D10 D9"}, tavern="H2")
    assert pending(game).can_yield
    _yield_and_pay(game, 1, "C10")
    assert not pending(game).can_yield
    err = refuse(game, 2, Yield(), "yield_after_everyone_yielded")
    assert err.data == {"seat": 2, "others": [1]}
    game.submit(2, Play(parse_cards("D9")))
    game.submit(2, Discard(parse_cards("D10")))
    assert pending(game).can_yield  # seat 2 played, so seat 1 may yield again


def test_three_players_after_two_yields_the_third_must_play() -> None:
    """3 players: after two yields in a row the third player may not yield (§1.9)."""
    game = Game.from_position(
        3, enemy="SJ", hands={1: "C10 H10", 2: "D10 D9", 3: "H9 H8"}, tavern="H2"
    )
    _yield_and_pay(game, 1, "C10")
    assert pending(game).can_yield
    _yield_and_pay(game, 2, "D10")
    refuse(game, 3, Yield(), "yield_after_everyone_yielded")
    assert Yield() not in game.legal_actions()


def test_per_seat_flags_and_a_counter_differ_after_a_jester() -> None:
    """The literal rule reads each seat's last turn; the counter variant counts yields in a row (§1.14-7).

    Seats 1 and 2 yielded; seat 3 plays a Jester and chooses itself. Its Jester reset
    the counter, but seats 1 and 2 still yielded on their last turns.
    """

    def can_yield_after_own_jester(rule: str) -> bool:
        game = Game.from_position(
            3,
            enemy="SJ",
            hands={1: "C10", 2: "D10", 3: "H9 jester"},
            tavern="H2",
            yielded=(1, 2),
            seat=3,
            settings=Settings(yield_rule=rule),  # type: ignore[arg-type]  # every accepted value, as text from the command line
        )
        assert not pending(game).can_yield
        game.submit(3, Play(parse_cards("jester")))
        game.submit(3, ChooseNext(3))
        return pending(game).can_yield

    assert can_yield_after_own_jester("per_seat") is False
    assert can_yield_after_own_jester("consecutive") is True


def test_solo_yield_is_forbidden_by_default() -> None:
    """Solo: no other player, so yielding is barred (§1.14-1), unless the setting allows it."""
    game = Game.from_position(1, enemy="SJ", hands={1: "C10 H10"}, tavern="H2", flips_left=0)
    refuse(game, 1, Yield(), "solo_yield_forbidden")
    loose = Game.from_position(
        1,
        enemy="SJ",
        hands={1: "C10 H10"},
        tavern="H2",
        flips_left=0,
        settings=Settings(solo_yield=True),
    )
    assert kinds(loose.submit(1, Yield())) == ["yielded", "damage_to_pay"]


def test_illegal_yield_can_be_made_a_loss() -> None:
    """By default an illegal yield is refused and nothing happens; with the setting it loses (§1.14-8)."""
    game = Game.from_position(
        1,
        enemy="SJ",
        hands={1: "C10"},
        tavern="H2",
        flips_left=0,
        settings=Settings(illegal_yield_loses=True),
    )
    assert Yield() in game.legal_actions()
    assert only(game.submit(1, Yield()), "game_lost").reason == "illegal_yield"


def test_empty_hand_that_may_yield_must_yield() -> None:
    """With no card but yielding open, the only action is to yield, then Step 4 applies (§1.11)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "", 2: "D10"}, tavern="H2")
    assert list(game.legal_actions()) == [Yield()]
    events = game.submit(1, Yield())
    assert only(events, "game_lost").reason == "cannot_pay"


def test_empty_hand_that_may_not_yield_loses() -> None:
    """A player who can neither play nor yield makes everyone lose (§1.11)."""
    game = Game.from_position(
        2, enemy="SJ", hands={1: "C10", 2: ""}, tavern="H2", yielded=(1,), seat=1
    )
    game.submit(1, Yield())  # seat 2 has not yielded, so seat 1 may
    events = game.submit(1, Discard(parse_cards("C10")))
    lost = only(events, "game_lost")
    assert (lost.seat, lost.reason) == (2, "cannot_play")


def test_empty_hand_is_not_a_loss_when_the_attack_is_shielded() -> None:
    """An empty-handed yield is survived when the effective attack is 0 (§1.11)."""
    game = Game.from_position(2, enemy="HJ", shield=10, hands={1: "", 2: "D10"}, tavern="H2")
    events = game.submit(1, Yield())
    assert kinds(events) == ["yielded", "damage_to_pay", "turn_started"]
