"""Lu Xun: Qianxun (谦逊) and Lianying (连营), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, EndPlay, PickCard, PlayCard, Reason, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    deck_top,
    game_with,
    of,
    pass_window,
    pass_windows,
    place,
    prompt_is,
    set_hand,
)

C = parse_card


def test_qianxun_refuses_snatch_and_indulgence():
    """Qianxun: Lu Xun cannot be chosen as the target of Snatch or Indulgence."""
    game = game_with(None, "luxun", None, None)
    set_hand(game, 1, "snatch@S3", "indulgence@S6", "dismantle@S4")
    set_hand(game, 2, "kill@S7")
    for card in ("snatch@S3", "indulgence@S6"):
        assert PlayCard(C(card), (2,)) not in game.legal_actions()
        with pytest.raises(IllegalAction) as info:
            game.submit(1, PlayCard(C(card), (2,)))
        assert info.value.reason is Reason.TARGET_PROHIBITED
        assert info.value.data["skill"] == "qianxun"
    assert PlayCard(C("dismantle@S4"), (2,)) in game.legal_actions()


def test_qianxun_lets_lightning_pass_to_him():
    """Qianxun does not stop a Lightning passing on: Lu Xun is not chosen as its target."""
    game = game_with(None, None, "luxun", None)
    place(game, 2, "lightning@SA")
    deck_top(game, "peach@H3")
    set_hand(game, 1)
    game.submit(1, EndPlay())
    events = pass_windows(game)
    moved = of(events, "delayed_trick_moved")[0]
    assert (moved.seat, moved.target) == (2, 3)
    assert game.player(3).judgment == [(C("lightning@SA"), "lightning")] and conserved(game)


def test_lianying_draws_after_the_last_hand_card_is_used():
    """Lianying: after Lu Xun loses his last hand card he may draw 1 card."""
    game = game_with("luxun", None, None, None)
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 1, "lianying")
    events = game.submit(1, Confirm(True))
    assert [(e.seat, e.count, e.reason) for e in of(events, "cards_drawn")] == [(1, 1, "lianying")]
    prompt_is(game, PromptKind.RESPOND, 2)
    assert len(game.player(1).hand) == 1 and conserved(game)


def test_lianying_when_the_last_card_is_dismantled_not_before():
    """Lianying fires only when the last hand card goes (here dismantled), not while one remains."""
    game = game_with(None, "luxun", None, None)
    set_hand(game, 1, "dismantle@S3", "dismantle@S4")
    set_hand(game, 2, "kill@S7", "dodge@D2")
    game.submit(1, PlayCard(C("dismantle@S4"), (2,)))
    pass_window(game)
    events = game.submit(1, PickCard(None))
    assert game.pending().kind is PromptKind.PLAY and not of(events, "cards_drawn")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_window(game)
    game.submit(1, PickCard(None))
    prompt_is(game, PromptKind.CONFIRM, 2, "lianying")
    events = game.submit(2, Confirm(True))
    assert of(events, "cards_drawn")[0].seat == 2 and len(game.player(2).hand) == 1
