"""The Wu generals' active skills, started from the play prompt with `UseSkill`, original
standard texts (docs/sanguosha.md 1b): Sun Quan (zhiheng), Huang Gai (kurou), Zhou Yu
(fanjian), Sun Shangxiang (jieyin).

"Once per play phase" is a `turn:` mark: the play phase happens once a turn and the
engine clears those marks when the turn ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalAction
from engine.sanguosha.actions import UseSkill
from engine.sanguosha.events import CardsRevealed, CardTaken, OptionChosen
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Skill, register
from engine.sanguosha.skills._active import (
    ACTIVE,
    known,
    no_cards,
    no_targets,
    nobody,
    once_used,
    one_other_target,
    too_few_cards,
)

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

SUITS = ("spade", "heart", "club", "diamond")
"""The options of Fanjian's suit prompt (`Suit` member names, lower case)."""


@register
class Zhiheng(Skill):
    """Once per play phase: discard any number of cards (hand and/or equipment), then draw
    as many."""

    id = "zhiheng"
    tags = ACTIVE
    MARK = "turn:zhiheng"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and owner.has_cards()

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or too_few_cards(owner, self.id, 1, "cards")

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if not action.cards:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=0)
        no_targets(action, self.id)
        game.check_owned(owner, action.cards)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        for card in known(owner.hand + owner.equipment_cards()):
            yield UseSkill(self.id, (card,))
        hand = known(owner.hand)
        if len(hand) > 1:
            yield UseSkill(self.id, tuple(hand))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        for card in action.cards:
            game.take_card(owner, card)
        game.to_discard(action.cards, owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        if owner.alive:
            game.draw(owner, len(action.cards), self.id)


@register
class Kurou(Skill):
    """Play phase, any number of times: lose 1 HP, then draw 2 cards. Losing HP is not
    damage (no source, no reward); at 0 HP you are dying first, and draw only if saved."""

    id = "kurou"
    tags = ACTIVE

    def can_activate(self, game: Game, owner: Player) -> bool:
        return owner.hp > 0

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        no_targets(action, self.id)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        return (UseSkill(self.id),)

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        yield from game.lose_hp(owner, 1)
        if owner.alive:
            game.draw(owner, 2, self.id)


@register
class Fanjian(Skill):
    """Once per play phase: another player names a suit, then takes one of your hand cards
    unseen and shows it; if its suit is not the named one you deal them 1 damage. They keep
    the card.

    The target answers a `choose_option` prompt (the four suits). In digital mode the card
    is drawn at random from the hand; at the table the target takes it and scans it.
    """

    id = "fanjian"
    tags = ACTIVE
    MARK = "turn:fanjian"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and bool(owner.hand) and len(game.alive_order) > 1

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or too_few_cards(owner, self.id, 1) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        one_other_target(game, owner, action.targets, self.id)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        for q in game.other_living(owner):
            yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        target = game.player(action.targets[0])
        answer = yield Prompt(
            PromptKind.CHOOSE_OPTION,
            target.seat,
            (target.seat,),
            source=owner.seat,
            reason=self.id,
            options=SUITS,
        )
        named = answer.option
        game.emit(OptionChosen(target.seat, named, self.id))
        if game.table:
            answer = yield Prompt(
                PromptKind.REVEAL_CARD,
                target.seat,
                (target.seat,),
                source=owner.seat,
                target=owner.seat,
                reason=self.id,
            )
            card = answer.card
            game.take_from_hand(owner, card)
        else:
            card = game.take_random_hand(owner)
        target.hand.append(card)
        game.emit(CardsRevealed((str(card),), self.id))
        game.emit(CardTaken(target.seat, owner.seat, "hand", str(card), self.id))
        if game._queue:
            yield from game.flush()
        if card.suit.name.lower() != named and target.alive:
            yield from game.damage(owner, target, 1)


@register
class Jieyin(Skill):
    """Once per play phase: discard 2 hand cards and choose a wounded male character; you
    and he each recover 1 HP."""

    id = "jieyin"
    tags = ACTIVE
    MARK = "turn:jieyin"

    @staticmethod
    def fits(owner: Player, q: Player) -> bool:
        return q is not owner and q.alive and q.gender == "male" and q.hp < q.max_hp

    def can_activate(self, game: Game, owner: Player) -> bool:
        return (
            not owner.marks.get(self.MARK)
            and len(owner.hand) >= 2
            and any(self.fits(owner, q) for q in game.alive_order)
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or too_few_cards(owner, self.id, 2) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if len(action.cards) != 2:
            raise IllegalAction(Reason.WRONG_COUNT, expected=2, got=len(action.cards))
        game.check_in_hand(owner, action.cards)
        target = one_other_target(game, owner, action.targets, self.id)
        if target.gender != "male":
            raise IllegalAction(Reason.NOT_MALE, skill=self.id, target=target.seat)
        if target.hp >= target.max_hp:
            raise IllegalAction(
                Reason.NOT_WOUNDED, seat=target.seat, hp=target.hp, max_hp=target.max_hp
            )

    def activation_choices(self, game: Game, owner: Player) -> Any:
        hand = known(owner.hand)
        men = [q for q in game.other_living(owner) if self.fits(owner, q)]
        for a, b in zip(hand, hand[1:], strict=False):
            for q in men:
                yield UseSkill(self.id, (a, b), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        target = game.player(action.targets[0])
        for card in action.cards:
            game.take_from_hand(owner, card)
        game.to_discard(action.cards, owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        yield from game.recover(owner, owner, 1, None)
        if target.alive:
            yield from game.recover(owner, target, 1, None)
