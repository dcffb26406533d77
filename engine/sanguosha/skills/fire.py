"""The 火 (Fire) pack's skills, original printed texts (docs/wind-fire.md §3).

典韦 (qiangxi), 荀彧 (quhu, jieming), 庞统 (lianhuan, niepan), 卧龙诸葛亮 (bazhen, huoji,
kanpo), 太史慈 (tianyi), 庞德 (mashu, as Ma Chao's; mengjin), 颜良文丑 (shuangxiong), 袁绍
(luanji; xueyi as lord). The texts players read are in `data/skills.json`. Point
comparisons, conversions and the limited skill go through the shared mechanisms
(`_mechanisms.py`, `skills/_convert.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color, Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import UseSkill
from engine.sanguosha.cards.tricks import choose_card_from
from engine.sanguosha.events import CardsGained, ChainChanged, HpRecovered
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import (
    ACTIVE,
    COMPULSORY,
    known,
    nobody,
    once_used,
    one_other_target,
)
from engine.sanguosha.skills._convert import ViewAs
from engine.sanguosha.state import ARMOR, WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Damage, DrawData, Request, TargetData, Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

JIEMING_MAX = 5
"""节命 fills a hand up to the player's max HP, at most 5."""


def _once(game: Game, owner: Player, skill: str) -> None:
    problem = once_used(owner, skill)
    if problem is not None:
        raise IllegalAction(problem[0], **problem[1])


# --------------------------------------------------------------------------- 典韦
@register
class Qiangxi(Skill):
    """强袭: once per play phase, lose 1 HP or discard a weapon card (hand or equipped), and
    deal 1 damage to another player in your attack range (without the discarded weapon)."""

    id = "qiangxi"
    tags = ACTIVE
    MARK = "turn:qiangxi"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and len(game.alive_order) > 1

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        _once(game, owner, self.id)
        if len(action.cards) > 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=len(action.cards))
        excluding: tuple[Card, ...] = ()
        if action.cards:
            card = action.cards[0]
            if card.subtype != "weapon":
                raise IllegalAction(Reason.NOT_A_WEAPON, card=str(card), skill=self.id)
            if owner.equip[WEAPON] is not card:
                game.check_in_hand(owner, action.cards)
            excluding = action.cards
        target = one_other_target(game, owner, action.targets, self.id)
        if not game.in_attack_range(owner, target, excluding):
            raise IllegalAction(
                Reason.OUT_OF_RANGE,
                card=self.id,
                source=owner.seat,
                target=target.seat,
                distance=game.distance(owner, target, excluding),
                range=game.attack_range(owner, excluding),
            )

    def activation_choices(self, game: Game, owner: Player) -> Any:
        weapons = [c for c in known(owner.hand) + owner.equipment_cards() if c.subtype == "weapon"]
        for cost in [()] + [(w,) for w in weapons[:1]]:
            for q in game.other_living(owner):
                if game.in_attack_range(owner, q, cost):
                    yield UseSkill(self.id, cost, (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        target = game.player(action.targets[0])
        if action.cards:
            card = action.cards[0]
            game.take_card(owner, card)
            game.to_discard((card,), owner.seat, self.id)
            if game._queue:
                yield from game.flush()
        else:
            yield from game.lose_hp(owner, 1)
        if owner.alive and target.alive:
            yield from game.damage(owner, target, 1, "normal", None, card=self.id)


# --------------------------------------------------------------------------- 荀彧
@register
class Quhu(Skill):
    """驱虎: once per play phase, compare points with a player whose HP is higher than yours.
    Win: that player (the tiger) deals 1 damage to a player in the tiger's attack range that
    you choose (you may choose yourself); otherwise the tiger deals 1 damage to you."""

    id = "quhu"
    tags = ACTIVE
    MARK = "turn:quhu"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return (
            not owner.marks.get(self.MARK)
            and bool(owner.hand)
            and any(q.hp > owner.hp and q.hand for q in game.other_living(owner))
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        _once(game, owner, self.id)
        if action.cards:
            raise IllegalAction(Reason.WRONG_COUNT, expected=0, got=len(action.cards))
        target = one_other_target(game, owner, action.targets, self.id)
        if target.hp <= owner.hp:
            raise IllegalAction(
                Reason.HP_NOT_HIGHER, skill=self.id, target=target.seat, hp=target.hp, own=owner.hp
            )
        problem = game.comparison_problem(owner, target, self.id)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def activation_choices(self, game: Game, owner: Player) -> Any:
        for q in game.other_living(owner):
            if q.hp > owner.hp and q.hand and owner.hand:
                yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        tiger = game.player(action.targets[0])
        won = yield from game.compare_points(owner, tiger, self.id)
        if not tiger.alive:
            return
        if not won:
            if owner.alive:
                yield from game.damage(tiger, owner, 1, "normal", None, card=self.id)
            return
        prey = [q for q in game.other_living(tiger) if game.in_attack_range(tiger, q)]
        if not prey or not owner.alive:
            return
        chosen = yield from game.choose_players(owner, self.id, prey, 1, 1, optional=False)
        yield from game.damage(tiger, chosen[0], 1, "normal", None, card=self.id)


@register
class Jieming(Skill):
    """节命: for each point of damage you take, you may choose any player: they draw until
    they hold as many cards as their max HP (at most 5)."""

    id = "jieming"
    triggers = (Point.DAMAGED,)
    asks_first = False  # its choice of player can be declined, once per point

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        for _ in range(data.amount):
            if not owner.alive:
                return
            options = list(game.alive_order)
            chosen = yield from game.choose_players(owner, self.id, options, 1, 1, optional=True)
            if not chosen:
                return
            game.skill_invoked(owner, self.id, (chosen[0].seat,))
            q = chosen[0]
            missing = min(q.max_hp, JIEMING_MAX) - len(q.hand)
            if missing > 0:
                game.draw(q, missing, self.id)


# --------------------------------------------------------------------------- 庞统
@register
class Lianhuan(ViewAs):
    """连环: in your play phase, use a ♣ hand card as Iron Chain."""

    id = "lianhuan"
    converts = ("iron_chain",)
    hand_only = True

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].suit is Suit.CLUB


@register
class Niepan(Skill):
    """涅槃 (limited): while you are dying, when the request for a Peach reaches you, you may
    discard every card you have (hand, equipment, judgment area), reset your general
    (unchained, face up), draw 3 and set your HP to 3 (at most your max HP)."""

    id = "niepan"
    tags = frozenset({"limited"})
    provides = ("peach",)
    resolves_itself = True  # the answer is the skill's own effect, no Peach is used

    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        return request.reason == "dying" and request.source is owner and request.player is owner

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        board = owner.equipment_cards() + [c for c, _ in owner.judgment]
        for card in board:
            game.take_card(owner, card)
        hand = list(owner.hand)
        owner.hand.clear()
        game.to_discard(board + hand, owner.seat, self.id)
        if owner.chained:
            owner.chained = False
            game.emit(ChainChanged(owner.seat, False, self.id))
        if not owner.face_up:
            game.flip(owner, self.id)
        game.draw(owner, 3, self.id)
        if game._queue:
            yield from game.flush()  # a Silver Lion discarded heals first (no difference)
        before = owner.hp
        owner.hp = min(3, owner.max_hp)
        game.emit(HpRecovered(owner.seat, owner.hp - before, owner.seat, None, before, owner.hp))
        return True


# --------------------------------------------------------------------------- 卧龙诸葛亮
@register
class Bazhen(Skill):
    """八阵: while no armour is equipped you count as wearing Eight Diagrams: when you need a
    Dodge you may judge, red is a Dodge. Qinggang Sword ignores it, as it ignores armour."""

    id = "bazhen"
    tags = COMPULSORY
    provides = ("dodge",)

    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        against = request.against
        if against is not None and (against.ignore_armor or _qinggang(game, against)):
            return False
        return need == "dodge" and owner.equip[ARMOR] is None

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        j = yield from game.judge(owner, self.id, _is_red)
        return j.success


def _qinggang(game: Game, against: Use) -> bool:
    """A Kill of a Qinggang Sword's holder: it ignores 八阵 as it ignores armour."""
    return against.name == "kill" and game.skill_of(against.user, "qinggang_sword") is not None


def _is_red(card: Card) -> bool:
    return card.color is Color.RED


@register
class Huoji(ViewAs):
    """火计: in your play phase, use a red hand card as Fire Attack (only with the Maneuvering
    cards, unless `huoji_without_maneuvering`)."""

    id = "huoji"
    converts = ("fire_attack",)
    hand_only = True

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].color is Color.RED and self.conversion_off(game, owner) is None

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        s = game.settings
        return None if s.maneuvering or s.huoji_without_maneuvering else "maneuvering"


@register
class Kanpo(ViewAs):
    """看破: use a black hand card as Nullification."""

    id = "kanpo"
    converts = ("nullification",)
    hand_only = True

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].color is Color.BLACK


# --------------------------------------------------------------------------- 太史慈
@register
class Tianyi(Skill):
    """天义: once per play phase, compare points with another player. Win: this turn one more
    Kill, Kills with no distance limit and one extra target each. Not win: no Kill may be
    used this turn (played in answer still)."""

    id = "tianyi"
    tags = ACTIVE
    modifiers = ("kill_limit", "extra_targets", "kill_distance")
    MARK = "turn:tianyi"  # "win" or "lose"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return (
            not owner.marks.get(self.MARK)
            and bool(owner.hand)
            and any(q.hand for q in game.other_living(owner))
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        _once(game, owner, self.id)
        if action.cards:
            raise IllegalAction(Reason.WRONG_COUNT, expected=0, got=len(action.cards))
        target = one_other_target(game, owner, action.targets, self.id)
        problem = game.comparison_problem(owner, target, self.id)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def activation_choices(self, game: Game, owner: Player) -> Any:
        if owner.hand:
            for q in game.other_living(owner):
                if q.hand:
                    yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = "pending"
        won = yield from game.compare_points(owner, game.player(action.targets[0]), self.id)
        owner.marks[self.MARK] = "win" if won else "lose"
        game.changed_outside()  # the Kill listings made before are stale

    def _result(self, owner: Player, player: Player) -> Any:
        return owner.marks.get(self.MARK) if player is owner else None

    def kill_limit(self, game: Game, owner: Player, player: Player, cards: tuple[Card, ...]) -> int:
        result = self._result(owner, player)
        return 1 if result == "win" else -1 if result == "lose" else 0  # 2 Kills, or none

    def extra_targets(
        self, game: Game, owner: Player, user: Player, name: str, cards: tuple[Card, ...]
    ) -> int:
        return 1 if name == "kill" and self._result(owner, user) == "win" else 0

    def kill_distance(self, game: Game, owner: Player, user: Player) -> bool:
        return bool(self._result(owner, user) == "win")


# --------------------------------------------------------------------------- 庞德
@register
class Mengjin(Skill):
    """猛进: after a Kill you used is cancelled by its target's Dodge, you may discard one of
    that player's cards (a hand card unseen, or an equipped one)."""

    id = "mengjin"
    triggers = (Point.KILL_DODGED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        return data.use.user is owner and data.target.alive and data.target.has_cards()

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        target = data.target
        card = yield from choose_card_from(game, owner, target, self.id, judgment=False)
        if card is None:
            yield from game.discard_from_hand_unseen(target, self.id, owner)
        else:
            game.take_card(target, card)
            game.to_discard((card,), target.seat, self.id)
        if game._queue:
            yield from game.flush()


# --------------------------------------------------------------------------- 颜良文丑
@register
class Shuangxiong(ViewAs):
    """双雄: at the start of your draw phase you may judge instead of drawing and take the
    final judgment card; for the rest of the turn any hand card of the other colour may be
    used as a Duel."""

    id = "shuangxiong"
    triggers = (Point.BEFORE_DRAW,)
    converts = ("duel",)
    hand_only = True
    MARK = "turn:shuangxiong"  # the judged card's colour

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> bool:
        return data.player is owner and data.count > 0

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> Flow:
        data.count = 0
        j = yield from game.judge(owner, self.id, _any_card)
        card = j.card  # the final one, after any 鬼才/鬼道 replacement
        if card is not None and not j.taken and card in game.discard_pile:
            game.discard_pile.remove(card)
            owner.hand.append(card)
            game.emit(CardsGained(owner.seat, (str(card),), self.id))
        if card is not None:
            owner.marks[self.MARK] = card.color.value
            game.changed_outside()  # the play listing made before is stale

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        judged = owner.marks.get(self.MARK)
        return judged is not None and cards[0].color.value not in (judged, Color.NONE.value)

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        return "not_judged" if owner.marks.get(self.MARK) is None else None


def _any_card(card: Card) -> bool:
    return True


# --------------------------------------------------------------------------- 袁绍
@register
class Luanji(ViewAs):
    """乱击: in your play phase, use two hand cards of the same suit as Arrow Barrage."""

    id = "luanji"
    converts = ("arrow_barrage",)
    hand_only = True
    count = 2

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].suit is cards[1].suit


@register
class Xueyi(Skill):
    """血裔 (lord, compulsory): your hand limit is raised by 2 for every other living Qun
    character."""

    id = "xueyi"
    tags = COMPULSORY
    modifiers = ("hand_limit",)

    def hand_limit(self, game: Game, owner: Player, player: Player) -> int:
        if player is not owner:
            return 0
        return 2 * sum(1 for q in game.other_living(owner) if q.kingdom == "qun")
