"""The 山 (Mountain) pack's skills, original printed texts (docs/forest-mountain.md §4).

姜维 (tiaoxin, zhiji), 张昭张纮 (zhijian, guzheng), 蔡文姬 (beige, duanchang). The texts players read are in `data/skills.json`. The other
山 generals are not built yet: they are refused at setup (`general_not_playable`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import Confirm, Discard, UseSkill
from engine.sanguosha.cards.tricks import choose_card_from
from engine.sanguosha.context import Request
from engine.sanguosha.events import CardGiven, CardsGained, OptionChosen
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import (
    ACTIVE,
    COMPULSORY,
    known,
    no_cards,
    once_used,
    one_other_target,
)
from engine.sanguosha.state import HIDDEN, SLOT_INDEX

if TYPE_CHECKING:
    from collections.abc import Iterator

    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Damage, DyingData, PhaseData
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

BEIGE_DRAW = 2
BEIGE_DISCARD = 2
ZHIJI_DRAW = 2
ZHIJI_OPTIONS = ("recover_1", "draw_2")


def _card_count(p: Player) -> int:
    """Cards in hand and equipment (what a "discard N cards" may take)."""
    return len(p.hand) + len(p.equipment_cards())


def discard_cards(game: Game, p: Player, count: int, reason: str, by: Player | None) -> Flow:
    """`p` must discard `count` cards of hand or equipment (all if fewer), one scan or more
    at a time; OK at the table discards hand cards unseen. Returns the cards discarded."""
    left = min(count, _card_count(p))
    gone: list[Card] = []
    while left > 0:
        answer = yield Prompt(
            PromptKind.DISCARD,
            p.seat,
            (p.seat,),
            source=by.seat if by is not None else None,
            reason=reason,
            count=left,
            optional=False,
            ctx={"equip": True, "exact": not game.table},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            for card in cards:
                game.take_card(p, card)
        elif isinstance(answer, Confirm) and answer.ok:
            cards = game.take_unseen(p, left)
        else:  # pragma: no cover - the prompt is not optional
            return gone
        game.to_discard(cards, p.seat, reason)
        gone += cards
        left = min(left - len(cards), _card_count(p))
    if game._queue:
        yield from game.flush()
    return gone


# --------------------------------------------------------------------------- 姜维
@register
class Tiaoxin(Skill):
    """挑衅: once per play phase, choose a player whose attack range includes you: they must
    use a Kill on you (not counted toward their limit), or else you discard one of their
    cards (hand unseen, or equipment); nothing if they have none."""

    id = "tiaoxin"
    tags = ACTIVE
    MARK = "turn:tiaoxin"

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(self.MARK) and bool(self._targets(game, owner))

    @staticmethod
    def _targets(game: Game, owner: Player) -> list[Player]:
        return [q for q in game.other_living(owner) if game.in_attack_range(q, owner)]

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or (
            Reason.NOT_ENOUGH_TARGETS,
            {"skill": self.id, "needed": 1, "available": 0},
        )

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        no_cards(action)
        target = one_other_target(game, owner, action.targets, self.id)
        if not game.in_attack_range(target, owner):
            raise IllegalAction(
                Reason.OUT_OF_RANGE,
                card=self.id,
                source=target.seat,
                target=owner.seat,
                distance=game.distance(target, owner),
                range=game.attack_range(target),
            )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        for q in self._targets(game, owner):
            yield UseSkill(self.id, (), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks[self.MARK] = True
        target = game.player(action.targets[0])
        if game.kill_target_error(target, owner) is None:
            req = Request(target, "kill", True, owner, None, self.id)
            got = yield from game.ask_card(target, "kill", req, target=owner)
            if got is not None:
                cards, skill = got
                yield from game.use_card(target, "kill", cards, [owner], skill=skill, extra=True)
                return
        if not owner.alive or not (target.hand or target.equipment_cards()):
            return
        card = yield from choose_card_from(game, owner, target, self.id, judgment=False)
        if card is not None:
            game.take_card(target, card)
            game.to_discard((card,), target.seat, self.id)
        else:
            yield from game.discard_from_hand_unseen(target, self.id, owner)
        if game._queue:
            yield from game.flush()


@register
class Zhiji(Skill):
    """志继 (awakening): at the start of your preparation phase, if you have no hand cards,
    recover 1 HP or draw 2 (only draw when unwounded), then lose 1 max HP and gain 观星
    (`zhiji_order`: `maxhp_first` lowers the max HP before the choice, as QSanguosha)."""

    id = "zhiji"
    tags = frozenset({"awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("guanxing",)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "preparation" and not owner.hand

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        first = game.settings.zhiji_order == "maxhp_first"
        if first:
            yield from game.change_max_hp(owner, -1, self.id)
            if not owner.alive:
                return
        option = "draw_2"
        if owner.hp < owner.max_hp:
            answer = yield Prompt(
                PromptKind.CHOOSE_OPTION,
                owner.seat,
                (owner.seat,),
                reason=self.id,
                options=ZHIJI_OPTIONS,
            )
            option = answer.option
            game.emit(OptionChosen(owner.seat, option, self.id))
        if option == "recover_1":
            yield from game.recover(owner, owner, 1, None)
        else:
            game.draw(owner, ZHIJI_DRAW, self.id)
        if owner.alive:
            yield from game.awaken(owner, self.id, 0 if first else -1, self.GAINS)


# --------------------------------------------------------------------------- 张昭张纮
@register
class Zhijian(Skill):
    """直谏: in your play phase, any number of times, put an equipment card from your hand
    into an empty slot of another player's equipment area (it is equipped by them, not
    used), then draw 1."""

    id = "zhijian"
    tags = ACTIVE

    def can_activate(self, game: Game, owner: Player) -> bool:
        return any(c.type == "equipment" for c in known(owner.hand)) or (
            game.table and bool(owner.hand)
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return Reason.TOO_FEW_CARDS, {
            "skill": self.id,
            "seat": owner.seat,
            "needed": 1,
            "have": 0,
            "zone": "hand",
        }

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if len(action.cards) != 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=1, got=len(action.cards))
        card = action.cards[0]
        game.check_in_hand(owner, action.cards)
        if card.type != "equipment":
            raise IllegalAction(
                Reason.WRONG_KIND_OF_CARD, card=str(card), skill=self.id, need="equipment"
            )
        target = one_other_target(game, owner, action.targets, self.id)
        held = target.equip[SLOT_INDEX[card.subtype]]
        if held is not None:
            raise IllegalAction(
                Reason.SLOT_OCCUPIED,
                card=str(card),
                seat=target.seat,
                held=str(held),
                skill=self.id,
            )

    def activation_choices(self, game: Game, owner: Player) -> Iterator[UseSkill]:
        for card in known(owner.hand):
            if card.type != "equipment":
                continue
            for q in game.other_living(owner):
                if q.equip[SLOT_INDEX[card.subtype]] is None:
                    yield UseSkill(self.id, (card,), (q.seat,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        card, target = action.cards[0], game.player(action.targets[0])
        game.take_from_hand(owner, card)
        game.equip(target, card)
        if game._queue:
            yield from game.flush()
        if owner.alive:
            game.draw(owner, 1, self.id)


@register
class Guzheng(Skill):
    """固政: at the end of another player's discard phase, if cards they discarded in that
    phase are still in the discard pile, you may give one of them back to them; then you
    may take all the others (`guzheng_take_rest`: optional, or automatic)."""

    id = "guzheng"
    triggers = (Point.PHASE_START, Point.PHASE_END)
    MARK = "turn:guzheng"  # the discard pile's length when that discard phase began

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is owner or data.phase != "discard":
            return False
        if point is Point.PHASE_START:  # note where this phase's discards begin
            owner.marks[self.MARK] = len(game.discard_pile)
            return False
        return data.player.alive and bool(known(self._discarded(game, owner)))

    def _discarded(self, game: Game, owner: Player) -> list[Card]:
        start = owner.marks.get(self.MARK)
        if not isinstance(start, int) or start > len(game.discard_pile):
            return []
        return game.discard_pile[start:]

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        target = data.player
        cards = self._discarded(game, owner)
        shown = known(cards)
        answer = yield Prompt(
            PromptKind.HARVEST_PICK,
            owner.seat,
            (owner.seat,),
            target=target.seat,
            reason=self.id,
            options=tuple(str(c) for c in shown),
            ctx=shown,
        )
        back: Card = answer.card
        game.discard_pile.remove(back)
        target.hand.append(back)
        game.emit(CardGiven(owner.seat, target.seat, str(back), self.id))
        rest = [c for c in cards if c is not back]
        if not rest or not owner.alive:
            return
        if game.settings.guzheng_take_rest == "optional":
            answer = yield Prompt(
                PromptKind.CONFIRM,
                owner.seat,
                (owner.seat,),
                target=target.seat,
                reason=self.id,
                count=len(rest),
                optional=True,
            )
            if not (isinstance(answer, Confirm) and answer.ok):
                return
        for card in rest:
            game.discard_pile.remove(card)
        owner.hand.extend(rest)
        game.emit(CardsGained(owner.seat, tuple(str(c) for c in rest if c is not HIDDEN), self.id))


# --------------------------------------------------------------------------- 蔡文姬
@register
class Beige(Skill):
    """悲歌: after a player takes damage from a Kill (once per damage event, conducted hits
    too), if they are alive you may discard a card (hand or equipment); they judge:
    ♥ they recover 1, ♦ they draw 2, ♣ the damage source discards 2 cards, ♠ the source
    flips. The suit is the final judgment card's."""

    id = "beige"
    triggers = (Point.DAMAGED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        use = data.use
        return (
            use is not None and use.name == "kill" and data.target.alive and _card_count(owner) > 0
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        yield from discard_cards(game, owner, 1, self.id, None)
        target, source = data.target, data.source
        if not target.alive:
            return
        suits: list[Suit] = []

        def red(card: Card) -> bool:  # the suit as it counts (红颜), noted for the effect
            suits.append(card.suit)
            return card.suit in (Suit.HEART, Suit.DIAMOND)

        yield from game.judge(target, self.id, red)
        suit = suits[-1]
        if suit is Suit.HEART:
            if target.alive and target.hp < target.max_hp:
                yield from game.recover(owner, target, 1, None)
        elif suit is Suit.DIAMOND:
            if target.alive:
                game.draw(target, BEIGE_DRAW, self.id)
        elif source is not None and source.alive:
            if suit is Suit.CLUB:
                yield from discard_cards(game, source, BEIGE_DISCARD, self.id, owner)
            else:
                game.flip(source, self.id)


@register
class Duanchang(Skill):
    """断肠 (compulsory): when you die, the player who killed you loses every general skill
    (lord and gained skills too; equipment keeps working). No killer, or a dead one:
    nothing."""

    id = "duanchang"
    tags = COMPULSORY
    triggers = (Point.DEATH,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> bool:
        killer = data.killer
        return data.player is owner and killer is not None and killer.alive and killer is not owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: DyingData) -> Flow:
        assert data.killer is not None
        game.lose_general_skills(data.killer, self.id)
        return
        yield
