"""Table mode: checking scanned cards against what the engine knows (docs/regicide.md §1.13).

At the table the engine sees no hand. It knows each hand's count, the royals still in
the castle, the current enemy and the cards in play, and refuses a scan that cannot be
true (an undefeated royal in a hand, a card already on the table, a third Jester). A
scan that only contradicts a *count* is accepted: the table wins, the count is set to
what the scan proves, and a `hand_count_corrected` warning is emitted.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.regicide.cards import JESTER_ID, RANK_INT, ROYAL, Card
from engine.regicide.events import Event, HandCountCorrected
from engine.regicide.reasons import Reason
from engine.regicide.state import GameState

_TIER_TEXT = {11: "J", 12: "Q", 13: "K"}


def expected_tier(g: GameState) -> str:
    """The rank the next castle card must have: Jacks first, then Queens, then Kings."""
    return _TIER_TEXT[min(RANK_INT[c] for c in g.castle)]


def check_scans(g: GameState, cards: tuple[Card, ...]) -> None:
    """Refuse scanned cards that cannot be in a hand now; change nothing."""
    jesters = 0
    for c in cards:
        if c == JESTER_ID:
            jesters += 1
        elif ROYAL[c] and (c == g.enemy or c in g.castle):
            raise IllegalAction(Reason.ROYAL_NOT_DEFEATED, card=str(c))
        elif c in g.in_play:
            raise IllegalAction(Reason.CARD_ALREADY_IN_PLAY, card=str(c))
    if jesters and jesters + g.in_play.count(Card.JESTER) > g.jesters_in_tavern:
        raise IllegalAction(Reason.NO_JESTER_LEFT, jesters_in_game=g.jesters_in_tavern)


def take_from_hand(g: GameState, seat: int, cards: tuple[Card, ...], ev: list[Event]) -> None:
    """Remove played or discarded cards from a hand (digital) or from its count (table)."""
    if not g.table:
        remove = g.hands[seat].remove
        for c in cards:
            remove(c)
        return
    k = len(cards)
    if g.counts[seat] < k:
        ev.append(HandCountCorrected(seat, g.counts[seat], k, "scan"))
        g.counts[seat] = k
    g.counts[seat] -= k
