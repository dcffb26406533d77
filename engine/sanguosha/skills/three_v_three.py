"""The 3v3 (统帅三军) versions of four standard generals (docs/modes.md §4.2,
`3v3.exclusive_generals`): the mode gives these generals these skills instead of their
printed ones (`general_skills` in `data/modes.json`); the texts players read are in
`data/skills.json`.

夏侯惇 刚烈 (ganglie_3v3: any enemy, not only the source), 关羽 忠义 (zhongyi: a red hand
card kept on the general as 义 until the round resets), 赵云 救主 (jiuzhu), 吕布 战神
(zhanshen: an awakening that gives 马术 and 神戟, shenji). "Friend" and "enemy" are the
team mode's (`TeamMode.same_team`): these skills exist only in a team game. They reuse
the mechanisms of cards kept on a general, limited and awakening skills and max-HP
changes (`_mechanisms.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.cards import Color
from engine.core.errors import IllegalAction
from engine.sanguosha.actions import Confirm, Discard, UseSkill
from engine.sanguosha.context import Damage, PhaseData, Request, RoundData
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.skills._active import COMPULSORY, known
from engine.sanguosha.skills.wei import Ganglie
from engine.sanguosha.state import WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.modes.teams import TeamMode
    from engine.sanguosha.state import Player

YI = "zhongyi"
"""The pile of 义 cards on 关羽's general (public)."""
SHENJI_TARGETS = 2
"""神戟: a Kill's extra targets while no weapon is equipped."""


def _mode(game: Game) -> TeamMode:
    mode = game.team_mode
    assert mode is not None, "a 3v3 skill outside a team game"
    return mode


def friends(game: Game, a: Player, b: Player) -> bool:
    """Whether `a` and `b` are on one team."""
    return _mode(game).same_team(a, b)


# --------------------------------------------------------------------------- 夏侯惇
@register
class Ganglie3v3(Ganglie):
    """刚烈 (3v3): after you take damage you may choose any enemy and judge; unless it is
    a heart, that enemy discards 2 hand cards or takes 1 damage from you (their choice)."""

    id = "ganglie_3v3"
    asks_first = False  # choosing the enemy is the offer; NO declines

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner and bool(_mode(game).enemies(game, owner))

    def _victim(self, game: Game, owner: Player, data: Damage) -> Flow:
        enemies = _mode(game).enemies(game, owner)

        def why(q: Player) -> Problem:  # a teammate (or oneself): name whom it may name
            seats = [e.seat for e in enemies]
            return Reason.NOT_AN_ENEMY, {"skill": self.id, "target": q.seat, "options": seats}

        chosen = yield from game.choose_players(
            owner, self.id, enemies, 1, 1, optional=True, why=why
        )
        if not chosen:
            return None
        game.skill_invoked(owner, self.id, (chosen[0].seat,))
        return chosen[0]


# --------------------------------------------------------------------------- 关羽
@register
class Zhongyi(Skill):
    """忠义 (limited): in your play phase you may put one red hand card on your general as
    义. While it is there, each Kill of a friend (you too) that deals damage to an enemy
    deals 1 more. The 义 card is discarded when the round resets (3v3: everyone alive has
    acted and a new round begins)."""

    id = "zhongyi"
    tags = frozenset({"limited", "active"})
    triggers = (Point.DAMAGE_BEFORE, Point.ROUND_START)
    lasting = True  # 义 works on after the skill is spent
    asks_first = False  # its bonus applies by itself

    def can_activate(self, game: Game, owner: Player) -> bool:
        return bool(owner.hand)

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
        if action.targets:
            raise IllegalAction(
                Reason.TOO_MANY_TARGETS, card=self.id, max_targets=0, got=len(action.targets)
            )
        card = action.cards[0]
        game.check_in_game(card)
        if game.seen_as(owner, card).color is not Color.RED:
            raise IllegalAction(
                Reason.WRONG_KIND_OF_CARD, card=str(card), skill=self.id, need="red"
            )
        game.check_in_hand(owner, action.cards)

    def activation_choices(self, game: Game, owner: Player) -> Any:
        for card in known(owner.hand):
            if game.seen_as(owner, card).color is Color.RED:
                yield UseSkill(self.id, (card,))

    def activate(self, game: Game, owner: Player, action: UseSkill) -> Flow:
        card = action.cards[0]
        game.take_from_hand(owner, card)
        game.add_to_pile(owner, YI, (card,), True, self.id)
        if game._queue:
            yield from game.flush()

    def can_trigger(self, game: Game, owner: Player, point: Point, data: object) -> bool:
        if YI not in owner.piles:
            return False
        if point is Point.ROUND_START:
            return True
        assert isinstance(data, Damage)
        use, source = data.use, data.source
        return (
            use is not None
            and use.name == "kill"
            and source is not None
            and friends(game, owner, source)
            and not friends(game, owner, data.target)
            and not data.conducted  # not re-added on an Iron Chain's conducted damage
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: object) -> Flow:
        if isinstance(data, RoundData):
            pile = owner.piles[YI]
            game.remove_from_pile(owner, YI, list(pile.items), "discard", "round_reset")
            return
        assert isinstance(data, Damage)
        game.skill_invoked(owner, self.id, (data.target.seat,))
        data.amount += 1
        return
        yield


# --------------------------------------------------------------------------- 赵云
@register
class Jiuzhu(Skill):
    """救主: when another character of your team is dying and your HP is above 1, you may
    discard a card (hand or equipment) and lose 1 HP: they recover 1 HP. Offered when the
    request for a Peach reaches you, as often as it does."""

    id = "jiuzhu"
    provides = ("peach",)
    resolves_itself = True  # the answer is the skill's own effect, no Peach is used
    MIN_HP = 1

    def can_provide(self, game: Game, owner: Player, need: str, request: Request) -> bool:
        dying = request.source
        return (
            request.reason == "dying"
            and request.player is owner
            and dying is not None
            and dying is not owner
            and friends(game, owner, dying)
            and owner.hp > self.MIN_HP
            and owner.has_cards()
        )

    def unavailable(self, game: Game, owner: Player) -> Problem:
        """HP 1 or less: losing 1 would leave him dying too."""
        if owner.hp <= self.MIN_HP:
            return Reason.HP_TOO_LOW, {"skill": self.id, "seat": owner.seat, "hp": owner.hp}
        return None

    def provide(self, game: Game, owner: Player, need: str, request: Request) -> Flow:
        dying = request.source
        assert dying is not None
        answer = yield Prompt(
            PromptKind.DISCARD,
            owner.seat,
            (owner.seat,),
            target=dying.seat,
            reason=self.id,
            count=1,
            optional=True,
            ctx={"equip": True},
        )
        if isinstance(answer, Discard):
            cards = list(answer.cards)
            for card in cards:
                game.take_card(owner, card)
        elif isinstance(answer, Confirm) and answer.ok:  # a hand card, unseen (the table)
            cards = game.take_unseen(owner, 1)
        else:
            return False
        game.to_discard(cards, owner.seat, self.id)
        if game._queue:
            yield from game.flush()
        yield from game.lose_hp(owner, 1)
        if dying.alive:
            yield from game.recover(owner, dying, 1, None)
        return True


# --------------------------------------------------------------------------- 吕布
@register
class Zhanshen(Skill):
    """战神 (awakening): at the start of your preparation phase, if you are wounded and a
    character of your team has died, you lose 1 max HP and gain 马术 and 神戟."""

    id = "zhanshen"
    tags = frozenset({"awakening", "compulsory"})
    triggers = (Point.PHASE_START,)
    GAINS = ("mashu", "shenji")

    def can_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> bool:
        if data.player is not owner or data.phase != "preparation":
            return False
        fallen = any(not q.alive and friends(game, owner, q) for q in game.players)
        return owner.hp < owner.max_hp and fallen

    def on_trigger(self, game: Game, owner: Player, point: Point, data: PhaseData) -> Flow:
        yield from game.awaken(owner, self.id, -1, self.GAINS)


@register
class Shenji(Skill):
    """神戟 (gained by 战神): while you have no weapon equipped, your Kill may take up to 2
    extra targets."""

    id = "shenji"
    tags = COMPULSORY
    modifiers = ("extra_targets",)

    def extra_targets(
        self, game: Game, owner: Player, user: Player, name: str, cards: tuple[Card, ...]
    ) -> int:
        unarmed = owner.equip[WEAPON] is None
        return SHENJI_TARGETS if user is owner and name == "kill" and unarmed else 0
