"""Step 3 damage and defeat, Step 4 suffering damage (docs/regicide.md §1.6, §1.7, §1.11)."""

from __future__ import annotations

from engine.regicide import Discard, Game, Play, Yield, parse_card, parse_cards

from .helpers import assert_conserved, kinds, only, pending, refuse


def test_exact_kill_puts_the_enemy_on_top_of_the_tavern() -> None:
    """Damage equal to health: the enemy goes face down on the tavern top and is the next card drawn (§1.6)."""
    game = Game.from_position(
        2, enemy="SJ", damage=12, hands={1: "H8 D2 C3", 2: "C4"}, tavern="H2 H3", castle="SK SQ HJ"
    )
    events = game.submit(1, Play(parse_cards("H8")))
    defeated = only(events, "enemy_defeated")
    assert (defeated.exact, defeated.to, defeated.cards_discarded) == (True, "tavern_top", 1)
    assert game.zones()["tavern"][-1] == parse_card("SJ")
    assert game.zones()["discard"] == [parse_card("H8")]
    # the same player goes again, skipping Step 4; the next draw is the Jack
    assert kinds(events)[-2:] == ["enemy_revealed", "turn_started"]
    assert pending(game).seat == 1 and pending(game).kind.value == "play"
    drawn = only(game.submit(1, Play(parse_cards("D2"))), "diamonds_drawn")
    assert drawn.order == (1, 2)
    assert parse_card("SJ") in game.zones()["hands"][1]
    assert_conserved(game)


def test_clubs_doubling_counts_towards_an_exact_kill() -> None:
    """Doubled damage that lands exactly on the health is an exact kill (§1.6)."""
    game = Game.from_position(2, enemy="HJ", damage=10, hands={1: "C5 D2", 2: "C4"}, tavern="H2")
    assert only(game.submit(1, Play(parse_cards("C5"))), "enemy_defeated").exact


def test_overkill_goes_to_the_discard_and_does_not_carry_over() -> None:
    """More damage than health: the enemy and the played cards are discarded; the next enemy is fresh (§1.6)."""
    game = Game.from_position(
        2,
        enemy="SJ",
        damage=15,
        shield=4,
        hands={1: "H9 D2", 2: "C4"},
        in_play="S4 C8",
        tavern="H2",
        castle="SK SQ HJ",
    )
    events = game.submit(1, Play(parse_cards("H9")))
    defeated = only(events, "enemy_defeated")
    assert (defeated.exact, defeated.to, defeated.cards_discarded) == (False, "discard", 3)
    assert sorted(game.zones()["discard"]) == sorted(parse_cards("SJ S4 C8 H9"))
    revealed = only(events, "enemy_revealed")
    assert (str(revealed.card), revealed.castle_left) == ("HJ", 2)
    assert game.view()["enemy"] == {
        "card": "HJ",
        "hp_left": 20,
        "health": 20,
        "damage": 0,
        "attack": 10,
        "base_attack": 10,
        "shield": 0,
        "immune": "H",
    }
    assert game.view()["in_play"] == []


def test_played_cards_stay_on_the_table_until_the_enemy_falls() -> None:
    """Cards played against a living enemy are in play, not in the discard pile, so Hearts cannot heal them (§1.1)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "C8 C10", 2: "H3 C9"}, tavern="D2")
    game.submit(1, Play(parse_cards("C8")))
    game.submit(1, Discard(parse_cards("C10")))
    assert game.view()["in_play"] == ["C8"]
    healed = only(game.submit(2, Play(parse_cards("H3"))), "hearts_healed")
    assert healed.moved == 1  # only the discarded C10
    assert game.zones()["tavern"][0] == parse_card("C10")


def test_killing_the_last_king_wins() -> None:
    """Defeating the last King, exactly or not, wins the game (§1.11)."""
    game = Game.from_position(
        2, enemy="SK", damage=30, hands={1: "C10 D2", 2: "C4"}, tavern="H2", castle=""
    )
    events = game.submit(1, Play(parse_cards("C10")))
    assert kinds(events)[-1] == "game_won"
    view = game.view()
    assert (view["status"], view["winners"], view["winner_side"], view["pending"]) == (
        "over",
        [1, 2],
        "players",
        None,
    )
    assert view["result"] == {"outcome": "won", "tier": None, "jesters_used": 0}
    refuse(game, 1, Play(parse_cards("D2")), "game_over")


def test_paying_more_than_needed_is_allowed() -> None:
    """A discard worth more than the attack is accepted (§1.7; §1.14-6)."""
    game = Game.from_position(2, enemy="SJ", shield=5, hands={1: "C3 H10 D2", 2: "C4"}, tavern="H2")
    game.submit(1, Play(parse_cards("C3")))
    assert pending(game).amount == 5
    events = game.submit(1, Discard(parse_cards("H10 D2")))
    paid = only(events, "damage_paid")
    assert (paid.amount, paid.paid, paid.overpaid) == (5, 12, 7)
    assert pending(game).seat == 2


def test_damage_can_be_paid_one_card_at_a_time() -> None:
    """Several discards add up until the attack is covered; the prompt shows the running sum (§1.7)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "C3 H4 D5 S2", 2: "C4"}, tavern="H2")
    game.submit(1, Play(parse_cards("C3")))
    game.submit(1, Discard(parse_cards("H4")))
    assert (pending(game).amount, pending(game).paid) == (10, 4)
    game.submit(1, Discard(parse_cards("S2")))
    assert pending(game).paid == 6
    assert kinds(game.submit(1, Discard(parse_cards("D5")))) == [
        "cards_discarded",
        "damage_paid",
        "turn_started",
    ]
    assert game.zones()["hands"][1] == []  # an empty hand is fine after paying


def test_no_discard_when_the_shield_covers_the_attack() -> None:
    """An effective attack of 0 means nothing is discarded (§1.7)."""
    game = Game.from_position(2, enemy="HJ", shield=8, hands={1: "S2", 2: "C4"}, tavern="H2")
    events = game.submit(1, Play(parse_cards("S2")))
    assert only(events, "damage_to_pay").amount == 0
    assert kinds(events)[-1] == "turn_started" and pending(game).seat == 2


def test_a_hand_too_weak_to_pay_loses() -> None:
    """If the whole hand is worth less than the attack, everyone loses (§1.7, §1.11)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "C3 H4 D2", 2: "C4"}, tavern="H2")
    events = game.submit(1, Play(parse_cards("C3")))
    lost = only(events, "game_lost")
    assert (lost.seat, lost.reason, lost.amount, lost.hand_value) == (1, "cannot_pay", 10, 6)
    assert game.view()["result"] == {"outcome": "lost", "reason": "cannot_pay", "seat": 1}
    assert game.pending() is None and game.view()["winner_side"] == "castle"


def test_yield_takes_the_full_attack() -> None:
    """Yielding skips Steps 2 and 3 but not Step 4 (§1.9; §1.15)."""
    game = Game.from_position(2, enemy="SJ", shield=3, hands={1: "C3 H10", 2: "C4"}, tavern="H2")
    events = game.submit(1, Yield())
    assert kinds(events) == ["yielded", "damage_to_pay"]
    assert pending(game).amount == 7


def test_discarding_a_card_not_in_hand_is_refused() -> None:
    """Only the paying seat's own cards can be discarded, and only while paying (§1.7)."""
    game = Game.from_position(2, enemy="SJ", hands={1: "C3 H10", 2: "C4"}, tavern="H2")
    refuse(game, 1, Discard(parse_cards("H10")), "unexpected_action")
    game.submit(1, Play(parse_cards("C3")))
    refuse(game, 1, Discard(parse_cards("C4")), "card_not_in_hand")
    refuse(game, 1, Discard(()), "no_cards")
    refuse(game, 1, Play(parse_cards("H10")), "unexpected_action")


def test_a_killing_diamonds_play_draws_before_the_enemy_lands_on_the_tavern() -> None:
    """Step 2 comes before Step 3: the exact kill's own Diamonds cannot draw the enemy (§1.6 Timing)."""
    game = Game.from_position(
        2, enemy="SJ", damage=13, hands={1: "D7 C2", 2: "C4"}, tavern="", castle="SK SQ HJ"
    )
    events = game.submit(1, Play(parse_cards("D7")))
    assert only(events, "diamonds_drawn").order == ()
    assert only(events, "enemy_defeated").exact
    assert game.zones()["tavern"] == [parse_card("SJ")]


def test_turns_pass_clockwise_through_the_four_steps() -> None:
    """After Step 4 the next player clockwise starts at Step 1; Step 4 is a pay_damage prompt (§1.3)."""
    game = Game.from_position(
        3, enemy="SJ", hands={1: "C2 H10", 2: "C3 H9 H8", 3: "C4 D10"}, tavern="", seat=2
    )
    seen = []
    for seat, play, pay in ((2, "C3", "H9 H8"), (3, "C4", "D10"), (1, "C2", "H10")):
        prompt = pending(game)
        seen.append((prompt.seat, prompt.step))
        game.submit(seat, Play(parse_cards(play)))
        assert (pending(game).kind.value, pending(game).step) == ("pay_damage", 4)
        game.submit(seat, Discard(parse_cards(pay)))
    assert seen == [(2, 1), (3, 1), (1, 1)]
    assert pending(game).seat == 2
