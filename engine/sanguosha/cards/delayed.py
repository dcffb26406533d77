"""Delayed tricks: Lightning and Indulgence (docs/sanguosha.md 1d).

Using one places it in a judgment area (no area holds two of the same name). In
the holder's judgment phase, last placed first, a Nullification window opens, then
the judgment:

- Lightning (own area only): ♠2-♠9 deals the holder 3 thunder damage with no source
  and is discarded; otherwise, or if Nullified, it passes to the next living player
  who may hold it (or stays).
- Indulgence (another player): anything but ♥ skips the holder's play phase; it is
  discarded either way, also when Nullified. Supply Shortage (Maneuvering) is the same
  trick with ♣ and the draw phase: both are a `PhaseSkip`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.core.cards import Rank, Suit
from engine.sanguosha.cards import CardRule, Problem, card_rule
from engine.sanguosha.context import Use
from engine.sanguosha.events import DelayedTrickMoved, DelayedTrickPlaced
from engine.sanguosha.reasons import Reason

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


class DelayedTrick(CardRule):
    def resolve(self, game: Game, use: Use) -> Flow:
        target = use.targets[0]
        if not target.alive or self.name in target.delayed_names():
            return  # the card goes to the discard pile with the use
        for card in use.cards:
            game.processing.remove(card)
        target.judgment.append((use.cards[0], self.name))
        game.emit(DelayedTrickPlaced(use.user.seat, target.seat, self.name, str(use.cards[0])))
        return
        yield

    def judge(self, game: Game, holder: Player, card: Card) -> Flow:
        """Judged in `holder`'s judgment phase; `card` is already in processing."""
        use = Use(holder, self.name, (card,), [holder])
        nullified = yield from game.nullified(use, holder)
        if not holder.alive:  # died in the window (questioning a 蛊惑 Nullification)
            game.finish_processing((card,))
            return
        if nullified:
            yield from self.settle(game, holder, card, None)
            return
        j = yield from game.judge(holder, self.name, self.pattern)
        yield from self.settle(game, holder, card, j.success)

    def pattern(self, card: Card) -> bool:
        return False

    def settle(self, game: Game, holder: Player, card: Card, success: bool | None) -> Flow:
        game.finish_processing((card,))
        return
        yield


@card_rule
class Lightning(DelayedTrick):
    name = "lightning"

    def usable_error(self, game: Game, user: Player, cards: tuple[Card, ...]) -> Problem:
        if self.name in user.delayed_names():
            return Reason.ALREADY_IN_AREA, {"card": self.name, "target": user.seat}
        return game.prohibited_error(user, user, self.name, cards)  # 帷幕: not a black one

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [user]

    def pattern(self, card: Card) -> bool:
        return card.suit is Suit.SPADE and Rank.TWO <= card.rank <= Rank.NINE

    def settle(self, game: Game, holder: Player, card: Card, success: bool | None) -> Flow:
        if success:  # the card stays being resolved until the damage is over (Jianxiong)
            yield from game.damage(
                None, holder, 3, "thunder", None, card="lightning", cards=(card,)
            )
            game.finish_processing((card,))
            return
        game.processing.remove(card)
        for nxt in game.other_living(holder):
            if self.name in nxt.delayed_names():
                continue
            if game.prohibiting_skill(holder, nxt, self.name, (card,)) is not None:
                continue
            nxt.judgment.append((card, self.name))
            game.emit(DelayedTrickMoved(holder.seat, nxt.seat, self.name, str(card)))
            return
        if holder.alive:
            holder.judgment.append((card, self.name))
        else:
            game.discard_pile.append(card)


class PhaseSkip(DelayedTrick):
    """Placed in another player's area, it is judged: anything but the `spared` suit
    skips the holder's `phase`; it is discarded either way, also when Nullified."""

    spared: ClassVar[Suit]
    phase: ClassVar[str]

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        problem = super().target_error(game, user, target, chosen, cards)
        if problem is None and self.name in target.delayed_names():
            return Reason.ALREADY_IN_AREA, {"card": self.name, "target": target.seat}
        return problem

    def pattern(self, card: Card) -> bool:
        return card.suit is not self.spared

    def settle(self, game: Game, holder: Player, card: Card, success: bool | None) -> Flow:
        game.finish_processing((card,))
        if success:
            game.skip_phase(self.phase, self.name)
        return
        yield


@card_rule
class Indulgence(PhaseSkip):
    name = "indulgence"
    spared = Suit.HEART
    phase = "play"
