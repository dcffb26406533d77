"""Zhang Liao's Tuxi (突袭) and Xu Chu's Luoyi (裸衣): draw-phase skills, docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import ChooseTarget, Confirm, PlayCard, Reason, Respond, parse_card
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import HIDDEN

from .helpers import conserved, end_turn, game_with, of, pass_all, prompt_is, set_hand, table_game

C = parse_card


def _zhang_liao_draws(**hands):
    """Zhang Liao in seat 2; the lord (seat 1) ends the turn; returns the game at the Tuxi prompt."""
    game = game_with(None, "zhangliao", None, None)
    for seat in (1, 2, 3, 4):
        set_hand(game, seat, *hands.get(f"s{seat}", ()))
    end_turn(game)
    return game


def test_tuxi_takes_a_hand_card_from_each_of_two_players_instead_of_drawing():
    """Tuxi: draw nothing and take one hand card from each of up to 2 other players."""
    game = _zhang_liao_draws(s2=("peach@H3",), s3=("kill@S7",), s4=("dodge@D2", "duel@SA"))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "tuxi")
    assert prompt.options == (3, 4) and prompt.count == 2 and prompt.optional
    game.submit(2, ChooseTarget(3))
    events = game.submit(2, ChooseTarget(4))
    assert [(e.seat, e.skill, e.targets) for e in of(events, "skill_invoked")] == [
        (2, "tuxi", (3, 4))
    ]
    assert [(e.seat, e.source, e.zone, e.card) for e in of(events, "card_taken")] == [
        (2, 3, "hand", None),
        (2, 4, "hand", None),
    ]
    assert not [e for e in of(events, "cards_drawn") if e.seat == 2]
    assert len(game.player(2).hand) == 3 and C("kill@S7") in game.player(2).hand
    assert game.player(3).hand == [] and len(game.player(4).hand) == 1 and conserved(game)


def test_tuxi_on_one_player_then_ok():
    """Tuxi: "up to 2" players: OK after the first closes the choice."""
    game = _zhang_liao_draws(s3=("kill@S7",), s4=("dodge@D2",))
    game.submit(2, ChooseTarget(4))
    game.submit(2, Confirm(True))
    assert game.player(2).hand == [C("dodge@D2")] and game.player(3).hand == [C("kill@S7")]


def test_tuxi_declined_draws_as_usual_and_skips_empty_hands():
    """Tuxi: only players with hand cards may be chosen; NO draws the 2 cards instead."""
    game = _zhang_liao_draws(s3=(), s4=("dodge@D2",))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "tuxi")
    assert prompt.options == (4,)
    with pytest.raises(IllegalAction) as info:
        game.submit(2, ChooseTarget(3))
    assert info.value.reason is Reason.NO_HAND_CARDS  # the rule: a hand card to take
    assert info.value.data == {"card": "tuxi", "target": 3}
    with pytest.raises(IllegalAction) as info:
        game.submit(2, ChooseTarget(2))
    assert info.value.reason is Reason.CANNOT_TARGET_SELF
    events = game.submit(2, Confirm(False))
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 2)]


def test_tuxi_is_not_offered_when_nobody_else_has_a_hand_card():
    """Tuxi needs another player with hand cards; otherwise the draw phase is the usual one."""
    game = _zhang_liao_draws(s3=(), s4=())
    assert game.pending().kind is PromptKind.PLAY and len(game.player(2).hand) == 2


def test_tuxi_at_the_table_names_the_players_by_seat_and_sees_no_card():
    """Tuxi at the table: seats are chosen; the stolen cards stay unseen, only counts move."""
    game = table_game("liubei", "zhangliao", "lvbu", "diaochan")
    end_turn(game)
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "tuxi")
    counts = [len(p.hand) for p in game.players]
    game.submit(2, ChooseTarget(1))
    events = game.submit(2, ChooseTarget(4))
    assert [len(p.hand) for p in game.players] == [
        counts[0] - 1,
        counts[1] + 2,
        counts[2],
        counts[3] - 1,
    ]
    assert set(game.player(2).hand) == {HIDDEN} and not of(events, "cards_drawn")
    assert all(e.card is None for e in of(events, "card_taken"))


def _xu_chu_turn(accept):
    game = game_with(None, "xuchu", None, None)
    set_hand(game, 1)
    end_turn(game)
    prompt_is(game, PromptKind.CONFIRM, 2, "luoyi")
    events = game.submit(2, Confirm(accept))
    return game, events


def test_luoyi_draws_one_less_and_kill_deals_one_more():
    """Luoyi: draw 1 fewer; this turn your Kill deals +1 damage."""
    game, events = _xu_chu_turn(True)
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 1)]
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)
    events = game.submit(2, PlayCard(C("kill@S7"), (3,)))  # no hand card: not asked for a Dodge
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(3, 2)]
    assert game.player(3).hp == 2


def test_luoyi_duel_bonus_only_when_xu_chu_is_the_source():
    """Luoyi: a Duel deals +1 when Xu Chu deals its damage, not when he takes it."""
    game, _ = _xu_chu_turn(True)
    set_hand(game, 2, "duel@SA", "duel@CA")
    set_hand(game, 3, "kill@S7")
    game.submit(2, PlayCard(C("duel@SA"), (3,)))
    pass_all(game)
    events = game.submit(3, Respond(None))
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 3, 2)]
    set_hand(game, 2, "duel@CA")
    game.submit(2, PlayCard(C("duel@CA"), (3,)))
    pass_all(game)
    set_hand(game, 3, "kill@S7")
    events = game.submit(3, Respond(C("kill@S7")))  # Xu Chu, now empty-handed, is not asked
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(3, 2, 1)]


def test_luoyi_declined_or_next_turn_no_bonus():
    """Luoyi is optional and lasts one turn: declined, the draw and the Kill are normal."""
    game, events = _xu_chu_turn(False)
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 2)]
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)
    events = game.submit(2, PlayCard(C("kill@S7"), (3,)))  # no hand card: not asked for a Dodge
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(3, 1)]
    assert "turn:luoyi" not in game.player(2).marks
