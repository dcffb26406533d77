"""Skills' refusals name the rule that forbids the action (issue #17 item 9), in digital
games put in position with the scenario helpers; each refused action changes nothing."""

from __future__ import annotations

import pytest

from engine.core.errors import ActionError
from engine.sanguosha import Confirm, Game, PlayCard, Reason, Respond, parse_card

from .helpers import deck_top, game_with, set_hand, state_snapshot

C = parse_card


def refused(game: Game, seat: int | None, action: object, reason: Reason) -> dict:
    """Submit `action`, assert it is refused for `reason` and nothing changed; its data."""
    before = state_snapshot(game)
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before
    return dict(info.value.data)


def test_a_dodge_after_a_red_tieqi_judgment_is_refused_by_tieqi() -> None:
    """Digital mode: after Tieqi's red judgment the Kill hits without asking for a Dodge;
    a Dodge submitted then names Tieqi, with the card it could not answer."""
    game = game_with("machao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@H2")
    deck_top(game, "peach@H3")  # the judgment: red
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(1, Confirm(True))  # Tieqi
    assert game.player(2).hp == game.player(2).max_hp - 1
    data = refused(game, 2, Respond(C("dodge@H2")), Reason.CANNOT_RESPOND)
    assert data == {
        "seat": 2,
        "card": "dodge@H2",
        "need": "dodge",
        "against": "kill",
        "skill": "tieqi",
    }
