"""The one observer: what a seat (or everyone) may see of a game, as JSON-ready data.

The public view shows face-up facts only: the enemy and its figures, the cards in play,
counts of every pile and hand, whose turn it is and what is pending. It never lists a
hand or the tavern order; `view(seat)` adds that seat's own hand (digital mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.regicide.cards import SUIT_INDEX, format_cards

if TYPE_CHECKING:
    from engine.regicide.state import GameState

_LETTER = ("S", "H", "C", "D")


def public_view(g: GameState, seat: int | None = None) -> dict[str, Any]:
    """The view of `seat` (None: public). Raises ValueError for a seat out of range."""
    if seat is not None and (type(seat) is not int or not 1 <= seat <= g.n):
        raise ValueError(f"seat must be 1..{g.n} or None, got {seat!r}")
    p = g.prompt
    result = g.result
    won = result is not None and result["outcome"] == "won"
    enemy = None
    if g.enemy is not None:
        enemy = {
            "card": str(g.enemy),
            "hp_left": max(0, g.health - g.damage),
            "health": g.health,
            "damage": g.damage,
            "attack": max(0, g.attack - g.shield),
            "base_attack": g.attack,
            "shield": g.shield,
            "immune": None if g.cancelled else _LETTER[SUIT_INDEX[g.enemy]],
        }
    out: dict[str, Any] = {
        "game": "regicide",
        "mode": "table" if g.table else "digital",
        "players": g.n,
        "max_hand": g.max_hand,
        "status": g.status,
        "winners": list(range(1, g.n + 1)) if won else [],
        "winner_side": None if result is None else ("players" if won else "castle"),
        "turn": {"seat": g.seat, "step": None if p is None else p.step},
        "pending": None if p is None else p.to_json(),
        "enemy": enemy,
        "in_play": format_cards(g.in_play),
        "castle_left": len(g.castle),
        "tavern_count": g.tavern_count(),
        "discard_count": g.discard_count(),
        "hands": [
            {"seat": s, "count": g.hand_count(s), "yielded_last_turn": g.yielded[s]}
            for s in range(1, g.n + 1)
        ],
        "jester_flips_left": g.flips_left if g.solo else None,
        "result": None if result is None else dict(result),
        "settings": g.settings.changed(),
        "log_length": len(g.log),
    }
    if seat is not None:
        out["seat"] = seat
        out["hand"] = None if g.table else format_cards(sorted(g.hands[seat]))
    return out
