"""`legal_actions()`: the pending seat's accepted actions, as a live view.

`action in legal` asks the engine's own checks (the same code `submit` runs, without
committing), so it is true exactly when `submit` would accept the action. Iteration
lists one action per distinct choice: every legal play and `Yield()` if open; one
single-card `Discard` per card when paying damage (a multi-card `Discard` is accepted
too, but equals discarding its cards one at a time, so it is not listed), or with
`allow_overpay=False` one `Discard` per set that pays the damage whole; the seats
after a Jester; flip or decline. In table mode the hands are unknown, so iteration
lists only the actions that name no card in hand (`Yield`, `CannotPay`, the royals a
reveal may scan...), while `in` still checks any scanned card.

The list is built once per state and kept on the game (`Game._listing`) until the
next committed action, so asking again (a table, a test, then a bot) costs nothing.
Single plays and discards come in hand order (`plays.distinct_cards`), which lets
`Game.step_random` pick the i-th without building the list.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from engine.core.errors import ActionError
from engine.regicide.actions import (
    Action,
    CannotPay,
    ChooseNext,
    CorrectHandCount,
    DeclineFlip,
    Discard,
    FlipJester,
    RevealEnemy,
    Yield,
)
from engine.regicide.cards import RANK_INT, Card
from engine.regicide.plays import distinct_cards, legal_plays
from engine.regicide.prompts import PromptKind
from engine.regicide.rules import RULES

if TYPE_CHECKING:
    from engine.regicide.game import Game

# the actions without a card: constants, shared safely (immutable in fact, `@sealed`)
_YIELD, _CANNOT_PAY = Yield(), CannotPay()
_FLIP, _DECLINE = FlipJester(), DeclineFlip()
_CHOOSE = tuple(ChooseNext(s) for s in range(5))
_TIER = {"J": 11, "Q": 12, "K": 13}


def enumerate_legal(g: Game) -> list[Action]:
    """The list behind iteration (see the module docstring)."""
    p = g.prompt
    if p is None:
        return []
    kind = p.kind
    if kind is PromptKind.PLAY:
        st = g.settings
        out: list[Action] = []
        if not g.table:
            out.extend(
                legal_plays(
                    g.hands[p.seat],
                    RULES.max_combo_total,
                    st.allow_ace_groups,
                    st.allow_double_jester,
                    g.made,
                )
            )
        if p.can_yield or st.illegal_yield_loses:
            out.append(_YIELD)
        return out
    if kind is PromptKind.PAY_DAMAGE:
        if g.table:
            return [_CANNOT_PAY]
        if not g.settings.allow_overpay:
            return _one_set_payments(g.hands[p.seat], p.amount - p.paid, g.value)
        return [g.made.discard(c) for c in distinct_cards(g.hands[p.seat])]
    if kind is PromptKind.JESTER_FLIP:
        if g.hand_count(p.seat) == 0 and not g.settings.allow_flip_empty_hand:
            return [_DECLINE]
        return [_FLIP, _DECLINE]
    if kind is PromptKind.CHOOSE_NEXT:
        return [_CHOOSE[s] for s in p.choices]
    tier = _TIER[p.expected_rank]
    return [RevealEnemy(c) for c in sorted(g.castle) if RANK_INT[c] == tier]


def _one_set_payments(hand: list[Card], owed: int, value: Sequence[int]) -> list[Action]:
    """`allow_overpay=False`: every set of hand cards that covers `owed` and needs each of
    its cards (at most 2**8 sets of a hand of 8). A hand worth `owed` always has one."""
    cards = sorted(set(hand))
    out: list[Action] = []
    for mask in range(1, 1 << len(cards)):
        chosen = tuple(c for i, c in enumerate(cards) if mask >> i & 1)
        total = sum(value[c] for c in chosen)
        if total >= owed and total - min(value[c] for c in chosen) < owed:
            out.append(Discard(chosen))
    return out


class LegalActions:
    """A view of the legal actions at one moment; supports `in`, iteration, `len`, `bool`.

    >>> from engine.regicide import Game, Yield
    >>> legal = Game.new(players=2, seed=1).legal_actions()
    >>> Yield() in legal, len(legal) == len(list(legal)) > 0
    (True, True)
    """

    __slots__ = ("_game", "_items")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._items: list[Action] | None = None

    def _list(self) -> list[Action]:
        if self._items is None:
            self._items = self._game._listing()
        return self._items

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def __len__(self) -> int:
        return len(self._list())

    def __bool__(self) -> bool:
        return bool(self._list())

    def __contains__(self, action: object) -> bool:
        g = self._game
        p = g.prompt
        if p is None or not isinstance(action, Action):
            return False
        seat = action.seat if type(action) is CorrectHandCount else p.seat
        try:
            g._dispatch(seat, action, [], False)
        except ActionError:
            return False
        return True

    def __repr__(self) -> str:
        return f"<LegalActions {self._list()!r}>"
