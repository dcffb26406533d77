"""Self-play of every two-side mode: 500+ seeded games each, invariants after every action."""

import pytest

from .selfplay import play

GAMES = 500


def variants(mode: str, seed: int) -> dict:
    """Spread the games over the mode's settings (the default most often)."""
    pick = seed % 4
    if mode == "1v1":
        return [{}, {}, {"1v1.rule": "2013"}, {"1v1.start_hand": "noname"}][pick]
    if mode == "2v2":
        return [{}, {}, {"2v2.seat4_bonus": "redraw"}, {"2v2.offer": 6}][pick]
    if mode == "3v3":
        return [{}, {}, {"3v3.rule": "qs2013"}, {"3v3.crossbow": "standard", "3v3.pool": 12}][pick]
    return [{}, {}, {"4v4.formation": "ABABABAB"}, {"4v4.formation": "ABBABAAB"}][pick]


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
