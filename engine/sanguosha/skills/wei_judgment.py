"""Skills of the Wei (魏) generals built around judgments and hidden cards.

Original standard-edition texts (docs/sanguosha.md 1b): Sima Yi's Guicai, Guo Jia
(Tiandu, Yiji), Zhen Ji (Luoshen, Qingguo). Judgment order (1d): Guicai acts
before the card takes effect; Tiandu and Luoshen take it after.

Table mode: a judgment card is always scanned, so Guicai's replacement, Tiandu's
and Luoshen's cards are known; Yiji's two cards are never seen by the companion:
Guo Jia takes them up (counted) and the table names each recipient by seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Color
from engine.sanguosha.context import ANY_CARD, Damage, Judgment, PhaseData, Request
from engine.sanguosha.events import CardsGained, HandCardsGiven
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player


def _gain_judgment_card(game: Game, owner: Player, j: Judgment, skill: str) -> None:
    """Keep the judgment card that just took effect instead of discarding it."""
    card = j.card
    assert card is not None
    j.taken = True
    game.processing.remove(card)
    owner.hand.append(card)
    game.emit(CardsGained(owner.seat, (str(card),), skill))


@register
class Guicai(Skill):
    """鬼才: before any player's judgment card takes effect, you may play a hand card to
    replace it (scan the card, or NO)."""

    id = "guicai"
    triggers = (Point.JUDGMENT_BEFORE,)
    asks_first = False  # its own prompt can be declined

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> bool:
        return bool(owner.hand) and data.card is not None

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> Flow:
        req = Request(owner, ANY_CARD, False, data.player, None, self.id)
        got = yield from game.ask_card(owner, ANY_CARD, req, target=data.player)
        if got is None:
            return
        game.skill_invoked(owner, self.id, (data.player.seat,))
        game.replace_judgment(data, owner, got[0][0], self.id)
        if game._queue:
            yield from game.flush()


@register
class Tiandu(Skill):
    """天妒: after your judgment card takes effect, you may take it into your hand."""

    id = "tiandu"
    triggers = (Point.JUDGMENT_AFTER,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> bool:
        return data.player is owner and not data.taken and data.card in game.processing

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> Flow:
        _gain_judgment_card(game, owner, data, self.id)
        return
        yield


@register
class Yiji(Skill):
    """遗计: for each point of damage you take, you may look at the top 2 cards of the deck
    and give them to any players, yourself included (one recipient per card)."""

    id = "yiji"
    triggers = (Point.DAMAGED,)
    asks_first = False  # asked once per point of damage
    CARDS = 2

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        for _ in range(data.amount):
            if not owner.alive:
                return
            ok = yield from game.ask_confirm(owner, self.id, data)
            if not ok:
                return
            game.skill_invoked(owner, self.id)
            before = len(owner.hand)
            game.draw(owner, self.CARDS, self.id)  # Guo Jia holds them while he decides
            looked = owner.hand[before:]
            for card in looked:
                chosen = yield from game.choose_players(
                    owner, self.id, list(game.alive_order), 1, 1, optional=False
                )
                recipient = chosen[0]
                if recipient is not owner:
                    game.take_from_hand(owner, card)
                    recipient.hand.append(card)
                    game.emit(HandCardsGiven(owner.seat, recipient.seat, 1, self.id))
            if game._queue:
                yield from game.flush()


def _is_black(card: Card) -> bool:
    return card.color is Color.BLACK


@register
class Luoshen(Skill):
    """洛神: at the start of your preparation phase you may judge; a black card comes to
    your hand and you may judge again; a red card ends it (and is discarded)."""

    id = "luoshen"
    triggers = (Point.PHASE_START, Point.JUDGMENT_AFTER)
    asks_first = False  # asked before every judgment of the chain

    def can_trigger(self, game: Game, owner: Player, point: Point, data: object) -> bool:
        if point is Point.PHASE_START:
            assert isinstance(data, PhaseData)
            return data.player is owner and data.phase == "preparation"
        assert isinstance(data, Judgment)
        return (
            data.player is owner
            and data.reason == self.id
            and data.success
            and not data.taken
            and data.card in game.processing
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: object) -> Flow:
        if isinstance(data, Judgment):
            _gain_judgment_card(game, owner, data, self.id)
            return
        while owner.alive:
            ok = yield from game.ask_confirm(owner, self.id, data)
            if not ok:
                return
            game.skill_invoked(owner, self.id)
            j = yield from game.judge(owner, self.id, _is_black)
            if not j.success:
                return


@register
class Qingguo(Skill):
    """倾国: you may use or play any black hand card as a Dodge."""

    id = "qingguo"
    converts = ("dodge",)

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return (
            name == "dodge"
            and len(cards) == 1
            and cards[0].color is Color.BLACK
            and cards[0] not in owner.equip
        )

    def conversion_choices(
        self, game: Game, owner: Player, name: str
    ) -> Iterable[tuple[Card, ...]]:
        if name != "dodge":
            return ()
        return [(c,) for c in dict.fromkeys(owner.hand) if c is not HIDDEN and _is_black(c)]
