"""Basic cards: Kill, Dodge, Peach (docs/sanguosha.md 1a, 1d).

- Kill: one target in attack range, not yourself; one per play phase (used in the
  play phase, not extra); the target must *use* a Dodge or take 1 damage. Fire and
  Thunder Kills (Maneuvering) are Kills whose damage is fire or thunder (`Use.nature`);
  a drunk Wine goes into the next Kill used, +1 damage to each target.
- Dodge: only as an answer (used against a Kill, played against Arrow Barrage).
- Peach: in the play phase on yourself when wounded; on anyone dying (asked by the
  dying procedure, see `_life.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.cards import CardRule, Problem, card_rule
from engine.sanguosha.context import TargetData
from engine.sanguosha.events import WineApplied
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Point

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


@card_rule
class Kill(CardRule):
    name = "kill"

    def usable_error(self, game: Game, user: Player, cards: tuple[Card, ...]) -> Problem:
        limit = game.kill_limit(user, cards)
        if game.kills_used >= limit:
            return Reason.KILL_LIMIT, {"used": game.kills_used, "limit": limit}
        return None

    def bounds(self, game: Game, user: Player, cards: tuple[Card, ...]) -> tuple[int, int]:
        return 1, 1 + game.extra_targets(user, "kill", cards)

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        if target in chosen:
            return Reason.DUPLICATE_TARGET, {"target": target.seat}
        return game.kill_target_error(user, target, cards)

    def resolve(self, game: Game, use: Use) -> Flow:
        user = use.user
        if user.wine:  # consumed by this use, whether or not it hits (docs/maneuvering.md 3.1)
            use.bonus += user.wine
            game.emit(WineApplied(user.seat, user.wine))
            user.wine = 0
        for target in list(use.targets):
            if target.alive:
                yield from kill_effect(game, use, target)


def kill_effect(game: Game, use: Use, target: Player) -> Flow:
    """One Kill meets one target: Dodges needed (1, or more by a skill), else 1 damage."""
    voided = yield from game.effect_voided(use, target)
    if voided:
        return
    cancelled = yield from game.effect_cancelled(use, target)
    if cancelled:
        return
    need = use.need.get(target.seat, 1)
    dodged = 0
    while dodged < need and target.seat not in use.no_response:
        ok = yield from game.request(
            target,
            "dodge",
            use=True,
            source=use.user,
            against=use,
            reason="kill",
            count=need - dodged,
        )
        if not ok:
            break
        dodged += 1
    if target.seat in use.no_response:  # say so to a Dodge scanned now (`denied_problem`)
        game.denied = (target.seat, "dodge", use.name, use.no_response[target.seat])
    if dodged >= need:
        data = TargetData(use, target)
        if Point.KILL_DODGED in game._hooks:
            yield from game.fire(Point.KILL_DODGED, data)
        if not data.hit or not target.alive:
            return
    yield from game.damage(use.user, target, 1 + use.bonus, use.nature, use)


@card_rule
class Dodge(CardRule):
    name = "dodge"
    playable = False


@card_rule
class Peach(CardRule):
    name = "peach"

    def usable_error(self, game: Game, user: Player, cards: tuple[Card, ...]) -> Problem:
        if user.hp >= user.max_hp:
            # outside dying a Peach is only for its user: say so (the table scans no target)
            data = {"seat": user.seat, "hp": user.hp, "max_hp": user.max_hp, "card": self.name}
            return Reason.NOT_WOUNDED, data
        return None

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [user]

    def resolve(self, game: Game, use: Use) -> Flow:
        for target in use.targets:
            if target.alive:
                yield from game.recover(use.user, target, 1, use)
