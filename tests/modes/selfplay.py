"""Random self-play of the two-side modes with the invariants checked after every action."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from engine.sanguosha import Game, Settings
from tests.sanguosha.scenario import self_play, team_mode
from tests.sanguosha.test_properties import CARD_TEXT, check_state, public_cards

PLAYERS = {"1v1": 2, "2v2": 4, "3v3": 6, "4v4": 8}


def check_mode_view(game: Game) -> None:
    """The public view: teams for every seat, reserves only as counts, no hidden card."""
    view = game.view()
    mode = team_mode(game)
    text = json.dumps(view)
    for p, seat in zip(game.players, view["seats"], strict=True):
        assert "hand" not in seat and "reserves" not in seat
        assert seat["identity"] is None
        side = mode.sides[p.seat]
        assert seat["team"] == side.team and seat["hand_count"] == len(p.hand)
        if mode.spec.replace:
            assert seat["reserves_count"] == len(side.reserves)
    shown = set(CARD_TEXT.findall(text))
    assert shown <= set(public_cards(game)), shown - set(public_cards(game))
    if (prompt := game.pending()) is not None and prompt.kind.value == "choose_general":
        assert "options" not in view["pending"] or view["pending"]["reason"] == "draft"


def check_mode_state(game: Game) -> None:
    """Per action: cards conserved, HP capped, the dead bury; a general is in one place."""
    check_state(game)
    mode = team_mode(game)
    generals = [p.general for p in game.players if p.general]
    for side in mode.sides.values():
        generals += side.reserves
    generals += mode.pool
    assert len(generals) == len(set(generals)), Counter(generals)
    if mode.spec.replace and game.status == "playing":
        for side in mode.sides.values():
            assert len(side.fallen) < mode.spec.victory["lives"]
            playing = 0 if game.player(side.seat).general in side.fallen else 1
            total = len(side.drafted) + mode.spec.draft.hidden
            assert len(side.reserves) + len(side.fallen) + playing == total


def check_mode_outcome(game: Game) -> None:
    outcome = game.outcome
    assert outcome is not None, "the game is not over"
    mode = team_mode(game)
    if outcome.side is None:
        assert outcome.reason.value == "deck_exhausted" and outcome.winners == ()
        return
    loser = mode.other(outcome.side)
    assert set(outcome.winners) == set(mode.seats_of(outcome.side))
    kind = mode.spec.victory["kind"]
    if kind == "fallen":
        (seat,) = mode.seats_of(loser)
        assert len(mode.sides[seat].fallen) == mode.spec.victory["lives"]
        (winner,) = outcome.winners
        assert len(mode.sides[winner].fallen) < mode.spec.victory["lives"]
    elif kind == "team_dead":
        assert not any(game.player(s).alive for s in mode.seats_of(loser))
        assert any(game.player(s).alive for s in outcome.winners)
    else:
        lost, won = mode.leader_of(loser), mode.leader_of(outcome.side)
        assert lost is not None and won is not None  # a mode with leaders
        assert not game.player(lost).alive
        assert game.player(won).alive


def play(mode: str, seed: int, mode_settings: dict | None = None, **kw: Any) -> Game:
    settings = Settings(game_mode=mode, mode_settings=mode_settings or {}, **kw)
    game = Game.new(players=PLAYERS[mode], seed=seed, settings=settings)

    def after(steps: int, events: list) -> None:
        check_mode_state(game)
        if steps % 5 == 0:
            check_mode_view(game)

    self_play(game, random.Random(seed), 30_000, after)
    check_mode_view(game)
    check_mode_outcome(game)
    return game
