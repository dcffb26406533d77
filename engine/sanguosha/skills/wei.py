"""Skills of the Wei (魏) generals that answer damage or act in the draw phase.

Original standard-edition texts (docs/sanguosha.md 1b; FreeKill `standard`, QSanguosha
`nos_`): Cao Cao (Jianxiong, lord Hujia), Sima Yi (Fankui; Guicai is with the
judgment skills), Xiahou Dun (Ganglie), Zhang Liao (Tuxi), Xu Chu (Luoyi).
Guo Jia and Zhen Ji, whose skills mostly act on judgments, are in `wei_judgment.py`.

Table mode: what the companion cannot see is asked for, never guessed. A hand card
taken unseen (Fankui, Tuxi) moves as a placeholder, so only counts change; cards
that were scanned (a damage card for Jianxiong) move as themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Suit
from engine.sanguosha.actions import Confirm, Discard
from engine.sanguosha.cards.tricks import choose_card_from
from engine.sanguosha.context import Damage, DrawData, Request
from engine.sanguosha.events import CardsGained, CardTaken
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

LORD = frozenset({"lord"})


@register
class Jianxiong(Skill):
    """奸雄: after you take damage, you may take the card(s) that caused it into your hand."""

    id = "jianxiong"
    triggers = (Point.DAMAGED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        if data.target is not owner:
            return False
        processing = game.processing
        return any(c in processing for c in data.cards)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        taken = []
        for card in data.cards:
            if card in game.processing:
                game.processing.remove(card)
                owner.hand.append(card)
                taken.append(str(card))
        game.emit(CardsGained(owner.seat, tuple(taken), self.id))
        return
        yield


@register
class Hujia(Skill):
    """护驾 (lord): when you need a Dodge, the other Wei characters are asked in seat order;
    the first one who plays a Dodge plays it for you."""

    id = "hujia"
    tags = LORD
    provides = ("dodge",)

    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        return need == "dodge" and any(q.kingdom == "wei" for q in game.other_living(owner))

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        for subject in game.other_living(owner):
            if subject.kingdom != "wei" or not subject.alive:
                continue
            ok = yield from game.request(
                subject, "dodge", use=False, source=owner, against=request.against, reason=self.id
            )
            if ok:
                return True
        return False


@register
class Fankui(Skill):
    """反馈: after you take damage, you may take one card (hand or equipment) from its source."""

    id = "fankui"
    triggers = (Point.DAMAGED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        source = data.source
        return (
            data.target is owner
            and source is not None
            and source is not owner
            and source.alive
            and source.has_cards()
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        source = data.source
        assert source is not None
        card = yield from choose_card_from(game, owner, source, self.id, judgment=False)
        if card is None:  # a hand card, unseen (a placeholder at the table)
            owner.hand.append(game.take_random_hand(source))
            game.emit(CardTaken(owner.seat, source.seat, "hand", None, self.id))
        else:
            zone = game.take_card(source, card)
            owner.hand.append(card)
            game.emit(CardTaken(owner.seat, source.seat, zone, str(card), self.id))
        if game._queue:
            yield from game.flush()


def _not_heart(card: object) -> bool:
    return getattr(card, "suit", None) is not Suit.HEART


@register
class Ganglie(Skill):
    """刚烈: after you take damage you may judge; unless it is a heart, the source discards
    2 hand cards or takes 1 damage from you (their choice). Whom it falls on is
    `_victim`'s: the 3v3 version (`skills/three_v_three.py`) names any enemy instead."""

    id = "ganglie"
    triggers = (Point.DAMAGED,)
    CARDS = 2

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        source = data.source
        return data.target is owner and source is not None and source is not owner and source.alive

    def _victim(self, game: Game, owner: Player, data: Damage) -> Flow:
        """Who the judgment punishes (None: the skill is not used after all)."""
        return data.source
        yield

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        victim = yield from self._victim(game, owner, data)
        if victim is None:
            return
        j = yield from game.judge(owner, self.id, _not_heart)
        if not j.success or not victim.alive or not owner.alive:
            return
        discarded = yield from self._discard(game, owner, victim)
        if not discarded:
            yield from game.damage(owner, victim, 1)

    def _discard(self, game: Game, owner: Player, source: Player) -> Flow:
        """The source discards 2 hand cards, one scan at a time (OK at the table: the rest
        unseen); NO at the first step takes the damage instead. True if they discarded."""
        left = self.CARDS
        if len(source.hand) < left:
            return False
        while left > 0:
            answer = yield Prompt(
                PromptKind.DISCARD,
                source.seat,
                (source.seat,),
                source=owner.seat,
                reason=self.id,
                count=left,
                optional=left == self.CARDS,
            )
            if isinstance(answer, Discard):
                cards = list(answer.cards)
                for card in cards:
                    game.take_from_hand(source, card)
            elif isinstance(answer, Confirm) and answer.ok:
                cards = game.take_unseen(source, left)
            else:
                return False
            game.to_discard(cards, source.seat, self.id)
            left -= len(cards)
        if game._queue:
            yield from game.flush()
        return True


@register
class Tuxi(Skill):
    """突袭: in your draw phase you may draw nothing and instead take one hand card from
    each of up to 2 other players (their general cards or seats name them)."""

    id = "tuxi"
    triggers = (Point.BEFORE_DRAW,)
    asks_first = False  # choosing nobody declines
    MOST = 2

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> bool:
        return (
            data.player is owner
            and data.count > 0
            and any(q.hand for q in game.other_living(owner))
        )

    def _why_not(self, q: Player) -> Problem:
        """A living other player left out has no hand card to take."""
        if q.alive and not q.hand:
            return Reason.NO_HAND_CARDS, {"card": self.id, "target": q.seat}
        return None

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> Flow:
        options = [q for q in game.other_living(owner) if q.hand]
        chosen = yield from game.choose_players(
            owner, self.id, options, 1, self.MOST, optional=True, why=self._why_not
        )
        if not chosen:
            return
        game.skill_invoked(owner, self.id, tuple(q.seat for q in chosen))
        data.count = 0
        for victim in chosen:
            if victim.hand:
                owner.hand.append(game.take_random_hand(victim))
                game.emit(CardTaken(owner.seat, victim.seat, "hand", None, self.id))
        if game._queue:
            yield from game.flush()


@register
class Luoyi(Skill):
    """裸衣: in your draw phase you may draw 1 card fewer; then for the rest of the turn a
    Kill or Duel of which you are the damage source deals 1 more damage."""

    id = "luoyi"
    triggers = (Point.BEFORE_DRAW, Point.DAMAGE_BEFORE)
    asks_first = False  # asked in the draw phase only; the bonus then applies by itself
    MARK = "turn:luoyi"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: object) -> bool:
        if point is Point.BEFORE_DRAW:
            assert isinstance(data, DrawData)
            return data.player is owner and data.count > 0
        assert isinstance(data, Damage)
        use = data.use
        return (
            data.source is owner
            and bool(owner.marks.get(self.MARK))
            and use is not None
            and use.name in ("kill", "duel")
            and not data.conducted  # not re-added on an Iron Chain's conducted damage
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: object) -> Flow:
        if isinstance(data, DrawData):
            ok = yield from game.ask_confirm(owner, self.id, data)
            if ok:
                game.skill_invoked(owner, self.id)
                data.count -= 1
                owner.marks[self.MARK] = True
            return
        assert isinstance(data, Damage)
        game.skill_invoked(owner, self.id, (data.target.seat,))
        data.amount += 1
