"""The Maneuvering expansion's new cards (军争篇; docs/maneuvering.md section 3).

Fire and Thunder Kills need no rule of their own: they count as Kills
(`Card.true_name`) and their damage takes the card's nature (`Use.nature`). The
extra Dodges, Peaches and Nullifications are the standard cards; the Guding
Blade, Zhuque Fan, Vine and Silver Lion abilities are skills of their holder
(`skills/maneuvering.py`), and Hualiu is a +1 horse.

- Wine: in the play phase, once per turn, on yourself: your next Kill this turn deals
  1 more damage; while you are dying, on yourself only: recover 1 (`_life.dying`).
- Iron Chain: 1 or 2 players, yourself included, no distance: each toggles chained
  (Nullified per target); or recast it (`Recast`, or OK with no target).
- Fire Attack: a player with hand cards (yourself too) shows one; you may discard a
  hand card of its suit to deal them 1 fire damage.
- Supply Shortage: another player at distance 1 or less; judged not ♣: they skip
  their draw phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Suit
from engine.sanguosha.cards import RULES, CardRule, Problem, card_rule
from engine.sanguosha.cards.delayed import PhaseSkip
from engine.sanguosha.cards.equipment import Equipment
from engine.sanguosha.cards.tricks import InstantTrick
from engine.sanguosha.context import SHOW, Use
from engine.sanguosha.events import CardShown, ChainChanged, DiscardDeclined
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player

WINE_LIMIT = 1


@card_rule
class Wine(CardRule):
    name = "wine"

    def usable_error(self, game: Game, user: Player, cards: tuple[Card, ...]) -> Problem:
        if user.wine_used:
            return Reason.WINE_LIMIT, {"seat": user.seat, "limit": WINE_LIMIT}
        return None

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [user]

    def resolve(self, game: Game, use: Use) -> Flow:
        user = use.user
        if not user.alive:
            return
        if user.hp < 1:  # drunk while dying: recover 1, no +1 for a Kill
            if game.settings.rescue_wine_counts_toward_limit:
                user.wine_used = True
            yield from game.recover(user, user, 1, use)
            return
        user.wine_used = True
        user.wine = 1


def _living_unchosen(name: str, target: Player, chosen: list[Player]) -> Problem:
    if not target.alive:
        return Reason.TARGET_DEAD, {"target": target.seat}
    if target in chosen:
        return Reason.DUPLICATE_TARGET, {"target": target.seat}
    return None


@card_rule
class IronChain(InstantTrick):
    name = "iron_chain"
    recastable = True

    def bounds(self, game: Game, user: Player, cards: tuple[Card, ...]) -> tuple[int, int]:
        return 1, 2

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        return _living_unchosen(self.name, target, chosen) or game.prohibited_error(
            user, target, self.name, cards
        )

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        target.chained = not target.chained
        game.emit(ChainChanged(target.seat, target.chained, self.name))
        return
        yield


@card_rule
class FireAttack(InstantTrick):
    name = "fire_attack"

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        problem = _living_unchosen(self.name, target, chosen) or game.prohibited_error(
            user, target, self.name, cards
        )
        if problem is not None:
            return problem
        # on yourself, the Fire Attack being used (from your hand) is not a card to show
        left = len(target.hand) - (len(cards) if target is user else 0)
        if left < 1:
            return Reason.NO_HAND_CARDS, {"card": self.name, "target": target.seat}
        return None

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        if not target.hand:
            return
        answer = yield Prompt(
            PromptKind.REVEAL_CARD,
            target.seat,
            (target.seat,),
            source=use.user.seat,
            target=target.seat,
            reason=self.name,
            ctx=SHOW,
        )
        shown: Card = answer.card
        hand = target.hand
        if game.table and shown not in hand and HIDDEN in hand:
            hand[hand.index(HIDDEN)] = shown  # now known to be in that hand
        game.emit(CardShown(target.seat, str(shown), self.name))
        user = use.user
        if not user.alive or not user.hand:
            return
        suit = game.seen_as(target, shown).suit  # 红颜: a ♠ she shows is a ♥
        if not game.table and game.settings.auto_decline:
            if not any(game.seen_as(user, c).suit is suit for c in user.hand):
                return
        answer = yield Prompt(
            PromptKind.DISCARD,
            user.seat,
            (user.seat,),
            target=target.seat,
            card=str(shown),
            reason=self.name,
            count=1,
            optional=True,
            ctx={"exact": True, "suit": suit},
        )
        if answer.kind != "discard":
            game.emit(DiscardDeclined(user.seat, self.name, target.seat))
            return
        card = answer.cards[0]
        game.take_from_hand(user, card)
        game.to_discard((card,), user.seat, self.name)
        if game._queue:
            yield from game.flush()
        if target.alive:
            yield from game.damage(user, target, 1, "fire", use)


@card_rule
class SupplyShortage(PhaseSkip):
    name = "supply_shortage"
    spared = Suit.CLUB
    phase = "draw"

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        problem = super().target_error(game, user, target, chosen, cards)
        if problem is not None:
            return problem
        d = game.distance(user, target, cards)
        limit = game.trick_distance(user, self.name, 1)
        if d > limit:
            return Reason.TOO_FAR, {
                "card": self.name,
                "source": user.seat,
                "target": target.seat,
                "distance": d,
                "max_distance": limit,
            }
        return None


class SilverLion(Equipment):
    """Leaving its holder's equipment area, for any reason, it heals 1 (3.7)."""

    def on_leave(self, game: Game, owner: Player, card: Card) -> Flow:
        if owner.alive and owner.hp < owner.max_hp:
            yield from game.recover(owner, owner, 1, Use(owner, self.name, (card,), [owner]))


RULES["silver_lion"] = SilverLion("silver_lion")
