"""Card movement between zones: deck, hands, equipment, judgment areas, discard pile.

Every move goes through these helpers so both modes behave alike: in table mode a
hand or the deck holds `HIDDEN` placeholders and a scanned card replaces one of
them; when a scan contradicts the count (a card played from a hand the engine
believes empty) the table wins, the count is corrected and `HandCountCorrected`
is emitted. Losing the last hand card or an equipment card queues a trigger for
the next `flush()`.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, TypeVar

from engine.core.cards import Color, Suit
from engine.sanguosha._rules import RulesLayer
from engine.sanguosha.cards import RULES
from engine.sanguosha.catalogue import Card, catalogue
from engine.sanguosha.context import MoveData
from engine.sanguosha.events import (
    CardsDiscarded,
    CardsDrawn,
    DeckReshuffled,
    EquipmentEquipped,
    GameOver,
    HandCountCorrected,
    PileChanged,
    SuitSeenAs,
)
from engine.sanguosha.settings import EndReason, Outcome
from engine.sanguosha.skills import REGISTRY, Flow, Point, Skill
from engine.sanguosha.state import HIDDEN, SLOT_INDEX, Player

_Key = TypeVar("_Key")

LENT = "lent"
"""The `_mods` key of the skills their holders lend to the other players (`Skill.lent`)."""


def _owner_seat(entry: tuple[Player, Skill]) -> int:
    return entry[0].seat


def _unindex(table: dict[_Key, list[tuple[Player, Skill]]], skill: Skill) -> None:
    """Drop `skill` from a trigger or modifier index (and keys left empty)."""
    for key in list(table):
        entries = [e for e in table[key] if e[1] is not skill]
        if entries:
            table[key] = entries
        else:
            del table[key]


class GameEnded(Exception):
    """Unwinds the resolution stack once the outcome is set (1d: the game ends at once)."""


class ZonesLayer(RulesLayer):
    def pop_deck(self) -> Card:
        """The top card of the deck, reshuffling the discard pile in when it is empty."""
        if not self.deck:
            self.reshuffle()
        return self.deck.pop()

    def reshuffle(self) -> None:
        """Shuffle the discard pile into a new deck; cards in resolution stay out (1d)."""
        if not self.discard_pile:
            self.end_game((), None, EndReason.DECK_EXHAUSTED)
        if self.table:
            self.deck = [HIDDEN] * len(self.discard_pile)
        else:
            self.deck = self.discard_pile
            self.rng.shuffle(self.deck)
        self.discard_pile = []
        self.emit(DeckReshuffled(len(self.deck)))

    def draw(self, p: Player, count: int, reason: str) -> None:
        """`p` draws `count` cards (counted, never shown, in table mode).

        At the table a drawn card stays unseen even when the engine remembers the
        deck's top (Guanxing): whoever physically took it is not certain.
        """
        hand = p.hand
        if self.table:
            for _ in range(count):
                self.pop_deck()
                hand.append(HIDDEN)
        else:
            for _ in range(count):
                hand.append(self.pop_deck())
        self.emit(CardsDrawn(p.seat, count, reason))

    def end_game(
        self,
        winners: tuple[int, ...],
        side: str | None,
        reason: EndReason,
        named: str | None = None,
    ) -> None:
        """End the game: `side` wins (a team id in a two-side mode, narrated as `named`)."""
        self.outcome = Outcome("over", winners, side, reason)
        self.status = "over"
        self.emit(GameOver(winners, named or side, reason.value))
        raise GameEnded

    # ---------------------------------------------------------------- leaving a player
    def take_from_hand(self, p: Player, card: Card) -> None:
        """Remove `card` from `p`'s hand (table mode: a placeholder, or correct the count)."""
        hand = p.hand
        if card in hand:
            hand.remove(card)
        elif self.table and HIDDEN in hand:
            hand.remove(HIDDEN)
        else:
            # only reachable in table mode: checks refuse it in digital mode
            before = len(hand)
            if self.deck:
                self.deck.pop()
            elif HIDDEN in self.discard_pile:
                self.discard_pile.remove(HIDDEN)
            self.emit(HandCountCorrected(p.seat, before, before + 1, str(card)))
        if not hand and Point.HAND_EMPTIED in self._hooks:
            self._queue.append((Point.HAND_EMPTIED, MoveData(p, (card,))))
        self.lost(p, (card,))

    def lost(self, p: Player, cards: tuple[Card, ...] | list[Card]) -> None:
        """`p` lost these cards from hand or equipment: queued as `Point.CARDS_LOST` when a
        skill listens (a standard game pays nothing); `flush` runs one trigger per move."""
        if cards and Point.CARDS_LOST in self._hooks:
            self._queue.append((Point.CARDS_LOST, MoveData(p, tuple(cards))))

    def take_card(self, p: Player, card: Card) -> str:
        """Remove `card` from wherever `p` holds it; returns the zone name."""
        equip = p.equip
        i = SLOT_INDEX.get(card.subtype)
        if i is not None and equip[i] is card:
            self.unequip(p, i)
            return "equipment"
        for k, (placed, _) in enumerate(p.judgment):
            if placed is card:
                del p.judgment[k]
                return "judgment"
        for name, pile in p.piles.items():  # a card on his general, used by a skill (急袭)
            if card in pile.items:
                self.take_from_pile(p, name, card)
                return "pile"
        self.take_from_hand(p, card)
        return "hand"

    def take_from_pile(self, p: Player, name: str, card: Card) -> None:
        """Take `card` off `p`'s pile `name` to be used (not a loss of hand or equipment)."""
        pile = p.piles[name]
        pile.items.remove(card)
        if not pile.items:
            del p.piles[name]
        self.distances_changed()
        total = len(pile.items)
        self.emit(PileChanged(p.seat, name, False, (str(card),), 1, total, "use", name))

    def take_random_hand(self, p: Player) -> Card:
        """A hand card chosen unseen: random in digital mode, a placeholder at the table.

        At the table any card of that hand may have gone, so its known cards are
        forgotten (the engine never claims a card is where it may not be).
        """
        hand = p.hand
        if self.table:
            hand[:] = [HIDDEN] * len(hand)
        card = hand.pop(self.rng.randint(0, len(hand) - 1)) if len(hand) > 1 else hand.pop()
        if not hand and Point.HAND_EMPTIED in self._hooks:
            self._queue.append((Point.HAND_EMPTIED, MoveData(p, (card,))))
        self.lost(p, (card,))
        return card

    def unequip(self, p: Player, slot: int) -> Card:
        card = p.equip[slot]
        assert card is not None
        p.equip[slot] = None
        self.distances_changed()
        skill_id = self.equipment_skills.get(card.name)
        if skill_id is not None:
            self.detach(p, skill_id)
        # queued for the card's own rule (Silver Lion heals) and for skills (Xiaoji)
        self._queue.append((Point.EQUIP_LOST, MoveData(p, (card,))))
        self.lost(p, (card,))
        return card

    # ---------------------------------------------------------------- arriving
    def to_discard(
        self, cards: list[Card] | tuple[Card, ...], seat: int | None, reason: str
    ) -> None:
        """Put cards on the discard pile and say so (hidden ones as an unseen count)."""
        if not cards:
            return
        self.discard_pile.extend(cards)
        shown = tuple([str(c) for c in cards if c is not HIDDEN])
        self.emit(CardsDiscarded(seat, shown, len(cards) - len(shown), reason))

    def finish_processing(self, cards: tuple[Card, ...]) -> None:
        """Cards whose resolution is over go to the discard pile (unless something took them)."""
        gone = []
        proc = self.processing
        for card in cards:
            if card in proc:
                proc.remove(card)
                gone.append(card)
        if gone:
            self.discard_pile.extend(gone)

    def equip(self, p: Player, card: Card) -> None:
        """Put `card` in its slot; the previous card of that slot is discarded (1d)."""
        i = SLOT_INDEX[card.subtype]
        old = p.equip[i]
        if old is not None:
            self.unequip(p, i)
            self.to_discard((old,), p.seat, "replaced")
        p.equip[i] = card
        self.distances_changed()
        skill_id = self.equipment_skills.get(card.name)
        if skill_id is not None:
            self.attach(p, REGISTRY[skill_id]())
        self.emit(EquipmentEquipped(p.seat, str(card), card.subtype, str(old) if old else None))

    # ---------------------------------------------------------------- skills
    def attach(self, p: Player, skill: Skill) -> None:
        """Give `p` a skill and index its triggers and modifiers."""
        p.skills.append(skill)
        self.distances_changed()
        for point in skill.triggers:
            # kept in seat order (ties: in the order attached), so `fire` only rotates it;
            # a new list, so that a `fire` running over the old one does not see it
            entries = list(self._hooks.get(point, ()))
            insort(entries, (p, skill), key=_owner_seat)
            self._hooks[point] = entries
        for mod in skill.modifiers:
            self._mods.setdefault(mod, []).append((p, skill))
        if skill.lent:  # indexed with the modifiers: `_unindex` drops it with them
            self._mods.setdefault(LENT, []).append((p, skill))

    def detach(self, p: Player, skill_id: str) -> None:
        for skill in p.skills:
            if skill.id == skill_id:
                break
        else:
            return
        p.skills.remove(skill)
        self.distances_changed()
        _unindex(self._hooks, skill)
        _unindex(self._mods, skill)

    def seen_as(self, p: Player, card: Card) -> Card:
        """`card` as it counts for `p` (`Skill.card_suit`: 红颜's ♠ is a ♥): itself, or a
        copy with that suit and its colour, read by rules and never moved."""
        by = self._suit_by(p, card)
        if by is None:
            return card
        suit = by[0]
        color = Color.RED if suit in (Suit.HEART, Suit.DIAMOND) else Color.BLACK
        return Card(
            card.name,
            suit,
            card.rank,
            card.subtype,
            color,
            true_name=card.true_name,
            nature=card.nature,
        )

    def seen_as_said(self, p: Player, card: Card) -> Card:
        """`seen_as`, for a card whose suit decides something now (a judgment, 天香's
        discard): when a skill changes it, the table is told once (`suit_seen_as`)."""
        by = self._suit_by(p, card)
        if by is not None:
            self.emit(SuitSeenAs(p.seat, str(card), by[0].name.lower(), by[1].id))
        return self.seen_as(p, card)

    def _suit_by(self, p: Player, card: Card) -> tuple[Suit, Skill] | None:
        """The suit a skill makes `card` count as for `p`, and that skill; None: its own."""
        mods = self._mods.get("card_suit")
        if not mods or card is HIDDEN:
            return None
        for owner, skill in mods:
            suit = skill.card_suit(self.game, owner, p, card)
            if suit is not None and suit is not card.suit:
                return suit, skill
        return None

    def general_skill_ids(self, p: Player) -> tuple[str, ...]:
        """The skills `p`'s general plays with: the printed ones (lord skills only for the
        lord), or those a mode gives that general instead (`ModeSpec.general_skills`: the
        3v3 versions), a data mapping rather than a case in the skills."""
        spec = catalogue().generals.get(p.general or "")
        if spec is None:
            return ()
        ids = spec.skills + (spec.lord_skills if p is self.lord else ())
        mode = self.team_mode
        if mode is not None:
            ids = mode.spec.general_skills.get(spec.id, ids)
        return ids

    def general_skills(self, p: Player) -> list[Skill]:
        """Instances of `p`'s general's registered skills (`general_skill_ids`)."""
        return [REGISTRY[s]() for s in self.general_skill_ids(p) if s in REGISTRY]

    def fire(self, point: Point, data: Any) -> Flow:
        """Run the skills listening at `point`, in seat order from the current player."""
        entries = self._hooks.get(point)
        if not entries:
            return
        if len(entries) > 1:  # a copy, in seat order from the current player's seat
            start = (self.current or self.players[0]).seat
            i = 0
            for owner, _ in entries:
                if owner.seat >= start:
                    break
                i += 1
            entries = entries[i:] + entries[:i]
        gained = self.gained
        yield from self._fire_entries(point, data, entries)
        if self.gained != gained and self.settings.awakened_skill_same_timing:
            # a skill gained at this point (an awakening's) may still act at it
            # (docs/forest-mountain.md §2.1): the listeners not run yet, once
            ran = {id(skill) for _, skill in entries}
            late = [e for e in self._hooks.get(point, ()) if id(e[1]) not in ran]
            yield from self._fire_entries(point, data, late)

    def _fire_entries(self, point: Point, data: Any, entries: list[tuple[Player, Skill]]) -> Flow:
        game = self.game  # asking a confirmation is a layer above (RespondLayer)
        for owner, skill in entries:
            if skill not in owner.skills:
                continue  # lost during this point
            if not (owner.alive or point is Point.DEATH):
                continue
            if skill.once and skill.id in owner.spent and not skill.lasting:
                continue  # a limited skill used, an awakening fired
            if not skill.can_trigger(game, owner, point, data):
                continue
            if skill.compulsory:
                game.skill_invoked(owner, skill.id)
            elif skill.asks_first:
                ok = yield from game.ask_confirm(owner, skill.id, data)
                if not ok:
                    continue
                game.skill_invoked(owner, skill.id)
            yield from skill.on_trigger(game, owner, point, data)

    def flush(self) -> Flow:
        """Run queued move triggers (last hand card lost, equipment lost, cards lost: one
        trigger for every card a player lost since the last flush, one move)."""
        while self._queue:
            point, data = self._queue.pop(0)
            if point is Point.CARDS_LOST:
                data = self._one_move(data)
            elif point is Point.EQUIP_LOST:
                for card in data.cards:
                    yield from RULES[card.name].on_leave(self.game, data.player, card)
            yield from self.fire(point, data)

    def _one_move(self, data: MoveData) -> MoveData:
        """The queued losses of `data.player` merged into one move (taken off the queue)."""
        cards = list(data.cards)
        rest = []
        for point, more in self._queue:
            if point is Point.CARDS_LOST and more.player is data.player:
                cards += more.cards
            else:
                rest.append((point, more))
        self._queue[:] = rest
        return MoveData(data.player, tuple(cards))
