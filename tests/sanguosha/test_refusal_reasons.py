"""Refusals name the rule that forbids the action, with its numbers (issue #17 item 9),
in digital games put in position with the scenario helpers; each refused action
changes nothing."""

from __future__ import annotations

import pytest

from engine.core.errors import ActionError
from engine.sanguosha import Game, PlayCard, Reason, parse_card

from .scenario import set_hand, set_hp, start, state_snapshot

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
