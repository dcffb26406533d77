"""Tricks that hit many players (docs/sanguosha.md 1d), each Nullified per target.

- Barbarian Invasion / Arrow Barrage: every other living player, in seat order from
  the user, must *play* a Kill / a Dodge or take 1 damage from the user.
- Peach Garden: every living player from the user recovers 1; unwounded players
  are skipped without a Nullification window.
- Harvest: reveal one card per target, then from the user on each target takes one;
  a Nullified target takes none; leftovers are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.cards import card_rule
from engine.sanguosha.cards.tricks import InstantTrick
from engine.sanguosha.events import CardsRevealed, CardTaken
from engine.sanguosha.prompts import Prompt, PromptKind

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


class _EveryoneElse(InstantTrick):
    need = ""

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [
            p for p in game.other_living(user) if game.prohibiting_skill(user, p, self.name) is None
        ]

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        ok = yield from game.request(
            target, self.need, use=False, source=use.user, against=use, reason=self.name
        )
        if not ok:
            yield from game.damage(use.user, target, 1, "normal", use)


@card_rule
class BarbarianInvasion(_EveryoneElse):
    name = "barbarian_invasion"
    need = "kill"


@card_rule
class ArrowBarrage(_EveryoneElse):
    name = "arrow_barrage"
    need = "dodge"


@card_rule
class PeachGarden(InstantTrick):
    name = "peach_garden"

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return game.living_from(user)

    def applies(self, game: Game, use: Use, target: Player) -> bool:
        return target.hp < target.max_hp

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        yield from game.recover(use.user, target, 1, use)


@card_rule
class Harvest(InstantTrick):
    name = "harvest"

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return game.living_from(user)

    def before(self, game: Game, use: Use) -> Flow:
        revealed: list[Card] = []
        use.flags["revealed"] = revealed
        count = len(use.targets)
        for i in range(count):
            if game.table:
                answer = yield Prompt(
                    PromptKind.REVEAL_CARD,
                    use.user.seat,
                    (use.user.seat,),
                    reason="harvest",
                    count=count - i,
                )
                card = answer.card
                game.deck_card_revealed(card)
            else:
                card = game.pop_deck()
            revealed.append(card)
            game.processing.append(card)
        game.emit(CardsRevealed(tuple([str(c) for c in revealed]), "harvest"))

    def effect(self, game: Game, use: Use, target: Player) -> Flow:
        revealed: list[Card] = use.flags["revealed"]
        if not revealed:
            return
        answer = yield Prompt(
            PromptKind.HARVEST_PICK,
            target.seat,
            (target.seat,),
            reason="harvest",
            options=tuple([str(c) for c in revealed]),
            ctx=revealed,
        )
        card = answer.card
        revealed.remove(card)
        game.processing.remove(card)
        target.hand.append(card)
        game.emit(CardTaken(target.seat, use.user.seat, "harvest", str(card), "harvest"))

    def after(self, game: Game, use: Use) -> Flow:
        left: list[Card] = use.flags.get("revealed", [])
        for card in left:
            game.processing.remove(card)
        game.to_discard(tuple(left), None, "harvest")
        left.clear()
        return
        yield
