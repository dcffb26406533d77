"""Refusals name the rule that forbids the action, with its numbers (issue #17 item 9),
in digital games put in position with the scenario helpers; each refused action
changes nothing."""

from __future__ import annotations

import pytest

from engine.core.errors import ActionError
from engine.sanguosha import Game, PlayCard, Reason, Respond, parse_card

from .scenario import pass_windows, set_hand, set_hp, start, state_snapshot

C = parse_card


def refused(game: Game, seat: int | None, action: object, reason: Reason) -> dict:
    """Submit `action`, assert it is refused for `reason` and nothing changed; its data."""
    before = state_snapshot(game)
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before
    return dict(info.value.data)


@pytest.mark.parametrize("hp", [4, 2])
def test_a_peach_on_another_player_outside_dying_names_that_rule(hp: int) -> None:
    """Outside dying a Peach is used only on oneself: offering it to another player is
    refused for that, whether or not its user is wounded (not "not wounded")."""
    game = start(players=4)
    set_hp(game, 1, hp, 4)
    set_hand(game, 1, "peach@H3")
    data = refused(game, 1, PlayCard(C("peach@H3"), (3,)), Reason.MUST_TARGET_SELF)
    assert data == {"card": "peach", "target": 3}


def test_a_nullification_at_a_dodge_request_says_a_kill_is_no_trick() -> None:
    """Nullification cancels only tricks (sanguosha.md 1d): scanned against a Kill it is
    refused for that."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "nullification@SJ")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert game.pending().need == "dodge"
    data = refused(game, 2, Respond(C("nullification@SJ")), Reason.CANNOT_NULLIFY)
    assert (data["why"], data["against"], data["need"]) == ("basic", "kill", "dodge")


def test_a_nullification_once_a_duel_takes_effect_says_its_window_is_over() -> None:
    """A Duel's Nullification window comes before its effect: at the Duel's Kill request
    a Nullification is refused as too late."""
    game = start(players=4)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "nullification@SJ")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    assert game.pending().need == "kill" and game.pending().seat == 2
    data = refused(game, 2, Respond(C("nullification@SJ")), Reason.CANNOT_NULLIFY)
    assert (data["why"], data["against"], data["skill"]) == ("window", "duel", None)
