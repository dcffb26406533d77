"""Skills made for the mechanism tests only (ids `test_*`): each starts one of the
packs' shared mechanisms (engine/sanguosha/_mechanisms.py) the way a general's hook
will, so the tests drive the real engine through `submit` before the generals exist."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.core.cards import Suit
from engine.core.errors import IllegalAction
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import ACTIVE, COMPULSORY, one_other_target
from engine.sanguosha.skills._convert import ViewAs

if TYPE_CHECKING:
    from engine.sanguosha.actions import UseSkill
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import PhaseData
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player


class _Active(Skill):
    """Once per turn (so random self-play ends), offered to bots with `choices`."""

    tags = ACTIVE

    def can_activate(self, game: Game, owner: Player) -> bool:
        return not owner.marks.get(f"turn:{self.id}")

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        return None

    def choices(
        self, game: Game, owner: Player
    ) -> Iterable[tuple[tuple[Card, ...], tuple[int, ...]]]:
        return [((), (q.seat,)) for q in game.other_living(owner)]

    def activation_choices(self, game: Game, owner: Player) -> Any:
        from engine.sanguosha.actions import UseSkill

        for cards, targets in self.choices(game, owner):
            action = UseSkill(self.id, cards, targets)
            try:
                self.check_activate(game, owner, action)
            except IllegalAction:
                continue
            yield action

    def used(self, owner: Player) -> None:
        owner.marks[f"turn:{self.id}"] = True


@register
class TestFlip(_Active):
    """Flip another player's general."""

    id = "test_flip"

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        one_other_target(game, owner, action.targets, self.id)

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        game.flip(game.player(action.targets[0]), self.id)
        return
        yield


@register
class TestCompare(_Active):
    """Compare points with another player; the result is kept in a mark."""

    id = "test_compare"

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        target = one_other_target(game, owner, action.targets, self.id)
        problem = game.comparison_problem(owner, target, self.id)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        won = yield from game.compare_points(owner, game.player(action.targets[0]), self.id)
        owner.marks["test_compare"] = won


@register
class TestPile(_Active):
    """Put the deck's top card face up on your general (as 不屈 does)."""

    id = "test_pile"

    def choices(self, game: Game, owner: Player) -> Any:
        return [((), ())]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        game.add_to_pile(owner, self.id, [game.pop_deck()], True, self.id)
        return
        yield


class TestFields(Skill):
    """-1 to your distance to others for each card on your general (屯田's fields)."""

    id = "test_fields"
    modifiers = ("distance",)

    def distance(self, game: Game, owner: Player, source: Player, target: Player) -> int:
        return -len(owner.pile("test_pile")) if source is owner else 0


@register
class TestLimited(_Active):
    """Limited: draw 1 card, once per game."""

    id = "test_limited"
    tags = frozenset({"active", "limited"})

    def choices(self, game: Game, owner: Player) -> Any:
        return [((), ())]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        game.draw(owner, 1, self.id)
        return
        yield


@register
class TestAwaken(Skill):
    """Awakening: at the start of your preparation phase, at 1 HP, lose 1 max HP and gain
    Guanxing (which acts in that same preparation phase)."""

    id = "test_awaken"
    tags = COMPULSORY | {"awakening"}
    triggers = (Point.PHASE_START,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        return data.player is owner and data.phase == "preparation" and owner.hp == 1

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        yield from game.awaken(owner, self.id, -1, ("guanxing",))


@register
class TestMaxHp(_Active):
    """The target loses 1 max HP."""

    id = "test_max_hp"

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        yield from game.change_max_hp(game.player(action.targets[0]), -1, self.id)


@register
class TestExtraTurn(_Active):
    """The target takes an extra turn after this one."""

    id = "test_extra_turn"

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        game.grant_extra_turn(game.player(action.targets[0]), self.id)
        return
        yield


@register
class TestSwap(_Active):
    """Two players swap their hands."""

    id = "test_swap"

    def choices(self, game: Game, owner: Player) -> Any:
        living = game.alive_order
        return [((), (a.seat, b.seat)) for a in living for b in living if a.seat < b.seat]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        a, b = (game.player(s) for s in action.targets)
        yield from game.swap_hands(a, b, self.id)


@register
class TestGive(_Active):
    """Give the named hand cards (at the table: `targets[1]` unseen ones) to a player."""

    id = "test_give"

    def choices(self, game: Game, owner: Player) -> Any:
        return [((c,), (q.seat,)) for c in owner.hand[:1] for q in game.other_living(owner)]

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        target = game.player(action.targets[0])
        what: Any = action.cards if action.cards else action.targets[1]
        yield from game.give_hand_cards(owner, target, what, self.id)


@register
class TestMove(_Active):
    """Move a card on the board: targets (from, to), the card named."""

    id = "test_move"

    def choices(self, game: Game, owner: Player) -> Any:
        living = game.alive_order
        return [
            ((card,), (a.seat, b.seat))
            for a in living
            for card in a.equipment_cards() + [c for c, _ in a.judgment]
            for b in living
        ]

    def check_activate(self, game: Game, owner: Player, action: UseSkill) -> None:
        if len(action.targets) != 2 or len(action.cards) != 1:
            raise IllegalAction(Reason.WRONG_COUNT, expected=2, got=len(action.targets))
        source, target = (game.player(s) for s in action.targets)
        game.check_board_move(owner, source, game.check_in_game(action.cards[0]), target)

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        source, target = (game.player(s) for s in action.targets)
        yield from game.move_on_board(owner, source, action.cards[0], target, self.id)


@register
class TestStrip(_Active):
    """The target loses every general skill and becomes a Shu woman."""

    id = "test_strip"

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        self.used(owner)
        target = game.player(action.targets[0])
        game.lose_general_skills(target, self.id)
        game.set_kingdom_gender(target, "shu", "female", self.id)
        return
        yield


@register
class TestPair(ViewAs):
    """Two hand cards of the same suit as Arrow Barrage (乱击's shape)."""

    id = "test_pair"
    converts = ("arrow_barrage",)
    count = 2
    hand_only = True

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].suit is cards[1].suit


@register
class TestHeart(ViewAs):
    """One heart card (hand or equipment) as a Kill."""

    id = "test_heart"
    converts = ("kill",)

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        return cards[0].suit is Suit.HEART
