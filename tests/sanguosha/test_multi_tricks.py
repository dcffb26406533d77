"""Barbarian Invasion, Arrow Barrage, Peach Garden and Harvest (docs/sanguosha.md 1d)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Pass, PickCard, PlayCard, Reason, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .scenario import (
    conserved,
    deck_top,
    equip,
    kinds,
    of,
    pass_window,
    pass_windows,
    set_hand,
    set_hp,
    start,
)

C = parse_card


def test_barbarian_invasion_hits_everyone_else_in_seat_order():
    """Barbarian Invasion: every other living player from the user's next plays a Kill or takes 1 (1d)."""
    game = start(players=4)
    set_hand(game, 1, "barbarian_invasion@S7")
    set_hand(game, 3, "kill@C2")
    events = game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    assert of(events, "card_used")[0].targets == (2, 3, 4)
    asked = []
    while game.pending().kind is not PromptKind.PLAY:
        prompt = game.pending()
        if prompt.kind is PromptKind.NULLIFY:
            game.submit(prompt.seats[0], Pass())
            continue
        asked.append(prompt.seat)
        assert prompt.need == "kill"
        answer = Respond(C("kill@C2")) if prompt.seat == 3 else Respond(None)
        events = game.submit(prompt.seat, answer)
        if prompt.seat == 3:
            assert of(events, "card_played")[0].against == "barbarian_invasion"
    assert asked == [2, 3, 4]
    assert [p.hp for p in game.players] == [4, 3, 4, 3]


def test_arrow_barrage_needs_a_played_dodge():
    """Arrow Barrage: each other player plays a Dodge (played, not used) or takes 1 (1d)."""
    game = start(players=3)
    set_hand(game, 1, "arrow_barrage@HA")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("arrow_barrage@HA")))
    pass_windows(game)
    events = game.submit(2, Respond(C("dodge@D2")))
    assert of(events, "card_played")[0].name == "dodge"
    pass_windows(game)
    events = game.submit(3, Respond(None))
    assert of(events, "damage_dealt")[0].target == 3


def test_multi_target_tricks_are_nullified_per_target():
    """Multi-target tricks are Nullified per target, each in resolution order (1d)."""
    game = start(players=4)
    set_hand(game, 1, "barbarian_invasion@S7")
    set_hand(game, 4, "nullification@SJ")
    game.submit(1, PlayCard(C("barbarian_invasion@S7")))
    assert game.pending().target == 2
    pass_windows(game)
    game.submit(2, Respond(None))
    assert game.pending().target == 3
    game.submit(4, Respond(C("nullification@SJ")))
    events = pass_window(game)
    assert of(events, "card_nullified")[0].seat == 3
    assert game.pending().target == 4
    pass_window(game)  # seat 4, empty-handed since its Nullification, is not asked
    assert [p.hp for p in game.players] == [4, 3, 4, 3]


def test_eight_diagrams_answers_arrow_barrage():
    """Eight Diagrams works against Arrow Barrage: a red judgment counts as the Dodge (1d, 1e)."""
    game = start(players=2)
    set_hand(game, 1, "arrow_barrage@HA")
    set_hand(game, 2)
    equip(game, 2, "eight_diagrams@S2")
    deck_top(game, "peach@H3")
    game.submit(1, PlayCard(C("arrow_barrage@HA")))
    pass_windows(game)
    assert game.pending().options == ("eight_diagrams",)
    events = game.submit(2, UseSkill("eight_diagrams"))
    assert of(events, "judgment_settled")[0].success is True
    assert of(events, "card_played")[0].skill == "eight_diagrams"
    assert game.player(2).hp == game.player(2).max_hp


def test_peach_garden_heals_the_wounded_from_the_user():
    """Peach Garden: every living player from the user recovers 1; the unwounded get no window (1d)."""
    game = start(players=4)
    set_hand(game, 1, "peach_garden@HA")
    set_hp(game, 1, 2)
    set_hp(game, 3, 1)
    events = game.submit(1, PlayCard(C("peach_garden@HA")))
    assert of(events, "card_used")[0].targets == (1, 2, 3, 4)
    windows = []
    while game.pending().kind is PromptKind.NULLIFY:
        windows.append(game.pending().target)
        events += pass_window(game)
    assert windows == [1, 3]
    assert [e.seat for e in of(events, "hp_recovered")] == [1, 3]
    assert [p.hp for p in game.players] == [3, 4, 2, 4]


def test_harvest_reveals_one_card_per_target_and_each_picks_in_order():
    """Harvest: reveal as many cards as targets; from the user on each takes one; Nullified take none (1d)."""
    game = start(players=3)
    set_hand(game, 1, "harvest@H3")
    set_hand(game, 2, "nullification@SJ")
    deck_top(game, "peach@H4", "kill@S7", "dodge@D2")
    events = game.submit(1, PlayCard(C("harvest@H3")))
    assert of(events, "cards_revealed")[0].cards == ("peach@H4", "kill@S7", "dodge@D2")
    pass_windows(game)
    prompt = game.pending()
    assert prompt.kind is PromptKind.HARVEST_PICK and prompt.seat == 1
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PickCard(C("peach@H3")))
    assert info.value.reason is Reason.NOT_OFFERED
    game.submit(1, PickCard(C("peach@H4")))
    assert game.pending().target == 2
    game.submit(2, Respond(C("nullification@SJ")))
    pass_windows(game)
    pass_windows(game)
    events = game.submit(3, PickCard(C("dodge@D2")))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7",)
    assert C("peach@H4") in game.player(1).hand and game.player(3).hand[-1] == C("dodge@D2")
    assert game.player(2).hand == [] and conserved(game)


def test_unwounded_peach_garden_and_events_are_consistent():
    """Peach Garden with nobody wounded resolves without windows or recovery."""
    game = start(players=3)
    set_hand(game, 1, "peach_garden@HA")
    events = game.submit(1, PlayCard(C("peach_garden@HA")))
    assert "hp_recovered" not in kinds(events) and game.pending().kind is PromptKind.PLAY
