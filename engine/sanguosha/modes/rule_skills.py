"""The modes' rule changes, as skills every seat of the mode holds (FreeKill's rule skills).

- `first_turn_draw`: the game's first draw phase draws `first_turn_draw` more (1v1
  and 2v2: one fewer).
- `crossbow_3v3` (3v3, in place of Zhuge Crossbow's ability): +3 Kills in the play
  phase instead of unlimited.
- `ex_nihilo_outnumbered` (3v3): Ex Nihilo draws one more if the user's team has
  fewer living characters than the enemy team.
- `dismantle_v11` (1v1, `1v1.dismantle=v11`): Dismantlement discards an equipped
  card, or one card of the whole hand, seen.
- `aoe_direction` (3v3): before Barbarian Invasion, Arrow Barrage, Peach Garden or
  Harvest resolves, its user chooses turn order (counterclockwise) or the reverse.

They ask nothing of the table except the direction and 1v1 Dismantlement's choice, and
announce nothing (their
effect shows in the cards drawn and the order of the targets).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.sanguosha.events import OptionChosen
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.skills import Flow, Point, Skill, register
from engine.sanguosha.state import WEAPON

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

AOE = ("barbarian_invasion", "arrow_barrage", "peach_garden", "harvest")
DIRECTIONS = ("counterclockwise", "clockwise")
ZONES = ("equipment", "hand")  # what a 1v1 Dismantlement takes from
CROSSBOW_EXTRA = 3


@register
class FirstTurnDraw(Skill):
    id = "first_turn_draw"
    tags = frozenset({"rule"})
    modifiers = ("draw_count",)

    def draw_count(self, game: Game, owner: Player, player: Player) -> int:
        mode = game.team_mode
        if mode is None or owner is not player or mode.turns != 1:
            return 0
        return mode.spec.first_turn_draw


@register
class Crossbow3v3(Skill):
    """连弩: your Kill limit in the play phase is +3 (not for a Kill made of it)."""

    id = "crossbow_3v3"
    tags = frozenset({"rule", "compulsory"})
    modifiers = ("kill_limit",)

    def kill_limit(self, game: Game, owner: Player, player: Player, cards: tuple[Card, ...]) -> int:
        if player is owner and owner.equip[WEAPON] not in cards:
            return CROSSBOW_EXTRA
        return 0


@register
class ExNihiloOutnumbered(Skill):
    id = "ex_nihilo_outnumbered"
    tags = frozenset({"rule"})
    triggers = (Point.CARD_USED,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        mode = game.team_mode
        return (
            data.name == "ex_nihilo"
            and data.user is owner
            and mode is not None
            and mode.outnumbered(game, owner)
        )

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        data.bonus += 1
        return
        yield


@register
class AoeDirection(Skill):
    id = "aoe_direction"
    tags = frozenset({"rule"})
    triggers = (Point.CARD_USED,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        others = [t for t in data.targets if t is not owner]
        return data.name in AOE and data.user is owner and len(others) >= 2

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        answer = yield Prompt(
            PromptKind.CHOOSE_OPTION,
            owner.seat,
            (owner.seat,),
            reason=self.id,
            card=data.name,
            options=DIRECTIONS,
        )
        game.emit(OptionChosen(owner.seat, answer.option, self.id))
        if answer.option == "clockwise":
            targets = data.targets
            if targets and targets[0] is owner:  # Peach Garden, Harvest: the user first
                targets[1:] = targets[:0:-1]
            else:
                targets.reverse()


@register
class DismantleV11(Skill):
    """1v1 Dismantlement (`1v1.dismantle=v11`, FK-gm `v11__dismantlement`): the user
    discards one of the target's equipped cards, or looks at the whole hand and discards
    one of it; the judgment area cannot be chosen (a target holding only delayed tricks
    loses nothing)."""

    id = "dismantle_v11"
    tags = frozenset({"rule"})
    triggers = (Point.CARD_EFFECT,)
    asks_first = False

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> bool:
        return data.use.name == "dismantle" and data.use.user is owner

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Any) -> Flow:
        data.cancelled = True  # in place of the standard effect
        target = data.target
        equips = target.equipment_cards()
        if not equips and not target.hand:
            return
        zone = "equipment" if equips else "hand"
        if equips and target.hand:
            answer = yield Prompt(
                PromptKind.CHOOSE_OPTION,
                owner.seat,
                (owner.seat,),
                reason=self.id,
                target=target.seat,
                options=ZONES,
            )
            zone = answer.option
            game.emit(OptionChosen(owner.seat, zone, self.id))
        if zone == "equipment":
            cards: list[Card] | None = equips
        else:  # the target shows the whole hand to the user (at the table: the user scans one)
            cards = None if game.table else list(dict.fromkeys(target.hand))
        answer = yield Prompt(
            PromptKind.CHOOSE_CARD_FROM,
            owner.seat,
            (owner.seat,),
            target=target.seat,
            reason=self.id,
            options=tuple(str(c) for c in cards) if cards is not None else (),
            private=zone == "hand",
            ctx=(target, cards, False),
        )
        card = answer.card
        if zone == "equipment":
            game.take_card(target, card)
        else:
            game.take_from_hand(target, card)
        game.to_discard((card,), target.seat, "dismantle")
        if game._queue:
            yield from game.flush()
