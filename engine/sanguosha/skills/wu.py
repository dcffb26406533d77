"""The Wu generals' triggered, compulsory and conversion skills, original standard texts
(docs/sanguosha.md 1b); the active ones (zhiheng, kurou, fanjian, jieyin) are in `wu_active.py`.

Sun Quan (jiuyuan as lord), Gan Ning (qixi), Lü Meng (keji), Zhou Yu (yingzi), Da Qiao
(guose, liuli), Lu Xun (qianxun, lianying), Sun Shangxiang (xiaoji). The texts players
read are in `data/skills.json`.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from engine.core.cards import Color, Suit
from engine.sanguosha.actions import Confirm, Discard
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import COMPULSORY, known
from engine.sanguosha.state import MINUS_HORSE, WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import DrawData, MoveData, PhaseData, Recover, TargetData, Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player


class _ViewOne(Skill):
    """Use or play one card matching `matches` (hand or equipment) as `converts[0]`."""

    def matches(self, card: Card) -> bool:
        return False

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return name == self.converts[0] and len(cards) == 1 and self.matches(cards[0])

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Any:
        if name == self.converts[0]:
            for card in known(owner.hand + owner.equipment_cards()):
                if self.matches(card):
                    yield (card,)


# --------------------------------------------------------------------------- Sun Quan
@register
class Jiuyuan(Skill):
    """Lord, compulsory: a Peach another Wu character uses on you recovers 1 more HP (others
    can use one on you only while you are dying)."""

    id = "jiuyuan"
    tags = COMPULSORY
    triggers = (Point.RECOVER_BEFORE,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Recover) -> bool:
        source, use = data.source, data.use
        return (
            data.target is owner
            and use is not None
            and use.name == "peach"
            and source is not None
            and source is not owner
            and source.kingdom == "wu"
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Recover) -> Flow:
        data.amount += 1
        return
        yield


# --------------------------------------------------------------------------- Gan Ning
@register
class Qixi(_ViewOne):
    """Use any black card (hand or equipment) as Dismantle."""

    id = "qixi"
    converts = ("dismantle",)

    def matches(self, card: Card) -> bool:
        return card.color is Color.BLACK


# --------------------------------------------------------------------------- Lü Meng
@register
class Keji(Skill):
    """If you used or played no Kill during your play phase, you may skip your discard phase.

    The Kills are noticed as they happen (used: `CARD_USED`; played: `CARD_RESPONDED`),
    including extra ones such as Green Dragon Blade's. Offered only when the discard
    phase would make you discard.
    """

    id = "keji"
    triggers = (Point.CARD_USED, Point.CARD_RESPONDED, Point.PHASE_START)
    MARK = "turn:keji_kill"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if point is Point.PHASE_START:
            return (
                data.player is owner
                and data.phase == "discard"
                and not owner.marks.get(self.MARK)
                and len(owner.hand) > game.hand_limit(owner)
            )
        if game.current is owner and game.phase == "play":
            if point is Point.CARD_USED:
                killed = data.user is owner and data.name == "kill"
            else:
                killed = data.player is owner and data.need == "kill"
            if killed:
                owner.marks[self.MARK] = True  # bookkeeping only: never offered here
        return False

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        data.skip = self.id
        return
        yield


# --------------------------------------------------------------------------- Zhou Yu
@register
class Yingzi(Skill):
    """In your draw phase you may draw 1 more card."""

    id = "yingzi"
    triggers = (Point.BEFORE_DRAW,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> bool:
        return data.player is owner and data.count > 0

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> Flow:
        data.count += 1
        return
        yield


# --------------------------------------------------------------------------- Da Qiao
@register
class Guose(_ViewOne):
    """Use any ♦ card (hand or equipment) as Indulgence."""

    id = "guose"
    converts = ("indulgence",)

    def matches(self, card: Card) -> bool:
        return card.suit is Suit.DIAMOND


@register
class Liuli(Skill):
    """When you become the target of a Kill you may discard a card and choose another player
    in your attack range, not the Kill's user, who could be its target: they become the
    target instead.

    Asked as two steps the table already answers: choose the new target (NO declines),
    then discard a card (scan it; OK = a hand card unseen; NO declines). A weapon or -1
    horse whose loss would put the chosen player out of range cannot be the discard (the
    rangefix of docs/sanguosha.md 1d).
    """

    id = "liuli"
    triggers = (Point.TARGET_CONFIRMING,)
    asks_first = False

    def target_error(self, game: Game, owner: Player, use: Use, q: Player) -> Problem:
        """Why `q` cannot take the Kill from `owner` (None: they can)."""
        if not q.alive:
            return Reason.TARGET_DEAD, {"target": q.seat}
        if q is owner:
            return Reason.CANNOT_TARGET_SELF, {"card": self.id}
        if q is use.user:
            return Reason.CARD_USER, {"skill": self.id, "card": use.name, "target": q.seat}
        if q in use.targets:
            return Reason.DUPLICATE_TARGET, {"target": q.seat}
        prohibited = game.prohibited_error(use.user, q, "kill")
        if prohibited is not None:
            return prohibited
        d, r = game.distance(owner, q), game.attack_range(owner)
        if d > r:
            data = {"card": self.id, "source": owner.seat, "target": q.seat}
            return Reason.OUT_OF_RANGE, {**data, "distance": d, "attack_range": r}
        return None

    def candidates(self, game: Game, owner: Player, use: Use) -> list[Player]:
        return [
            q for q in game.other_living(owner) if self.target_error(game, owner, use, q) is None
        ]

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        return (
            data.target is owner
            and use.name == "kill"
            and owner.has_cards()
            and bool(self.candidates(game, owner, use))
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        use = data.use
        options = self.candidates(game, owner, use)
        chosen = yield from game.choose_players(
            owner,
            self.id,
            options,
            1,
            1,
            optional=True,
            why=partial(self.target_error, game, owner, use),
        )
        if not chosen:
            return
        new = chosen[0]
        exclude = tuple(
            c
            for c in (owner.equip[WEAPON], owner.equip[MINUS_HORSE])
            if c is not None and not game.in_attack_range(owner, new, (c,))
        )
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            target=new.seat,
            reason=self.id,
            count=1,
            optional=True,
            ctx={"exact": True, "equip": True, "exclude": exclude},
        )
        if isinstance(answer, Discard):
            card = answer.cards[0]
            game.take_card(owner, card)
            cards = [card]
        elif isinstance(answer, Confirm) and answer.ok and owner.hand:
            cards = game.take_unseen(owner, 1)
        else:
            return
        game.skill_invoked(owner, self.id, (new.seat,))
        game.to_discard(cards, owner.seat, self.id)
        use.targets[use.targets.index(owner)] = new
        if game._queue:
            yield from game.flush()


# --------------------------------------------------------------------------- Lu Xun
@register
class Qianxun(Skill):
    """Compulsory: you cannot be targeted by Snatch or Indulgence (Lightning still passes
    to you: it is not chosen as a target)."""

    id = "qianxun"
    tags = COMPULSORY
    modifiers = ("prohibit",)

    def prohibits(
        self,
        game: Game,
        owner: Player,
        user: Player,
        target: Player,
        name: str,
        cards: tuple[Card, ...] = (),
    ) -> bool:
        return target is owner and (name == "snatch" or name == "indulgence")


@register
class Lianying(Skill):
    """After you lose your last hand card, you may draw 1 card."""

    id = "lianying"
    triggers = (Point.HAND_EMPTIED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> bool:
        return data.player is owner and not owner.hand

    def on_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> Flow:
        game.draw(owner, 1, self.id)
        return
        yield


# --------------------------------------------------------------------------- Sun Shangxiang
@register
class Xiaoji(Skill):
    """Each time a card leaves your equipment area, you may draw 2 cards."""

    id = "xiaoji"
    triggers = (Point.EQUIP_LOST,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> bool:
        return data.player is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: MoveData) -> Flow:
        game.draw(owner, 2 * len(data.cards), self.id)
        return
        yield
