"""The red suit powers: Hearts heals the tavern, Diamonds draws (docs/regicide.md §1.5).

Both work on either mode's zones: digital moves real cards, table mode moves counts
and the events become instructions for the players.
"""

from __future__ import annotations

from engine.regicide.events import DiamondsDrawn, HeartsHealed
from engine.regicide.state import GameState


def heal(g: GameState, seat: int, x: int, retroactive: bool = False) -> HeartsHealed:
    """Shuffle the discard pile and move X cards (all if fewer) under the tavern."""
    have = g.discard_n if g.table else len(g.discard)
    k = x if x <= have else (have if g.settings.hearts_when_short == "move_all" else 0)
    if g.table:
        g.discard_n -= k
        g.tavern_n += k
        return HeartsHealed(seat, x, k, g.discard_n, g.tavern_n, retroactive, True)
    if k:
        pile = g.discard
        g.rng.shuffle(pile)
        moved = pile[-k:]
        del pile[-k:]
        g.tavern[0:0] = moved  # the bottom of the tavern is the start of the list
    return HeartsHealed(seat, x, k, len(g.discard), len(g.tavern), retroactive, False)


def draw_order(g: GameState, seat: int, x: int) -> list[int]:
    """The seats that draw, one card each, in order (§1.5; §1.14-9 for the variants).

    RB: from the current seat clockwise, one card at a time, skipping full hands,
    until X cards are drawn, everyone is full or the tavern is empty.
    """
    n, cap = g.n, g.max_hand
    sizes = list(g.counts) if g.table else [len(h) for h in g.hands]
    x = min(x, g.tavern_n if g.table else len(g.tavern))
    order: list[int] = []
    rule = g.settings.diamonds
    if rule == "round_robin":
        s, misses = seat, 0
        while x > 0:
            if sizes[s] < cap:
                sizes[s] += 1
                order.append(s)
                x -= 1
                misses = 0
            else:
                misses += 1
                if misses == n:
                    break
            s = s % n + 1
        return order
    seats = [seat] if rule == "current_player" else [(seat - 1 + i) % n + 1 for i in range(n)]
    for s in seats:
        take = min(x, cap - sizes[s])
        if take > 0:
            order.extend([s] * take)
            x -= take
    return order


def draw(g: GameState, seat: int, x: int, retroactive: bool = False) -> DiamondsDrawn:
    """Deal the Diamonds draw in `draw_order`."""
    order = draw_order(g, seat, x)
    if g.table:
        for s in order:
            g.counts[s] += 1
        g.tavern_n -= len(order)
        return DiamondsDrawn(seat, x, tuple(order), g.tavern_n, retroactive, True)
    tavern, hands = g.tavern, g.hands
    for s in order:
        hands[s].append(tavern.pop())
    return DiamondsDrawn(seat, x, tuple(order), len(tavern), retroactive, False)
