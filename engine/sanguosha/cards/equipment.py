"""Equipment cards: used on yourself, into their slot, replacing the card there (1d, 1e).

Ranges and horses are read from the catalogue by `_rules.py`; the other abilities
are skills given to the holder (skills/equipment.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.cards import RULES, CardRule
from engine.sanguosha.catalogue import catalogue

if TYPE_CHECKING:
    from engine.sanguosha.context import Use
    from engine.sanguosha.game import Game
    from engine.sanguosha.skills import Flow
    from engine.sanguosha.state import Player


class Equipment(CardRule):
    def __init__(self, name: str) -> None:
        # One Equipment rule per equipment card, all of this class: here the name (a
        # ClassVar of CardRule, as each other rule has its own class) is per instance.
        self.name = name  # type: ignore[misc]

    def auto_targets(self, game: Game, user: Player) -> list[Player] | None:
        return [user]

    def resolve(self, game: Game, use: Use) -> Flow:
        card = use.cards[0]
        user = use.user
        if user.alive and card in game.processing:
            game.processing.remove(card)
            game.equip(user, card)
            if game._queue:
                yield from game.flush()


for _spec in catalogue().cards.values():
    if _spec.type == "equipment":
        RULES[_spec.id] = Equipment(_spec.id)
