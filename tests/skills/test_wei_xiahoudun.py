"""Xiahou Dun: Ganglie (刚烈), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    Confirm,
    Discard,
    Pass,
    PlayCard,
    ProvideJudgment,
    Reason,
    Respond,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .helpers import conserved, deck_top, game_with, of, prompt_is, set_hand, table_game

C = parse_card


def _hurt_xiahou_dun(source_hand, judgment="kill@C2"):
    """Seat 1 (holding `source_hand` besides its Kill) Kills Xiahou Dun, who invokes Ganglie."""
    game = game_with(None, "xiahoudun", None, None)
    set_hand(game, 1, "kill@S7", *source_hand)
    set_hand(game, 2)
    deck_top(game, judgment)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no hand card: not asked for a Dodge
    prompt_is(game, PromptKind.CONFIRM, 2, "ganglie")
    events = game.submit(2, Confirm(True))
    return game, events


def test_ganglie_source_discards_two_hand_cards():
    """Ganglie: unless the judgment is a heart, the source may discard 2 hand cards."""
    game, events = _hurt_xiahou_dun(["peach@H3", "dodge@D2", "duel@SA"])
    assert of(events, "judgment_settled")[0].success is True
    prompt = prompt_is(game, PromptKind.DISCARD, 1, "ganglie")
    assert (prompt.count, prompt.source, prompt.optional) == (2, 2, True)
    game.submit(1, Discard((C("peach@H3"),)))
    prompt = prompt_is(game, PromptKind.DISCARD, 1, "ganglie")
    assert (prompt.count, prompt.optional) == (1, False)  # once begun, no way back
    with pytest.raises(IllegalAction) as info:
        game.submit(1, Pass())
    assert info.value.reason is Reason.CANNOT_PASS
    events = game.submit(1, Discard((C("duel@SA"),)))
    assert not of(events, "damage_dealt") and game.player(1).hand == [C("dodge@D2")]
    assert game.player(1).hp == 4 and conserved(game)


def test_ganglie_source_may_take_the_damage_instead():
    """Ganglie: the source chooses; NO means taking 1 damage from Xiahou Dun."""
    game, _ = _hurt_xiahou_dun(["peach@H3", "dodge@D2"])
    events = game.submit(1, Pass())
    assert [(e.source, e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1, 1)]
    assert len(game.player(1).hand) == 2


def test_ganglie_with_fewer_than_two_hand_cards_deals_the_damage():
    """Ganglie: a source who cannot discard 2 hand cards takes the damage without a choice."""
    game, events = _hurt_xiahou_dun(["peach@H3"])
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 1)]
    assert game.player(1).hand == [C("peach@H3")]


def test_ganglie_fails_on_a_heart():
    """Ganglie: a heart judgment ends it with no effect on the source."""
    game, events = _hurt_xiahou_dun(["peach@H3", "dodge@D2"], judgment="peach@H4")
    assert of(events, "judgment_settled")[0].success is False
    assert not of(events, "damage_dealt")
    assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 1


def test_ganglie_is_not_offered_without_a_source():
    """Ganglie needs a damage source: Lightning's damage has none."""
    from .helpers import end_turn, pass_all, place

    game = game_with(None, "xiahoudun", None, None)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8")
    set_hand(game, 1)
    events = end_turn(game) + pass_all(game)
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 3)]
    assert game.pending().kind is PromptKind.PLAY


def test_ganglie_at_the_table_source_discards_unseen():
    """Ganglie at the table: the judgment is scanned; OK discards the source's 2 cards unseen."""
    game = table_game("liubei", "xiahoudun", "lvbu", "diaochan")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(2, Confirm(True))
    game.submit(2, ProvideJudgment(C("kill@C2")))
    prompt_is(game, PromptKind.DISCARD, 1, "ganglie")
    before = len(game.player(1).hand)
    events = game.submit(1, Confirm(True))
    discarded = of(events, "cards_discarded")[0]
    assert (discarded.seat, discarded.cards, discarded.unseen) == (1, (), 2)
    assert len(game.player(1).hand) == before - 2 and not of(events, "damage_dealt")
