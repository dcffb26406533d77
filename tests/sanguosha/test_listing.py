"""The listing `Game.submit` trusts (engine/sanguosha/_legal.py): kept for one state
version and one seat, never trusted once the state moved on (a run of the flow, a host
correction), and never extended to an action the engine did not list itself; and
`random_action`, which samples the play prompt without listing it; the listed values
belong to one game and cannot be changed once handed out (issue 32 item 2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha import EndPlay, Game, PlayCard, Reason, parse_action, parse_card
from engine.sanguosha._legal import below
from engine.sanguosha.actions import Recast, Respond, SetHandCount
from engine.sanguosha.prompts import PromptKind

from .scenario import pending, set_hand, start
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
        game.submit(pending(game).seat, kill)


def test_a_host_correction_makes_a_new_listing() -> None:
    game = table_game(players=4)
    listed = game.legal_actions(1)
    version = game.version
    game.submit(None, SetHandCount(1, 0))
    assert game.version > version
    assert game.legal_actions(1) is not listed
    assert pending(game).kind is PromptKind.PLAY  # the same decision is still pending


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


def test_random_action_is_uniform_over_the_listed_actions() -> None:
    """The play prompt's sampler (rejection sampling) draws each listed action equally
    often and nothing else: a Peach at full health and a Dodge are never drawn."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "kill@S8", "peach@H3", "dodge@D2", "duel@SA", "ex_nihilo@H7")
    listed = list(game.legal_actions(1))
    game.changed_outside()  # a new version: random_action samples, not the list
    rng = random.Random(5)
    draws = 6000
    counts = Counter(game.random_action(rng, 1) for _ in range(draws))
    assert set(counts) == set(listed)
    expected = draws / len(listed)
    sigma = (expected * (1 - 1 / len(listed))) ** 0.5
    for action in listed:
        assert abs(counts[action] - expected) < 5 * sigma, (action, counts)


def test_a_trusted_action_resolves_as_the_same_action_checked_in_full() -> None:
    """Twin games: one submits what `random_action` drew (trusted, unchecked), the
    other an equal action rebuilt from its JSON (checked in full): same events."""
    for seed in range(12):
        trusted = Game.new(players=5, seed=seed)
        checked = Game.new(players=5, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while trusted.outcome is None:
            prompt = pending(trusted)
            seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
            action = trusted.random_action(rng, seat)
            rebuilt = parse_action(action.to_json())
            assert rebuilt == action and rebuilt is not action
            assert trusted.submit(seat, action) == checked.submit(seat, rebuilt)
            steps += 1
            assert steps < 20_000
        assert checked.outcome == trusted.outcome


def test_below_draws_what_randrange_draws() -> None:
    """`below` is `randrange(n)` without its checks: the same numbers, the same state after."""
    ours, theirs = random.Random(11), random.Random(11)
    for n in [1, 2, 3, 5, 7, 8, 9, 16, 17, 100, 1000] * 50:
        assert below(ours, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(ValueError):  # nothing to choose from: refused, as randrange(0) is
        below(ours, 0)


def test_two_games_share_no_handed_out_action() -> None:
    """The listing's action values belong to one game (issue 32 item 2): another game
    of the process, in the same position, lists equal actions, never the same objects."""
    first, second = start(maneuvering=True), start(maneuvering=True)
    for game in (first, second):
        set_hand(game, 1, "kill@S7", "iron_chain@CK")
    ours, theirs = list(first.legal_actions(1)), list(second.legal_actions(1))
    assert ours == theirs
    shared = [a for a in ours if any(a is b for b in theirs)]
    assert shared == [EndPlay()]  # only the constant without a card (immutable, below)
    second.changed_outside()  # a drawn action comes from the game's own values too
    drawn = {second.random_action(random.Random(seed), 1) for seed in range(40)}
    assert not [a for a in drawn if any(a is b for b in ours) and a != EndPlay()]


def test_a_handed_out_action_cannot_be_changed_not_even_by_object_setattr() -> None:
    """`submit` takes a listed object back unchecked, so the object must stay what it
    was listed as: a change through `object.__setattr__` (a field, or the class) fails,
    and the listed Kill is then played as the Kill it was."""
    game = start(maneuvering=True)
    set_hand(game, 1, "kill@S7", "iron_chain@CK")
    listed = game.legal_actions(1)
    kill = next(a for a in listed if isinstance(a, PlayCard))
    recast = next(a for a in listed if isinstance(a, Recast))
    with pytest.raises(AttributeError):
        object.__setattr__(kill, "card", parse_card("peach@H3"))
    with pytest.raises(AttributeError):
        object.__setattr__(recast, "__class__", Respond)  # the same fields: a Respond
    with pytest.raises(AttributeError):
        object.__setattr__(kill, "extra", 1)
    assert kill == PlayCard(parse_card("kill@S7")) and type(recast) is Recast
    game.submit(1, kill)
    assert pending(game).kind is PromptKind.CHOOSE_TARGET  # the Kill, staged


def test_random_action_for_a_seat_not_asked_is_refused_as_submit_refuses_it() -> None:
    """The engine's own refusal, the one `submit` gives that seat, not a ValueError;
    nothing changes."""
    game = start(players=4)
    version, prompt = game.version, game.pending()
    rng = random.Random(1)
    with pytest.raises(IllegalAction) as info:
        game.random_action(rng, 2)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as submitted:
        game.submit(2, EndPlay())
    assert submitted.value.reason is info.value.reason
    with pytest.raises(InvalidAction) as unknown:
        game.random_action(rng, 9)
    assert unknown.value.reason is Reason.UNKNOWN_SEAT
    game.legal_actions(1)  # with a listing kept for another seat, the same
    with pytest.raises(IllegalAction):
        game.random_action(rng, 3)
    assert game.version == version and game.pending() is prompt


def test_random_action_for_a_seat_a_request_does_not_ask_names_the_seats_asked() -> None:
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(parse_card("kill@S7"), (2,)))
    prompt = pending(game)
    assert prompt.kind is PromptKind.RESPOND and prompt.seats == (2,)
    with pytest.raises(IllegalAction) as info:
        game.random_action(random.Random(1), 3)
    assert info.value.reason is Reason.WRONG_SEAT and info.value.data["expected"] == [2]
