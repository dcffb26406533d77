"""Sima Yi: Fankui (反馈) and Guicai (鬼才), docs/sanguosha.md 1b and 1d (Judgment)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    Confirm,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Reason,
    Respond,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .helpers import (
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    pass_all,
    place,
    prompt_is,
    set_hand,
    state_snapshot,
    table_game,
)

C = parse_card


def _kill_sima_yi(game):
    """Seat 1 Kills Sima Yi in seat 2, who holds no hand card: he is not asked for a Dodge
    and takes the hit."""
    assert not game.player(2).hand
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert [(e.seat, e.need) for e in of(events, "no_card_to_respond")] == [(2, "dodge")]


def test_fankui_takes_an_equipped_card_from_the_source():
    """Fankui: after you take damage, you may take one card (hand or equipment) from the source."""
    game = game_with(None, "simayi", None, None)
    set_hand(game, 1, "kill@S7", "peach@H3")
    equip(game, 1, "qinggang_sword@S6")
    set_hand(game, 2)
    _kill_sima_yi(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "fankui")
    game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 2, "fankui")
    assert prompt.target == 1 and prompt.options == ("hand", "qinggang_sword@S6")
    events = game.submit(2, PickCard(C("qinggang_sword@S6")))
    taken = of(events, "card_taken")[0]
    assert (taken.seat, taken.source, taken.zone, taken.card) == (
        2,
        1,
        "equipment",
        "qinggang_sword@S6",
    )
    assert game.player(2).hand == [C("qinggang_sword@S6")] and game.player(1).equip[0] is None
    assert conserved(game)


def test_fankui_takes_a_hand_card_unseen():
    """Fankui: a hand card is taken unseen (the event does not name it)."""
    game = game_with(None, "simayi", None, None)
    set_hand(game, 1, "kill@S7", "peach@H3")
    set_hand(game, 2)
    _kill_sima_yi(game)
    game.submit(2, Confirm(True))
    events = game.submit(2, PickCard(None))
    assert of(events, "card_taken")[0].card is None
    assert game.player(2).hand == [C("peach@H3")] and game.player(1).hand == []


def test_fankui_is_not_offered_against_a_source_without_cards():
    """Fankui needs a card to take: a source with an empty hand and no equipment offers nothing."""
    game = game_with(None, "simayi", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    _kill_sima_yi(game)
    assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 1


def test_fankui_at_the_table_takes_a_card_the_companion_never_saw():
    """Fankui at the table: OK takes a hand card unseen; only the counts move, nothing is named."""
    game = table_game("liubei", "simayi", "lvbu", "diaochan")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(2, Confirm(True))
    before = (len(game.player(1).hand), len(game.player(2).hand))
    events = game.submit(2, PickCard(None))
    assert of(events, "card_taken")[0].card is None
    assert (len(game.player(1).hand), len(game.player(2).hand)) == (before[0] - 1, before[1] + 1)
    assert set(game.player(2).hand) == {HIDDEN}


def _indulged_seat_2(*generals):
    """Indulgence on seat 2; the lord ends the turn; the Nullification windows pass."""
    game = game_with(*generals)
    place(game, 2, "indulgence@S6")
    set_hand(game, 1)
    end_turn(game)
    pass_all(game)
    return game


def test_guicai_replaces_a_judgment_with_a_hand_card():
    """Guicai: before a judgment takes effect, play a hand card to replace it (here saving Indulgence)."""
    game = game_with(None, None, "simayi", None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    set_hand(game, 3, "peach@H3", "kill@S8")
    end_turn(game)
    pass_all(game)
    prompt = prompt_is(game, PromptKind.RESPOND, 3, "guicai")
    assert prompt.need == "any_card" and prompt.target == 2
    events = game.submit(3, Respond(C("peach@H3")))
    changed = of(events, "judgment_changed")[0]
    assert (changed.seat, changed.card, changed.by, changed.skill) == (2, "peach@H3", 3, "guicai")
    assert of(events, "judgment_settled")[0].success is False
    assert "play" not in [e.phase for e in of(events, "phase_skipped")]
    assert C("kill@C2") in game.discard_pile and C("peach@H3") in game.discard_pile
    assert game.player(3).hand == [C("kill@S8")] and conserved(game)


def test_guicai_replaces_a_lightning_judgment_both_ways():
    """Guicai on Lightning: a heart saves the holder; a ♠2-9 from hand makes it strike."""
    game = game_with(None, "simayi", None, None)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8")  # would strike
    set_hand(game, 1)
    set_hand(game, 2, "peach@H3")
    end_turn(game)
    pass_all(game)
    events = game.submit(2, Respond(C("peach@H3")))
    assert of(events, "judgment_settled")[0].success is False
    assert not of(events, "damage_dealt")
    assert [(e.seat, e.target) for e in of(events, "delayed_trick_moved")] == [(2, 3)]

    game = game_with(None, None, "simayi", None)
    place(game, 2, "lightning@SA")
    deck_top(game, "peach@H3")  # would pass on
    set_hand(game, 1)
    set_hand(game, 3, "kill@S9")
    end_turn(game)
    pass_all(game)
    events = game.submit(3, Respond(C("kill@S9")))
    assert of(events, "judgment_settled")[0].success is True
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(None, 2, 3)]
    assert C("lightning@SA") in game.discard_pile and conserved(game)


def test_guicai_declined_or_without_cards_leaves_the_judgment():
    """Guicai is optional and needs a hand card: NO (or an empty hand) lets the flipped card stand."""
    game = game_with(None, None, "simayi", None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    set_hand(game, 3, "peach@H3")
    end_turn(game)
    pass_all(game)
    events = game.submit(3, Respond(None))
    assert of(events, "judgment_settled")[0].card == "kill@C2"
    assert [(e.seat, e.phase) for e in of(events, "phase_skipped")] == [(2, "play")]

    game = game_with(None, None, "simayi", None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    set_hand(game, 3)
    events = end_turn(game) + pass_all(game)
    assert of(events, "judgment_settled")[0].card == "kill@C2"


def test_guicai_refuses_a_card_not_in_hand_and_changes_nothing():
    """Guicai plays a *hand* card: an equipped card is refused and nothing changes."""
    game = game_with(None, None, "simayi", None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    set_hand(game, 3, "kill@S8")
    equip(game, 3, "chitu@H5")
    end_turn(game)
    pass_all(game)
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(3, Respond(C("chitu@H5")))
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    assert state_snapshot(game) == before


def test_guicai_at_the_table_with_scanned_cards():
    """Guicai at the table: the judgment and the replacing hand card are both scanned."""
    game = table_game("liubei", "lvbu", "simayi", "diaochan")
    game.submit(1, PlayCard(C("indulgence@S6"), (2,)))
    pass_all(game)
    end_turn(game)
    pass_all(game)
    prompt_is(game, PromptKind.JUDGMENT_CARD, 2)
    game.submit(2, ProvideJudgment(C("kill@C2")))
    prompt_is(game, PromptKind.RESPOND, 3, "guicai")
    before = len(game.player(3).hand)
    events = game.submit(3, Respond(C("peach@H3")))
    assert of(events, "judgment_settled")[0].success is False
    assert len(game.player(3).hand) == before - 1
    shown = [c for c in game.discard_pile if c is not HIDDEN]
    assert shown[-3:] == [C("kill@C2"), C("peach@H3"), C("indulgence@S6")]
