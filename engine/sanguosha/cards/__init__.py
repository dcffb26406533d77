"""Card rules, one `CardRule` per card id, grouped by family in this package.

A rule answers three questions, each without changing anything, and resolves:

- `usable_error(game, user, cards)`: why `user` may not use this card at all now
  (Kill limit, Peach needs a wound...), or None; `check_usable` raises it.
- `auto_targets(game, user)`: the targets when the card does not let you choose
  (Peach, Ex Nihilo, equipment, Lightning: yourself; Barbarian Invasion: everyone
  else...), else None; `bounds(game, user, cards)`: how many targets may be chosen;
  `target_error(game, user, target, chosen, cards)`: why `target` is not legal
  after `chosen` (a `(Reason, data)` pair) or None. Errors are returned rather than
  raised because listing legal targets asks often; `check_target` raises them.
- `resolve(game, use)`: a generator that applies the effect, asking through prompts.

Rules call only the game's helpers (distance, request a card, damage, judge...)
and its trigger points; they never name a skill (skills/__init__.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import IllegalAction
from engine.sanguosha.reasons import Reason

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.context import Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


Problem = tuple[Reason, dict[str, Any]] | None
"""Why something is not legal: a reason and its data, or None."""


class CardRule:
    """Base rule: a card with one chosen target other than the user, usable in play."""

    name: ClassVar[str] = ""
    playable: ClassVar[bool] = True  # may be used from the play prompt
    is_trick: ClassVar[bool] = False  # instant trick: Nullification windows per target
    recastable: ClassVar[bool] = False  # may be recast in the play phase (Iron Chain)

    def usable_error(self, game: Game, user: Player, cards: tuple[Card, ...]) -> Problem:
        """Why `user` may not use this card at all now, or None."""
        return None

    def check_usable(self, game: Game, user: Player, cards: tuple[Card, ...]) -> None:
        problem = self.usable_error(game, user, cards)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return None

    def bounds(self, game: Game, user: Player, cards: tuple[Card, ...]) -> tuple[int, int]:
        return 1, 1

    def target_error(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> Problem:
        return other_alive_error(self.name, user, target, chosen) or game.prohibited_error(
            user, target, self.name, cards
        )

    def check_target(
        self,
        game: Game,
        user: Player,
        target: Player,
        chosen: list[Player],
        cards: tuple[Card, ...],
    ) -> None:
        problem = self.target_error(game, user, target, chosen, cards)
        if problem is not None:
            raise IllegalAction(problem[0], **problem[1])

    def effect_targets(self, use: Use) -> list[Player]:
        """The players the card takes effect on (Borrowed Sword: not its Kill's victim)."""
        return use.targets

    def resolve(self, game: Game, use: Use) -> Flow:
        return
        yield

    def on_leave(self, game: Game, owner: Player, card: Card) -> Flow:
        """An equipment card left `owner`'s equipment area (Silver Lion heals)."""
        return
        yield


def other_alive_error(name: str, user: Player, target: Player, chosen: list[Player]) -> Problem:
    """The common target checks: alive, not the user, not chosen twice."""
    if not target.alive:
        return Reason.TARGET_DEAD, {"target": target.seat}
    if target is user:
        return Reason.CANNOT_TARGET_SELF, {"card": name}
    if target in chosen:
        return Reason.DUPLICATE_TARGET, {"target": target.seat}
    return None


RULES: dict[str, CardRule] = {}


def card_rule(cls: type[CardRule]) -> type[CardRule]:
    """Class decorator: register the rule under its card id."""
    RULES[cls.name] = cls()
    return cls


def _load() -> None:
    from engine.sanguosha.cards import (  # noqa: F401
        basic,
        delayed,
        equipment,
        maneuvering,
        multi,
        tricks,
    )


_load()
