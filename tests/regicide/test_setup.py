"""Setup (docs/regicide.md §1.2): castle order, tavern, Jesters, hands, first enemy."""

from __future__ import annotations

import pytest

from engine.regicide import Card, Game
from engine.regicide.cards import RANK_INT, ROYAL

from .helpers import assert_conserved, kinds, pending


@pytest.mark.parametrize(
    ("players", "jesters", "hand", "tavern"),
    [(1, 0, 8, 32), (2, 0, 7, 26), (3, 1, 6, 23), (4, 2, 5, 22)],
)
def test_setup_per_player_count(players: int, jesters: int, hand: int, tavern: int) -> None:
    """Tavern size after the deal, Jesters in it and the hand size follow the §1.2 table."""
    game = Game.new(players=players, seed=3)
    z = game.zones()
    assert all(len(h) == hand for h in z["hands"].values())
    assert len(z["tavern"]) == tavern
    held = z["tavern"] + [c for h in z["hands"].values() for c in h]
    assert held.count(Card.JESTER) == jesters
    assert not any(ROYAL[c] for c in held)
    assert z["discard"] == [] and z["in_play"] == []
    assert len(z["aside"]) == 2 - jesters
    assert_conserved(game)


def test_castle_is_jacks_over_queens_over_kings() -> None:
    """From the top the castle reads J,J,J,J,Q,Q,Q,Q,K,K,K,K; the first enemy is a Jack (§1.2)."""
    for seed in range(20):
        game = Game.new(players=2, seed=seed)
        z = game.zones()
        from_top = z["enemy"] + list(reversed(z["castle"]))
        assert [RANK_INT[c] for c in from_top] == [11] * 4 + [12] * 4 + [13] * 4
        assert game.view()["enemy"] == {
            "card": str(z["enemy"][0]),
            "hp_left": 20,
            "health": 20,
            "damage": 0,
            "attack": 10,
            "base_attack": 10,
            "shield": 0,
            "immune": str(z["enemy"][0])[0],
        }


def test_castle_order_within_a_rank_is_shuffled() -> None:
    """The order within each rank depends on the seed (§1.2 step 1)."""
    firsts = {Game.new(players=2, seed=s).zones()["enemy"][0] for s in range(40)}
    assert len(firsts) == 4


def test_same_seed_same_game() -> None:
    """A game is a pure function of its seed: same seed, same deal."""
    assert Game.new(players=3, seed=11).zones() == Game.new(players=3, seed=11).zones()
    assert Game.new(players=3, seed=11).zones() != Game.new(players=3, seed=12).zones()


def test_first_player_starts_at_step_one() -> None:
    """The chosen first seat starts; setup events name the game and the first enemy."""
    game = Game.new(players=4, seed=1, first_seat=3)
    assert kinds(list(game.events())) == ["game_started", "enemy_revealed", "turn_started"]
    prompt = pending(game)
    assert (prompt.seat, prompt.kind.value, prompt.step) == (3, "play", 1)
    assert game.view()["turn"] == {"seat": 3, "step": 1}


def test_solo_offers_a_jester_flip_before_playing() -> None:
    """Solo: 8 cards, the 2 Jesters aside as flips, offered at the start of Step 1 (§1.12)."""
    game = Game.new(players=1, seed=1)
    assert pending(game).kind.value == "jester_flip"
    assert game.view()["jester_flips_left"] == 2
    assert game.zones()["aside"] == [Card.JESTER, Card.JESTER]
