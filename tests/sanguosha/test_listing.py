"""The listing `Game.submit` trusts (engine/sanguosha/_legal.py): kept for one state
version and one seat, never trusted once the state moved on (a run of the flow, a host
correction), and never extended to an action the engine did not list itself."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import EndPlay, PlayCard, Reason, parse_card
from engine.sanguosha.actions import SetHandCount
from engine.sanguosha.prompts import PromptKind

from .scenario import set_hand, start
from .test_corrections import table_game


def test_the_same_listing_is_returned_until_the_state_changes() -> None:
    game = start(players=4)
    set_hand(game, 1, "peach@H3", "kill@S7")
    listed = game.legal_actions(1)
    assert game.legal_actions(1) is listed
    assert game.legal_actions() is listed  # the pending seat by default
    assert game.legal_actions(2) is not listed  # another seat: its own (empty) listing
    game.submit(1, PlayCard(parse_card("kill@S7")))  # staged: the flow ran
    assert game.legal_actions(1) is not listed


def test_a_listed_action_from_an_older_version_is_checked_again() -> None:
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    kill = next(a for a in game.legal_actions(1) if isinstance(a, PlayCard))
    game.submit(1, EndPlay())
    # the same object, listed when it was legal, is refused now that play is over
    with pytest.raises(IllegalAction):
        game.submit(game.pending().seat, kill)


def test_a_host_correction_makes_a_new_listing() -> None:
    game = table_game(players=4)
    listed = game.legal_actions(1)
    version = game.version
    game.submit(None, SetHandCount(1, 0))
    assert game.version > version
    assert game.legal_actions(1) is not listed
    assert game.pending().kind is PromptKind.PLAY  # the same decision is still pending


def test_an_equal_action_built_outside_the_engine_is_fully_checked() -> None:
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    listed = game.legal_actions(1)
    kill = next(a for a in listed if isinstance(a, PlayCard))
    rebuilt = PlayCard(parse_card("kill@S7"))
    assert rebuilt == kill and not listed.lists(rebuilt) and listed.lists(kill)
    # the Kill leaves the hand without a version bump: the listing still looks current,
    # but an action the engine did not list itself is checked against the state
    game.player(1).hand.clear()
    assert game.legal_actions(1) is listed
    with pytest.raises(IllegalAction) as info:
        game.submit(1, rebuilt)
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
