"""The public API shape: Game.new, pending, submit, legal_actions, view, outcome, refusals."""

import json

import pytest

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha import (
    EVENT_KINDS,
    PROMPT_KINDS,
    REASONS,
    EndPlay,
    Game,
    PlayCard,
    Reason,
    Settings,
    parse_action,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .scenario import random_playout, set_hand, start, state_snapshot


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 11},
        {"mode": "online"},
        {"settings": Settings(four_player_roles="2020")},
        {"settings": Settings(nullification_timeout_s=0)},
    ],
)
def test_bad_setup_is_refused(kwargs):
    """Unsupported player counts, modes and settings raise InvalidAction(bad_settings)."""
    with pytest.raises(InvalidAction) as info:
        Game.new(**kwargs)
    assert info.value.reason is Reason.BAD_SETTINGS


def test_new_game_waits_for_the_lords_general():
    """A digital game starts with the lord choosing among Cao Cao, Liu Bei, Sun Quan and 2 more."""
    game = Game.new(players=5, seed=3)
    prompt = game.pending()
    assert prompt.kind is PromptKind.CHOOSE_GENERAL and prompt.seat == game.lord.seat
    assert prompt.options[:3] == ("caocao", "liubei", "sunquan") and len(prompt.options) == 5
    assert game.view()["status"] == "setup"


def test_refused_kill_out_of_range_changes_nothing():
    """Kill beyond attack range raises OUT_OF_RANGE with distance and range, and changes nothing (1d)."""
    game = start(players=5)
    set_hand(game, 1, "kill@S7")
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(parse_card("kill@S7"), (3,)))
    assert info.value.reason is Reason.OUT_OF_RANGE
    assert info.value.data == {
        "card": "kill",
        "source": 1,
        "target": 3,
        "distance": 2,
        "attack_range": 1,
    }
    assert info.value.to_json()["reason"] == "out_of_range"
    assert state_snapshot(game) == before


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (2, EndPlay(), Reason.NOT_YOUR_TURN),
        (1, PlayCard(parse_card("dodge@H2")), Reason.CARD_NOT_IN_HAND),
        (1, PlayCard(parse_card("ice_sword@S2")), Reason.CARD_NOT_IN_GAME),
        (1, PlayCard(parse_card("kill@S7"), (9,)), Reason.UNKNOWN_SEAT),
        (1, PlayCard(parse_card("kill@S7"), (1,)), Reason.CANNOT_TARGET_SELF),
        (1, PlayCard(parse_card("kill@S7"), (2, 4)), Reason.TOO_MANY_TARGETS),
        (7, EndPlay(), Reason.UNKNOWN_SEAT),
    ],
)
def test_refusals_change_nothing(seat, action, reason):
    """Each refused action names its reason and leaves the state exactly as it was."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    before = state_snapshot(game)
    with pytest.raises((IllegalAction, InvalidAction)) as info:
        game.submit(seat, action)
    assert info.value.reason is reason
    assert state_snapshot(game) == before


def test_legal_actions_is_a_view():
    """legal_actions supports in, iteration, len and bool, and accepts fully-specified plays."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    legal = game.legal_actions()
    assert bool(legal) and len(legal) == len(list(legal))
    assert PlayCard(parse_card("kill@S7")) in legal
    assert PlayCard(parse_card("kill@S7"), (2,)) in legal
    assert PlayCard(parse_card("kill@S7"), (3,)) not in legal  # distance 2
    assert PlayCard(parse_card("dodge@D2")) not in legal
    assert EndPlay() in legal


def test_actions_round_trip_through_json():
    """Every action listed during a game survives to_json/parse_action."""
    game = Game.new(players=4, seed=2)
    for _ in range(200):
        if game.outcome is not None:
            break
        prompt = game.pending()
        seat = prompt.seat if prompt.seat is not None else prompt.seats[0]
        for action in game.legal_actions(seat):
            assert parse_action(json.loads(json.dumps(action.to_json()))) == action
        game.submit(seat, game.legal_actions(seat)[-1])


def test_events_prompts_and_view_are_json_ready():
    """Events, prompts and views serialise to JSON, and their kinds are all declared."""
    game = Game.new(players=5, seed=11)
    import random

    rng = random.Random(11)
    seen_prompts = set()
    while game.outcome is None:
        prompt = game.pending()
        seen_prompts.add(prompt.kind.value)
        json.dumps(prompt.to_json())
        seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
        actions = game.legal_actions(seat)
        for event in game.submit(seat, actions[rng.randrange(len(actions))]):
            assert event.kind in EVENT_KINDS
            json.dumps(event.to_json())
        json.dumps(game.view())
    assert seen_prompts <= PROMPT_KINDS
    assert game.view()["status"] == "over" and game.pending() is None
    assert all(r == r.lower() for r in REASONS)


def test_game_over_refuses_further_actions():
    """Once the game is over, every submit raises GAME_OVER."""
    game = Game.new(players=3, seed=5)
    random_playout(game, seed=5)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, EndPlay())
    assert info.value.reason is Reason.GAME_OVER


def test_same_seed_same_game():
    """The engine is deterministic: same seed and actions, same events."""
    runs = []
    for _ in range(2):
        game = Game.new(players=6, seed=42)
        random_playout(game, seed=7)
        runs.append((game.outcome, game.log_length, json.dumps(game.view())))
    assert runs[0] == runs[1]
