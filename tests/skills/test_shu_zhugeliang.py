"""Zhuge Liang: Guanxing (观星) and Kongcheng (空城), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    Confirm,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Reason,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .helpers import (
    cards,
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    pass_windows,
    prompt_is,
    set_hand,
    table_game,
)

C = parse_card


def test_guanxing_puts_chosen_cards_on_top_and_the_rest_below():
    """Guanxing: look at the top X cards (X = living players), some back on top in order, the rest at the bottom."""
    game = game_with(None, "zhugeliang", None, None)
    set_hand(game, 1)
    deck_top(game, "kill@S7", "dodge@D2", "peach@H3", "duel@SA", "kill@C2")
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "guanxing")
    game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 2, "guanxing")
    assert prompt.options == ("kill@S7", "dodge@D2", "peach@H3", "duel@SA") and prompt.private
    assert "options" not in game.view()["pending"] and "kill@S7" not in repr(game.view())
    assert conserved(game)
    game.submit(2, PickCard(C("peach@H3")))
    game.submit(2, PickCard(C("kill@S7")))
    assert game.pending().options == ("dodge@D2", "duel@SA")
    events = game.submit(2, Pass())
    arranged = of(events, "deck_arranged")[0]
    assert (arranged.seat, arranged.top, arranged.bottom) == (2, 2, 2)
    assert game.deck[:2] == cards("dodge@D2", "duel@SA")
    assert game.player(2).hand[-2:] == cards("peach@H3", "kill@S7")  # drawn in the draw phase
    assert conserved(game)


def test_guanxing_looks_at_no_more_than_five_and_may_be_declined():
    """Guanxing sees at most 5 cards with more players, and NO leaves the deck as it was."""
    game = game_with(None, "zhugeliang", None, None, None, None, None)
    set_hand(game, 1)
    end_turn(game)
    game.submit(2, Confirm(True))
    assert len(game.pending().options) == 5
    game = game_with(None, "zhugeliang", None, None)
    set_hand(game, 1)
    deck = list(game.deck)
    events = end_turn(game) + game.submit(2, Confirm(False))
    assert not of(events, "deck_arranged")
    assert game.player(2).hand[-2:] == [deck[-1], deck[-2]]


def test_guanxing_at_the_table_scans_the_new_top_for_the_judgment():
    """Guanxing at the table: Zhuge Liang scans the cards he keeps on top; the judgment that
    follows is checked against them, and the scans stay secret."""
    game = table_game("lvbu", "zhugeliang", "diaochan", "caocao")
    game.submit(1, PlayCard(C("indulgence@S6"), (2,)))
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "guanxing")
    events = game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 2, "guanxing")
    assert prompt.count == 4 and prompt.optional and prompt.options == ()
    events += game.submit(2, PickCard(C("peach@H3")))
    events += game.submit(2, PickCard(C("kill@S7")))
    events += game.submit(2, Pass())
    arranged = of(events, "deck_arranged")[0]
    assert (arranged.top, arranged.bottom) == (2, 2)
    assert "peach@H3" not in repr([e.to_json() for e in events])
    assert game.deck[-2:] == cards("kill@S7", "peach@H3")
    pass_windows(game)
    prompt_is(game, PromptKind.JUDGMENT_CARD, 2)
    events = game.submit(2, ProvideJudgment(C("peach@H3")))
    assert of(events, "judgment_settled")[0].success is False  # a heart escapes Indulgence
    prompt_is(game, PromptKind.PLAY, 2)  # drew kill@S7 and one more, both left unseen
    assert C("kill@S7") not in game.deck and all(c is HIDDEN for c in game.player(2).hand)


def test_guanxing_at_the_table_gives_way_to_a_different_scan():
    """When the flipped card is not the one Guanxing put on top, the table wins: the scan
    counts and the remembered order is forgotten."""
    game = table_game("lvbu", "zhugeliang", "diaochan", "caocao")
    game.submit(1, PlayCard(C("indulgence@S6"), (2,)))
    end_turn(game)
    game.submit(2, Confirm(True))
    game.submit(2, PickCard(C("peach@H3")))
    game.submit(2, Pass())
    pass_windows(game)
    events = game.submit(2, ProvideJudgment(C("kill@S9")))
    assert of(events, "judgment_settled")[0].success is True
    assert all(c is HIDDEN for c in game.deck)


def test_kongcheng_with_no_hand_cards_refuses_kill_and_duel():
    """Kongcheng: with no hand cards Zhuge Liang cannot be targeted by Kill or Duel (other cards still can)."""
    game = game_with(None, "zhugeliang", None, None)
    set_hand(game, 1, "kill@S7", "duel@SA", "dismantle@S3")
    set_hand(game, 2)
    equip(game, 2, "eight_diagrams@S2")
    for card in ("kill@S7", "duel@SA"):
        assert PlayCard(C(card), (2,)) not in game.legal_actions()
        with pytest.raises(IllegalAction) as info:
            game.submit(1, PlayCard(C(card), (2,)))
        assert info.value.reason is Reason.TARGET_PROHIBITED
        assert info.value.data == {"card": card.split("@")[0], "target": 2, "skill": "kongcheng"}
    assert PlayCard(C("dismantle@S3"), (2,)) in game.legal_actions()


def test_kongcheng_does_not_protect_a_hand_with_cards():
    """Kongcheng applies only while the hand is empty: with one card Zhuge Liang can be attacked."""
    game = game_with(None, "zhugeliang", None, None)
    set_hand(game, 1, "kill@S7", "duel@SA")
    set_hand(game, 2, "peach@H3")
    assert PlayCard(C("duel@SA"), (2,)) in game.legal_actions()
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "dodge"
