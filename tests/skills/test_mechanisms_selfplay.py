"""Random self-play through the packs' mechanisms: every seat holds the mechanism test
skills (flip, point comparison, a pile, a limited skill, max HP, an extra turn, a hand
swap, a gift, a move on the board), bots pick uniformly among the legal actions, and the
invariants hold after every action: every card in one zone (piles included), HP within
max HP, the dead hold nothing, the listing is what `check` accepts, the public view names
no hidden card and no private pile's items."""

from __future__ import annotations

import json
import random

import pytest

from engine.sanguosha import Game, Settings
from tests.sanguosha.test_properties import check_state, check_view  # tests/sanguosha

from . import mechanism_skills as m
from .helpers import pending

SKILLS = (
    m.TestFlip, m.TestCompare, m.TestPile, m.TestLimited, m.TestMaxHp, m.TestExtraTurn,
    m.TestSwap, m.TestGive, m.TestMove,
)  # fmt: skip


def _play(seed: int, players: int, table: bool = False) -> tuple[Game, set[str]]:
    game = Game.new(players=players, seed=seed, settings=Settings(maneuvering=seed % 2 == 1))
    rng = random.Random(seed)
    used: set[str] = set()
    steps = 0
    while game.outcome is None:
        prompt = pending(game)
        if (
            prompt.kind.value == "play"
            and game.current is not None
            and not game.current.marks.get("mechanisms")
        ):
            p = game.current  # the generals are chosen: give the test skills once
            game.changed_outside()
            for q in game.players:
                for skill in SKILLS:
                    game.attach(q, skill())
            p.marks["mechanisms"] = True
            for q in game.players:
                q.marks["mechanisms"] = True
            continue
        seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
        actions = game.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        assert game.check(prompt, seat, action) == actions.targets_of(action), action
        events = game.submit(seat, action)
        used.update(e.kind for e in events)
        steps += 1
        assert steps < 20_000, "game did not end"
        check_state(game)
        if steps % 5 == 0:
            check_view(game)
            assert "zhangliao_private" not in json.dumps(game.view())
    check_view(game)
    return game, used


@pytest.mark.parametrize("players", [2, 5, 8])
def test_self_play_through_every_mechanism_keeps_the_invariants(players: int) -> None:
    used: set[str] = set()
    for seed in range(4):
        _, kinds = _play(seed * 11 + players, players)
        used |= kinds
    wanted = {
        "general_flipped", "points_compared", "pile_changed", "max_hp_changed",
        "extra_turn_granted", "hands_swapped", "hand_cards_given", "card_moved_on_board",
    }  # fmt: skip
    assert wanted <= used, wanted - used
