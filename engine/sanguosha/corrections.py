"""Host corrections: the host fixes the engine's picture of the table by hand.

docs/product.md "Mistakes": "The host can correct anything by hand (set health, move a
card, fix a hand count)". Three actions, submitted with seat None at any pending
decision: `SetHealth(seat, hp)`, `SetHandCount(seat, count)` and
`MoveCard(card, to, seat)`. Each is checked completely before anything changes (a
refused correction changes nothing), then applied directly to the zones: it is not
an answer to the pending prompt, so the resolution stack does not move and the same
decision stays pending. Each accepted correction counts in `log_length` and returns
one event: `HealthCorrected`, `HandCountSetByHost` or `CardMovedByHost`.

Decisions (the why of each refusal):

- **Table mode only** (`MODE_ONLY`). A digital game deals its own cards and sees
  every hand: there is no physical table to disagree with, and self-play stays a
  pure function of the rules.
- **After setup** (`GAME_NOT_STARTED`): until every seat has a general there is no
  health and no hand to correct.
- **Health is 1..max_hp** (`HEALTH_OUT_OF_RANGE`). Setting 0 would bypass the
  dying rules (Peach requests, the identity reveal, rewards and penalties, victory):
  a death goes through the rules (a correction to 1, then the damage that kills).
- **A dying player is left to the rules** (`PLAYER_DYING`): while the Peach
  requests run, health and cards of that seat are what the rules are deciding.
- **The pending decision stays possible.** A decision that takes a seat's cards (a
  discard, a card taken from a target, a dismantled card revealed, a skill's
  question about its target) refuses corrections of that seat (`DECISION_PENDING`:
  finish, or UNDO, the decision first); a card being resolved or named by the
  pending decision (a staged card) cannot move (`CARD_IN_USE`).
- **Not while targets are chosen** (`TARGETS_PENDING`): the targets offered were
  checked against distances, cards and health as they were; the player finishes
  (or NO cancels) the play, then the host corrects. Likewise the providers offered
  to an asked player (Eight Diagrams) keep that seat uncorrected until they answer.
- **A missed death** (`SetDead(seat, killer)`) is the one correction with the rules'
  consequences: it runs the death exactly as in play (`Game.die`: the identity
  reveal, the game-over check, rewards and penalties or the mode's reward, burial,
  1v1's next general), in front of the pending decision, which then stands again
  (`Game.run_aside`). Refused for a seat the pending decision asks (`SEAT_ASKED`),
  except the dying player's own play phase, which then ends (as a death in one's own
  turn ends it).
- **No skill triggers.** A correction fixes a mistake, it is not a game move:
  losing the last hand card or an equipment card by correction fires nothing, and
  equipment abilities simply follow the card.

Where cards come from and go, at the table. The engine knows the cards it saw
(equipment, judgment areas, the discard pile, scanned hand cards); the rest are
`HIDDEN` placeholders in hands, the deck and the discard pile, so a card it has not
seen "moves" by replacing a placeholder:

- `SetHandCount`: a hand that grows takes unseen cards from the deck (a draw the
  engine did not count), else unseen ones from the discard pile; a hand that
  shrinks returns unseen cards to the bottom of the deck (a draw counted that did
  not happen). Unseen cards go first; if the hand must lose more than it has unseen
  cards, which cards remain is unknown and its known cards are forgotten.
- `MoveCard`: the card leaves the place where the engine saw a copy (the destination
  seat's own hand first, for equipment and judgment; then equipment, judgment areas,
  other hands, the discard pile, the deck). A card it never saw leaves the
  destination seat's hand (equipment and judgment areas are filled from one's hand)
  or else the deck; the event says which, so the host can UNDO a wrong guess.
  Equipment replaces the card of its slot, which goes to the discard pile (1d); a
  judgment area takes delayed tricks only, never two of the same name, and a card
  moved between judgment areas keeps what it counts as.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha.actions import Action, MoveCard, SetDead, SetHandCount, SetHealth
from engine.sanguosha.catalogue import Card
from engine.sanguosha.events import (
    CardMovedByHost,
    DeathSetByHost,
    Event,
    HandCountSetByHost,
    HealthCorrected,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import REGISTRY, Flow
from engine.sanguosha.state import HIDDEN, SLOT_INDEX, Player

if TYPE_CHECKING:
    from engine.sanguosha.game import Game

__all__ = ["CORRECTIONS", "ZONES", "correct"]

CORRECTIONS: tuple[type[Action], ...] = (SetHealth, SetHandCount, MoveCard, SetDead)
"""The host corrections, dispatched by `Game.submit` before the prompt's checks."""

ZONES = ("hand", "equipment", "judgment", "discard")
"""Where `MoveCard` may put a card."""

_TAKES_CARDS_OF_TARGET = (
    PromptKind.CHOOSE_CARD_FROM,
    PromptKind.REVEAL_CARD,
    PromptKind.CONFIRM,  # a skill's question about a target whose card it may take next
    PromptKind.CHOOSE_OPTION,
)
_ANSWERS = (PromptKind.RESPOND, PromptKind.NULLIFY)


def correct(game: Game, seat: int | None, action: Action) -> list[Event]:
    """Check, then apply, one host correction; returns its event.

    Raises:
        IllegalAction: not the host, digital mode, setup, or a refusal of the
            correction itself (see the module docstring); nothing changed.
        InvalidAction: an unknown seat, zone or card; nothing changed.
    """
    if seat is not None:
        raise IllegalAction(Reason.HOST_ONLY, action=action.kind)
    if not game.table:
        raise IllegalAction(Reason.MODE_ONLY, action=action.kind, mode="table")
    if game.status != "playing":
        raise IllegalAction(Reason.GAME_NOT_STARTED, action=action.kind)
    prompt = game.pending()
    if prompt is not None and prompt.kind is PromptKind.CHOOSE_TARGET:
        # the targets offered were checked against ranges, cards and health as they are
        raise IllegalAction(Reason.TARGETS_PENDING, seat=prompt.seat)
    if isinstance(action, SetDead):
        flow = _set_dead(game, action)  # checked: the death's rules run from here
        game.log_length += 1
        return game.run_aside(flow)
    if isinstance(action, SetHealth):
        event: Event = _set_health(game, action)
    elif isinstance(action, SetHandCount):
        event = _set_hand_count(game, action)
    elif isinstance(action, MoveCard):
        event = _move_card(game, action)
    else:  # pragma: no cover - Game.submit dispatches CORRECTIONS only
        raise InvalidAction(Reason.UNKNOWN_ACTION, action=action.kind)
    game.log_length += 1
    return [event]


# ---------------------------------------------------------------------- shared checks
def _living(game: Game, seat: object) -> Player:
    """The living, not dying, player at `seat`, whom no pending decision takes cards from."""
    if type(seat) is not int or not 1 <= seat <= game.n:
        raise InvalidAction(Reason.UNKNOWN_SEAT, seat=seat, players=game.n)
    p = game.player(seat)
    if not p.alive:
        raise IllegalAction(Reason.TARGET_DEAD, target=seat)
    if p.hp <= 0:
        raise IllegalAction(Reason.PLAYER_DYING, seat=seat)
    prompt = game.pending()
    if prompt is not None and seat in _decision_seats(prompt):
        raise IllegalAction(Reason.DECISION_PENDING, seat=seat, prompt=prompt.kind.value)
    return p


def _decision_seats(prompt: Prompt) -> tuple[int, ...]:
    """Seats whose cards (or, for a discard, whose count) the pending decision uses."""
    if prompt.kind is PromptKind.DISCARD and prompt.seat is not None:
        return (prompt.seat,)
    if prompt.kind in _ANSWERS and prompt.options and prompt.seat is not None:
        return (prompt.seat,)  # the providers offered (Eight Diagrams) follow its equipment
    if prompt.kind in _TAKES_CARDS_OF_TARGET and prompt.target is not None:
        return (prompt.target,)
    return ()


def _busy(game: Game) -> set[Card]:
    """Cards being resolved or named by the pending decision (a staged card)."""
    busy = set(game.processing)
    prompt = game.pending()
    if prompt is None:
        return busy
    if prompt.card:
        busy.update(c for c in game.copies if c.text in prompt.card.split("+"))
    stack: list[object] = [prompt.ctx]
    while stack:  # the prompt's own objects: staged cards, offered cards
        item = stack.pop()
        if isinstance(item, Card):
            busy.add(item)
        elif isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return busy


def _unseen_stock(game: Game) -> int:
    """Unseen cards a hand may take: the deck's, then the discard pile's placeholders."""
    return len(game.deck) + game.discard_pile.count(HIDDEN)


def _take_unseen_stock(game: Game) -> None:
    if game.deck:
        game.deck.pop()  # as a draw: the top, forgotten even if it was remembered
    else:
        game.discard_pile.remove(HIDDEN)


# ---------------------------------------------------------------------- SetHealth
def _set_health(game: Game, action: SetHealth) -> Event:
    p = _living(game, action.seat)
    hp = action.hp
    if type(hp) is not int or not 1 <= hp <= p.max_hp:
        raise IllegalAction(Reason.HEALTH_OUT_OF_RANGE, seat=p.seat, hp=hp, max_hp=p.max_hp)
    before, p.hp = p.hp, hp
    return HealthCorrected(p.seat, before, hp, p.max_hp)


# ---------------------------------------------------------------------- SetDead
def _set_dead(game: Game, action: SetDead) -> Flow:
    """Check a missed death; returns the flow that plays it (see the module docstring)."""
    p = _living(game, action.seat)
    prompt = game.pending()
    own_play = prompt is not None and prompt.kind is PromptKind.PLAY and prompt.seat == p.seat
    if prompt is not None and not own_play and (p.seat == prompt.seat or p.seat in prompt.seats):
        raise IllegalAction(Reason.SEAT_ASKED, seat=p.seat, prompt=prompt.kind.value)
    killer = None
    if action.killer is not None:
        k = action.killer
        if type(k) is not int or not 1 <= k <= game.n:
            raise InvalidAction(Reason.UNKNOWN_SEAT, seat=k, players=game.n)
        killer = game.player(k)
        if not killer.alive:
            raise IllegalAction(Reason.TARGET_DEAD, target=k)
    between_plays = prompt is not None and prompt.kind is PromptKind.PLAY and not own_play
    return _death(game, p, killer, between_plays)


def _death(game: Game, p: Player, killer: Player | None, between_plays: bool) -> Flow:
    game.emit(DeathSetByHost(p.seat, killer.seat if killer is not None else None))
    p.hp = min(p.hp, 0)
    yield from game.die(p, killer)
    mode = game.team_mode
    if between_plays and game.entering and mode is not None:
        yield from mode.enter(game)  # 1v1: between two plays, as after a death in play


# ---------------------------------------------------------------------- SetHandCount
def _set_hand_count(game: Game, action: SetHandCount) -> Event:
    p = _living(game, action.seat)
    count, hand = action.count, p.hand
    limit = len(hand) + _unseen_stock(game)
    if type(count) is not int or not 0 <= count <= limit:
        raise IllegalAction(Reason.HAND_COUNT_OUT_OF_RANGE, seat=p.seat, count=count, limit=limit)
    before = len(hand)
    forgotten: tuple[str, ...] = ()
    if count > before:
        for _ in range(count - before):
            _take_unseen_stock(game)
            hand.append(HIDDEN)
    elif count < before:
        drop = before - count
        unseen = hand.count(HIDDEN)
        if drop > unseen:
            forgotten = tuple(str(c) for c in hand if c is not HIDDEN)
            hand[:] = [HIDDEN] * before
        for _ in range(drop):
            hand.remove(HIDDEN)
        game.deck[:0] = [HIDDEN] * drop
    return HandCountSetByHost(p.seat, before, count, forgotten)


# ---------------------------------------------------------------------- MoveCard
@dataclass(frozen=True, slots=True)
class _Source:
    """Where the moved card leaves from; `unseen`: a placeholder stands for it."""

    zone: str  # hand, equipment, judgment, discard, deck
    holder: Player | None
    unseen: bool = False
    counts_as: str | None = None  # a judgment-area card: the trick it counts as


def _move_card(game: Game, action: MoveCard) -> Event:
    card, to = action.card, action.to
    if not isinstance(card, Card):
        raise InvalidAction(Reason.UNKNOWN_CARD, text=repr(card))
    if card not in game.copies:
        raise IllegalAction(Reason.CARD_NOT_IN_GAME, card=str(card))
    if to not in ZONES:
        raise InvalidAction(Reason.UNKNOWN_ZONE, zone=to)
    if to == "discard":
        if action.seat is not None:
            raise InvalidAction(Reason.UNKNOWN_ACTION, action=action.to_json())
        dest = None
    else:
        dest = _living(game, action.seat)
    if to == "equipment" and card.subtype not in SLOT_INDEX:
        raise IllegalAction(Reason.WRONG_ZONE, card=str(card), zone=to)
    source = _find_source(game, card, to, dest)
    if source.holder is not None:
        _living(game, source.holder.seat)
    if to == "judgment":
        assert dest is not None
        name = source.counts_as or card.name
        if source.counts_as is None and card.subtype != "delayed":
            raise IllegalAction(Reason.WRONG_ZONE, card=str(card), zone=to)
        if name in dest.delayed_names():
            raise IllegalAction(Reason.ALREADY_IN_AREA, card=name, target=dest.seat)
    # checked: from here on nothing refuses
    counted = _leave(game, card, source)
    replaced = _arrive(game, card, to, dest, counted or card.name)
    return CardMovedByHost(
        str(card),
        source.zone,
        source.holder.seat if source.holder is not None else None,
        to,
        dest.seat if dest is not None else None,
        str(replaced) if replaced is not None else None,
    )


def _find_source(game: Game, card: Card, to: str, dest: Player | None) -> _Source:
    """Where the engine saw a copy of `card` (not at the destination), else where an
    unseen copy is taken from; refuses a card in use or with no place left."""
    if card in _busy(game):
        raise IllegalAction(Reason.CARD_IN_USE, card=str(card))
    seen = _seen(game, card, to, dest)
    if seen is not None:
        return seen
    known = game.deck.count(card) + game.discard_pile.count(card) + game.processing.count(card)
    for q in game.players:
        known += q.hand.count(card) + q.equip.count(card)
        known += sum(1 for c, _ in q.judgment if c is card)
    if known >= game.copies[card]:  # every copy is at the destination already
        where = dest.seat if dest is not None else None
        raise IllegalAction(Reason.ALREADY_THERE, card=str(card), seat=where, zone=to)
    if dest is not None and to in ("equipment", "judgment") and HIDDEN in dest.hand:
        return _Source("hand", dest, unseen=True)
    if HIDDEN in game.deck:
        return _Source("deck", None, unseen=True)
    if HIDDEN in game.discard_pile:
        return _Source("discard", None, unseen=True)
    raise IllegalAction(Reason.CARD_PLACE_UNKNOWN, card=str(card))


def _seen(game: Game, card: Card, to: str, dest: Player | None) -> _Source | None:
    """The first place a copy of `card` is known to be, other than the destination."""
    if dest is not None and to != "hand" and card in dest.hand:
        return _Source("hand", dest)
    for q in game.players:  # a dead player's place is refused by `_living`
        if card in q.equip and not (to == "equipment" and q is dest):
            return _Source("equipment", q)
    for q in game.players:
        for c, name in q.judgment:
            if c is card and not (to == "judgment" and q is dest):
                return _Source("judgment", q, counts_as=name)
    for q in game.players:
        if card in q.hand and not (to == "hand" and q is dest):
            return _Source("hand", q)
    if card in game.discard_pile and to != "discard":
        return _Source("discard", None)
    if card in game.deck:
        return _Source("deck", None)
    return None


def _leave(game: Game, card: Card, source: _Source) -> str | None:
    """Take the card (or the placeholder standing for it) out of `source`; returns
    what a judgment-area card counted as."""
    holder, zone = source.holder, source.zone
    taken = HIDDEN if source.unseen else card
    if zone == "deck":
        del game.deck[game.deck.index(taken)]  # the first from the bottom
    elif zone == "discard":
        game.discard_pile.remove(taken)
    elif zone == "hand":
        assert holder is not None
        holder.hand.remove(taken)
    elif zone == "equipment":
        assert holder is not None
        _unequip(game, holder, SLOT_INDEX[card.subtype])
    else:
        assert holder is not None
        for k, (c, name) in enumerate(holder.judgment):
            if c is card:
                del holder.judgment[k]
                return name
    return None


def _arrive(game: Game, card: Card, to: str, dest: Player | None, name: str) -> Card | None:
    """Put the card in place; returns the equipment card it displaced, if any."""
    if to == "discard":
        game.discard_pile.append(card)
        return None
    assert dest is not None
    if to == "hand":
        dest.hand.append(card)
        return None
    if to == "judgment":
        dest.judgment.append((card, name))
        return None
    slot = SLOT_INDEX[card.subtype]
    old = dest.equip[slot]
    if old is not None:
        _unequip(game, dest, slot)
        game.discard_pile.append(old)
    dest.equip[slot] = card
    skill_id = game.equipment_skills.get(card.name)
    if skill_id is not None:
        game.attach(dest, REGISTRY[skill_id]())
    return old


def _unequip(game: Game, p: Player, slot: int) -> None:
    """Empty a slot and drop its ability, without the loss triggers of `game.unequip`."""
    card = p.equip[slot]
    p.equip[slot] = None
    skill_id = game.equipment_skills.get(card.name) if card is not None else None
    if skill_id is not None:
        game.detach(p, skill_id)
