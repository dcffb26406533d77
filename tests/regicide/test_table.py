"""Table mode: a short game driven through scans (docs/product.md "Regicide at the table"; docs/regicide.md §1.13)."""

from __future__ import annotations

from engine.regicide import (
    CannotPay,
    ChooseNext,
    CorrectHandCount,
    DeclineFlip,
    Discard,
    FlipJester,
    Game,
    Play,
    RevealEnemy,
    Yield,
)
from engine.regicide.cards import Card
from engine.regicide.events import GameStarted

from .helpers import kinds, only, pending, refuse


def _counts(game: Game) -> list[int]:
    return [h["count"] for h in game.view()["hands"]]


def test_table_game_through_scans() -> None:
    """Scans of enemies, plays and discards drive a 2-player game; Hearts, Diamonds and exact kills become instructions."""
    game = Game.new(players=2, mode="table")
    started = game.events()[0]
    assert isinstance(started, GameStarted)
    assert (started.kind, started.instruction, started.max_hand, started.tavern_count) == (
        "game_started",
        True,
        7,
        26,
    )
    assert game.view()["status"] == "setup"
    prompt = pending(game)
    assert (prompt.kind.value, prompt.seat, prompt.expected_rank) == ("reveal_enemy", 1, "J")
    assert [str(a.card) for a in game.legal_actions() if isinstance(a, RevealEnemy)] == [
        "SJ",
        "HJ",
        "CJ",
        "DJ",
    ]
    assert all(isinstance(a, RevealEnemy) for a in game.legal_actions())

    # the castle is physical: the scanned enemy must be an unrevealed royal of the right tier
    refuse(game, 1, RevealEnemy(Card("SQ")), "wrong_enemy_tier")
    refuse(game, 1, RevealEnemy(Card("C5")), "not_a_royal")
    assert kinds(game.submit(1, RevealEnemy(Card("SJ")))) == ["enemy_revealed", "turn_started"]
    view = game.view()
    assert (view["status"], view["castle_left"], view["tavern_count"], _counts(game)) == (
        "playing",
        11,
        26,
        [7, 7],
    )
    assert "hand" not in view
    assert game.view(1)["hand"] is None  # hands are physical

    # scans that cannot be true are refused
    refuse(game, 1, Play((Card("SK"),)), "royal_not_defeated")
    refuse(game, 1, Play((Card("SJ"),)), "royal_not_defeated")
    refuse(game, 1, Play((Card("jester"),)), "no_jester_left")  # 2 players: no Jester in the tavern

    # Diamonds: an instruction naming who draws; seat 2 is full, so only seat 1 draws
    events = game.submit(1, Play((Card("D8"),)))
    drawn = only(events, "diamonds_drawn")
    assert (drawn.order, drawn.instruction, drawn.tavern_count) == ((1,), True, 25)
    assert _counts(game) == [7, 7]
    assert (pending(game).kind.value, pending(game).amount) == ("pay_damage", 10)
    refuse(game, 1, Discard((Card("D8"),)), "card_already_in_play")
    game.submit(1, Discard((Card("C10"),)))
    assert _counts(game) == [6, 7] and game.view()["discard_count"] == 1

    # Hearts: "move 1 card from the discard pile under the tavern deck"; discards scanned one at a time
    healed = only(game.submit(2, Play((Card("H5"),))), "hearts_healed")
    assert (healed.moved, healed.instruction, healed.discard_count, healed.tavern_count) == (
        1,
        True,
        0,
        26,
    )
    game.submit(2, Discard((Card("S4"),)))
    assert pending(game).paid == 4
    paid = only(game.submit(2, Discard((Card("S6"),))), "damage_paid")
    assert (paid.amount, paid.paid) == (10, 10)
    assert _counts(game) == [6, 4]

    # exact kill: the enemy goes on top of the tavern, then the next enemy is scanned
    events = game.submit(1, Play((Card("H7"),)))
    defeated = only(events, "enemy_defeated")
    assert (defeated.exact, defeated.to, defeated.instruction, defeated.cards_discarded) == (
        True,
        "tavern_top",
        True,
        3,
    )
    assert game.view()["tavern_count"] == 29  # 26 + 2 healed + the Jack
    assert game.view()["discard_count"] == 3
    refuse(game, 1, RevealEnemy(Card("SJ")), "enemy_already_revealed")
    game.submit(1, RevealEnemy(Card("HJ")))
    assert pending(game).seat == 1 and pending(game).kind.value == "play"

    # the recruited Jack may now be scanned from a hand
    assert Play((Card("SJ"),)) in game.legal_actions()


def test_scan_beyond_the_count_wins_over_the_count() -> None:
    """Playing more cards than counted is accepted; the count is corrected and a warning emitted."""
    game = Game.new(players=2, mode="table")
    game.submit(1, RevealEnemy(Card("CJ")))
    game.submit(2, CorrectHandCount(1, 1))  # the host's fix, from any seat, at any prompt
    events = game.submit(1, Play((Card("S2"), Card("H2"))))
    warning = only(events, "hand_count_corrected")
    assert (warning.seat, warning.counted, warning.corrected, warning.cause) == (1, 1, 2, "scan")
    assert _counts(game) == [0, 7]


def test_declaring_a_hand_too_weak_loses() -> None:
    """At Step 4 the player may show that the hand cannot pay: everyone loses (§1.11)."""
    game = Game.new(players=3, mode="table", first_seat=2)
    game.submit(2, RevealEnemy(Card("DJ")))
    game.submit(2, Yield())
    assert list(game.legal_actions()) == [CannotPay()]
    lost = only(game.submit(2, CannotPay()), "game_lost")
    assert (lost.seat, lost.reason, lost.amount, lost.hand_value) == (2, "cannot_pay", 10, None)


def test_discarding_the_last_counted_card_short_of_the_damage_loses() -> None:
    """When the counted hand is used up before the damage is covered, the game is lost (§1.7)."""
    game = Game.new(players=2, mode="table")
    game.submit(1, RevealEnemy(Card("CJ")))
    game.submit(1, CorrectHandCount(1, 2))
    game.submit(1, Play((Card("S3"),)))
    events = game.submit(1, Discard((Card("H4"),)))
    assert only(events, "game_lost").reason == "cannot_pay"


def test_third_jester_scan_is_refused() -> None:
    """Three players have one Jester: a second one on the table is refused."""
    game = Game.new(players=3, mode="table")
    game.submit(1, RevealEnemy(Card("SJ")))
    game.submit(1, Play((Card("jester"),)))
    assert pending(game).kind.value == "choose_next"
    game.submit(1, ChooseNext(2))
    refuse(game, 2, Play((Card("jester"),)), "no_jester_left")


def test_table_only_actions_are_refused_in_digital_mode() -> None:
    """CannotPay and CorrectHandCount belong to table mode; bad counts are refused."""
    game = Game.new(players=2, seed=1)
    game.submit(1, Yield())
    refuse(game, 1, CannotPay(), "only_in_table_mode")
    refuse(game, 1, CorrectHandCount(1, 3), "only_in_table_mode")
    table = Game.new(players=2, mode="table")
    refuse(table, 1, CorrectHandCount(1, 8), "bad_hand_count")
    refuse(table, 1, CorrectHandCount(3, 1), "no_such_seat")


def test_solo_flip_at_the_table_is_an_instruction() -> None:
    """A table-mode flip tells the player to discard the hand and draw 8, and updates the counts (§1.12)."""
    game = Game.new(players=1, mode="table")
    game.submit(1, RevealEnemy(Card("DJ")))
    assert pending(game).kind.value == "jester_flip"
    flipped = only(game.submit(1, FlipJester()), "jester_flipped")
    assert (flipped.discarded, flipped.drawn, flipped.instruction) == (8, 8, True)
    view = game.view()
    assert (view["tavern_count"], view["discard_count"], view["jester_flips_left"]) == (24, 8, 1)
    game.submit(1, DeclineFlip())
    assert pending(game).kind.value == "play" and not pending(game).can_yield


def test_table_overkill_counts_the_enemy_into_the_discard_pile() -> None:
    """An overkilled enemy and the played cards add to the discard count (§1.6)."""
    game = Game.new(players=2, mode="table")
    game.submit(1, RevealEnemy(Card("DJ")))
    game.submit(1, Play((Card("H10"),)))  # the discard pile is empty: nothing to heal
    game.submit(1, Discard((Card("S10"),)))
    defeated = only(game.submit(2, Play((Card("C6"),))), "enemy_defeated")  # 10 + 12 > 20
    assert (defeated.exact, defeated.to, defeated.cards_discarded) == (False, "discard", 2)
    assert game.view()["discard_count"] == 1 + 2 + 1
    assert game.view()["tavern_count"] == 26
