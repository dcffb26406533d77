"""Shared checks for the Regicide tests: refusals change nothing, cards are conserved."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine.core.errors import ActionError
from engine.regicide import Game
from engine.regicide.cards import FULL_DECK
from engine.regicide.events import Event
from engine.regicide.prompts import Prompt


def pending(game: Game) -> Prompt:
    """The decision the game waits for; the test fails if the game is over."""
    prompt = game.pending()
    assert prompt is not None, "the game is over: no decision is pending"
    return prompt


def refuse(
    game: Game, seat: int, action: Any, reason: str, error: type[ActionError] = ActionError
) -> ActionError:
    """Submit an action that must be refused for `reason`; assert the game did not change."""
    before = game.snapshot()
    prompt = game.pending()
    listed = (
        prompt is not None
        and type(seat) is int
        and seat == prompt.seat
        and action in game.legal_actions()
    )
    legal = listed or game.is_legal(seat, action)
    with pytest.raises(error) as info:
        game.submit(seat, action)
    assert info.value.reason == reason, info.value
    assert game.snapshot() == before
    assert not legal, "is_legal()/legal_actions() accepted a refused action"
    return info.value


def all_cards(game: Game) -> Counter:
    """Every card of a digital game, wherever it is."""
    z = game.zones()
    cards = Counter(
        z["castle"] + z["enemy"] + z["in_play"] + z["tavern"] + z["discard"] + z["aside"]
    )
    for hand in z["hands"].values():
        cards.update(hand)
    return cards


def assert_conserved(game: Game) -> None:
    """The 54 cards are all somewhere, each once (the Jester twice)."""
    assert all_cards(game) == Counter(FULL_DECK)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def only(events: list[Event], kind: str) -> Any:
    """The one event of this kind."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, kinds(events)
    return found[0]
