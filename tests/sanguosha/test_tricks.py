"""Single-target instant tricks and Nullification (docs/sanguosha.md 1d)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Pass, PickCard, PlayCard, Reason, Respond, parse_card
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import WEAPON

from .scenario import (
    conserved,
    equip,
    kinds,
    of,
    pass_windows,
    place,
    set_hand,
    start,
)

C = parse_card


def test_ex_nihilo_draws_two():
    """Ex Nihilo: the user draws 2 (1d)."""
    game = start(players=4)
    set_hand(game, 1, "ex_nihilo@H7")
    game.submit(1, PlayCard(C("ex_nihilo@H7")))
    events = pass_windows(game)
    drawn = of(events, "cards_drawn")[0]
    assert (drawn.seat, drawn.count, drawn.reason) == (1, 2, "ex_nihilo")
    assert len(game.player(1).hand) == 2 and conserved(game)


def test_nullification_cancels_a_trick_on_its_target():
    """Nullification against a trick on one target cancels it there (1d)."""
    game = start(players=4)
    set_hand(game, 1, "ex_nihilo@H7")
    set_hand(game, 3, "nullification@SJ")
    game.submit(1, PlayCard(C("ex_nihilo@H7")))
    prompt = game.pending()
    assert prompt.kind is PromptKind.NULLIFY and prompt.seat is None
    # seat 1, with no card left, is not in the window
    assert prompt.seats == (2, 3, 4) and prompt.target == 1 and prompt.card == "ex_nihilo@H7"
    events = game.submit(3, Respond(C("nullification@SJ")))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.against) == (3, "nullification", "ex_nihilo")
    events = pass_windows(game)
    assert of(events, "card_nullified")[0].seat == 1
    assert "cards_drawn" not in kinds(events) and game.player(1).hand == []


def test_nullification_chains_alternate():
    """A Nullification can itself be Nullified: an even number lets the trick through (1d)."""
    game = start(players=4)
    set_hand(game, 1, "ex_nihilo@H7", "nullification@CQ")
    set_hand(game, 3, "nullification@SJ")
    game.submit(1, PlayCard(C("ex_nihilo@H7")))
    game.submit(3, Respond(C("nullification@SJ")))
    prompt = game.pending()
    assert prompt.kind is PromptKind.NULLIFY and prompt.card == "nullification@SJ"
    game.submit(1, Respond(C("nullification@CQ")))
    events = pass_windows(game)
    assert of(events, "cards_drawn")[0].count == 2 and "card_nullified" not in kinds(events)


def test_window_closes_when_everyone_passes_or_on_timeout_only_at_the_table():
    """A window closes once every seat has passed; Timeout is only for table mode."""
    game = start(players=4)
    set_hand(game, 1, "ex_nihilo@H7")
    game.submit(1, PlayCard(C("ex_nihilo@H7")))
    from engine.sanguosha import Timeout

    with pytest.raises(IllegalAction) as info:
        game.submit(None, Timeout())
    assert info.value.reason is Reason.WRONG_ACTION
    for seat in (4, 2):  # seat 1, with no card left, is not in the window
        game.submit(seat, Pass())
        with pytest.raises(IllegalAction) as info:
            game.submit(seat, Pass())
        assert info.value.reason is Reason.WRONG_SEAT
    events = game.submit(3, Pass())
    assert of(events, "cards_drawn")[0].count == 2


def test_nullification_cannot_be_used_proactively():
    """Nullification cannot be used from the play prompt (1d)."""
    game = start(players=4)
    set_hand(game, 1, "nullification@SJ")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("nullification@SJ")))
    assert info.value.reason is Reason.NOT_PLAYABLE_NOW


def test_no_window_for_kill():
    """Nullification cannot affect a Kill: no window opens (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "nullification@SJ")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert game.pending().kind is PromptKind.RESPOND


def test_duel_starts_with_the_target_and_hurts_who_fails():
    """Duel: the target plays a Kill first, then alternately; the first who fails is hurt by the other (1d)."""
    game = start(players=4)
    set_hand(game, 1, "duel@SA", "kill@S7")
    set_hand(game, 3, "kill@C2")
    game.submit(1, PlayCard(C("duel@SA"), (3,)))
    pass_windows(game)
    assert (game.pending().seat, game.pending().need) == (3, "kill")
    events = game.submit(3, Respond(C("kill@C2")))
    assert of(events, "card_played")[0].against == "duel"
    events = game.submit(1, Respond(C("kill@S7")))  # seat 3, now empty-handed, is not asked
    damage = of(events, "damage_dealt")[0]
    assert (damage.source, damage.target, damage.card) == (1, 3, "duel")


def test_duel_can_hurt_its_user():
    """Duel: when the user fails, the damage source is the target (1d)."""
    game = start(players=4)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "kill@C2")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    events = game.submit(2, Respond(C("kill@C2")))  # seat 1, with no card, is not asked
    damage = of(events, "damage_dealt")[0]
    assert (damage.source, damage.target) == (2, 1)


def test_dismantle_discards_from_any_area():
    """Dismantle discards one card of the target's hand, equipment or judgment area (1d)."""
    game = start(players=5)
    set_hand(game, 1, "dismantle@S3", "dismantle@S4")
    set_hand(game, 3, "peach@H3")
    equip(game, 3, "eight_diagrams@S2")
    place(game, 3, "indulgence@S6")
    game.submit(1, PlayCard(C("dismantle@S3"), (3,)))
    pass_windows(game)
    prompt = game.pending()
    assert prompt.kind is PromptKind.CHOOSE_CARD_FROM
    assert prompt.options == ("hand", "eight_diagrams@S2", "indulgence@S6")
    events = game.submit(1, PickCard(C("indulgence@S6")))
    assert of(events, "cards_discarded")[0].cards == ("indulgence@S6",)
    assert game.player(3).judgment == []
    game.submit(1, PlayCard(C("dismantle@S4"), (3,)))
    pass_windows(game)
    events = game.submit(1, PickCard(None))
    assert of(events, "cards_discarded")[0].cards == ("peach@H3",)
    assert game.player(3).hand == [] and conserved(game)


def test_dismantle_needs_a_target_with_cards():
    """Dismantle and Snatch need a target holding at least one card."""
    game = start(players=4)
    set_hand(game, 1, "dismantle@S3")
    set_hand(game, 2)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    assert info.value.reason is Reason.NO_CARDS


def test_snatch_takes_a_card_at_distance_one():
    """Snatch takes one card of a target at distance 1; farther is refused (1d)."""
    game = start(players=5)
    set_hand(game, 1, "snatch@S3", "snatch@S4")
    equip(game, 2, "chitu@H5")
    set_hand(game, 3, "peach@H3")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("snatch@S3"), (3,)))
    assert info.value.reason is Reason.TOO_FAR
    assert info.value.data["distance"] == 2 and info.value.data["max_distance"] == 1
    game.submit(1, PlayCard(C("snatch@S3"), (2,)))
    pass_windows(game)
    events = game.submit(1, PickCard(C("chitu@H5")))
    taken = of(events, "card_taken")[0]
    assert (taken.seat, taken.source, taken.zone, taken.card) == (1, 2, "equipment", "chitu@H5")
    assert C("chitu@H5") in game.player(1).hand and conserved(game)


def test_snatch_weapon_does_not_help_distance():
    """Snatch's distance limit ignores weapons; a -1 horse helps (1d)."""
    game = start(players=5)
    set_hand(game, 1, "snatch@S3")
    set_hand(game, 3, "peach@H3")
    equip(game, 1, "kylin_bow@H5")
    assert PlayCard(C("snatch@S3"), (3,)) not in game.legal_actions()
    equip(game, 1, "dayuan@SK")
    assert PlayCard(C("snatch@S3"), (3,)) in game.legal_actions()


def test_snatch_from_hand_is_unseen():
    """Snatch from a hand takes a card unseen: the event names no card."""
    game = start(players=4)
    set_hand(game, 1, "snatch@S3")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("snatch@S3"), (2,)))
    pass_windows(game)
    events = game.submit(1, PickCard(None))
    assert of(events, "card_taken")[0].card is None
    assert game.player(1).hand == [C("peach@H3")]


def test_borrowed_sword_forces_a_kill():
    """Borrowed Sword: A (with a weapon) must Kill B in A's range; it does not count for A (1d)."""
    game = start(players=4)
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 2, "twin_swords@S2")
    set_hand(game, 2, "kill@C3")
    set_hand(game, 4)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("borrowed_sword@CQ"), (3, 4)))
    assert info.value.reason is Reason.NO_WEAPON
    game.submit(1, PlayCard(C("borrowed_sword@CQ"), (2, 4)))
    pass_windows(game)
    prompt = game.pending()
    assert (prompt.seat, prompt.need, prompt.target) == (2, "kill", 4)
    events = game.submit(2, Respond(C("kill@C3")))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.targets) == (2, "kill", (4,))  # no Dodge asked of seat 4
    assert game.player(4).hp == 3 and game.kills_used == 0


def test_borrowed_sword_refusal_gives_the_weapon():
    """Borrowed Sword: if A does not Kill, A's weapon goes to the user (1d)."""
    game = start(players=4)
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 2, "twin_swords@S2")
    set_hand(game, 2, "kill@C3")
    game.submit(1, PlayCard(C("borrowed_sword@CQ"), (2, 1)))
    pass_windows(game)
    events = game.submit(2, Respond(None))
    given = of(events, "card_given")[0]
    assert (given.seat, given.target, given.card) == (2, 1, "twin_swords@S2")
    assert game.player(2).equip[WEAPON] is None and C("twin_swords@S2") in game.player(1).hand


def test_borrowed_sword_victim_must_be_in_range():
    """Borrowed Sword: B must be a legal Kill target in A's attack range (1d)."""
    game = start(players=6)
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 2, "zhuge_crossbow@CA")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("borrowed_sword@CQ"), (2, 5)))
    assert info.value.reason is Reason.OUT_OF_RANGE
    assert info.value.data["source"] == 2 and info.value.data["distance"] == 3


def test_borrowed_sword_nullified_on_a():
    """Borrowed Sword can be Nullified on A (1d)."""
    game = start(players=4)
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 2, "twin_swords@S2")
    set_hand(game, 4, "nullification@SJ")
    game.submit(1, PlayCard(C("borrowed_sword@CQ"), (2, 3)))
    assert game.pending().target == 2
    game.submit(4, Respond(C("nullification@SJ")))
    events = pass_windows(game)
    assert of(events, "card_nullified")[0].seat == 2 and game.pending().kind is PromptKind.PLAY
