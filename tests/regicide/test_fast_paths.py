"""The engine's fast paths give exactly what the checked paths give.

`Game.step_random` applies a listed action without checking it again, and the listing
is cached per state: both must be invisible, so these tests replay the same games
through `submit` with freshly listed actions and compare every event and every zone.
"""

from __future__ import annotations

import random

import pytest

from engine.core.rng import GameRng
from engine.regicide import Game, RandomBot, Settings
from engine.regicide.actions import Discard, Play, Yield
from engine.regicide.legal import enumerate_legal
from tests.regicide.helpers import pending

from .test_selfplay import _random_settings


def _twin_games(players: int, seed: int, settings: Settings | None) -> tuple[Game, Game]:
    return (
        Game.new(players=players, seed=seed, settings=settings),
        Game.new(players=players, seed=seed, settings=settings),
    )


def _check_twins(fast: Game, slow: Game, picks: random.Random) -> None:
    """Play `fast` by step_random and `slow` by submit; they must never differ."""
    for _ in range(2000):
        p = slow.pending()
        if p is None:
            break
        listed = enumerate_legal(slow)
        i = picks.randrange(len(listed))

        def below(n: int, i: int = i, k: int = len(listed)) -> int:
            assert n == k, "step_random counts a different listing"
            return i

        got = fast.step_random(below)
        want = slow.submit(p.seat, listed[i])
        assert [e.to_json() for e in got] == [e.to_json() for e in want]
        assert fast.zones() == slow.zones()
        assert fast.pending() == slow.pending()
    assert fast.pending() is None and slow.pending() is None
    assert [e.to_json() for e in fast.events()] == [e.to_json() for e in slow.events()]
    assert fast.view() == slow.view()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_step_random_equals_submitting_the_listed_action(players: int) -> None:
    """The trusted path of a listed pick gives the events and zones of `submit`."""
    picks = random.Random(players)
    for seed in range(150):
        _check_twins(*_twin_games(players, seed, None), picks)


def test_step_random_equals_submit_under_random_settings() -> None:
    """Every setting's listed actions resolve the same through the trusted path."""
    rng, picks = random.Random(7), random.Random(8)
    for seed in range(400):
        _check_twins(*_twin_games(seed % 4 + 1, seed, _random_settings(rng)), picks)


def test_listing_is_never_stale() -> None:
    """The cached listing always equals a fresh one, before and after each action."""
    picks = random.Random(3)
    for seed in range(100):
        game = Game.new(players=seed % 4 + 1, seed=seed)
        while game.pending() is not None:
            legal = list(game.legal_actions())
            assert legal == enumerate_legal(game)
            assert list(game.legal_actions()) == legal
            game.submit(pending(game).seat, legal[picks.randrange(len(legal))])


def test_step_random_refuses_when_nothing_is_listed() -> None:
    """Game over (or a table prompt naming hidden cards) is a ValueError, not a guess."""
    game = Game.new(players=2, seed=1)
    while game.pending() is not None:
        game.step_random(random.Random(1).randrange)
    with pytest.raises(ValueError, match="the game is over"):
        game.step_random(random.Random(1).randrange)
    table = Game.new(players=1, mode="table", seed=1)
    table.step_random(lambda n: 0)  # reveal_enemy lists the tier's royals
    table.step_random(lambda n: n - 1)  # jester_flip: decline
    assert pending(table).kind.value == "play" and not pending(table).can_yield
    with pytest.raises(ValueError, match="table mode lists no hands"):
        table.step_random(lambda n: 0)


def test_game_rng_shuffles_as_random_shuffle() -> None:
    """`GameRng.shuffle` is `random.shuffle` inlined: same result, same draws after."""
    for n in (0, 1, 2, 4, 12, 40, 64, 65, 100):
        for seed in range(40):
            ours, theirs = list(range(n)), list(range(n))
            rng, ref = GameRng(seed), random.Random(seed)
            rng.shuffle(ours)
            ref.shuffle(theirs)
            assert ours == theirs
            assert rng.random() == ref.random()


def test_game_rng_randrange_draws_as_choice() -> None:
    """`GameRng.randrange(n)` picks what `random.choice` picks among n items."""
    rng, ref = GameRng(11), random.Random(11)
    for n in [1, 2, 3, 7, 8, 9, 40, 1000] * 50:
        assert rng.randrange(n) == ref.choice(range(n))
    with pytest.raises(ValueError, match="empty range"):
        rng.randrange(0)


def test_play_random_logs_what_step_random_returns() -> None:
    """`play_random` (RandomBot.play) logs the events `step_random` returns, in order."""
    for seed in range(60):
        whole, stepped = _twin_games(seed % 4 + 1, seed, None)
        RandomBot(seed).play(whole)
        bot, returned, setup = RandomBot(seed), [], len(stepped.events())
        while stepped.pending() is not None:
            returned.extend(bot.step(stepped))
        assert list(stepped.events()[setup:]) == returned
        assert whole.events() == stepped.events()


def test_two_games_share_no_listed_action_and_none_can_be_changed() -> None:
    """`step_random` applies a listed action unchecked (issue 32 item 2): the listed
    values belong to one game, and a change through `object.__setattr__` fails, so no
    game can hand another (or itself) a play it did not list."""
    first, second = _twin_games(2, 7, None)
    ours, theirs = list(first.legal_actions()), list(second.legal_actions())
    assert ours == theirs
    assert [a for a in ours if any(a is b for b in theirs)] == [Yield()]  # a constant
    play = next(a for a in ours if type(a) is Play)
    other = next(c for c in first.hands[2] if c not in first.hands[1])
    with pytest.raises(AttributeError):
        object.__setattr__(play, "cards", (other,))
    with pytest.raises(AttributeError):
        object.__setattr__(play, "__class__", Discard)  # the same field: a Discard
    assert type(play) is Play and other not in play.cards
    first.submit(1, play)
    assert play.cards[0] not in first.hands[1]  # played as listed
