"""Self-play of every two-side mode: 500+ seeded games each, invariants after every action."""

import pytest

from .selfplay import play

GAMES = 500


def variants(mode: str, seed: int) -> dict[str, str | int]:
    """Spread the games over the mode's settings (the default most often)."""
    pick = seed % 4
    chosen: list[dict[str, str | int]]
    if mode == "1v1":
        chosen = [
            {},
            {},
            {"1v1.rule": "2013"},
            {"1v1.start_hand": "noname", "1v1.dismantle": "v11"},
        ]
        return chosen[pick]
    if mode == "2v2":
        chosen = [{}, {}, {"2v2.seat4_bonus": "redraw"}, {"2v2.offer": 6}]
        return chosen[pick]
    if mode == "3v3":
        chosen = [{}, {}, {"3v3.rule": "qs2013"}, {"3v3.crossbow": "standard", "3v3.pool": 12}]
        return chosen[pick]
    chosen = [{}, {}, {"4v4.formation": "ABABABAB"}, {"4v4.formation": "ABBABAAB"}]
    return chosen[pick]


@pytest.mark.parametrize("mode", ["1v1", "2v2", "3v3", "4v4"])
def test_quick_self_play(mode):
    """A few games of each mode end with the right winners and keep the invariants."""
    for seed in range(8):
        game = play(mode, seed, variants(mode, seed), ex_cards=seed % 3 == 0)
        assert game.outcome is not None


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["1v1", "2v2", "3v3", "4v4"])
def test_self_play_500(mode):
    """500 seeded games per mode, over its settings: all end, conserve cards, name the right side."""
    reasons = {}
    for seed in range(GAMES):
        game = play(
            mode, seed, variants(mode, seed), ex_cards=seed % 3 == 0, auto_decline=seed % 11 != 0
        )
        key = (game.outcome.reason.value, game.outcome.side)
        reasons[key] = reasons.get(key, 0) + 1
    assert sum(reasons.values()) == GAMES
    sides = {side for _, side in reasons if side}
    assert len(sides) == 2, reasons  # both teams win some games


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["1v1", "2v2", "3v3", "4v4"])
def test_refused_actions_change_nothing(mode):
    """Random actions (mostly illegal: draft picks outside the pool or out of turn, used
    reserves, identity reveals...) at every step of 15 games: each refused one leaves
    the state and the view untouched."""
    import random

    from engine.core.errors import ActionError
    from engine.sanguosha import ChooseGeneral, Game, Settings
    from engine.sanguosha.catalogue import catalogue
    from tests.sanguosha.scenario import state_snapshot
    from tests.sanguosha.test_properties import random_action

    from .selfplay import PLAYERS

    generals = list(catalogue().generals)
    refused = 0
    for seed in range(15):
        settings = Settings(game_mode=mode, mode_settings=variants(mode, seed))
        game = Game.new(players=PLAYERS[mode], seed=seed, settings=settings)
        rng = random.Random(seed)
        while game.outcome is None:
            prompt = game.pending()
            for _ in range(3):
                action = (
                    ChooseGeneral(rng.choice(generals))
                    if rng.random() < 0.3
                    else random_action(rng, game)
                )
                seat = rng.choice([*prompt.seats, rng.randint(0, game.n + 1)])
                if action in game.legal_actions(seat):
                    continue
                before = state_snapshot(game), _mode_snapshot(game)
                with pytest.raises(ActionError):
                    game.submit(seat, action)
                assert (state_snapshot(game), _mode_snapshot(game)) == before
                refused += 1
            seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
            actions = game.legal_actions(seat)
            game.submit(seat, actions[rng.randrange(len(actions))])
    assert refused > 1000


def _mode_snapshot(game) -> tuple:
    """The mode's own state (draft, reserves, units), which a refusal must leave too."""
    mode = game.team_mode
    sides = tuple(
        (s.team, s.role, s.leader, tuple(s.drafted), tuple(s.hidden), tuple(s.reserves),
         tuple(s.fallen))
        for s in mode.sides.values()
    )  # fmt: skip
    return (sides, tuple(mode.pool), tuple(sorted(mode.assigned.items())),
            tuple(sorted(mode.acted)), mode.unit, mode.turns, tuple(p.seat for p in game.entering))  # fmt: skip
