"""The Regicide rules engine: `Game.new`, `pending`, `submit`, `view`, `legal_actions`.

Sections (§) are those of docs/regicide.md.

Theory of operation. A game is a `GameState` (plain lists and ints) plus one pending
`Prompt`, the single truth about what happens next. `submit(seat, action)` looks up
the handler for the action's type; every handler first checks everything (raising
`IllegalAction`/`InvalidAction` with a `Reason` and the data to explain it) and only
then changes the state through the transitions of `flow.py`, so a refused action
changes nothing. The same handlers run with `commit=False` to answer `is_legal` and
`action in game.legal_actions()`.

Bots take a trusted path (issue 20: self-play speed). The listing is built once per
state (`listed`, dropped by every committed action). `step_random(below)` picks among
the listed actions by index and applies the pick through the handlers' apply halves
(`_play`, `_yield`, `_pay`) without checking it again: the engine chose it among the
actions it lists for this very state, so nothing outside can reach that path. At the
two prompts of every turn it does not even build the list: a payment picks a hand
card, a play counts the hand's listed plays (`plays.count_plays`) and builds only the
groups if it picks one. `tests/regicide/test_fast_paths.py` replays games through
`submit` and compares every event and zone.

Table mode differs only at the zones (counts instead of cards, see `state.py`), the
castle (a `reveal_enemy` prompt instead of a shuffled deck) and the checks of scanned
cards (`table.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from engine.core.errors import ActionError, IllegalAction, InvalidAction
from engine.regicide.actions import (
    Action,
    CannotPay,
    ChooseNext,
    CorrectHandCount,
    DeclineFlip,
    Discard,
    FlipJester,
    Play,
    RevealEnemy,
    Yield,
)
from engine.regicide.cards import JESTER_ID, RANK_INT, Card, parse_card
from engine.regicide.events import (
    CardsDiscarded,
    DamagePaid,
    DiamondMulligan,
    Event,
    FlipDeclined,
    GameStarted,
    HandCountCorrected,
    JesterFlipped,
    NextPlayerChosen,
    Yielded,
)
from engine.regicide.flow import TurnFlow
from engine.regicide.legal import LegalActions, enumerate_legal
from engine.regicide.plays import (
    JESTER,
    SINGLE,
    check_play,
    count_plays,
    distinct_cards,
    legal_groups,
    pick_card,
    play_shape,
)
from engine.regicide.position import from_position
from engine.regicide.prompts import Prompt, PromptKind, pay_prompt
from engine.regicide.reasons import Reason
from engine.regicide.rules import RULES
from engine.regicide.settings import DEFAULT, Settings
from engine.regicide.table import check_scans, expected_tier, take_from_hand
from engine.regicide.view import public_view

_PLAY, _PAY, _CHOOSE = PromptKind.PLAY, PromptKind.PAY_DAMAGE, PromptKind.CHOOSE_NEXT
_FLIP, _REVEAL = PromptKind.JESTER_FLIP, PromptKind.REVEAL_ENEMY
_MAX_COMBO = RULES.max_combo_total
_ACCEPTS: dict[PromptKind, tuple[type, ...]] = {
    _PLAY: (Play, Yield),
    _PAY: (Discard, CannotPay),
    _CHOOSE: (ChooseNext,),
    _FLIP: (FlipJester, DeclineFlip),
    _REVEAL: (RevealEnemy,),
}


def _as_cards(raw: Any) -> tuple[Card, ...]:
    """The action's cards as `Card`s; card text is parsed (InvalidAction if unknown)."""
    if type(raw) is not tuple:
        if not isinstance(raw, list | tuple):
            raise InvalidAction(Reason.UNKNOWN_CARD, card=repr(raw))
        raw = tuple(raw)
    for c in raw:
        if type(c) is not Card:
            break
    else:
        return cast("tuple[Card, ...]", raw)  # a tuple, each item checked to be a Card
    out = []
    for c in raw:
        if type(c) is Card:
            out.append(c)
            continue
        try:
            out.append(parse_card(c))
        except ValueError:
            raise InvalidAction(
                Reason.UNKNOWN_CARD, card=c if isinstance(c, str) else repr(c)
            ) from None
    return tuple(out)


def _check_distinct(cards: tuple[Card, ...]) -> None:
    """Only the Jester may appear twice (a deck has two); anything else is a slip."""
    if len(cards) > 1 and len(set(cards)) < len(cards):
        for c in cards:
            if c != JESTER_ID and cards.count(c) > 1:
                raise IllegalAction(Reason.DUPLICATE_CARD, card=str(c))


def _check_one_set(cards: tuple[Card, ...], total: int, owed: int, value: Any) -> None:
    """`allow_overpay=False` (§1.14-6): the payment is one set that covers what is owed
    and holds no card it could do without, so it is judged whole: a set short of the
    damage is refused too (paying the rest later could leave an earlier card unneeded)."""
    if total < owed:
        raise IllegalAction(Reason.PAYMENT_SHORT, total=total, owed=owed)
    least = min(cards, key=value.__getitem__)
    rest = total - value[least]
    if rest >= owed:
        raise IllegalAction(
            Reason.CARD_NOT_NEEDED, card=str(least), rest=rest, remaining=owed, total=total
        )


class Game(TurnFlow):
    """One game of Regicide for 1 to 4 players, in digital or table mode."""

    __slots__ = ()

    @classmethod
    def new(
        cls,
        players: int,
        mode: str = "digital",
        seed: int = 0,
        settings: Settings | None = None,
        first_seat: int = 1,
    ) -> Game:
        """Set up a game (§1.2) and run it to the first decision.

        Raises ValueError for a player count, mode, seed or first seat out of range.
        """
        if settings is None:
            settings = DEFAULT
        elif not isinstance(settings, Settings):
            raise ValueError(f"settings must be a Settings, got {type(settings).__name__}")
        if type(players) is not int or not settings.min_players <= players <= 4:
            raise ValueError(f"players must be {settings.min_players}..4, got {players!r}")
        if mode not in ("digital", "table"):
            raise ValueError(f"mode must be 'digital' or 'table', got {mode!r}")
        if type(seed) is not int:
            raise ValueError(f"seed must be an int, got {seed!r}")
        if type(first_seat) is not int or not 1 <= first_seat <= players:
            raise ValueError(f"first_seat must be 1..{players}, got {first_seat!r}")
        g = cls(players, mode == "table", seed, settings)
        g.deal()
        g.seat = first_seat
        ev: list[Event] = [
            GameStarted(
                players,
                mode,
                first_seat,
                g.max_hand,
                g.jesters_in_tavern,
                g.tavern_count(),
                g.flips_left,
                settings.changed(),
                g.table,
            )
        ]
        if g.table:
            if settings.diamond_mulligan:  # the players redeal their own hands
                ev.append(DiamondMulligan(g.max_hand, True))
            g.prompt = Prompt(first_seat, _REVEAL, 1, expected_rank=expected_tier(g))
        else:
            g.status = "playing"
            g._reveal(g.castle.pop(), ev)
            g._start_turn(first_seat, ev)
        g.log.extend(ev)
        return g

    from_position = classmethod(from_position)

    # -- the public surface ---------------------------------------------------------

    def pending(self) -> Prompt | None:
        """The one decision the game waits for, or None when it is over."""
        return self.prompt

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Apply `seat`'s action and return what happened.

        Raises `IllegalAction` (not allowed now) or `InvalidAction` (not an action, an
        unknown card or seat), each with a `Reason`; the game is then unchanged.
        """
        events: list[Event] = []
        self._dispatch(seat, action, events, True)
        self.listed = None
        self.log.extend(events)
        return events

    def step_random(self, below: Callable[[int], int]) -> list[Event]:
        """Submit the listed action number `below(n)` of the `n` listed now: for bots.

        The same as `submit(seat, list(legal_actions())[below(n)])`, event for event and
        draw for draw, only faster: the engine picks among the actions it lists for
        this very state, so it applies the pick without checking it again, and when
        paying damage it picks a card without building the list. `below` is e.g.
        `random.Random.randrange`. Raises ValueError when nothing is listed (the game
        is over, or a table-mode prompt that names cards in a hand).
        """
        events: list[Event] = []
        self._random_action(below, events)
        self.log.extend(events)
        return events

    def play_random(self, below: Callable[[int], int], max_actions: int = 10_000) -> int:
        """`step_random` to the end of the game; the number of actions.

        Raises RuntimeError if the game is not over after `max_actions`.
        """
        count = 0
        log = self.log
        while self.prompt is not None:
            if count >= max_actions:
                raise RuntimeError(f"game not over after {max_actions} actions")
            self._random_action(below, log)  # nothing in it can fail half-way
            count += 1
        return count

    def _random_action(self, below: Callable[[int], int], ev: list[Event]) -> None:
        """Apply the pick of `step_random`, appending its events to `ev`."""
        p = self.prompt
        if p is None:
            raise ValueError("the game is over")
        kind = p.kind
        items = self.listed
        if kind is _PAY and self._single_payments:
            if items is None:  # the hand's cards are the listing, unless both Jesters
                hand = self.hands[p.seat]
                twins = hand.count(Card.JESTER) > 1
                card = pick_card(hand, below) if twins else hand[below(len(hand))]
            else:
                card = cast(Discard, items[below(len(items))]).cards[0]
            self._pay(p, (card,), self.value[card], ev)
        elif kind is _PLAY and items is None and self._countable_plays:
            self._play_random(p, below, ev)
        else:
            if items is None:
                items = self.listed = enumerate_legal(self)
            if not items:
                raise ValueError(
                    f"no listed action for prompt {kind.value!r} (table mode lists no hands)"
                )
            action = items[below(len(items))]
            if kind is _PLAY and not self.table:
                if type(action) is Play:
                    self._play(p.seat, action.cards, play_shape(action.cards), ev)
                else:
                    self._yield(p, ev)
            else:  # the rarer prompts take the checked path
                self._dispatch(p.seat, action, ev, True)
        self.listed = None

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether `submit(seat, action)` would be accepted now (changes nothing)."""
        try:
            self._dispatch(seat, action, [], False)
        except ActionError:
            return False
        return True

    def legal_actions(self) -> LegalActions:
        """The pending seat's accepted actions: supports `in`, iteration and `len`."""
        return LegalActions(self)

    def _play_random(self, p: Prompt, below: Callable[[int], int], ev: list[Event]) -> None:
        """`step_random` at a digital play prompt: count the listing, build it only if
        the pick is a group (singles come first in it, `Yield` last: legal.py)."""
        hand = self.hands[p.seat]
        singles, groups = count_plays(hand, _MAX_COMBO)
        i = below(singles + groups + (p.can_yield or self.settings.illegal_yield_loses))
        if i < singles:
            card = hand[i] if hand.count(Card.JESTER) < 2 else distinct_cards(hand)[i]
            self._play(p.seat, (card,), JESTER if card == JESTER_ID else SINGLE, ev)
        elif i < singles + groups:
            cards = legal_groups(hand, _MAX_COMBO, made=self.made)[i - singles].cards
            self._play(p.seat, cards, play_shape(cards), ev)
        else:
            self._yield(p, ev)

    def _listing(self) -> list[Action]:
        """The listed actions, built once per state: `submit` drops them."""
        items = self.listed
        if items is None:
            items = self.listed = enumerate_legal(self)
        return items

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """JSON-ready state. `None` is the public view; a seat also sees its own hand."""
        return public_view(self, seat)

    def events(self) -> tuple[Event, ...]:
        """Every event since setup, in order."""
        return tuple(self.log)

    def zones(self) -> dict[str, Any]:
        """Where every card is, hidden zones included: for tests and tools, never players."""
        return {
            "castle": list(self.castle),
            "enemy": [] if self.enemy is None else [self.enemy],
            "in_play": list(self.in_play),
            "tavern": list(self.tavern),
            "discard": list(self.discard),
            "hands": {s: list(self.hands[s]) for s in range(1, self.n + 1)},
            "aside": list(self.aside),
            "counts": {
                "tavern": self.tavern_count(),
                "discard": self.discard_count(),
                "hands": {s: self.hand_count(s) for s in range(1, self.n + 1)},
            },
        }

    # -- dispatch ---------------------------------------------------------------------

    def _dispatch(self, seat: int, action: Action, ev: list[Event], commit: bool) -> None:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise InvalidAction(Reason.UNKNOWN_ACTION, action=type(action).__name__)
        if type(seat) is not int or not 1 <= seat <= self.n:
            raise InvalidAction(Reason.NO_SUCH_SEAT, seat=seat, players=self.n)
        p = self.prompt
        if p is None:
            raise IllegalAction(Reason.GAME_OVER)
        if type(action) is not CorrectHandCount:
            if seat != p.seat:
                raise IllegalAction(
                    Reason.NOT_YOUR_DECISION, seat=seat, expected=p.seat, prompt=p.kind.value
                )
            if type(action) not in _ACCEPTS[p.kind]:
                self._unexpected(p, action)
        handler(self, p, action, ev, commit)

    def _unexpected(self, p: Prompt, action: Action) -> None:
        if type(action) is FlipJester and self.solo:
            if self.flips_left == 0:
                raise IllegalAction(Reason.NO_FLIPS_LEFT, used=self.flips_used)
            if self.log and type(self.log[-1]) is JesterFlipped:
                raise IllegalAction(Reason.ONE_FLIP_PER_MOMENT, flips_left=self.flips_left)
            self._flip_not_now(p)
        raise IllegalAction(Reason.UNEXPECTED_ACTION, action=action.kind, expected=p.kind.value)

    def _flip_not_now(self, p: Prompt) -> None:
        """Solo: a Jester is a flip, offered only at the start of a turn or before paying
        (§1.12), never a card to play or discard."""
        raise IllegalAction(
            Reason.FLIP_NOT_NOW,
            now=p.kind.value,
            flips_left=self.flips_left,
            max_hand=self.max_hand,
        )

    def _check_hand(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Digital mode: the cards are in the seat's hand (the Jester may be there twice)."""
        hand = self.hands[seat]
        if len(cards) == 1:
            if cards[0] not in hand:
                raise IllegalAction(Reason.CARD_NOT_IN_HAND, seat=seat, card=str(cards[0]))
            return
        rest = list(hand)
        for c in cards:
            try:
                rest.remove(c)
            except ValueError:
                raise IllegalAction(Reason.CARD_NOT_IN_HAND, seat=seat, card=str(c)) from None

    # -- step 1: play ---------------------------------------------------------------------

    def _on_play(self, p: Prompt, a: Play, ev: list[Event], commit: bool) -> None:
        cards = _as_cards(a.cards)
        if self.solo and JESTER_ID in cards:
            self._flip_not_now(p)
        _check_distinct(cards)
        st = self.settings
        shape = check_play(
            cards, RULES.max_combo_total, st.allow_ace_groups, st.allow_double_jester
        )
        s = p.seat
        if self.table:
            check_scans(self, cards)
        else:
            self._check_hand(s, cards)
        if commit:
            self._play(s, cards, shape, ev)

    def _play(self, s: int, cards: tuple[Card, ...], shape: str, ev: list[Event]) -> None:
        """Apply a checked play."""
        if self.table:
            take_from_hand(self, s, cards, ev)
        else:
            remove = self.hands[s].remove
            for c in cards:
                remove(c)
        self.yielded[s] = False
        self.yields_in_row = 0
        if shape == JESTER:
            self._jester(s, cards, ev)
        else:
            self._attack(s, cards, shape, ev)

    # -- turn flow --------------------------------------------------------------------------

    def _on_yield(self, p: Prompt, a: Yield, ev: list[Event], commit: bool) -> None:
        s = p.seat
        loses = not p.can_yield
        if loses and not self.settings.illegal_yield_loses:
            if self.solo:
                raise IllegalAction(Reason.SOLO_YIELD_FORBIDDEN)
            others = [t for t in range(1, self.n + 1) if t != s]
            raise IllegalAction(Reason.YIELD_AFTER_EVERYONE_YIELDED, seat=s, others=others)
        if commit:
            self._yield(p, ev)

    def _yield(self, p: Prompt, ev: list[Event]) -> None:
        """Apply a checked yield (one that is refused was raised above)."""
        s = p.seat
        if not p.can_yield:
            self._lose(s, "illegal_yield", 0, self.hand_value(s), ev)
            return
        self.yielded[s] = True
        self.yields_in_row += 1
        ev.append(Yielded(s))
        self._step4(s, ev)

    # -- step 4: pay damage -------------------------------------------------------------------

    def _on_discard(self, p: Prompt, a: Discard, ev: list[Event], commit: bool) -> None:
        cards = _as_cards(a.cards)
        if not cards:
            raise IllegalAction(Reason.NO_CARDS)
        if self.solo and JESTER_ID in cards:
            self._flip_not_now(p)
        _check_distinct(cards)
        s = p.seat
        if self.table:
            check_scans(self, cards)
        else:
            self._check_hand(s, cards)
        value = self.value
        total = 0
        for c in cards:
            total += value[c]
        if not self.settings.allow_overpay:
            _check_one_set(cards, total, p.amount - p.paid, value)
        if commit:
            self._pay(p, cards, total, ev)

    def _pay(self, p: Prompt, cards: tuple[Card, ...], total: int, ev: list[Event]) -> None:
        """Apply a checked discard of `cards`, worth `total`, towards the damage."""
        s = p.seat
        if self.table:
            take_from_hand(self, s, cards, ev)
            self.discard_n += len(cards)
        else:
            remove = self.hands[s].remove
            for c in cards:
                remove(c)
            self.discard += cards
        paid = p.paid + total
        amount = p.amount
        ev.append(CardsDiscarded(s, cards, total, paid, amount))
        if paid >= amount:
            ev.append(DamagePaid(s, amount, paid, paid - amount))
            self._start_turn(s % self.n + 1, ev)  # the next seat clockwise
        elif self.table and self.counts[s] == 0:
            self._lose(s, "cannot_pay", amount, paid, ev)
        else:
            self.prompt = pay_prompt(s, amount, paid)

    def _on_cannot_pay(self, p: Prompt, a: CannotPay, ev: list[Event], commit: bool) -> None:
        if not self.table:
            raise IllegalAction(Reason.ONLY_IN_TABLE_MODE, action=a.kind)
        if commit:
            self._lose(p.seat, "cannot_pay", p.amount, None, ev)

    # -- the Jester's choice and the solo flips --------------------------------------------------

    def _on_choose(self, p: Prompt, a: ChooseNext, ev: list[Event], commit: bool) -> None:
        t = a.seat
        if type(t) is not int or not 1 <= t <= self.n:
            raise InvalidAction(Reason.NO_SUCH_SEAT, seat=t, players=self.n)
        if t == p.seat and not self.settings.jester_may_choose_self:
            raise IllegalAction(Reason.MAY_NOT_CHOOSE_SELF, seat=t)
        if commit:
            ev.append(NextPlayerChosen(p.seat, t))
            self._start_turn(t, ev)

    def _on_flip(self, p: Prompt, a: FlipJester, ev: list[Event], commit: bool) -> None:
        s = p.seat
        if not self.settings.allow_flip_empty_hand and self.hand_count(s) == 0:
            raise IllegalAction(Reason.FLIP_WITH_EMPTY_HAND, seat=s)
        if not commit:
            return
        cap = self.max_hand
        if self.table:
            discarded = self.counts[s]
            self.discard_n += discarded
            drawn = min(cap, self.tavern_n)
            self.counts[s] = drawn
            self.tavern_n -= drawn
        else:
            hand = self.hands[s]
            discarded = len(hand)
            self.flipped.append(tuple(hand))
            self.discard.extend(hand)
            tavern = self.tavern
            drawn = min(cap, len(tavern))
            self.hands[s] = tavern[len(tavern) - drawn :]
            del tavern[len(tavern) - drawn :]
        self.flips_left -= 1
        self.flips_used += 1
        ev.append(JesterFlipped(s, p.step, discarded, drawn, self.flips_left, self.table))
        if self.settings.allow_double_flip and self._may_flip(s):
            self.prompt = Prompt(s, _FLIP, p.step, amount=p.amount, flips_left=self.flips_left)
        else:
            self._after_flip(p, ev)

    def _on_decline(self, p: Prompt, a: DeclineFlip, ev: list[Event], commit: bool) -> None:
        if commit:
            ev.append(FlipDeclined(p.seat, p.step, self.flips_left))
            self._after_flip(p, ev)

    def _after_flip(self, p: Prompt, ev: list[Event]) -> None:
        if p.step == 1:
            self._begin_play(p.seat, ev)
        else:
            self._pay_or_lose(p.seat, p.amount, ev)

    # -- table mode: the castle and the host's corrections ---------------------------------------

    def _on_reveal(self, p: Prompt, a: RevealEnemy, ev: list[Event], commit: bool) -> None:
        card = _as_cards((a.card,))[0]
        if card == JESTER_ID or RANK_INT[card] < 11:
            raise IllegalAction(Reason.NOT_A_ROYAL, card=str(card))
        if card not in self.castle:
            raise IllegalAction(Reason.ENEMY_ALREADY_REVEALED, card=str(card))
        if card.rank is None or card.rank.text != p.expected_rank:
            raise IllegalAction(Reason.WRONG_ENEMY_TIER, card=str(card), expected=p.expected_rank)
        if not commit:
            return
        self.castle.remove(card)
        self.status = "playing"
        self._reveal(card, ev)
        self._start_turn(p.seat, ev)

    def _on_correct(self, p: Prompt, a: CorrectHandCount, ev: list[Event], commit: bool) -> None:
        if not self.table:
            raise IllegalAction(Reason.ONLY_IN_TABLE_MODE, action=a.kind)
        t, count = a.seat, a.count
        if type(t) is not int or not 1 <= t <= self.n:
            raise InvalidAction(Reason.NO_SUCH_SEAT, seat=t, players=self.n)
        if type(count) is not int or not 0 <= count <= self.max_hand:
            raise IllegalAction(Reason.BAD_HAND_COUNT, count=count, max_hand=self.max_hand)
        if commit:
            ev.append(HandCountCorrected(t, self.counts[t], count, "host"))
            self.counts[t] = count

    # -- the end -------------------------------------------------------------------------------


_HANDLERS: dict[type, Any] = {
    Play: Game._on_play,
    Yield: Game._on_yield,
    Discard: Game._on_discard,
    CannotPay: Game._on_cannot_pay,
    ChooseNext: Game._on_choose,
    FlipJester: Game._on_flip,
    DeclineFlip: Game._on_decline,
    RevealEnemy: Game._on_reveal,
    CorrectHandCount: Game._on_correct,
}
