"""The Maneuvering expansion's equipment abilities, skills of their holder (3.7).

- Guding Blade (compulsory): your Kill's damage to a target with no hand cards +1
  (not a conducted damage, not a Duel's).
- Zhuque Fan: after you use a normal Kill you may make it a fire Kill (also one made
  by a skill, unless `Settings.fan_on_converted_kill` is off).
- Vine (compulsory): normal Kills, Barbarian Invasion and Arrow Barrage have no effect
  on you; fire damage to you +1.
- Silver Lion (compulsory): damage to you above 1 becomes 1; it heals when it leaves
  (its card rule, `cards/maneuvering.py`).

Qinggang Sword ignores both armors for its Kill, but not for a damage conducted by
an Iron Chain to another player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.context import Damage, TargetData, Use
from engine.sanguosha.events import EffectCancelled
from engine.sanguosha.skills import Flow, Point, Skill, register_equipment

if TYPE_CHECKING:
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

COMPULSORY = frozenset({"compulsory"})
VINE_PROOF = ("barbarian_invasion", "arrow_barrage")


def armor_ignored(dmg: Damage) -> bool:
    """Qinggang Sword: the Kill's own damage ignores armor; a conducted one does not."""
    return dmg.use is not None and dmg.use.ignore_armor and not dmg.conducted


@register_equipment("guding_blade")
class GudingBlade(Skill):
    id = "guding_blade"
    tags = COMPULSORY
    triggers = (Point.DAMAGE_BEFORE,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.by_own_kill(owner) and not data.target.hand

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        data.amount += 1
        return
        yield


@register_equipment("zhuque_fan")
class ZhuqueFan(Skill):
    id = "zhuque_fan"
    triggers = (Point.CARD_USED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Use) -> bool:
        if data.user is not owner or data.name != "kill" or data.nature != "normal":
            return False
        if data.skill is not None and not game.settings.fan_on_converted_kill:
            made = game.skill_of(owner, data.skill)
            if made is not None and "kill" in made.converts:
                return False
        return True

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Use) -> Flow:
        data.nature = "fire"
        return
        yield


@register_equipment("vine")
class Vine(Skill):
    id = "vine"
    tags = COMPULSORY
    triggers = (Point.EFFECT_VOID, Point.DAMAGE_INFLICTED)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: object) -> bool:
        if isinstance(data, TargetData):
            use = data.use
            return (
                data.target is owner
                and not use.ignore_armor
                and ((use.name == "kill" and use.nature == "normal") or use.name in VINE_PROOF)
            )
        assert isinstance(data, Damage)
        return data.target is owner and data.nature == "fire" and not armor_ignored(data)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: object) -> Flow:
        if isinstance(data, TargetData):
            data.cancelled = True
            game.emit(EffectCancelled(owner.seat, data.use.name, self.id))
            return
        assert isinstance(data, Damage)
        data.amount += 1
        return
        yield


@register_equipment("silver_lion")
class SilverLion(Skill):
    id = "silver_lion"
    tags = COMPULSORY
    triggers = (Point.DAMAGE_INFLICTED,)

    def can_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> bool:
        return data.target is owner and data.amount > 1 and not armor_ignored(data)

    def on_trigger(self, game: Game, owner: Player, point: Point, data: Damage) -> Flow:
        data.amount = 1
        return
        yield
