"""Seeded random self-play with the Maneuvering cards, 2 to 10 players (digital mode).

Random bots choose uniformly among `legal_actions()`, so every new card and gesture is
reachable (Wine, rescue Wine, Fire and Thunder Kills, Iron Chain and its recast, Fire
Attack, Supply Shortage, the four new equipment abilities). After every action: the
156 (160) cards are each somewhere exactly once, HP never exceeds max HP, the dead hold
no cards and are neither chained nor holding a Wine, only the current player may hold a
drunk Wine, and the public view leaks nothing. Over the run every card and interaction
of the reference happened at least once.
"""

import random
from collections import Counter

import pytest

from engine.sanguosha import Game, Settings

from .scenario import self_play
from .test_properties import check_outcome, check_state, check_view

GAMES_PER_COUNT = 40


def settings_for(seed: int) -> Settings:
    return Settings(
        maneuvering=True,
        ex_cards=seed % 3 == 0,
        no_generals=seed % 7 == 0,
        auto_decline=seed % 11 != 0,
        wine_expiry="phase_end" if seed % 5 == 0 else "turn_end",
        chain_amount="before_target_armor" if seed % 4 == 0 else "as_dealt",
        fan_on_converted_kill=seed % 6 != 0,
        rescue_wine_counts_toward_limit=seed % 8 == 0,
    )


def check_maneuvering(game: Game) -> None:
    for p in game.players:
        if not p.alive:
            assert not p.chained and not p.wine, p
        if p.wine:
            assert p is game.current and p.wine == 1, p
    for seat, p in zip(game.view()["seats"], game.players, strict=True):
        assert (seat["chained"], seat["wine"]) == (p.chained, p.wine)


def play(seed: int, players: int, seen: Counter) -> Game:
    game = Game.new(players=players, seed=seed, settings=settings_for(seed))
    assert len(game.cards) == (160 if game.settings.ex_cards else 156)

    def after(steps: int, events: list) -> None:
        check_state(game)
        check_maneuvering(game)
        check_view(game)
        for e in events:
            seen[e.kind] += 1
            if e.kind == "card_used":
                seen["used:" + e.name] += 1
                for card in e.cards:
                    seen["card:" + card.split("@")[0]] += 1
            elif e.kind == "damage_dealt":
                seen[f"damage:{e.nature}:{'conducted' if e.conducted else 'first'}"] += 1
            elif e.kind in ("effect_cancelled", "skill_invoked"):
                seen[f"{e.kind}:{getattr(e, 'by', None) or getattr(e, 'skill', None)}"] += 1
            elif e.kind == "hp_recovered" and e.card in ("wine", "silver_lion"):
                seen["recovered:" + e.card] += 1
            elif e.kind == "phase_skipped":
                seen["skipped:" + e.reason] += 1

    self_play(game, random.Random(seed), 20_000, after)
    check_outcome(game)
    return game


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 11))
def test_self_play_with_the_expansion(players: int) -> None:
    """Seeded games with the expansion end, conserve the cards and keep every invariant."""
    seen: Counter = Counter()
    reasons: Counter = Counter()
    for i in range(GAMES_PER_COUNT):
        game = play(i * 9 + players, players, seen)
        assert game.outcome is not None  # play() runs the game to its end
        reasons[game.outcome.reason.value] += 1
    assert sum(reasons.values()) == GAMES_PER_COUNT
    if players >= 4:
        wanted = [
            "used:wine",
            "used:iron_chain",
            "used:fire_attack",
            "used:supply_shortage",
            "card:fire_kill",
            "card:thunder_kill",
            "card_recast",
            "card_shown",
            "chain_changed",
            "wine_applied",
            "damage:fire:first",
            "damage:thunder:first",
            "damage:fire:conducted",
            "effect_cancelled:vine",
            "recovered:wine",
            "skipped:supply_shortage",
            "skill_invoked:guding_blade",
            "skill_invoked:zhuque_fan",
            "skill_invoked:silver_lion",
        ]
        missing = [k for k in wanted if not seen[k]]
        assert not missing, missing
