"""The 风 (Wind) pack's skills, original printed texts (docs/wind-fire.md §3).

夏侯渊 (shensu), 曹仁 (jushou), 黄忠 (liegong), 魏延 (kuanggu), 张角 (leiji, guidao;
huangtian as lord), 小乔 (tianxiang, hongyan), 周泰 (buqu); 于吉's 蛊惑 has its own module
(`guhuo.py`). The texts players read are in `data/skills.json`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color, Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import UseSkill
from engine.sanguosha.catalogue import Card
from engine.sanguosha.events import CardGiven, CardsGained
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import COMPULSORY, known, once_used, too_few_cards

if TYPE_CHECKING:
    from collections.abc import Iterator

    from engine.sanguosha.cards import Problem
    from engine.sanguosha.context import Damage, Judgment, PhaseData, Request, TargetData
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

JUSHOU_DRAW = 3
LEIJI_DAMAGE = 2


# --------------------------------------------------------------------------- 夏侯渊
@register
class Shensu(Skill):
    """神速: before your judgment phase you may skip it and your draw phase; before your play
    phase you may skip it and discard an equipment card. Each option taken is a Kill with no
    card and no distance limit on another player (it does not count toward the Kill limit,
    `shensu_counts_toward_kill_limit`)."""

    id = "shensu"
    triggers = (Point.PHASE_START,)
    asks_first = False  # choosing the Kill's target is the offer; NO declines

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is not owner or not self._targets(game, owner):
            return False
        if data.phase == "judgment":
            return "draw" not in game.skipped
        if data.phase == "play":
            if owner.equipment_cards() or (owner.hand and not game.reads_hands):
                return True  # an unseen hand card may be an equipment card
            return any(c.type == "equipment" for c in owner.hand)
        return False

    @staticmethod
    def _targets(game: Game, owner: Player) -> list[Player]:
        return [
            q
            for q in game.other_living(owner)
            if game.kill_target_error(owner, q, ignore_distance=True) is None
        ]

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        if data.phase == "play":
            answer = yield Prompt(
                PromptKind.DISCARD,
                owner.seat,
                (owner.seat,),
                reason=self.id,
                count=1,
                optional=True,
                ctx={"equip": True, "exact": True, "card_type": "equipment"},
            )
            if answer.kind != "discard":
                return
            card = answer.cards[0]
        chosen = yield from game.choose_players(
            owner, self.id, self._targets(game, owner), 1, 1, optional=data.phase != "play"
        )
        if not chosen:
            return
        game.skill_invoked(owner, self.id, (chosen[0].seat,))
        data.skip = self.id
        if data.phase == "judgment":
            game.skip_phase("draw", self.id)
        else:
            game.take_card(owner, card)
            game.to_discard((card,), owner.seat, self.id)
            if game._queue:
                yield from game.flush()
        if owner.alive and chosen[0].alive:
            extra = not game.settings.shensu_counts_toward_kill_limit
            if not extra:
                game.kills_used += 1
            yield from game.use_card(
                owner, "kill", (), chosen, skill=self.id, extra=True, ignore_distance=True
            )


# --------------------------------------------------------------------------- 曹仁
@register
class Jushou(Skill):
    """据守: at the start of your finish phase you may draw 3 cards, then flip your general
    (your next turn is skipped as it turns face up)."""

    id = "jushou"
    triggers = (Point.PHASE_START,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "finish"

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        game.draw(owner, JUSHOU_DRAW, self.id)
        game.flip(owner, self.id)
        return
        yield


# --------------------------------------------------------------------------- 黄忠
@register
class Liegong(Skill):
    """烈弓: in your play phase, after your Kill targets a player whose hand count is at least
    your HP or at most your attack range, you may make this Kill impossible to Dodge for
    them (Eight Diagrams and 八阵 included: no Dodge is asked for)."""

    id = "liegong"
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use, target = data.use, data.target
        if use.user is not owner or use.name != "kill" or not target.alive:
            return False
        if game.current is not owner or game.phase != "play":
            return False
        count = len(target.hand)
        return count >= owner.hp or count <= game.attack_range(owner)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        data.use.no_response[data.target.seat] = self.id
        return
        yield


# --------------------------------------------------------------------------- 魏延
@register
class Kuanggu(Skill):
    """狂骨 (compulsory): for each point of damage you deal to a player at distance 1 or less
    (measured as the damage is dealt, so a kill counts), you recover 1 HP."""

    id = "kuanggu"
    tags = COMPULSORY
    triggers = (Point.DAMAGE_BEFORE, Point.DAMAGE_DONE)
    NEAR = "kuanggu_near"

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        if data.source is not owner:
            return False
        if point is Point.DAMAGE_BEFORE:  # note the distance now, before HP or seats change
            data.flags[self.NEAR] = game.distance(owner, data.target) <= 1
            return False
        return bool(data.flags.get(self.NEAR)) and owner.hp < owner.max_hp

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        yield from game.recover(owner, owner, data.amount, None)


# --------------------------------------------------------------------------- 小乔
@register
class Tianxiang(Skill):
    """天香: when you are about to take damage, you may discard a ♥ hand card (a ♠ one too,
    by 红颜) and choose another player: the damage is prevented for you and dealt to them
    instead (same source, amount, nature, card; your armour does not count, theirs does;
    the amount with the source's bonuses, or without them: `tianxiang_amount`).
    Once it is over they draw as many cards as the HP they have lost, if alive."""

    id = "tianxiang"
    triggers = (Point.DAMAGE_INFLICTED,)
    asks_first = False  # the discard prompt is the offer; NO declines

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        if data.target is not owner or not owner.hand or not game.other_living(owner):
            return False
        if not game.reads_hands:
            return True
        return any(game.seen_as(owner, c).suit is Suit.HEART for c in owner.hand)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            source=data.source.seat if data.source is not None else None,
            reason=self.id,
            count=1,
            optional=True,
            ctx={"exact": True, "suit": Suit.HEART},
        )
        if answer.kind != "discard":
            return
        others = game.other_living(owner)
        chosen = yield from game.choose_players(owner, self.id, others, 1, 1, optional=False)
        target = chosen[0]
        amount = data.flags.get("before_armor", data.amount)  # her own armour does not count
        if game.settings.tianxiang_amount == "before_bonuses":
            amount = min(amount, data.flags["before_bonuses"])
        game.skill_invoked(owner, self.id, (target.seat,))
        card = answer.cards[0]
        game.take_from_hand(owner, card)
        game.to_discard((card,), owner.seat, self.id)
        game.seen_as_said(owner, card)  # a ♠ let through by 红颜: said here
        data.prevented = True
        data.flags["by"] = self.id
        if game._queue:
            yield from game.flush()
        card_name = data.flags.get("card")
        yield from game.damage(
            data.source,
            target,
            amount,
            data.nature,
            data.use,
            card_name,
            data.conducted,
            data.cards,
        )
        if target.alive and target.max_hp > target.hp:
            game.draw(target, target.max_hp - target.hp, self.id)


@register
class Hongyan(Skill):
    """红颜 (compulsory): your ♠ cards are ♥ (so red): those you hold or have equipped, those
    you use, and any card judged for you (a ♠ put in its place by 鬼才 or 鬼道 too, by
    default: `hongyan_on_replacement`). Lightning never strikes you, 雷击 never hits you."""

    id = "hongyan"
    tags = COMPULSORY
    modifiers = ("card_suit",)

    def card_suit(self, game: Game, owner: Player, player: Player, card: Card) -> Suit | None:
        return Suit.HEART if player is owner and card.suit is Suit.SPADE else None


# --------------------------------------------------------------------------- 周泰
@register
class Buqu(Skill):
    """不屈 (original text): each time you lose HP and are then at 0 or below, you may put
    the deck's top card face up on your general, until you hold 1 - HP of them (a pile,
    public). While their ranks all differ you do not go into dying; on a repeated rank you
    do, and survive the rescue round only with HP 1 or more, or with the ranks differing
    again (`buqu_rescue_stop`). Each point of HP you recover takes one card off, your
    choice; at 1 HP or more all go (docs/wind-fire.md §3.2)."""

    id = "buqu"
    triggers = (Point.BEFORE_DYING, Point.RECOVERED)
    modifiers = ("survives",)
    asks_first = False  # the reveal is offered (OK/NO); a card taken off is not optional

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        if point is Point.RECOVERED:
            return data.target is owner and bool(owner.pile(self.id))
        return data.player is owner and len(owner.pile(self.id)) < 1 - owner.hp

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        if point is Point.RECOVERED:
            yield from self._recovered(game, owner, data.amount)
            return
        if not (yield from game.ask_confirm(owner, self.id, data)):
            return  # declined: an ordinary dying
        game.skill_invoked(owner, self.id)
        while len(owner.pile(self.id)) < 1 - owner.hp:
            if game.table:  # the top card is turned over and scanned, like a judgment card
                answer = yield Prompt(
                    PromptKind.REVEAL_CARD,
                    owner.seat,
                    (owner.seat,),
                    reason=self.id,
                    count=1 - owner.hp - len(owner.pile(self.id)),
                )
                card = answer.card
                game.deck_card_revealed(card)
            else:
                card = game.pop_deck()
            game.add_to_pile(owner, self.id, (card,), True, self.id)

    def _recovered(self, game: Game, owner: Player, amount: int) -> Flow:
        pile = owner.pile(self.id)
        if owner.hp >= 1:  # out of danger: every card goes
            game.remove_from_pile(owner, self.id, list(pile), "discard", self.id)
            return
        for _ in range(min(amount, len(pile))):
            answer = yield Prompt(
                PromptKind.HARVEST_PICK,
                owner.seat,
                (owner.seat,),
                reason=self.id,
                options=tuple(str(c) for c in pile),
                ctx=list(pile),
            )
            game.remove_from_pile(owner, self.id, (answer.card,), "discard", self.id)

    def survives(self, game: Game, owner: Player, player: Player, rescuing: bool) -> bool:
        if player is not owner:
            return False
        if rescuing and game.settings.buqu_rescue_stop == "full_round":
            return False  # every player is asked first; the ranks are read at the end
        pile = owner.pile(self.id)
        ranks = {c.rank for c in pile if isinstance(c, Card)}
        return len(pile) >= 1 - owner.hp and len(ranks) == len(pile)


# --------------------------------------------------------------------------- 张角
@register
class Leiji(Skill):
    """雷击: when you use or play a Dodge (Eight Diagrams' and converted ones too), you may
    have any player judge: on a spade you deal them 2 thunder damage."""

    id = "leiji"
    triggers = (Point.CARD_RESPONDED,)
    asks_first = False  # choosing the player is the offer; NO declines

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Request) -> bool:
        return data.player is owner and data.need == "dodge"

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Request) -> Flow:
        options = list(game.alive_order)
        chosen = yield from game.choose_players(owner, self.id, options, 1, 1, optional=True)
        if not chosen:
            return
        target = chosen[0]
        game.skill_invoked(owner, self.id, (target.seat,))
        j = yield from game.judge(target, self.id, _is_spade)
        if j.success and target.alive and owner.alive:
            yield from game.damage(owner, target, LEIJI_DAMAGE, "thunder", None, card=self.id)


def _is_spade(card: Card) -> bool:
    return card.suit is Suit.SPADE


@register
class Guidao(Skill):
    """鬼道: before any player's judgment card takes effect, you may play a black card from
    your hand or equipment to replace it; you take the replaced card into your hand."""

    id = "guidao"
    triggers = (Point.JUDGMENT_BEFORE,)
    asks_first = False  # its own prompt can be declined

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> bool:
        if data.card is None:
            return False
        if owner.hand and not game.reads_hands:
            return True
        return any(c.color is Color.BLACK for c in owner.hand + owner.equipment_cards())

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Judgment) -> Flow:
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            target=data.player.seat,
            reason=self.id,
            count=1,
            optional=True,
            ctx={"equip": True, "exact": True, "color": Color.BLACK},
        )
        if answer.kind != "discard":
            return
        old = data.card
        game.skill_invoked(owner, self.id, (data.player.seat,))
        game.replace_judgment(data, owner, answer.cards[0], self.id)
        if old is not None and old in game.discard_pile:  # 鬼道 keeps the replaced card
            game.discard_pile.remove(old)
            owner.hand.append(old)
            game.emit(CardsGained(owner.seat, (str(old),), self.id))
        if game._queue:
            yield from game.flush()


@register
class Huangtian(Skill):
    """黄天 (lord): once in each of his own play phases, every other Qun character may give
    you a Dodge or a Lightning from his hand, shown. It is the giver's action (a `lent`
    skill: `owner` in the active hooks is the giver); the lord can neither ask nor refuse
    (docs/wind-fire.md §3.2)."""

    id = "huangtian"
    tags = frozenset({"lord", "active"})
    lent = True
    MARK = "turn:huangtian"  # on the giver: his play phase happens once a turn
    GIFTS = ("dodge", "lightning")
    KINGDOM = "qun"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return self.unavailable(game, owner) is None

    def unavailable(self, game: Game, owner: Player) -> Problem:
        if game.lender(owner, self.id) is None:  # the lord himself: it is the others' skill
            return Reason.SKILL_NOT_AVAILABLE, {"skill": self.id, "seat": owner.seat, "how": "lent"}
        if owner.kingdom != self.KINGDOM:
            data = {"skill": self.id, "seat": owner.seat, "kingdom": owner.kingdom}
            return Reason.WRONG_KINGDOM, data | {"needed": self.KINGDOM}
        return once_used(owner, self.id) or too_few_cards(owner, self.id, 1)

    def _gifts(self, owner: Player) -> list[Card]:
        return [c for c in known(owner.hand) if c.true_name in self.GIFTS]

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if len(action.cards) != 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=len(action.cards))
        card = action.cards[0]
        if card.true_name not in self.GIFTS:
            need = "dodge_or_lightning"
            raise IllegalAction(Reason.WRONG_KIND_OF_CARD, card=str(card), skill=self.id, need=need)
        game.check_in_hand(owner, action.cards)
        lord = game.lender(owner, self.id)
        assert lord is not None  # can_activate
        for seat in action.targets:  # the lord, or no one named
            if seat != lord.seat:
                raise IllegalAction(
                    Reason.INVALID_TARGET, card=self.id, target=seat, lord=lord.seat
                )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        for card in self._gifts(owner):
            yield UseSkill(self.id, (card,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        lord = game.lender(owner, self.id)
        assert lord is not None
        card = action.cards[0]
        game.take_from_hand(owner, card)
        lord.hand.append(card)
        game.emit(CardGiven(owner.seat, lord.seat, str(card), self.id))
        if game._queue:
            yield from game.flush()
