"""Seeded random self-play in digital mode: every game ends, no card is ever lost."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.regicide import EVENT_KINDS, Game, RandomBot, Settings
from engine.regicide.cards import FULL_DECK

GAMES_PER_COUNT = 1300  # 5,200 games in all
DECK = Counter(FULL_DECK)


def _check_invariants(game: Game) -> None:
    z = game.zones()
    cards = Counter(z["castle"])
    cards.update(z["enemy"])
    cards.update(z["in_play"])
    cards.update(z["tavern"])
    cards.update(z["discard"])
    cards.update(z["aside"])
    for hand in z["hands"].values():
        assert len(hand) <= game.max_hand
        cards.update(hand)
    assert cards == DECK


def _play_out(game: Game, bot: RandomBot, check_json: bool) -> None:
    _check_invariants(game)
    for _ in range(2000):
        if game.pending() is None:
            return
        legal = game.legal_actions()
        assert len(legal) > 0
        events = bot.step(game)
        assert events and all(e.kind in EVENT_KINDS for e in events)
        _check_invariants(game)
        if check_json:
            json.dumps([e.to_json() for e in events])
            json.dumps(game.view())
            assert all(a in game.legal_actions() for a in game.legal_actions())
    pytest.fail("game did not end")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_self_play_ends_and_conserves_cards(players: int) -> None:
    """Random games for 1-4 players all end, and after every action the 54 cards are all somewhere."""
    bot = RandomBot(players)
    outcomes: Counter = Counter()
    for seed in range(GAMES_PER_COUNT):
        game = Game.new(players=players, seed=seed)
        _play_out(game, bot, check_json=seed < 40)
        outcomes[game.view()["result"]["outcome"]] += 1
        assert game.view()["status"] == "over"
    assert sum(outcomes.values()) == GAMES_PER_COUNT


def _random_settings(rng: random.Random) -> Settings:
    return Settings(
        solo_yield=rng.random() < 0.5,
        jester_may_choose_self=rng.random() < 0.5,
        retroactive_spades=rng.choice(["play_total", "spade_cards"]),
        retroactive_red_powers=rng.random() < 0.5,
        hearts_when_short=rng.choice(["move_all", "move_none"]),
        allow_overpay=rng.random() < 0.5,
        yield_rule=rng.choice(["per_seat", "consecutive"]),
        illegal_yield_loses=rng.random() < 0.2,
        diamonds=rng.choice(["round_robin", "fill_in_turn", "current_player"]),
        clubs_double=rng.choice(["play", "club_cards"]),
        played_cards_discarded=rng.choice(["on_defeat", "immediately"]),
        jesters_in_tavern=rng.random() < 0.7,
        allow_ace_groups=rng.random() < 0.5,
        allow_double_jester=rng.random() < 0.5,
        defeat_when_damage=rng.choice(["at_least", "exceeds"]),
        solo_jester_flips=rng.randint(0, 2),
        diamond_mulligan=rng.random() < 0.3,
        recruited_values=rng.choice([(10, 15, 20), (11, 12, 13)]),
        allow_double_flip=rng.random() < 0.5,
        allow_flip_empty_hand=rng.random() < 0.5,
    )


def test_random_self_play_under_random_settings() -> None:
    """Every combination of settings still ends every game with the cards conserved."""
    rng = random.Random(2024)
    bot = RandomBot(99)
    for seed in range(800):
        game = Game.new(players=seed % 4 + 1, seed=seed, settings=_random_settings(rng))
        _play_out(game, bot, check_json=seed < 40)


def test_self_play_is_deterministic() -> None:
    """The same seeds give the same game, event for event."""
    logs = []
    for _ in range(2):
        game = Game.new(players=3, seed=77)
        RandomBot(5).play(game)
        logs.append([e.to_json() for e in game.events()])
    assert logs[0] == logs[1]
