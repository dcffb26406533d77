"""Guo Jia: Tiandu (天妒) and Yiji (遗计), docs/sanguosha.md 1b and 1d (Judgment)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    PlayCard,
    ProvideJudgment,
    Reason,
    Respond,
    UseSkill,
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
    set_hp,
    table_game,
)

C = parse_card


def test_tiandu_takes_the_judgment_card_after_it_takes_effect():
    """Tiandu: after your judgment card takes effect, you may take it (Indulgence still applies)."""
    game = game_with(None, "guojia", None, None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    set_hand(game, 2)
    end_turn(game)
    events = pass_all(game)
    assert of(events, "judgment_settled")[0].success is True
    prompt_is(game, PromptKind.CONFIRM, 2, "tiandu")
    events = game.submit(2, Confirm(True))
    gained = of(events, "cards_gained")[0]
    assert (gained.seat, gained.cards, gained.reason) == (2, ("kill@C2",), "tiandu")
    assert C("kill@C2") in game.player(2).hand and C("kill@C2") not in game.discard_pile
    assert C("indulgence@S6") in game.discard_pile
    assert [(e.seat, e.phase) for e in of(events, "phase_skipped")] == [(2, "play")]
    assert conserved(game)


def test_tiandu_takes_an_eight_diagrams_judgment_card():
    """Tiandu works on any of your judgments: a red Eight Diagrams card dodges and is kept."""
    game = game_with(None, "guojia", None, None)
    equip(game, 2, "eight_diagrams@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    deck_top(game, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, UseSkill("eight_diagrams"))
    events = game.submit(2, Confirm(True))
    assert game.player(2).hand == [C("peach@H3")] and not of(events, "damage_dealt")


def test_tiandu_is_not_offered_for_someone_elses_judgment():
    """Tiandu takes only *your* judgment card."""
    game = game_with(None, None, "guojia", None)
    place(game, 2, "indulgence@S6")
    deck_top(game, "kill@C2")
    set_hand(game, 1)
    end_turn(game)
    pass_all(game)
    assert C("kill@C2") in game.discard_pile and game.pending().kind is not PromptKind.CONFIRM


def test_tiandu_at_the_table_keeps_the_scanned_card():
    """Tiandu at the table: the flipped card was scanned, so it enters the hand as itself."""
    game = table_game("liubei", "guojia", "lvbu", "diaochan")
    game.submit(1, PlayCard(C("indulgence@S6"), (2,)))
    pass_all(game)
    end_turn(game)
    pass_all(game)
    game.submit(2, ProvideJudgment(C("peach@H3")))
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.cards) for e in of(events, "cards_gained")] == [(2, ("peach@H3",))]
    assert C("peach@H3") in game.player(2).hand and C("peach@H3") not in game.discard_pile


def _hurt_guo_jia(amount=1, hand=()):
    game = game_with(None, "guojia", None, None)
    set_hp(game, 2, 5, 5)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, *hand)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    if hand:  # an empty hand is not asked for a Dodge
        game.submit(2, Respond(None))
    return game


def test_yiji_gives_the_top_two_cards_to_anyone():
    """Yiji: per point of damage, look at the top 2 cards and give each to any player, yourself too."""
    game = _hurt_guo_jia()
    deck_top(game, "peach@H3", "duel@SA")
    prompt_is(game, PromptKind.CONFIRM, 2, "yiji")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.count, e.reason) for e in of(events, "cards_drawn")] == [(2, 2, "yiji")]
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "yiji")
    assert prompt.options == (1, 2, 3, 4) and not prompt.optional and prompt.card is None
    with pytest.raises(IllegalAction) as info:
        game.submit(2, Confirm(False))
    assert info.value.reason is Reason.CANNOT_PASS
    events = game.submit(2, ChooseTarget(3))
    assert [(e.seat, e.target, e.count) for e in of(events, "hand_cards_given")] == [(2, 3, 1)]
    events = game.submit(2, ChooseTarget(2))
    assert not of(events, "hand_cards_given")
    assert game.player(3).hand[-1] == C("peach@H3") and game.player(2).hand == [C("duel@SA")]
    assert "peach@H3" not in repr([e.to_json() for e in events]) and conserved(game)


def test_yiji_once_per_point_of_damage_and_may_stop():
    """Yiji: 2 damage (Xu Chu's Luoyi Kill) offers it twice; NO stops it for the rest."""
    game = game_with(None, "guojia", "xuchu", None)
    set_hp(game, 2, 5, 5)
    set_hand(game, 1)
    end_turn(game)  # to Guo Jia's turn
    set_hand(game, 2)
    end_turn(game)  # to Xu Chu's turn
    game.submit(3, Confirm(True))  # Luoyi
    set_hand(game, 3, "kill@S7")
    set_hand(game, 2)
    game.submit(3, PlayCard(C("kill@S7"), (2,)))  # no hand card: not asked for a Dodge
    prompt_is(game, PromptKind.CONFIRM, 2, "yiji")
    game.submit(2, Confirm(True))
    game.submit(2, ChooseTarget(2))
    game.submit(2, ChooseTarget(2))
    prompt_is(game, PromptKind.CONFIRM, 2, "yiji")  # the second point
    game.submit(2, Confirm(False))
    assert len(game.player(2).hand) == 2 and game.pending().seat == 3


def test_yiji_at_the_table_asks_recipients_by_seat_and_never_names_the_cards():
    """Yiji at the table: Guo Jia takes 2 unseen cards; each recipient is a seat choice."""
    game = table_game("liubei", "guojia", "lvbu", "diaochan")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    deck = len(game.deck)
    hands = [len(p.hand) for p in game.players]
    game.submit(2, Confirm(True))
    game.submit(2, ChooseTarget(4))
    game.submit(2, ChooseTarget(1))
    assert len(game.deck) == deck - 2
    assert [len(p.hand) for p in game.players] == [hands[0] + 1, hands[1], hands[2], hands[3] + 1]
    assert game.player(4).hand[-1] is HIDDEN and game.player(1).hand[-1] is HIDDEN
