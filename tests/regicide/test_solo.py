"""Solo play: the two Jester flips and the victory tiers (docs/regicide.md §1.12, §1.14 items 16, 20)."""

from __future__ import annotations

import pytest

from engine.regicide import (
    CorrectHandCount,
    DeclineFlip,
    Discard,
    FlipJester,
    Game,
    Play,
    RevealEnemy,
    Settings,
    parse_cards,
)
from engine.regicide.cards import Card

from .helpers import assert_conserved, kinds, only, pending, refuse

TAVERN = "C2 C3 C4 C5 C6 C7 C8 C9 C10 S2 S3"


def test_flip_at_step_one_discards_the_hand_and_refills_to_eight() -> None:
    """A flip at the start of Step 1 discards the whole hand and draws 8 (§1.12)."""
    game = Game.from_position(1, enemy="SJ", hands={1: "H2 H3"}, tavern=TAVERN)
    prompt = pending(game)
    assert (prompt.kind.value, prompt.step, prompt.flips_left) == ("jester_flip", 1, 2)
    flipped = only(game.submit(1, FlipJester()), "jester_flipped")
    assert (flipped.step, flipped.discarded, flipped.drawn, flipped.flips_left) == (1, 2, 8, 1)
    assert sorted(game.zones()["hands"][1]) == sorted(parse_cards("C5 C6 C7 C8 C9 C10 S2 S3"))
    assert sorted(game.zones()["discard"]) == sorted(parse_cards("H2 H3"))
    assert pending(game).kind.value == "jester_flip"  # both may be flipped at once (§1.14-20)
    game.submit(1, DeclineFlip())
    assert pending(game).kind.value == "play"
    assert game.view()["jester_flips_left"] == 1
    assert_conserved(game)


def test_flip_at_step_four_before_paying() -> None:
    """A flip is also offered at the start of Step 4, with the damage known (§1.12)."""
    game = Game.from_position(1, enemy="SJ", hands={1: "H2 H3"}, tavern=TAVERN)
    game.submit(1, DeclineFlip())
    events = game.submit(1, Play(parse_cards("H2")))
    assert only(events, "damage_to_pay").amount == 10
    prompt = pending(game)
    assert (prompt.kind.value, prompt.step, prompt.amount) == ("jester_flip", 4, 10)
    game.submit(1, FlipJester())
    game.submit(1, DeclineFlip())
    assert (pending(game).kind.value, pending(game).amount) == ("pay_damage", 10)
    game.submit(1, Discard(parse_cards("C10")))
    assert pending(game).kind.value == "jester_flip" and pending(game).step == 1


def test_flip_refill_works_against_a_diamonds_enemy_and_keeps_immunity() -> None:
    """The refill is not a Diamonds draw, and a flip does not cancel immunity (§1.12)."""
    game = Game.from_position(1, enemy="DJ", hands={1: "D5"}, tavern=TAVERN)
    assert only(game.submit(1, FlipJester()), "jester_flipped").drawn == 8
    assert game.view()["enemy"]["immune"] == "D"


def test_flip_draws_what_is_left_of_a_short_tavern() -> None:
    """With fewer than 8 cards in the tavern, the flip draws them all (§1.12)."""
    game = Game.from_position(1, enemy="SJ", hands={1: "D5"}, tavern="C2 C3 C4")
    assert only(game.submit(1, FlipJester()), "jester_flipped").drawn == 3
    assert game.view()["tavern_count"] == 0


def test_at_most_two_flips() -> None:
    """Each Jester flips once: after two flips none is offered and a flip is refused (§1.12)."""
    game = Game.from_position(1, enemy="SJ", hands={1: "H2"}, tavern=TAVERN + " D2 D3 D4 D5 D6 D7")
    game.submit(1, FlipJester())
    game.submit(1, FlipJester())
    assert pending(game).kind.value == "play"
    err = refuse(game, 1, FlipJester(), "no_flips_left")
    assert err.data == {"used": 2}


def test_flip_with_an_empty_hand_then_loss_is_checked_after_declining() -> None:
    """An empty hand may flip; the cannot-play loss is checked only once flips are declined (§1.14-20)."""
    game = Game.from_position(1, enemy="SJ", hands={1: ""}, tavern="C2")
    assert FlipJester() in game.legal_actions()
    assert only(game.submit(1, FlipJester()), "jester_flipped").drawn == 1
    assert pending(game).kind.value == "play"  # the tavern is empty: no second flip to offer
    game = Game.from_position(1, enemy="SJ", hands={1: ""}, tavern="C2")
    events = game.submit(1, DeclineFlip())
    assert only(events, "game_lost").reason == "cannot_play"


def test_no_flip_is_offered_when_it_cannot_help() -> None:
    """A flip is offered only where it can change something (§1.12): not before paying
    when nothing is owed (the shield covers the attack: the turn just ends), and not
    when the tavern is empty (it would discard the hand and draw nothing)."""
    game = Game.from_position(1, enemy="HJ", shield=10, hands={1: "H3 H4"}, tavern=TAVERN)
    game.submit(1, DeclineFlip())
    events = game.submit(1, Play(parse_cards("H3")))
    assert only(events, "damage_to_pay").amount == 0
    assert "jester_flipped" not in kinds(events)
    prompt = pending(game)
    assert (prompt.kind.value, prompt.step) == ("jester_flip", 1)  # the next turn's start
    assert "turn_started" in kinds(events)
    game = Game.from_position(1, enemy="HJ", hands={1: "H3 S10"}, tavern="")
    assert (pending(game).kind.value, game.view()["jester_flips_left"]) == ("play", 2)
    events = game.submit(1, Play(parse_cards("H3")))
    assert (pending(game).kind.value, pending(game).amount) == ("pay_damage", 10)


def test_a_jester_at_the_wrong_moment_is_refused_with_the_solo_rule() -> None:
    """In solo the Jesters are flips, offered at the start of Step 1 and of Step 4 (§1.12):
    a flip or a Jester card at a play or a payment is refused with that rule, the moment
    and the flips left (not the multiplayer "played on its own" rule)."""
    game = Game.from_position(1, enemy="SJ", hands={1: "H3 S10"}, tavern=TAVERN)
    game.submit(1, DeclineFlip())
    err = refuse(game, 1, FlipJester(), "flip_not_now")
    assert err.data == {"now": "play", "flips_left": 2, "max_hand": 8}
    for cards in (["jester"], ["H3", "jester"]):
        err = refuse(game, 1, Play(tuple(cards)), "flip_not_now")  # type: ignore[arg-type]  # card text on purpose: it is parsed
        assert err.data == {"now": "play", "flips_left": 2, "max_hand": 8}
    game.submit(1, Play(parse_cards("H3")))
    game.submit(1, DeclineFlip())
    err = refuse(game, 1, Discard((Card("jester"),)), "flip_not_now")
    assert err.data == {"now": "pay_damage", "flips_left": 2, "max_hand": 8}
    refuse(game, 1, FlipJester(), "flip_not_now")


@pytest.mark.parametrize(("flips_left", "tier"), [(2, "gold"), (1, "silver"), (0, "bronze")])
def test_victory_tier_depends_on_jesters_used(flips_left: int, tier: str) -> None:
    """Solo win: 0 Jesters used is Gold, 1 Silver, 2 Bronze (§1.12)."""
    game = Game.from_position(
        1, enemy="HK", damage=35, castle="", hands={1: "S5"}, tavern="C2", flips_left=flips_left
    )
    if flips_left:
        game.submit(1, DeclineFlip())
    won = only(game.submit(1, Play(parse_cards("S5"))), "game_won")
    assert (won.tier, won.jesters_used) == (tier, 2 - flips_left)
    assert game.view()["result"] == {"outcome": "won", "tier": tier, "jesters_used": 2 - flips_left}


def test_one_flip_per_moment_and_no_empty_hand_flip_settings() -> None:
    """Settings can forbid flipping both Jesters at once, or flipping an empty hand (§1.14-20)."""
    game = Game.from_position(
        1, enemy="SJ", hands={1: "H2"}, tavern=TAVERN, settings=Settings(allow_double_flip=False)
    )
    assert kinds(game.submit(1, FlipJester())) == ["jester_flipped"]
    assert pending(game).kind.value == "play"
    refuse(game, 1, FlipJester(), "one_flip_per_moment")
    no_empty = Settings(allow_flip_empty_hand=False)
    game = Game.from_position(1, enemy="SJ", hands={1: ""}, tavern=TAVERN, settings=no_empty)
    # no flip is offered that only its refusal could answer: the empty hand cannot play
    assert game.pending() is None and game.view()["result"]["reason"] == "cannot_play"
    table = Game.new(players=1, mode="table", settings=no_empty)
    table.submit(1, RevealEnemy(Card("SJ")))
    table.submit(1, CorrectHandCount(1, 0))  # the host finds the hand empty at the flip
    refuse(table, 1, FlipJester(), "flip_with_empty_hand")


def test_pre_release_solo_without_flips() -> None:
    """With `solo_jester_flips=0` (the pre-release draft) no flip is offered (§1.14-16)."""
    game = Game.new(players=1, seed=4, settings=Settings(solo_jester_flips=0))
    assert pending(game).kind.value == "play"
    assert game.view()["jester_flips_left"] == 0
