"""Turn structure, the discard phase, the turn order, reshuffling (docs/sanguosha.md 1d)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import Confirm, Discard, EndPlay, Game, Reason, Settings, parse_card
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.settings import EndReason

from .scenario import conserved, of, set_hand, set_hp, start

C = parse_card


def test_six_phases_in_order_and_draw_two():
    """A turn runs preparation, judgment, draw (2 cards), play, discard, finish (1d)."""
    game = start(players=4)
    set_hand(game, 1)
    events = game.submit(1, EndPlay())
    phases = [e.phase for e in of(events, "phase_started") if e.seat == 2]
    assert phases == ["preparation", "judgment", "draw", "play"]
    drawn = [e for e in of(events, "cards_drawn") if e.seat == 2]
    assert [(e.count, e.reason) for e in drawn] == [(2, "draw_phase")]
    assert [e.phase for e in of(events, "phase_started") if e.seat == 1] == ["discard", "finish"]


def test_discard_down_to_current_hp():
    """Discard phase: discard down to your current HP, one card at a time or several (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "kill@S8", "dodge@D2", "peach@H3", "duel@SA")
    set_hp(game, 1, 2, 5)
    game.submit(1, EndPlay())
    prompt = game.pending()
    assert (prompt.kind, prompt.count, prompt.reason) == (PromptKind.DISCARD, 3, "discard_phase")
    assert len(game.legal_actions()) == 5
    with pytest.raises(IllegalAction) as info:
        game.submit(1, Discard((C("kill@S7"),) * 4))
    assert info.value.reason is Reason.WRONG_COUNT
    with pytest.raises(IllegalAction) as info:
        game.submit(1, Discard((C("kill@S7"), C("kill@S7"))))
    assert info.value.reason is Reason.CARD_NOT_IN_HAND
    with pytest.raises(IllegalAction) as info:
        game.submit(1, Confirm(True))
    assert info.value.reason is Reason.MODE_ONLY
    events = game.submit(1, Discard((C("kill@S7"), C("duel@SA"))))
    assert of(events, "cards_discarded")[0].cards == ("kill@S7", "duel@SA")
    assert game.pending().count == 1
    game.submit(1, Discard((C("kill@S8"),)))
    assert len(game.player(1).hand) == 2 and game.current.seat == 2


def test_no_discard_at_or_under_the_limit():
    """No discard prompt when the hand does not exceed current HP (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "kill@S8", "dodge@D2", "peach@H3")
    events = game.submit(1, EndPlay())
    assert "cards_discarded" not in [e.kind for e in events]


def test_turn_passes_to_the_next_living_player_and_rounds_count():
    """Turns go in seat order, skipping the dead; a round starts with the lord (1c, 1d)."""
    game = start(players=4)
    game.player(2).alive = False
    game.reseat()
    seen = []
    for _ in range(4):
        set_hand(game, game.current.seat)
        seen.append((game.current.seat, game.round))
        game.submit(game.current.seat, EndPlay())
    assert seen == [(1, 1), (3, 1), (4, 1), (1, 2)]


def test_reshuffle_when_the_deck_runs_out():
    """An empty deck is replaced by the shuffled discard pile; resolving cards stay out (1d)."""
    game = start(players=4)
    set_hand(game, 1)
    game.discard_pile.extend(game.deck[:-1])
    game.deck[:] = game.deck[-1:]
    pile = len(game.discard_pile)
    events = game.submit(1, EndPlay())
    shuffled = of(events, "deck_reshuffled")[0]
    assert shuffled.count == pile
    assert len(game.deck) == pile - 1 and game.discard_pile == []
    assert conserved(game)


def test_cards_in_resolution_are_not_reshuffled():
    """Cards still being resolved (Harvest's revealed cards) stay out of the new deck (1d)."""
    game = start(players=4)
    set_hand(game, 1, "harvest@H3")
    game.discard_pile.extend(game.deck[:-1])
    game.deck[:] = game.deck[-1:]
    first = game.deck[-1]
    from engine.sanguosha import PlayCard

    events = game.submit(1, PlayCard(C("harvest@H3")))
    revealed = of(events, "cards_revealed")[0].cards
    assert revealed[0] == str(first) and len(revealed) == 4
    assert C("harvest@H3") in game.processing and first in game.processing
    assert C("harvest@H3") not in game.deck and conserved(game)


def test_deck_exhausted_is_a_draw():
    """With no card left to draw anywhere, the game ends in a draw (FreeKill's convention, 1d)."""
    game = start(players=4)
    set_hand(game, 1)
    hoard = game.player(3).hand
    hoard.extend(game.deck)
    hoard.extend(game.discard_pile)
    game.deck[:] = []
    game.discard_pile[:] = []
    events = game.submit(1, EndPlay())
    over = of(events, "game_over")[0]
    assert (over.winners, over.side, over.reason) == ((), None, "deck_exhausted")
    assert game.outcome.reason is EndReason.DECK_EXHAUSTED and conserved(game)


def test_auto_decline_skips_pointless_requests_in_digital_mode():
    """Digital mode (default settings): a request nobody can answer is declined without a prompt."""
    game = Game.new(players=4, seed=0, settings=Settings(no_generals=True))
    current = game.current.seat
    target = game.other_living(game.current)[0]
    set_hand(game, current, "kill@S7")
    set_hand(game, target.seat, "peach@H3")
    from engine.sanguosha import PlayCard

    events = game.submit(current, PlayCard(C("kill@S7"), (target.seat,)))
    declined = of(events, "response_declined")[0]
    assert (declined.seat, declined.need) == (target.seat, "dodge")
    assert of(events, "damage_dealt")[0].target == target.seat
