"""Equipment abilities as skills of the holder (docs/sanguosha.md 1e).

Ranges and horses are plain numbers read by `_rules.py`. Everything else an
equipment card does goes through the same hooks a general's skill uses, which is
how FreeKill and QSanguosha model weapon and armor skills; the skill id is the
card id.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.core.cards import Color
from engine.sanguosha.context import Damage, Request, TargetData
from engine.sanguosha.events import EffectCancelled
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.skills import Flow, Point, Skill, register_equipment
from engine.sanguosha.state import ARMOR, HIDDEN, MINUS_HORSE, PLUS_HORSE, WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

UNLIMITED = 1000
COMPULSORY = frozenset({"compulsory"})


def _own_kill(owner: Player, data: Any) -> bool:
    use = data.use
    return use is not None and use.user is owner and use.name == "kill"


@register_equipment("zhuge_crossbow")
class ZhugeCrossbow(Skill):
    """Unlimited Kills in the play phase, but not for a Kill made of the Crossbow itself."""

    id = "zhuge_crossbow"
    tags = COMPULSORY
    modifiers = ("kill_limit",)

    def kill_limit(self, game: Game, owner: Player, player: Player, cards: tuple[Card, ...]) -> int:
        if player is owner and owner.equip[WEAPON] not in cards:
            return UNLIMITED
        return 0


@register_equipment("qinggang_sword")
class QinggangSword(Skill):
    """Your Kill ignores the target's armor for its whole resolution."""

    id = "qinggang_sword"
    tags = COMPULSORY
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        return _own_kill(owner, data) and data.target.equip[ARMOR] is not None

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        data.use.ignore_armor = True
        return
        yield


@register_equipment("twin_swords")
class TwinSwords(Skill):
    """Kill targets the other gender: they discard a hand card or you draw 1."""

    id = "twin_swords"
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        return _own_kill(owner, data) and data.target.gender != owner.gender

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        target = data.target
        if target.hand:
            answer = yield Prompt(
                PromptKind.DISCARD,
                target.seat,
                (target.seat,),
                source=owner.seat,
                reason=self.id,
                count=1,
                optional=True,
                ctx={"exact": True},
            )
            if answer.kind == "discard" or (answer.kind == "confirm" and answer.ok):
                cards = (
                    list(answer.cards) if answer.kind == "discard" else game.take_unseen(target, 1)
                )
                if answer.kind == "discard":
                    game.take_from_hand(target, cards[0])
                game.to_discard(cards, target.seat, self.id)
                if game._queue:
                    yield from game.flush()
                return
        game.draw(owner, 1, self.id)


@register_equipment("green_dragon_blade")
class GreenDragonBlade(Skill):
    """After your Kill is dodged you may use another Kill on the same target (no limit, any distance)."""

    id = "green_dragon_blade"
    triggers = (Point.KILL_DODGED,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        return _own_kill(owner, data) and data.target.alive

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        req = Request(owner, "kill", True, None, data.use, self.id)
        got = yield from game.ask_card(owner, "kill", req, target=data.target)
        if got is None:
            return
        cards, skill = got
        game.skill_invoked(owner, self.id, (data.target.seat,))
        yield from game.use_card(
            owner, "kill", cards, [data.target], skill=skill, extra=True, ignore_distance=True
        )


@register_equipment("serpent_spear")
class SerpentSpear(Skill):
    """Use or play two hand cards as a Kill (its colour: shared, or none)."""

    id = "serpent_spear"
    converts = ("kill",)
    count = 2

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return name == "kill" and len(cards) == 2 and all(c.subtype for c in cards)

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Any:
        hand = [c for c in owner.hand if c is not HIDDEN]
        seen = set()
        for a, b in combinations(range(len(hand)), 2):
            key = (
                frozenset((id(hand[a]), id(hand[b]))) if hand[a] is not hand[b] else (id(hand[a]),)
            )
            if key not in seen:
                seen.add(key)
                yield (hand[a], hand[b])


@register_equipment("stone_axe")
class StoneAxe(Skill):
    """After your Kill is dodged you may discard 2 other cards to make it hit anyway."""

    id = "stone_axe"
    triggers = (Point.KILL_DODGED,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        others = len(owner.hand) + sum(1 for c in owner.equip if c is not None) - 1
        return _own_kill(owner, data) and others >= 2 and data.target.alive

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        """The 2 cards come one scan at a time or together (hand or equipment, never
        the axe itself); OK at the table discards the rest from the hand unseen. NO
        before the first card lets the Kill be dodged."""
        axe = owner.equip[WEAPON]
        left = self.CARDS
        while left > 0:
            answer = yield Prompt(
                PromptKind.DISCARD,
                owner.seat,
                (owner.seat,),
                target=data.target.seat,
                reason=self.id,
                count=left,
                optional=left == self.CARDS,
                ctx={"equip": True, "exclude": axe, "exact": not game.table},
            )
            if answer.kind == "discard":
                cards = list(answer.cards)
                for card in cards:
                    game.take_card(owner, card)
            elif answer.kind == "confirm" and answer.ok:
                cards = game.take_unseen(owner, left)
            else:
                return
            if left == self.CARDS:
                game.skill_invoked(owner, self.id, (data.target.seat,))
            game.to_discard(cards, owner.seat, self.id)
            left -= len(cards)
        data.hit = True
        if game._queue:
            yield from game.flush()

    CARDS = 2


@register_equipment("sky_halberd")
class SkyHalberd(Skill):
    """A Kill that is your last hand card may take up to 2 extra targets."""

    id = "sky_halberd"
    tags = COMPULSORY
    modifiers = ("extra_targets",)

    def extra_targets(
        self, game: Game, owner: Player, user: Player, name: str, cards: tuple[Card, ...]
    ) -> int:
        if user is owner and name == "kill" and cards and len(owner.hand) == len(cards):
            # at the table a hand is unseen: a scanned card is from it unless it is equipped
            # (武圣 on an equipped red card, the halberd itself too)
            equipped = owner.equipment_cards()
            if all(c not in equipped if game.table else c in owner.hand for c in cards):
                return 2
        return 0


@register_equipment("kylin_bow")
class KylinBow(Skill):
    """When your Kill would hurt a target, you may discard one of their horses."""

    id = "kylin_bow"
    triggers = (Point.DAMAGE_BEFORE,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        t = data.target
        return data.by_own_kill(owner) and (
            t.equip[PLUS_HORSE] is not None or t.equip[MINUS_HORSE] is not None
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        t = data.target
        horses = [c for c in (t.equip[PLUS_HORSE], t.equip[MINUS_HORSE]) if c is not None]
        answer = yield Prompt(
            PromptKind.CHOOSE_CARD_FROM,
            owner.seat,
            (owner.seat,),
            target=t.seat,
            reason=self.id,
            options=tuple(str(c) for c in horses),
            optional=True,
            ctx=(t, horses, False),
        )
        if answer.kind != "pick_card":
            return
        game.skill_invoked(owner, self.id, (t.seat,))
        game.take_card(t, answer.card)
        game.to_discard((answer.card,), t.seat, self.id)
        if game._queue:
            yield from game.flush()


@register_equipment("ice_sword")
class IceSword(Skill):
    """(EX) Instead of your Kill's damage, discard 2 of the target's cards, one at a time."""

    id = "ice_sword"
    triggers = (Point.DAMAGE_BEFORE,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.by_own_kill(owner) and data.target.has_cards()

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        from engine.sanguosha.cards.tricks import choose_card_from

        data.prevented = True
        data.flags["by"] = self.id
        t = data.target
        for _ in range(2):
            if not t.has_cards():
                break
            card = yield from choose_card_from(game, owner, t, self.id, judgment=False)
            if card is None:
                yield from game.discard_from_hand_unseen(t, self.id, owner)
            else:
                game.take_card(t, card)
                game.to_discard((card,), t.seat, self.id)
        if game._queue:
            yield from game.flush()


@register_equipment("eight_diagrams")
class EightDiagrams(Skill):
    """When you need a Dodge you may judge: red counts as a Dodge (not against Qinggang)."""

    id = "eight_diagrams"
    provides = ("dodge",)

    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        against = request.against
        return need == "dodge" and not (against is not None and against.ignore_armor)

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        j = yield from game.judge(owner, self.id, _is_red)
        return j.success


def _is_red(card: Card) -> bool:
    return card.color is Color.RED


@register_equipment("renwang_shield")
class RenwangShield(Skill):
    """(EX) Black Kills have no effect on you (not against Qinggang)."""

    id = "renwang_shield"
    tags = COMPULSORY
    triggers = (Point.EFFECT_VOID,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        return (
            data.target is owner
            and use.name == "kill"
            and not use.ignore_armor
            and use.color is Color.BLACK
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        data.cancelled = True
        game.emit(EffectCancelled(owner.seat, "kill", self.id))
        return
        yield
