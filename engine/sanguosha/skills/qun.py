"""Skills of the Qun (群) generals: Hua Tuo, Lü Bu, Diao Chan.

Original standard-edition texts (docs/sanguosha.md 1b): Qingnang, Jijiu, Wushuang,
Lijian, Biyue. Active skills (Qingnang, Lijian) are started from the play prompt
with `UseSkill(skill, cards, targets)`; at the table that is the skill token (or
the general card), then the cards and the targets' general cards, then OK.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color
from engine.core.errors import IllegalAction
from engine.sanguosha.context import PhaseData, TargetData
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import nobody, once_used, too_few_cards
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from collections.abc import Iterable

    from engine.sanguosha.actions import UseSkill
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

COMPULSORY = frozenset({"compulsory"})
ACTIVE = frozenset({"active"})


def _known(cards: Iterable[Card]) -> list[Card]:
    """Distinct cards the engine can name (not table-mode placeholders)."""
    return [c for c in dict.fromkeys(cards) if c is not HIDDEN]


def _check_count(action: UseSkill, cards: int, targets: int, skill: str) -> None:
    if len(action.cards) != cards:
        raise IllegalAction(Reason.WRONG_COUNT, expected=cards, got=len(action.cards))
    if len(action.targets) < targets:
        raise IllegalAction(Reason.NEEDS_TARGET, card=skill, min_targets=targets)
    if len(action.targets) > targets:
        raise IllegalAction(
            Reason.TOO_MANY_TARGETS, card=skill, max_targets=targets, got=len(action.targets)
        )


def _once(game: Game, owner: Player, skill: str) -> None:
    """Once per play phase: refuse a second use (a turn has one play phase)."""
    problem = once_used(owner, skill)
    if problem is not None:
        raise IllegalAction(problem[0], **problem[1])


@register
class Qingnang(Skill):
    """青囊: once per play phase, discard a hand card to have a wounded player recover 1 HP."""

    id = "qingnang"
    tags = ACTIVE

    def can_activate(self, game: Game, owner: Player) -> bool:
        return (
            not owner.marks.get("turn:qingnang")
            and bool(owner.hand)
            and any(q.hp < q.max_hp for q in game.alive_order)
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        return once_used(owner, self.id) or too_few_cards(owner, self.id, 1) or nobody(self.id)

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        _once(game, owner, self.id)
        _check_count(action, 1, 1, self.id)
        game.check_in_hand(owner, action.cards)
        target = game.player(action.targets[0])
        if not target.alive:
            raise IllegalAction(Reason.TARGET_DEAD, target=target.seat)
        if target.hp >= target.max_hp:
            raise IllegalAction(
                Reason.NOT_WOUNDED, seat=target.seat, hp=target.hp, max_hp=target.max_hp
            )

    def activation_choices(self, game: Game, owner: Player) -> Iterable[UseSkill]:
        from engine.sanguosha.actions import UseSkill

        hand = _known(owner.hand)
        if not hand:
            return []
        wounded = [q for q in game.alive_order if q.hp < q.max_hp]
        return [UseSkill(self.id, (hand[i % len(hand)],), (q.seat,)) for i, q in enumerate(wounded)]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks["turn:qingnang"] = True
        card = action.cards[0]
        game.take_from_hand(owner, card)
        game.to_discard((card,), owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        target = game.player(action.targets[0])
        if target.alive:
            yield from game.recover(owner, target, 1, None)


@register
class Jijiu(Skill):
    """急救: outside your turn, you may use any red card (hand or equipped) as a Peach."""

    id = "jijiu"
    converts = ("peach",)

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        return (
            name == "peach"
            and game.current is not owner
            and len(cards) == 1
            and cards[0].color is Color.RED
        )

    def conversion_choices(
        self, game: Game, owner: Player, name: str
    ) -> Iterable[tuple[Card, ...]]:
        if name != "peach" or game.current is owner:
            return ()
        cards = _known(owner.hand) + owner.equipment_cards()
        return [(c,) for c in cards if c.color is Color.RED]


@register
class Wushuang(Skill):
    """无双 (compulsory): your Kill needs two Dodges to cancel; in a Duel you use or are
    targeted by, your opponent must play two Kills each time."""

    id = "wushuang"
    tags = COMPULSORY
    triggers = (Point.TARGET_CHOSEN,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> bool:
        use = data.use
        if use.user is owner:
            return use.name in ("kill", "duel") and data.target is not owner
        return use.name == "duel" and data.target is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: TargetData) -> Flow:
        use = data.use
        opponent = data.target if use.user is owner else use.user
        use.need[opponent.seat] = 2
        use.need_by[opponent.seat] = self.id
        return
        yield


@register
class Lijian(Skill):
    """离间: once per play phase, discard a card and choose two male characters: the second
    uses a Duel on the first (who answers first); it cannot be Nullified."""

    id = "lijian"
    tags = ACTIVE

    def _males(self, game: Game, owner: Player) -> list[Player]:
        return [q for q in game.other_living(owner) if q.gender == "male"]

    def _pair_error(self, game: Game, first: Player, second: Player) -> IllegalAction | None:
        for q in (first, second):
            if not q.alive:
                return IllegalAction(Reason.TARGET_DEAD, target=q.seat)
            if q.gender != "male":
                return IllegalAction(Reason.NOT_MALE, skill=self.id, target=q.seat)
        if first is second:
            return IllegalAction(Reason.DUPLICATE_TARGET, target=first.seat)
        problem = game.prohibited_error(second, first, "duel")
        if problem is not None:
            return IllegalAction(problem[0], **problem[1])
        return None

    def _pairs(self, game: Game, owner: Player) -> list[tuple[Player, Player]]:
        males = self._males(game, owner)
        return [
            (a, b)
            for a in males
            for b in males
            if a is not b and game.prohibited_error(b, a, "duel") is None
        ]

    def can_activate(self, game: Game, owner: Player) -> bool:
        if owner.marks.get("turn:lijian") or not owner.has_cards():
            return False
        return len(self._males(game, owner)) >= 2 and bool(self._pairs(game, owner))

    def unavailable(self, game: Game, owner: Player) -> tuple[Reason, dict[str, Any]] | None:
        used = once_used(owner, self.id) or too_few_cards(owner, self.id, 1, "cards")
        if used is not None:
            return used
        males = len(self._males(game, owner))
        if males < 2:  # 1v1, or too few men left: no Duel to arrange (docs/modes.md 2.1)
            return Reason.NOT_ENOUGH_TARGETS, {"skill": self.id, "needed": 2, "available": males}
        return None

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        _once(game, owner, self.id)
        _check_count(action, 1, 2, self.id)
        game.check_owned(owner, action.cards)
        first, second = (game.player(s) for s in action.targets)
        if owner in (first, second):
            raise IllegalAction(Reason.CANNOT_TARGET_SELF, card=self.id)
        error = self._pair_error(game, first, second)
        if error is not None:
            raise error

    def activation_choices(self, game: Game, owner: Player) -> Iterable[UseSkill]:
        from engine.sanguosha.actions import UseSkill

        cards = _known(owner.hand) + owner.equipment_cards()
        if not cards:
            return []
        return [
            UseSkill(self.id, (cards[i % len(cards)],), (a.seat, b.seat))
            for i, (a, b) in enumerate(self._pairs(game, owner))
        ]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        owner.marks["turn:lijian"] = True
        card = action.cards[0]
        game.take_card(owner, card)
        game.to_discard((card,), owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        first, second = (game.player(s) for s in action.targets)
        if first.alive and second.alive:
            yield from game.use_card(second, "duel", (), [first], skill=self.id, nullifiable=False)


@register
class Biyue(Skill):
    """闭月: at the start of your finish phase you may draw 1 card."""

    id = "biyue"
    triggers = (Point.PHASE_START,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "finish"

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        game.draw(owner, 1, self.id)
        return
        yield
