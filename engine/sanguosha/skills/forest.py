"""The 林 (Forest) pack's skills, original printed texts (docs/forest-mountain.md §3).

徐晃 (duanliang), 曹丕 (xingshang, fangzhu; songwei as lord), 孟获 (huoshou, zaiqi), 祝融
(juxiang, lieren), 孙坚 (yinghun), 鲁肃 (haoshi, dimeng), 董卓 (jiuchi, roulin, benghuai;
baonue as lord), 贾诩 (wansha, luanwu, weimu). The texts players read are in
`data/skills.json`. The lord skills are given only to the lord (`Game.general_skills`);
颂威 and 暴虐 ask the other character, not the lord.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.cards import Color, Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import Confirm, Discard, UseSkill
from engine.sanguosha.cards.tricks import choose_card_from
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.context import Request
from engine.sanguosha.events import (
    CardsGained,
    CardsRevealed,
    CardTaken,
    EffectCancelled,
    HandCardsGiven,
    OptionChosen,
)
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import REGISTRY, Flow, Point, Skill, register
from engine.sanguosha.skills._active import ACTIVE, COMPULSORY, known, nobody, once_used
from engine.sanguosha.skills._convert import ViewAs

if TYPE_CHECKING:
    from collections.abc import Iterator

    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import (
        Damage,
        DrawData,
        DyingData,
        Judgment,
        PhaseData,
        TargetData,
        Use,
    )
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

DUANLIANG_DISTANCE = 2
"""断粮: every Supply Shortage its owner uses reaches distance 2 (1 + 1)."""


def _without_maneuvering(game: Game) -> str | None:
    """酒池 and 断粮 make Maneuvering cards (Wine, Supply Shortage): off in a game without
    them unless `jiuchi_duanliang_without_maneuvering`."""
    s = game.settings
    return None if s.maneuvering or s.jiuchi_duanliang_without_maneuvering else "maneuvering"


def discard_cards(game: Game, p: Player, count: int, reason: str, by: Player) -> Flow:
    """`p` discards `count` of his cards, hand or equipment, his choice (all he has when he
    holds fewer), one scan at a time; at the table OK discards the rest from the hand
    unseen. Nothing is optional: the skill has already fired."""
    left = min(count, len(p.hand) + len(p.equipment_cards()))
    while left > 0:
        answer = yield Prompt(
            PromptKind.DISCARD,
            p.seat,
            (p.seat,),
            source=by.seat,
            reason=reason,
            count=left,
            ctx={"equip": True},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            for card in cards:
                game.take_card(p, card)
        else:
            assert isinstance(answer, Confirm)  # the table's OK: hand cards unseen
            cards = game.take_unseen(p, left)
        game.to_discard(cards, p.seat, reason)
        left = min(left - len(cards), len(p.hand) + len(p.equipment_cards()))
    if game._queue:
        yield from game.flush()


# --------------------------------------------------------------------------- 徐晃
@register
class Duanliang(ViewAs):
    """断粮: in your play phase, use a black basic or black equipment card (hand or
    equipment) as Supply Shortage; every Supply Shortage you use reaches distance 2."""

    id = "duanliang"
    converts = ("supply_shortage",)
    modifiers = ("trick_distance",)

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        card = cards[0]
        return (
            card.color is Color.BLACK
            and card.type in ("basic", "equipment")
            and self.conversion_off(game, owner) is None
        )

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        return _without_maneuvering(game)

    def trick_distance(self, game: Game, owner: Player, user: Player, name: str) -> int | None:
        return DUANLIANG_DISTANCE if user is owner and name == "supply_shortage" else None


# --------------------------------------------------------------------------- 曹丕
@register
class Xingshang(Skill):
    """行殇: when another player dies, you may take all of his hand and equipment cards into
    your hand (before his burial and before any reward or penalty; his judgment area is
    discarded as usual). At the table the hand passes face down: its count is known."""

    id = "xingshang"
    triggers = (Point.DEATH,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> bool:
        dead = data.player
        return dead is not owner and owner.alive and dead.has_cards()

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> Flow:
        dead = data.player
        hand = list(dead.hand)
        dead.hand.clear()
        if hand:
            owner.hand.extend(hand)
            game.emit(HandCardsGiven(dead.seat, owner.seat, len(hand), self.id))
        for card in dead.equipment_cards():
            zone = game.take_card(dead, card)  # its owner is dead: a Silver Lion heals no one
            owner.hand.append(card)
            game.emit(CardTaken(owner.seat, dead.seat, zone, str(card), self.id))
        if game._queue:
            yield from game.flush()


@register
class Fangzhu(Skill):
    """放逐: after you take damage (once per damage), you may choose another player: he
    draws X cards (X: the HP you have lost), then flips his general."""

    id = "fangzhu"
    triggers = (Point.DAMAGED,)
    asks_first = False  # choosing the player is the offer; NO declines

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner and bool(game.other_living(owner))

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        others = game.other_living(owner)
        chosen = yield from game.choose_players(owner, self.id, others, 1, 1, optional=True)
        if not chosen:
            return
        target = chosen[0]
        game.skill_invoked(owner, self.id, (target.seat,))
        lost = owner.max_hp - owner.hp
        if lost > 0:
            game.draw(target, lost, self.id)
        game.flip(target, self.id)


@register
class Songwei(Skill):
    """颂威 (lord): after another Wei character's judgment card takes effect and it is
    black (the final card, after 鬼才 or 鬼道), that character may let you draw 1. It is
    his choice: the lord can neither ask nor refuse."""

    id = "songwei"
    tags = frozenset({"lord"})
    triggers = (Point.JUDGMENT_AFTER,)
    asks_first = False  # the judging player is asked, not the lord
    KINGDOM = "wei"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> bool:
        judged = data.player
        return (
            judged is not owner
            and judged.alive
            and judged.kingdom == self.KINGDOM
            and data.card is not None
            and data.card.color is Color.BLACK
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> Flow:
        judged = data.player
        answer = yield Prompt(
            PromptKind.CONFIRM,
            judged.seat,
            (judged.seat,),
            target=owner.seat,
            reason=self.id,
            optional=True,
        )
        if not (isinstance(answer, Confirm) and answer.ok):
            return
        game.skill_invoked(owner, self.id, (judged.seat,))
        game.draw(owner, 1, self.id)


BARBARIAN = "barbarian_invasion"


class _BarbarianProof(Skill):
    """祸首 and 巨象 (compulsory): Barbarian Invasion has no effect on the owner; he is not
    asked for a Kill (the target is voided before any Nullification window, as Vine does)."""

    tags = COMPULSORY
    triggers: ClassVar[tuple[Point, ...]] = (Point.EFFECT_VOID,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if point is Point.EFFECT_VOID:
            return data.target is owner and data.use.name == BARBARIAN and not data.cancelled
        return False

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        if point is Point.EFFECT_VOID:
            data.cancelled = True
            game.emit(EffectCancelled(owner.seat, BARBARIAN, self.id))
        return
        yield


# --------------------------------------------------------------------------- 孟获
@register
class Huoshou(_BarbarianProof):
    """祸首 (compulsory): Barbarian Invasion has no effect on you; when another player uses
    one, you are the source of all the damage it deals (kill rewards and penalties, 刚烈,
    反馈 answer you; none if you are dead by then). The user is still its user."""

    id = "huoshou"
    triggers = (Point.EFFECT_VOID, Point.CARD_USED)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if point is Point.CARD_USED:
            return data.name == BARBARIAN and data.user is not owner
        return super().can_trigger(game, owner, point, data)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        if point is Point.CARD_USED:
            data.flags["damage_source"] = owner  # read by `LifeLayer.damage`
            return
        yield from super().on_trigger(game, owner, point, data)


@register
class Zaiqi(Skill):
    """再起: at the start of your draw phase, if you are wounded, you may draw nothing and
    reveal the top X cards of the deck instead (X: the HP you have lost): the hearts go to
    the discard pile and you recover 1 HP for each, you take the rest into your hand. The
    reveal is no judgment."""

    id = "zaiqi"
    triggers = (Point.BEFORE_DRAW,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> bool:
        return data.player is owner and data.count > 0 and owner.hp < owner.max_hp

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DrawData) -> Flow:
        data.count = 0
        x = owner.max_hp - owner.hp
        cards: list[Card] = []
        for i in range(x):
            if game.table:  # each card is turned over and scanned
                answer = yield Prompt(
                    PromptKind.REVEAL_CARD, owner.seat, (owner.seat,), reason=self.id, count=x - i
                )
                card = answer.card
                game.deck_card_revealed(card)
            else:
                card = game.pop_deck()
            game.processing.append(card)
            cards.append(card)
        game.emit(CardsRevealed(tuple(str(c) for c in cards), self.id))
        for card in cards:
            game.processing.remove(card)
        hearts = [c for c in cards if c.suit is Suit.HEART]
        rest = [c for c in cards if c.suit is not Suit.HEART]
        game.to_discard(hearts, owner.seat, self.id)
        if hearts:
            yield from game.recover(owner, owner, len(hearts), None)
        if rest:
            owner.hand.extend(rest)
            game.emit(CardsGained(owner.seat, tuple(str(c) for c in rest), self.id))


# --------------------------------------------------------------------------- 祝融
@register
class Juxiang(_BarbarianProof):
    """巨象 (compulsory): Barbarian Invasion has no effect on you; when another player's
    Barbarian Invasion has finished resolving, you take its card into your hand instead of
    the discard pile."""

    id = "juxiang"
    triggers = (Point.EFFECT_VOID, Point.USE_FINISHED)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if point is Point.USE_FINISHED:
            use: Use = data
            return (
                use.name == BARBARIAN
                and use.user is not owner
                and bool(use.cards)
                and all(c in game.processing for c in use.cards)
            )
        return super().can_trigger(game, owner, point, data)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        if point is not Point.USE_FINISHED:
            yield from super().on_trigger(game, owner, point, data)
            return
        for card in data.cards:
            game.processing.remove(card)
            owner.hand.append(card)
        game.emit(CardsGained(owner.seat, tuple(str(c) for c in data.cards), self.id))


@register
class Lieren(Skill):
    """烈刃: after a Kill you used deals damage to its target, you may compare points with
    them; if you win, you take one of their cards (a hand card unseen, or an equipped one).
    Not for a hit conducted through an Iron Chain, nor for damage 天香 moved to another."""

    id = "lieren"
    triggers = (Point.DAMAGE_DONE,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        use, target = data.use, data.target
        return (
            data.source is owner
            and use is not None
            and use.name == "kill"
            and use.user is owner
            and not data.conducted
            and target in use.targets
            and target.alive
            and game.comparison_problem(owner, target, self.id) is None
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        target = data.target
        won = yield from game.compare_points(owner, target, self.id)
        if not won or not owner.alive or not target.alive or not target.has_cards():
            return
        yield from take_a_card(game, owner, target, self.id)


def take_a_card(game: Game, taker: Player, target: Player, reason: str) -> Flow:
    """`taker` takes one of `target`'s cards into his hand: an equipped one he names, or a
    hand card unseen (as Snatch does, without the judgment area)."""
    card = yield from choose_card_from(game, taker, target, reason, judgment=False)
    if card is None:
        taken = game.take_random_hand(target)
        taker.hand.append(taken)
        game.emit(CardTaken(taker.seat, target.seat, "hand", None, reason))
    else:
        zone = game.take_card(target, card)
        taker.hand.append(card)
        game.emit(CardTaken(taker.seat, target.seat, zone, str(card), reason))
    if game._queue:
        yield from game.flush()


# --------------------------------------------------------------------------- 孙坚
@register
class Yinghun(Skill):
    """英魂: at the start of your preparation phase, if you are wounded, you may choose
    another player: they draw X and discard 1, or draw 1 and discard X (X: the HP you have
    lost; your choice, none to make when X is 1). Discards may be equipment; a player with
    fewer cards discards all he has."""

    id = "yinghun"
    triggers = (Point.PHASE_START,)
    asks_first = False  # choosing the player is the offer; NO declines
    OPTIONS = ("draw_x", "discard_x")

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return (
            data.player is owner
            and data.phase == "preparation"
            and owner.hp < owner.max_hp
            and bool(game.other_living(owner))
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        others = game.other_living(owner)
        chosen = yield from game.choose_players(owner, self.id, others, 1, 1, optional=True)
        if not chosen:
            return
        target = chosen[0]
        game.skill_invoked(owner, self.id, (target.seat,))
        x = owner.max_hp - owner.hp
        draw, drop = 1, 1
        if x > 1:
            answer = yield Prompt(
                PromptKind.CHOOSE_OPTION,
                owner.seat,
                (owner.seat,),
                target=target.seat,
                reason=self.id,
                count=x,
                options=self.OPTIONS,
            )
            game.emit(OptionChosen(owner.seat, answer.option, self.id))
            draw, drop = (x, 1) if answer.option == "draw_x" else (1, x)
        game.draw(target, draw, self.id)
        yield from discard_cards(game, target, drop, self.id, owner)


# --------------------------------------------------------------------------- 鲁肃
HAOSHI_EXTRA = 2
HAOSHI_KEEPS = 5
"""好施: a hand of more than 5 after the extra draw gives half of it away."""


@register
class Haoshi(Skill):
    """好施: in your draw phase you may draw 2 more; then, if you hold more than 5 hand
    cards, you give half of them (rounded down), face down, to the other player with the
    fewest hand cards (your choice among those tied: `haoshi_recipient`)."""

    id = "haoshi"
    triggers = (Point.BEFORE_DRAW, Point.PHASE_END)
    asks_first = False  # offered (OK/NO) before the draw; the gift after it is not optional
    MARK = "turn:haoshi"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if data.player is not owner:
            return False
        if point is Point.BEFORE_DRAW:
            return bool(data.count > 0)
        return data.phase == "draw" and bool(owner.marks.pop(self.MARK, False))

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        if point is Point.BEFORE_DRAW:
            if not (yield from game.ask_confirm(owner, self.id, data)):
                return
            game.skill_invoked(owner, self.id)
            data.count += HAOSHI_EXTRA
            owner.marks[self.MARK] = True  # the gift is forced once he drew the extra cards
            return
        count = len(owner.hand) // 2
        others = game.other_living(owner)
        if len(owner.hand) <= HAOSHI_KEEPS or not others or count == 0:
            return
        if game.settings.haoshi_recipient == "fewest":
            fewest = min(len(q.hand) for q in others)
            others = [q for q in others if len(q.hand) == fewest]
        target = others[0]
        if len(others) > 1:
            chosen = yield from game.choose_players(owner, self.id, others, 1, 1, optional=False)
            target = chosen[0]
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            target=target.seat,
            reason=self.id,
            count=count,
            ctx={"exact": True},
        )
        given: tuple[Card, ...] | int = answer.cards if isinstance(answer, Discard) else count
        yield from game.give_hand_cards(owner, target, given, self.id)


@register
class Dimeng(Skill):
    """缔盟: once per play phase, choose two other players and discard X of your cards (hand
    or equipment; X: the difference of their hand counts): they swap their hands. Two
    players with no hand card at all are refused (`dimeng_both_empty`)."""

    id = "dimeng"
    tags = ACTIVE
    MARK = "turn:dimeng"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and len(game.other_living(owner)) >= 2

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or nobody(self.id, len(game.other_living(owner)), 2)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        problem = once_used(owner, self.id)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])
        if len(action.targets) < 2:
            raise IllegalAction(Reason.NEEDS_TARGET, card=self.id, min_targets=2)
        if len(action.targets) > 2:
            got = len(action.targets)
            raise IllegalAction(Reason.TOO_MANY_TARGETS, card=self.id, max_targets=2, got=got)
        a, b = (game.player(s) for s in action.targets)
        for q in (a, b):
            if q is owner:
                raise IllegalAction(Reason.CANNOT_TARGET_SELF, card=self.id)
            if not q.alive:
                raise IllegalAction(Reason.TARGET_DEAD, target=q.seat)
        if a is b:
            raise IllegalAction(Reason.DUPLICATE_TARGET, target=a.seat)
        if not a.hand and not b.hand and game.settings.dimeng_both_empty == "refused":
            raise IllegalAction(Reason.NO_HAND_CARDS, card=self.id, target=a.seat)
        x = abs(len(a.hand) - len(b.hand))
        if len(action.cards) != x:
            got = len(action.cards)
            raise IllegalAction(Reason.WRONG_COUNT, expected=x, got=got, why=self.id, skill=self.id)
        if action.cards:
            game.check_owned(owner, action.cards)

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        others = game.other_living(owner)
        pool = known(owner.hand) + owner.equipment_cards()
        for i, a in enumerate(others):
            for b in others[i + 1 :]:
                if not a.hand and not b.hand and game.settings.dimeng_both_empty == "refused":
                    continue
                x = abs(len(a.hand) - len(b.hand))
                if x <= len(pool):
                    yield UseSkill(self.id, tuple(pool[:x]), (a.seat, b.seat))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        a, b = (game.player(s) for s in action.targets)
        if action.cards:
            for card in action.cards:
                game.take_card(owner, card)
            game.to_discard(action.cards, owner.seat, self.id)
            if game._queue:
                yield from game.flush()
        if a.alive and b.alive:
            yield from game.swap_hands(a, b, self.id)


# --------------------------------------------------------------------------- 董卓
@register
class Jiuchi(ViewAs):
    """酒池: use a ♠ hand card as Wine: in your play phase (it counts toward the Wine
    limit), or on yourself while dying (a rescue)."""

    id = "jiuchi"
    converts = ("wine",)
    hand_only = True

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].suit is Suit.SPADE and self.conversion_off(game, owner) is None

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        return _without_maneuvering(game)


@register
class Roulin(Skill):
    """肉林 (compulsory): a Kill you use on a woman, or a woman uses on you, needs two
    Dodges to be cancelled (as 无双's)."""

    id = "roulin"
    tags = COMPULSORY
    triggers = (Point.TARGET_CHOSEN,)
    FEMALE = "female"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use, target = data.use, data.target
        if use.name != "kill":
            return False
        if use.user is owner:
            return target is not owner and target.gender == self.FEMALE
        return target is owner and use.user.gender == self.FEMALE

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        data.use.need[data.target.seat] = 2
        data.use.need_by[data.target.seat] = self.id
        return
        yield


@register
class Benghuai(Skill):
    """崩坏 (compulsory): at the start of your finish phase, if some living player has less
    HP than you, you lose 1 HP or 1 max HP (your choice; tied for lowest: nothing)."""

    id = "benghuai"
    tags = COMPULSORY
    triggers = (Point.PHASE_START,)
    OPTIONS = ("lose_hp", "lose_max_hp")

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is not owner or data.phase != "finish":
            return False
        return any(q.hp < owner.hp for q in game.other_living(owner))

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        answer = yield Prompt(
            PromptKind.CHOOSE_OPTION,
            owner.seat,
            (owner.seat,),
            reason=self.id,
            options=self.OPTIONS,
        )
        game.emit(OptionChosen(owner.seat, answer.option, self.id))
        if answer.option == "lose_hp":
            yield from game.lose_hp(owner, 1)
        else:
            yield from game.change_max_hp(owner, -1, self.id)


@register
class Baonue(Skill):
    """暴虐 (lord): after another Qun character deals damage (once per damage), he may judge:
    on a ♠ you recover 1 HP. The judgment is his (鬼才, 鬼道 may change it) and so is the
    choice."""

    id = "baonue"
    tags = frozenset({"lord"})
    triggers = (Point.DAMAGE_DONE,)
    asks_first = False  # the damage dealer is asked, not the lord
    KINGDOM = "qun"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        source = data.source
        return (
            source is not None
            and source is not owner
            and source.alive
            and source.kingdom == self.KINGDOM
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        source = data.source
        assert source is not None
        answer = yield Prompt(
            PromptKind.CONFIRM,
            source.seat,
            (source.seat,),
            target=owner.seat,
            reason=self.id,
            optional=True,
        )
        if not (isinstance(answer, Confirm) and answer.ok):
            return
        game.skill_invoked(owner, self.id, (source.seat,))
        j = yield from game.judge(source, self.id, _is_spade)
        if j.success and owner.alive and owner.hp < owner.max_hp:
            yield from game.recover(source, owner, 1, None)


def _is_spade(card: Card) -> bool:
    return card.suit is Suit.SPADE


# --------------------------------------------------------------------------- 贾诩
@register
class Wansha(Skill):
    """完杀 (compulsory): during your turn no one but you and the dying player may use a
    Peach (a converted one too): the others are not asked."""

    id = "wansha"
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
        return (
            name == "peach" and game.current is owner and user is not owner and user is not target
        )


@register
class Luanwu(Skill):
    """乱武 (limited): in your play phase, every other living player in turn, from your next
    seat, uses a Kill on one of the players nearest to him (a legal target in his range), or
    else loses 1 HP. The Kill counts toward no limit; distances are read for each in turn."""

    id = "luanwu"
    tags = frozenset({"limited", "active"})

    def can_activate(self, game: Game, owner: Player) -> bool:
        return bool(game.other_living(owner))

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if action.cards:
            raise IllegalAction(Reason.WRONG_COUNT, expected=0, got=len(action.cards))
        if action.targets:
            got = len(action.targets)
            raise IllegalAction(Reason.TOO_MANY_TARGETS, card=self.id, max_targets=0, got=got)

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        yield UseSkill(self.id)

    @staticmethod
    def nearest(game: Game, p: Player) -> list[Player]:
        """The other living players at the smallest distance from `p`."""
        others = game.other_living(p)
        if not others:
            return []
        least = min(game.distance(p, q) for q in others)
        return [q for q in others if game.distance(p, q) == least]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        for p in game.other_living(owner):
            if not p.alive:
                continue
            legal = [q for q in self.nearest(game, p) if game.kill_target_error(p, q) is None]
            used = False
            if legal:
                req = Request(p, "kill", True, owner, None, self.id)
                one = legal[0] if len(legal) == 1 else None
                got = yield from game.ask_card(p, "kill", req, target=one)
                if got is not None:
                    cards, skill = got
                    target = one
                    if target is None:
                        chosen = yield from game.choose_players(
                            p, self.id, legal, 1, 1, optional=False
                        )
                        target = chosen[0]
                    yield from game.use_card(p, "kill", cards, [target], skill=skill, extra=True)
                    used = True
            if not used and p.alive:
                yield from game.lose_hp(p, 1)


@register
class Weimu(Skill):
    """帷幕 (compulsory): you cannot be the target of a black trick, delayed ones included
    (converted ones by their cards' colour; a moving Lightning passes you). A black trick
    that reaches every player (Barbarian Invasion) passes you over. A card declared face
    down (蛊惑) had no colour when it was aimed, so it reaches you once turned."""

    id = "weimu"
    tags = COMPULSORY
    modifiers = ("prohibit",)
    triggers = (Point.EFFECT_VOID,)

    def prohibits(
        self,
        game: Game,
        owner: Player,
        user: Player,
        target: Player,
        name: str,
        cards: tuple[Card, ...] = (),
    ) -> bool:
        return target is owner and _is_trick(name) and _color(cards) is Color.BLACK

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        return (
            data.target is owner
            and not data.cancelled
            and _is_trick(use.name)
            and _color(use.cards) is Color.BLACK
            and not _declared(use.skill)
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        data.cancelled = True
        game.emit(EffectCancelled(owner.seat, data.use.name, self.id))
        return
        yield


def _declared(skill: str | None) -> bool:
    """Whether a use came through a skill that declares its card face down (蛊惑)."""
    cls = REGISTRY.get(skill) if skill is not None else None
    return cls is not None and cls.declares


def _is_trick(name: str) -> bool:
    spec = catalogue().cards.get(name)
    return spec is not None and spec.type == "trick"


def _color(cards: tuple[Card, ...]) -> Color:
    """The colour of a use's physical cards: theirs when they share one, else none."""
    colors = {c.color for c in cards}
    return colors.pop() if len(colors) == 1 else Color.NONE
