"""The table mechanics of the 神话再临 packs, one general mechanism each, for the skills
that build on them (docs/wind-fire.md §2, docs/forest-mountain.md §2).

- face-down seats (翻面, §2.1): `flip`; the skipped turn itself is `FlowLayer.turn`'s;
- point comparison (拼点, §2.2): `compare_points`, a sub-flow a skill hook starts and
  gets the result of;
- cards kept on a general (不屈, 屯田's fields, 化身's general cards, §2.3): `add_to_pile`,
  `remove_from_pile`, public or private piles keyed by skill;
- limited and awakening skills: `awaken` (the once-per-game bookkeeping is in
  `RespondLayer.skill_invoked`, the refusals in `fire` and the checks);
- max HP changes: `change_max_hp` (0 kills at once: no dying, no killer);
- extra turns: `grant_extra_turn` (taken by `FlowLayer.turn`);
- hidden cards changing hands: `swap_hands`, `give_hand_cards` (counts only at the table);
  moving a card on the board: `check_board_move`, `move_on_board`;
- skills lost, kingdom and gender changed: `lose_general_skills`, `gain_skill`,
  `set_kingdom_gender`.

Nothing here runs unless a skill calls it: a standard game pays for none of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.sanguosha._life import LifeLayer
from engine.sanguosha.catalogue import Card
from engine.sanguosha.context import Comparison, MoveData
from engine.sanguosha.events import (
    CardMovedOnBoard,
    ExtraTurnGranted,
    GeneralFlipped,
    HandCardsGiven,
    HandsSwapped,
    KingdomGenderChanged,
    MaxHpChanged,
    PileChanged,
    PointsCompared,
    SkillAwakened,
    SkillsChanged,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import REGISTRY, Flow, Point
from engine.sanguosha.state import SLOT_INDEX, ExtraTurn, Pile, Player

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem


POINTS = "points"
"""A point comparison's `reveal_card` prompts have this `reason` (the skill is their `skill`)."""


class MechanismsLayer(LifeLayer):
    # ---------------------------------------------------------------- 1. face-down
    def flip(self, p: Player, reason: str) -> None:
        """Turn `p`'s general over (翻面): face-up becomes face-down and back."""
        p.face_up = not p.face_up
        self.emit(GeneralFlipped(p.seat, p.face_up, reason))

    # ---------------------------------------------------------------- 2. point comparison
    def comparison_problem(self, initiator: Player, target: Player, reason: str) -> Problem:
        """Why `initiator` cannot compare points with `target` now (None: they can): both
        need a hand card, and the target is another living player."""
        if not target.alive:
            return Reason.TARGET_DEAD, {"target": target.seat}
        if target is initiator:
            return Reason.CANNOT_TARGET_SELF, {"card": reason}
        for p in (initiator, target):
            if not p.hand:
                return Reason.NO_HAND_CARDS, {"card": reason, "target": p.seat}
        return None

    def compare_points(self, initiator: Player, target: Player, reason: str) -> Flow:
        """拼点: each chooses a hand card face down (the initiator first), both are revealed
        together; returns True when the initiator's rank is higher (a tie is not a win).

        Each card leaves its hand when chosen (laid face down: the counts fall by 1) and
        both go to the discard pile after the reveal. At the table each is scanned when
        revealed; a scan of a card not in that hand (when known), or of the first card
        again, is refused (`ChecksLayer._check_reveal_card`). The caller checked
        `comparison_problem` first.
        """
        ctx = Comparison(initiator, target, reason)
        for p in (initiator, target):
            answer = yield Prompt(
                PromptKind.REVEAL_CARD,
                p.seat,
                (p.seat,),
                source=initiator.seat,
                target=p.seat,
                reason=POINTS,
                skill=reason,
                ctx=ctx,
            )
            card: Card = answer.card
            self.take_from_hand(p, card)
            self.processing.append(card)
            ctx.cards.append(card)
        mine, theirs = ctx.cards
        won = mine.rank > theirs.rank
        result = PointsCompared(initiator.seat, target.seat, str(mine), str(theirs), won, reason)
        self.last_comparison = result  # shown in the view until the turn ends
        self.emit(result)
        self.finish_processing((mine, theirs))
        if self._queue:
            yield from self.flush()
        return won

    # ---------------------------------------------------------------- 3. cards on a general
    def add_to_pile(
        self, p: Player, name: str, items: Iterable[Card | str], public: bool, reason: str
    ) -> None:
        """Put cards (or general ids) on `p`'s general, in the pile of skill `name`; the
        caller has taken them from where they were. A pile may change distances (屯田's
        fields): the cached distances are dropped."""
        pile = p.piles.get(name)
        if pile is None:
            pile = p.piles[name] = Pile(name, public)
        added = list(items)
        pile.items.extend(added)
        self.distances_changed()
        shown = tuple(str(c) for c in added) if public else ()
        self.emit(PileChanged(p.seat, name, True, shown, len(added), len(pile.items), "", reason))

    def remove_from_pile(
        self, p: Player, name: str, items: Iterable[Card | str], to: str, reason: str
    ) -> None:
        """Take items off `p`'s pile `name`: cards go to the discard pile (`to` "discard")
        or to `p`'s hand ("hand"); "gone" drops them (a general card leaves the game)."""
        pile = p.piles[name]
        taken = list(items)
        for item in taken:
            pile.items.remove(item)
        cards = [c for c in taken if isinstance(c, Card)]
        if to == "discard":
            self.discard_pile.extend(cards)
        elif to == "hand":
            p.hand.extend(cards)
        if not pile.items:
            del p.piles[name]
        self.distances_changed()
        shown = tuple(str(c) for c in taken) if pile.public else ()
        total = len(pile.items)
        self.emit(PileChanged(p.seat, name, False, shown, len(taken), total, to, reason))

    def bury(self, p: Player) -> None:
        """A dead player's piles go too: cards to the discard pile, general cards away."""
        super().bury(p)
        for name, pile in list(p.piles.items()):
            self.remove_from_pile(p, name, list(pile.items), "discard", "bury")

    # ---------------------------------------------------------------- 4. awakening
    def awaken(self, p: Player, skill_id: str, max_hp: int, gains: tuple[str, ...]) -> Flow:
        """An awakening skill fires (its once-per-game mark is set by `skill_invoked`):
        `max_hp` change (e.g. -1), then the skills gained, which may still act at the
        point being fired (`awakened_skill_same_timing`, `ZonesLayer.fire`)."""
        self.emit(SkillAwakened(p.seat, skill_id, gains))
        if max_hp:
            yield from self.change_max_hp(p, max_hp, skill_id)
        if p.alive:
            for gained in gains:
                self.gain_skill(p, gained, skill_id)

    # ---------------------------------------------------------------- 5. max HP
    def change_max_hp(self, p: Player, delta: int, reason: str) -> Flow:
        """Change `p`'s max HP by `delta`. A loss caps HP at the new maximum (a gain does
        not heal); a max HP that reaches 0 kills at once: no dying, no killer."""
        before = p.max_hp
        p.max_hp = max(before + delta, 0)
        if p.hp > p.max_hp:
            p.hp = p.max_hp
        self.emit(MaxHpChanged(p.seat, before, p.max_hp, p.hp, reason))
        if p.max_hp <= 0 and p.alive:
            yield from self.die(p, None)

    # ---------------------------------------------------------------- 6. extra turns
    def grant_extra_turn(self, p: Player, reason: str) -> None:
        """`p` takes a full extra turn right after the current turn ends; then play goes
        on after the player whose turn it was (`FlowLayer.turn`)."""
        by = self.current.seat if self.current is not None else None
        self.extra_turns.append(ExtraTurn(p.seat, reason, by))
        self.emit(ExtraTurnGranted(p.seat, reason))

    # ---------------------------------------------------------------- 7. hidden cards
    def swap_hands(self, a: Player, b: Player, reason: str) -> Flow:
        """`a` and `b` swap their hands face down (缔盟): at the table only the counts are
        known, and the cards the engine knew go with the hands."""
        count_a, count_b = len(a.hand), len(b.hand)
        a.hand, b.hand = b.hand, a.hand
        self.emit(HandsSwapped(a.seat, b.seat, count_a, count_b, reason))
        if Point.HAND_EMPTIED in self._hooks:
            for p, had in ((a, count_a), (b, count_b)):
                if had and not p.hand:
                    self._queue.append((Point.HAND_EMPTIED, MoveData(p, ())))
        self.lost(a, b.hand)  # each lost the hand he had, now the other's
        self.lost(b, a.hand)
        if self._queue:
            yield from self.flush()

    def give_hand_cards(
        self, p: Player, target: Player, cards: tuple[Card, ...] | int, reason: str
    ) -> Flow:
        """`p` gives hand cards to `target` face down (好施): the named cards, or at the table
        a count of unseen ones."""
        if isinstance(cards, int):  # the last `cards` of the hand (unseen at the table)
            count = max(min(cards, len(p.hand)), 0)
            if self.table:
                given = self.take_unseen(p, count)
            else:
                given = p.hand[len(p.hand) - count :]
                del p.hand[len(p.hand) - count :]
                self.lost(p, given)
            if not p.hand and given and Point.HAND_EMPTIED in self._hooks:
                self._queue.append((Point.HAND_EMPTIED, MoveData(p, tuple(given))))
        else:
            given = list(cards)
            for card in given:
                self.take_from_hand(p, card)
        target.hand.extend(given)
        self.emit(HandCardsGiven(p.seat, target.seat, len(given), reason))
        if self._queue:
            yield from self.flush()

    def board_zone(self, p: Player, card: Card) -> str | None:
        """Where `card` sits on `p`'s board: "equipment", "judgment", or None."""
        i = SLOT_INDEX.get(card.subtype)
        if i is not None and p.equip[i] is card:
            return "equipment"
        if any(placed is card for placed, _ in p.judgment):
            return "judgment"
        return None

    def check_board_move(self, by: Player, source: Player, card: Card, target: Player) -> str:
        """Refuse moving `card` from `source`'s board to the same area of `target`
        (IllegalAction, nothing changed); returns the zone. An equipment card needs that
        slot empty; a delayed trick a player who holds no trick of its name and whom it
        could target (谦逊, 帷幕: the `prohibit` modifiers, with `by` as its user).
        Distance does not matter."""
        zone = self.board_zone(source, card)
        if zone is None:
            raise IllegalAction(
                Reason.CARD_NOT_THERE, card=str(card), seat=source.seat, zone="area"
            )
        if target is source:
            raise IllegalAction(Reason.ALREADY_THERE, card=str(card), seat=target.seat, zone=zone)
        if not target.alive:
            raise IllegalAction(Reason.TARGET_DEAD, target=target.seat)
        if zone == "equipment":
            held = target.equip[SLOT_INDEX[card.subtype]]
            if held is not None:
                raise IllegalAction(
                    Reason.SLOT_OCCUPIED, card=str(card), seat=target.seat, held=str(held)
                )
            return zone
        name = next(n for placed, n in source.judgment if placed is card)
        if name in target.delayed_names():
            raise IllegalAction(Reason.ALREADY_IN_AREA, card=name, target=target.seat)
        problem = self.prohibited_error(by, target, name, (card,))
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])
        return zone

    def move_on_board(
        self, by: Player, source: Player, card: Card, target: Player, reason: str
    ) -> Flow:
        """Move a checked card (`check_board_move`) to the same area of `target`. Not a use:
        no Nullification window, no use triggers; equipment leaving its owner counts as
        lost (a moved Silver Lion heals its former owner)."""
        zone = self.board_zone(source, card)
        if zone == "equipment":
            self.unequip(source, SLOT_INDEX[card.subtype])
            self.emit(CardMovedOnBoard(source.seat, target.seat, str(card), zone, reason))
            self.equip(target, card)
        else:
            k = next(i for i, (placed, _) in enumerate(source.judgment) if placed is card)
            placed = source.judgment.pop(k)
            target.judgment.append(placed)
            self.emit(CardMovedOnBoard(source.seat, target.seat, str(card), "judgment", reason))
        if self._queue:
            yield from self.flush()

    # ---------------------------------------------------------------- 8. skills, kingdom, gender
    def gain_skill(self, p: Player, skill_id: str, reason: str) -> None:
        """`p` gains a registered skill (an awakening's, 化身's)."""
        if self.skill_of(p, skill_id) is not None:
            return
        self.attach(p, REGISTRY[skill_id]())
        self.gained += 1
        self.emit(SkillsChanged(p.seat, (skill_id,), (), reason))

    def lose_skill(self, p: Player, skill_id: str, reason: str) -> None:
        if self.skill_of(p, skill_id) is None:
            return
        self.detach(p, skill_id)
        self.emit(SkillsChanged(p.seat, (), (skill_id,), reason))

    def lose_general_skills(self, p: Player, reason: str) -> None:
        """`p` loses every general skill (断肠): lord skills, gained ones, 化身's; the
        abilities of equipped cards stay."""
        equipped = {self.equipment_skills.get(c.name) for c in p.equipment_cards()}
        lost = tuple(s.id for s in p.skills if s.id not in equipped)
        for skill_id in lost:
            self.detach(p, skill_id)
        if lost:
            self.emit(SkillsChanged(p.seat, (), lost, reason))

    def set_kingdom_gender(self, p: Player, kingdom: str, gender: str, reason: str) -> None:
        """Every kingdom or gender check reads `p.kingdom` and `p.gender` (化身 sets them)."""
        p.kingdom, p.gender = kingdom, gender
        self.emit(KingdomGenderChanged(p.seat, kingdom, gender, reason))


__all__ = ["MechanismsLayer"]
