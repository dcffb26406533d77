"""Lightning, Indulgence, the judgment phase and judgments (docs/sanguosha.md 1d)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import EndPlay, PlayCard, Reason, Respond, parse_card
from engine.sanguosha.prompts import PromptKind

from .scenario import (
    conserved,
    deck_top,
    kinds,
    of,
    pass_window,
    place,
    set_hand,
    set_hp,
    start,
)

C = parse_card


def to_next_turn(game):
    """End seat 1's turn (empty hand, nothing to discard): seat 2's turn begins."""
    set_hand(game, 1)
    return game.submit(1, EndPlay())


def test_lightning_goes_in_your_own_area_once():
    """Lightning: only in your own judgment area, and only if you don't already hold one (1d)."""
    game = start(players=4, ex_cards=True)
    set_hand(game, 1, "lightning@SA", "lightning@HQ")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("lightning@SA"), (2,)))
    assert info.value.reason is Reason.MUST_TARGET_SELF
    events = game.submit(1, PlayCard(C("lightning@SA")))
    placed = of(events, "delayed_trick_placed")[0]
    assert (placed.seat, placed.target, placed.name) == (1, 1, "lightning")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("lightning@HQ")))
    assert info.value.reason is Reason.ALREADY_IN_AREA


def test_lightning_strikes_on_spade_two_to_nine():
    """Lightning judged on ♠2-♠9: 3 thunder damage with no source, then discarded (1d)."""
    game = start(players=4)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8")
    to_next_turn(game)
    assert game.pending().kind is PromptKind.NULLIFY and game.pending().target == 2
    events = pass_window(game)
    judged = of(events, "judgment_settled")[0]
    assert (judged.seat, judged.card, judged.reason, judged.success) == (
        2,
        "kill@S8",
        "lightning",
        True,
    )
    damage = of(events, "damage_dealt")[0]
    assert (damage.source, damage.amount, damage.nature, damage.card) == (
        None,
        3,
        "thunder",
        "lightning",
    )
    assert game.player(2).hp == 1 and game.player(2).judgment == []
    assert C("lightning@SA") in game.discard_pile and conserved(game)


def test_lightning_passes_on_otherwise():
    """Lightning on any other card moves to the next living player (1d)."""
    game = start(players=4)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S10")
    to_next_turn(game)
    events = pass_window(game)
    moved = of(events, "delayed_trick_moved")[0]
    assert (moved.seat, moved.target) == (2, 3)
    assert game.player(3).delayed_names() == ["lightning"] and game.player(2).hp == 4


def test_lightning_skips_a_player_who_holds_one():
    """Lightning moves past a player who already holds a Lightning (1d)."""
    game = start(players=4, ex_cards=True)
    place(game, 2, "lightning@SA")
    place(game, 3, "lightning@HQ")
    deck_top(game, "peach@H3")
    to_next_turn(game)
    events = pass_window(game)
    assert of(events, "delayed_trick_moved")[0].target == 4


def test_nullified_lightning_passes_on_without_judgment():
    """A Nullified Lightning is not judged and moves on (1d)."""
    game = start(players=4)
    place(game, 2, "lightning@SA")
    set_hand(game, 4, "nullification@SJ")
    to_next_turn(game)
    game.submit(4, Respond(C("nullification@SJ")))
    events = pass_window(game)
    assert "judgment_revealed" not in kinds(events)
    assert of(events, "delayed_trick_moved")[0].target == 3


def test_lightning_kill_gives_no_reward():
    """Death by Lightning has no killer: no reward (1d)."""
    game = start(players=4)
    from .scenario import set_identities

    set_identities(game, "lord", "rebel", "rebel", "spy")
    set_hp(game, 2, 1)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S9")
    to_next_turn(game)
    events = pass_window(game)
    while game.pending().kind is PromptKind.RESPOND:
        events += game.submit(game.pending().seat, Respond(None))
    died = of(events, "player_died")[0]
    assert (died.seat, died.killer) == (2, None)
    assert "reward_given" not in kinds(events)


def test_indulgence_skips_the_play_phase_unless_heart():
    """Indulgence: anything but ♥ skips the play phase; the discard phase still happens (1d)."""
    game = start(players=4)
    set_hand(game, 1, "indulgence@S6")
    events = game.submit(1, PlayCard(C("indulgence@S6"), (2,)))
    assert of(events, "delayed_trick_placed")[0].target == 2
    deck_top(game, "dodge@D2")
    set_hand(game, 2, "kill@S7", "kill@S8", "kill@S9", "kill@S10")
    set_hp(game, 2, 3)
    to_next_turn(game)
    events = pass_window(game)
    assert of(events, "judgment_settled")[0].success is True
    assert ("play", "indulgence") in [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    assert game.pending().kind is PromptKind.DISCARD and game.pending().count == 3
    assert C("indulgence@S6") in game.discard_pile


def test_indulgence_escaped_with_a_heart():
    """Indulgence judged ♥: the holder plays normally; the card is discarded (1d)."""
    game = start(players=4)
    place(game, 2, "indulgence@S6")
    deck_top(game, "peach@H3")
    to_next_turn(game)
    events = pass_window(game)
    assert of(events, "judgment_settled")[0].success is False
    assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 2
    assert C("indulgence@S6") in game.discard_pile


def test_indulgence_not_on_self_nor_twice():
    """Indulgence targets another player, and no area holds two of the same name (1d)."""
    game = start(players=4)
    set_hand(game, 1, "indulgence@S6", "indulgence@H6")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("indulgence@S6"), (1,)))
    assert info.value.reason is Reason.CANNOT_TARGET_SELF
    game.submit(1, PlayCard(C("indulgence@S6"), (3,)))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("indulgence@H6"), (3,)))
    assert info.value.reason is Reason.ALREADY_IN_AREA


def test_delayed_tricks_judged_last_placed_first():
    """Delayed tricks are judged in reverse order of placement, each once (1d)."""
    game = start(players=4)
    place(game, 2, "indulgence@S6")
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S10", "dodge@D2")
    to_next_turn(game)
    events = pass_window(game)
    assert [e.reason for e in of(events, "judgment_revealed")] == ["lightning"]
    events = pass_window(game)
    assert [(e.reason, e.card) for e in of(events, "judgment_revealed")] == [
        ("indulgence", "dodge@D2")
    ]


def test_holder_dying_mid_phase_stops_the_rest():
    """If the holder dies in the judgment phase, the remaining delayed tricks do not resolve (1d)."""
    game = start(players=4)
    from .scenario import set_identities

    set_identities(game, "lord", "loyalist", "rebel", "spy")
    place(game, 2, "indulgence@S6")
    place(game, 2, "lightning@SA")
    set_hp(game, 2, 2)
    deck_top(game, "eight_diagrams@S2")
    to_next_turn(game)
    events = pass_window(game)
    while game.pending().kind is PromptKind.RESPOND:
        events += game.submit(game.pending().seat, Respond(None))
    assert of(events, "player_died")[0].seat == 2
    assert [e.reason for e in of(events, "judgment_revealed")] == ["lightning"]
    assert game.current.seat == 3 and C("indulgence@S6") in game.discard_pile
