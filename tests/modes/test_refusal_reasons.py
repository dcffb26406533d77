"""Two-side modes' refusals name their rule (issue #17 item 9)."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from engine.core.errors import IllegalAction
from engine.sanguosha import ChooseTarget, Reason
from tests.sanguosha.scenario import pending, state_snapshot

from .helpers import K, new, through_setup

NOT_IN_UNIT = {
    "en": "Seat 4 is not of your team, or has already acted this round: choose among the seats "
    "offered.",
    "es": "El asiento 4 no es de tu equipo o ya ha actuado en esta ronda: elige entre los "
    "asientos ofrecidos.",
    "zh-Hans": "4号位不是己方角色，或本轮已行动过：请在可选座位中选择。",
}


@pytest.mark.parametrize("lang", sorted(NOT_IN_UNIT))
def test_a_3v3_action_unit_outside_the_team_says_why(lang: str) -> None:
    """The marshal picks who of the team acts: a seat of the other team is refused with
    that (not "not a valid target for action unit"), and nothing changes."""
    game = new("3v3", seed=4)
    through_setup(game)
    prompt = pending(game)
    assert (prompt.kind, prompt.reason, set(prompt.options)) == (
        K.CHOOSE_TARGET,
        "action_unit",
        {1, 2, 3},
    )
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(prompt.seat, ChooseTarget(4))
    assert info.value.reason is Reason.INVALID_TARGET and state_snapshot(game) == before
    assert Narrator(lang).refusal(info.value.to_json()) == NOT_IN_UNIT[lang]
