"""The hint agent (engine/regicide/agent.py) and the view it gets (infoset.py).

docs/regicide-hints.md §2-§3: the agent sees one seat's information set only, so games
that differ only in what that seat cannot know get the same advice; it only suggests
legal actions; it finds a forced win; bad input is refused at once.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.rng import GameRng
from engine.regicide import Game, RandomBot, parse_card, parse_cards
from engine.regicide.actions import DeclineFlip, Discard, Play, RevealEnemy
from engine.regicide.agent import Agent
from engine.regicide.infoset import HandContradiction, determinize, information_set
from engine.regicide.policy import apply

_HAND = "H5 D7 C3 S9 DA H2 C10 S4"
_TAVERN = "H3 H4 H6 D2 D3 D4 D5 C2 C4 C5 S2 S3 S5 S6 S7 S8"


def _solo(tavern: str, seed: int) -> Game:
    return Game.from_position(
        1,
        enemy="CJ",
        hands={1: _HAND},
        tavern=tavern,
        discard="H8 D8",
        damage=6,
        flips_left=1,
        seed=seed,
    )


def test_tavern_order_does_not_change_the_advice() -> None:
    """Two solo positions whose taverns hold the same cards in another order (and whose
    engines were seeded differently) give equal information sets and the same advice."""
    cards = _TAVERN.split()
    shuffled = cards[:]
    random.Random(3).shuffle(shuffled)
    a, b = _solo(" ".join(cards), 1), _solo(" ".join(shuffled), 2)
    assert a.zones()["tavern"] != b.zones()["tavern"]
    ia, ib = information_set(a, 1), information_set(b, 1)
    assert ia == ib
    agent = Agent(iterations=48, seed=5)
    assert agent.advise(ia).to_json() == agent.advise(ib).to_json()


def test_other_hands_do_not_change_the_advice() -> None:
    """2 players: seat 2's hand and the tavern swap cards; seat 1's advice is the same."""
    pool = _TAVERN.split()
    mine = "H5 D7 C3 S9 DA H2 C10"

    def game(theirs: list[str], seed: int) -> Game:
        tavern = [c for c in pool if c not in theirs]
        return Game.from_position(
            2, enemy="SJ", hands={1: mine, 2: " ".join(theirs)}, tavern=" ".join(tavern), seed=seed
        )

    a, b = game(pool[:7], 1), game(pool[-7:], 9)
    ia, ib = information_set(a, 1), information_set(b, 1)
    assert ia == ib
    agent = Agent(iterations=40, seed=2)
    assert agent.advise(ia).to_json() == agent.advise(ib).to_json()


def test_information_set_hides_what_the_seat_cannot_know() -> None:
    """Through a dealt game the view counts every hidden card and a determinization puts
    the right cards in each hidden zone (by composition), never the real order."""
    game = Game.new(players=2, seed=11)
    bot = RandomBot(4)
    for _ in range(12):
        bot.step(game)
    p = game.pending()
    assert p is not None
    info = information_set(game, p.seat)
    assert not info.merged
    d = determinize(info, GameRng(1))
    hidden = Counter(game.tavern + game.discard + game.hands[3 - p.seat])
    assert Counter(d.tavern + d.discard + d.hands[3 - p.seat]) == hidden
    assert d.hands[p.seat] == sorted(game.hands[p.seat])
    assert (len(d.tavern), len(d.discard)) == (len(game.tavern), len(game.discard))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_only_legal_suggestions(players: int) -> None:
    """Over many positions of random games, every suggestion is accepted by the engine."""
    picks = random.Random(players)
    asked = 0
    for seed in range(6):
        game = Game.new(players=players, seed=seed)
        bot = RandomBot(seed)
        while game.pending() is not None:
            if picks.random() < 0.3:
                p = game.pending()
                assert p is not None
                advice = Agent(iterations=12, seed=seed).advise(information_set(game, p.seat))
                assert game.is_legal(p.seat, advice.action), advice.action
                for option in advice.options:
                    assert game.is_legal(p.seat, option.action), option.action
                asked += 1
            bot.step(game)
    assert asked > 20


def test_forced_win_is_found() -> None:
    """The last King (SK) with 10 health left: only C5 (Clubs double it to 10) wins now; any
    other play leaves a hand that cannot pay the King's 20."""
    game = Game.from_position(
        1, enemy="SK", hands={1: "C5 H4 D3 S2 H6"}, castle="", damage=30, flips_left=0
    )
    advice = Agent(iterations=60, seed=1).advise(information_set(game, 1))
    assert advice.action == Play((parse_card("C5"),))
    assert advice.options[0].win == 1.0
    assert all(o.win == 0.0 for o in advice.options[1:])
    assert advice.reason == "exact_kill"
    events = game.submit(1, advice.action)
    assert events[-1].kind == "game_won"


def test_payment_advice_is_one_whole_set() -> None:
    """At Step 4 the advice is one Discard that covers the damage, accepted as it is."""
    game = Game.from_position(1, enemy="HJ", hands={1: "S10 D9 C2 H3 D4"}, flips_left=0)
    game.submit(1, Play((parse_card("C2"),)))
    p = game.pending()
    assert p is not None and p.kind.value == "pay_damage"
    advice = Agent(iterations=30, seed=3).advise(information_set(game, 1))
    assert type(advice.action) is Discard
    value = sum(game.value[c] for c in advice.action.cards)
    assert value >= p.amount
    assert game.is_legal(1, advice.action)


def test_no_decision_pending_is_refused() -> None:
    game = Game.from_position(1, enemy="SK", hands={1: "C5"}, castle="", damage=30, flips_left=0)
    game.submit(1, Play((parse_card("C5"),)))
    assert game.pending() is None
    with pytest.raises(ValueError, match="no decision is pending"):
        information_set(game, 1)
    other = Game.new(players=2, seed=1)
    with pytest.raises(ValueError, match="no decision of seat 2"):
        information_set(other, 2)


def _table_solo() -> Game:
    game = Game.new(players=1, mode="table", seed=0)
    game.submit(1, RevealEnemy(parse_card("SJ")))
    return game


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        ("H5 H5 D7 C3 S9 DA H2 C10", "card_twice"),
        ("H5 D7 C3 S9 DA H2 C10 S4 S5", "hand_too_big"),
        ("H5 D7 C3", "hand_count_differs"),
        ("H5 D7 C3 S9 DA H2 C10 SQ", "royal_not_defeated"),
    ],
)
def test_a_scanned_hand_that_contradicts_the_game_is_refused(hand: str, reason: str) -> None:
    game = _table_solo()
    before = game.snapshot()
    with pytest.raises(HandContradiction) as err:
        information_set(game, 1, parse_cards(hand))
    assert err.value.reason == reason
    assert game.snapshot() == before


def test_a_scanned_card_already_discarded_is_refused() -> None:
    game = _table_solo()
    game.submit(1, DeclineFlip())
    game.submit(1, Play(parse_cards("C3")))
    game.submit(1, DeclineFlip())
    game.submit(1, Discard(parse_cards("C10")))  # the Jack's 10 paid with the C10
    p = game.pending()
    assert p is not None and game.hand_count(1) == 6
    before = game.snapshot()
    with pytest.raises(HandContradiction) as err:
        information_set(game, 1, parse_cards("C10 H5 D7 S9 DA H2"))
    assert (err.value.reason, err.value.data) == ("card_discarded", {"card": "C10"})
    with pytest.raises(HandContradiction) as err:
        information_set(game, 1, parse_cards("C3 H5 D7 S9 DA H2"))
    assert (err.value.reason, err.value.data) == ("card_in_play", {"card": "C3"})
    assert game.snapshot() == before
    info = information_set(game, 1, parse_cards("H5 D7 S9 DA H2 S4"))
    assert parse_card("C10") in info.recycled and parse_card("C10") not in info.unseen


@pytest.mark.parametrize(
    "budget",
    [
        {"iterations": 0},
        {"iterations": -3},
        {"iterations": 2.5},
        {"iterations": True},
        {"iterations": None, "cpu_seconds": 0},
        {"iterations": None, "cpu_seconds": -1.0},
        {"iterations": None, "cpu_seconds": "1"},
        {"iterations": None},
    ],
)
def test_a_budget_that_is_not_positive_is_refused(budget: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="budget|positive"):
        Agent(**budget)  # type: ignore[arg-type]


def test_same_seed_same_advice_and_legal_play_applies() -> None:
    game = Game.new(players=1, seed=21)
    info = information_set(game, 1)
    a = Agent(iterations=32, seed=7).advise(info)
    b = Agent(iterations=32, seed=7).advise(info)
    assert a.to_json() == b.to_json()
    apply(game, a.action, [])
