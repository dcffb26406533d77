"""What one seat may know of a game (docs/regicide-hints.md §2), and games consistent with it.

`information_set(game, seat, hand)` is the only way the hint agent sees a game: the
public state (the enemy and its figures, the cards in play, the counts, the pending
decision), the seat's own hand, and what the public history tells about the hidden
cards, replayed from the event log. It never reads the tavern's order, another hand or
the castle's order. The hidden cards fall in two groups by what the seat has seen:

- *unseen* (`U`): never shown to anyone; they are in the tavern's dealt part or in
  other hands;
- *recycled* (`R`): seen going to the discard pile (played, paid, thrown by a flip,
  an overkilled enemy) and not seen since; they are in the discard pile, in a layer
  Hearts put under the tavern, or in other hands that drew from such a layer.

The tavern is a stack of layers, bottom first: the dealt part (`U`), each Hearts batch
(`R`, in the order healed), and an exactly killed enemy on top (a known card). Draws
take from the top, so the seat knows from which layer each draw came. Within a group,
every way of dealing its cards into its slots is taken as equally likely: a little
coarser than a perfect memory (a Hearts batch can only hold cards discarded before it),
never finer. In table mode a flip throws an unscanned hand away, so the groups merge.

`determinize(info, rng)` deals one such arrangement and returns a digital `Game` at the
same decision, for the search to play out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.core.rng import GameRng
from engine.regicide.cards import FULL_DECK, JESTER_ID, RANK_INT, ROYAL, Card, format_card
from engine.regicide.events import (
    CardsDiscarded,
    CardsPlayed,
    DiamondsDrawn,
    EnemyDefeated,
    GameStarted,
    HeartsHealed,
    JesterFlipped,
    JesterPlayed,
)
from engine.regicide.game import Game
from engine.regicide.prompts import Prompt
from engine.regicide.settings import Settings
from engine.regicide.state import NUMBER_CARDS

UNSEEN, RECYCLED = "U", "R"


class HandContradiction(ValueError):
    """A hand given for a seat cannot be what it holds; `reason` and `data` say why."""

    def __init__(self, reason: str, **data: object) -> None:
        self.reason = reason
        self.data = data
        detail = ", ".join(f"{k}={v}" for k, v in data.items())
        super().__init__(f"{reason} ({detail})")


@dataclass(frozen=True, slots=True)
class InfoSet:
    """One seat's knowledge at one decision; equal for games the seat cannot tell apart."""

    players: int
    seat: int
    settings: Settings
    prompt: Prompt
    hand: tuple[Card, ...]
    enemy: Card
    attack: int
    health: int
    damage: int
    shield: int
    cancelled: bool
    blocked: tuple[int, int, int]
    in_play: tuple[Card, ...]
    castle: tuple[Card, ...]
    flips_left: int
    flips_used: int
    yielded: tuple[bool, ...]
    yields_in_row: int
    #: Tavern layers bottom first: (group, count), or (card text, 1) for a known card.
    tavern: tuple[tuple[str, int], ...]
    discard_count: int
    #: Per other seat: (seat, unseen count, recycled count, known cards).
    others: tuple[tuple[int, int, int, tuple[Card, ...]], ...]
    unseen: tuple[Card, ...]
    recycled: tuple[Card, ...]
    #: The two groups are one (table mode after a flip, or counts that do not add up).
    merged: bool

    @property
    def enemies_defeated(self) -> int:
        return 11 - len(self.castle)


class _Layer:
    """A tavern layer while replaying: its group (or known card) and how many are left."""

    __slots__ = ("key", "count")

    def __init__(self, key: str | Card, count: int) -> None:
        self.key = key
        self.count = count


def _layers_pop(layers: list[_Layer], n: int) -> list[str | Card]:
    """Take `n` draws from the top layers: each the layer's group or its known card."""
    out: list[str | Card] = []
    for _ in range(n):
        if not layers:
            break
        top = layers[-1]
        out.append(top.key)
        top.count -= 1
        if top.count == 0:
            layers.pop()
    return out


def information_set(game: Game, seat: int, hand: tuple[Card, ...] | None = None) -> InfoSet:
    """What `seat` knows now. `hand` is its scanned hand (table mode; digital games know it).

    Raises ValueError when no decision of `seat` is pending or the hand is missing, and
    `HandContradiction` when the hand cannot be what the seat holds.
    """
    p = game.prompt
    if p is None:
        raise ValueError("no decision is pending: the game is over")
    if p.seat != seat:
        raise ValueError(f"no decision of seat {seat} is pending (seat {p.seat} decides)")
    if game.enemy is None:
        raise ValueError("no enemy is face up yet: nothing to advise on")
    if hand is None:
        if game.table:
            raise ValueError("table mode: the seat's hand must be scanned")
        hand = tuple(game.hands[seat])
    hand = tuple(sorted(hand))
    n = game.n
    origin = game.origin
    # The starting point of the replay: a dealt game, or a position's public zones.
    if origin is None:
        started = next(e for e in game.log if type(e) is GameStarted)
        universe = Counter(NUMBER_CARDS)
        universe[Card.JESTER] += started.jesters_in_tavern
        layers = [_Layer(UNSEEN, started.tavern_count)]
        held = [[0, 0] for _ in range(n + 1)]
        for s in range(1, n + 1):
            held[s][0] = started.max_hand
        recycled: Counter[Card] = Counter()
        discard = 0
        in_play: list[Card] = []
    else:
        known = Counter(origin["discard"]) + Counter(origin["aside"]) + Counter(origin["in_play"])
        known.update(origin["castle"])
        universe = Counter(FULL_DECK) - known
        layers = [_Layer(UNSEEN, origin["tavern"])] if origin["tavern"] else []
        held = [[c, 0] for c in origin["hands"]]
        recycled = Counter(origin["discard"])
        discard = len(origin["discard"])
        in_play = list(origin["in_play"])
    seen: Counter[Card] = Counter(recycled)
    known_held: list[list[Card]] = [[] for _ in range(n + 1)]
    surely_discarded = set(recycled)
    merged = False
    flips = iter(game.flipped)

    def leave_hand(s: int, c: Card) -> None:
        if c in known_held[s]:
            known_held[s].remove(c)
        elif recycled[c] > 0 and not (
            c == JESTER_ID and held[s][0] > 0 and universe[c] > seen[c]
        ):  # a Jester is taken for the unseen one while it may be
            recycled[c] -= 1
            held[s][1] -= 1
        else:
            held[s][0] -= 1

    def to_discard(cards: tuple[Card, ...] | list[Card]) -> None:
        nonlocal discard
        for c in cards:
            recycled[c] += 1
            seen[c] += 1
            surely_discarded.add(c)
        discard += len(cards)

    def draws(order: list[int] | tuple[int, ...]) -> None:
        for s, got in zip(order, _layers_pop(layers, len(order)), strict=False):
            if got == UNSEEN:
                held[s][0] += 1
            elif got == RECYCLED:
                held[s][1] += 1
            elif isinstance(got, Card):
                known_held[s].append(got)

    for e in game.log:
        if isinstance(e, CardsPlayed):
            for c in e.cards:
                leave_hand(e.seat, c)
                seen[c] += 1
            in_play.extend(e.cards)
        elif isinstance(e, JesterPlayed):
            leave_hand(e.seat, Card.JESTER)
            seen[Card.JESTER] += 1
            in_play.append(Card.JESTER)
        elif isinstance(e, CardsDiscarded):
            for c in e.cards:
                leave_hand(e.seat, c)
            to_discard(e.cards)
        elif isinstance(e, EnemyDefeated):
            to_discard(in_play)
            in_play = []
            seen[e.enemy] += 1
            if e.exact:
                layers.append(_Layer(e.enemy, 1))
            else:
                to_discard((e.enemy,))
        elif isinstance(e, HeartsHealed):
            if e.moved:
                discard -= e.moved
                layers.insert(0, _Layer(RECYCLED, e.moved))
                surely_discarded.clear()
        elif isinstance(e, DiamondsDrawn):
            draws(e.order)
        elif isinstance(e, JesterFlipped):
            thrown = next(flips, None) if not game.table else None
            if thrown is None:
                merged = True
                discard += e.discarded
            else:
                for c in thrown:
                    leave_hand(e.seat, c)
                to_discard(thrown)
            held[e.seat] = [0, 0]
            known_held[e.seat] = []
            draws([e.seat] * e.drawn)
    _check_hand(game, seat, hand, surely_discarded)
    uns = universe - seen
    rec = +recycled
    for c in hand:  # a card in hand is unseen if it can be (the two Jesters look alike)
        if uns[c] > 0:
            uns[c] -= 1
        elif rec[c] > 0:
            rec[c] -= 1
    uns, rec = +uns, +rec
    others = tuple(
        (s, held[s][0], held[s][1], tuple(sorted(known_held[s])))
        for s in range(1, n + 1)
        if s != seat
    )
    u_slots = sum(x.count for x in layers if x.key == UNSEEN) + sum(o[1] for o in others)
    r_slots = sum(x.count for x in layers if x.key == RECYCLED) + sum(o[2] for o in others)
    if u_slots != uns.total() or r_slots + discard != rec.total():
        merged = True
    return InfoSet(
        players=n,
        seat=seat,
        settings=game.settings,
        prompt=p,
        hand=hand,
        enemy=game.enemy,
        attack=game.attack,
        health=game.health,
        damage=game.damage,
        shield=game.shield,
        cancelled=game.cancelled,
        blocked=(game.blocked_spades, game.blocked_hearts, game.blocked_diamonds),
        in_play=tuple(game.in_play),
        castle=tuple(sorted(game.castle)),
        flips_left=game.flips_left,
        flips_used=game.flips_used,
        yielded=tuple(game.yielded),
        yields_in_row=game.yields_in_row,
        tavern=tuple(
            (x.key if isinstance(x.key, str) else format_card(x.key), x.count) for x in layers
        ),
        discard_count=game.discard_count(),
        others=others,
        unseen=tuple(sorted(uns.elements())),
        recycled=tuple(sorted(rec.elements())),
        merged=merged,
    )


def _check_hand(game: Game, seat: int, hand: tuple[Card, ...], discarded: set[Card]) -> None:
    """A scanned hand must fit what is known: its count, each card once, none on the table."""
    count = game.hand_count(seat)
    if len(hand) > game.max_hand:
        raise HandContradiction("hand_too_big", cards=len(hand), max_hand=game.max_hand)
    if game.table and len(hand) != count:
        raise HandContradiction("hand_count_differs", cards=len(hand), count=count)
    twice = [c for c, k in Counter(hand).items() if k > (2 if c == JESTER_ID else 1)]
    if twice:
        raise HandContradiction("card_twice", card=format_card(twice[0]))
    for c in hand:
        if c in game.in_play and c != JESTER_ID:
            raise HandContradiction("card_in_play", card=format_card(c))
        if ROYAL[c] and (c == game.enemy or c in game.castle):
            raise HandContradiction("royal_not_defeated", card=format_card(c))
        if c in discarded and c != JESTER_ID:
            raise HandContradiction("card_discarded", card=format_card(c))
    jesters = hand.count(Card.JESTER)
    if jesters > game.jesters_in_tavern - game.in_play.count(Card.JESTER):
        raise HandContradiction("no_jester_left", jesters=jesters)


def determinize(info: InfoSet, rng: GameRng) -> Game:
    """A digital game at `info`'s decision, the hidden cards dealt at random into place."""
    uns = list(info.unseen)
    rec = list(info.recycled)
    if info.merged:
        uns += rec
        rec = uns
    rng.shuffle(uns)
    if rec is not uns:
        rng.shuffle(rec)

    def take(pool: list[Card], k: int) -> list[Card]:
        got = pool[len(pool) - k :] if k else []
        del pool[len(pool) - len(got) :]
        return got

    g = Game(info.players, False, rng.randrange(1 << 30), info.settings)
    by_text = {format_card(c): c for c in FULL_DECK}
    tavern: list[Card] = []
    for group, count in info.tavern:
        if group == UNSEEN:
            tavern += take(uns, count)
        elif group == RECYCLED:
            tavern += take(rec, count)
        else:
            tavern.append(by_text[group])
    hands: list[list[Card]] = [[] for _ in range(info.players + 1)]
    hands[info.seat] = list(info.hand)
    for s, u, r, known in info.others:
        hands[s] = take(uns, u) + take(rec, r) + list(known)
    g.hands = hands
    g.tavern = tavern
    g.discard = rec if rec is uns else rec + uns  # what no slot took (none, when counts add up)
    castle: list[Card] = []
    for rank in (13, 12, 11):  # Kings at the bottom, the next tier on top
        tier = [c for c in info.castle if RANK_INT[c] == rank]
        rng.shuffle(tier)
        castle += tier
    g.castle = castle
    g.in_play = list(info.in_play)
    g.enemy = info.enemy
    g.attack, g.health, g.damage, g.shield = info.attack, info.health, info.damage, info.shield
    g.cancelled = info.cancelled
    g.blocked_spades, g.blocked_hearts, g.blocked_diamonds = info.blocked
    g.yielded = list(info.yielded)
    g.yields_in_row = info.yields_in_row
    g.flips_left, g.flips_used = info.flips_left, info.flips_used
    g.seat = info.prompt.seat
    g.prompt = info.prompt
    g.status = "playing"
    return g
