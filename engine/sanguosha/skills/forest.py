"""The 林 (Forest) pack's skills, original printed texts (docs/forest-mountain.md §3).

徐晃 (duanliang). The texts players read are in `data/skills.json`. A general whose
skills are not all registered here is refused at setup (`general_not_playable`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.cards import Color
from engine.sanguosha.skills import register
from engine.sanguosha.skills._convert import ViewAs

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

DUANLIANG_DISTANCE = 2
"""断粮: every Supply Shortage its owner uses reaches distance 2 (1 + 1)."""


def _without_maneuvering(game: Game) -> str | None:
    """酒池 and 断粮 make Maneuvering cards (Wine, Supply Shortage): off in a game without
    them unless `jiuchi_duanliang_without_maneuvering`."""
    s = game.settings
    return None if s.maneuvering or s.jiuchi_duanliang_without_maneuvering else "maneuvering"


# --------------------------------------------------------------------------- 徐晃
@register
class Duanliang(ViewAs):
    """断粮: in your play phase, use a black basic or black equipment card (hand or
    equipment) as Supply Shortage; every Supply Shortage you use reaches distance 2."""

    id = "duanliang"
    converts = ("supply_shortage",)
    modifiers = ("trick_distance",)

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        card = cards[0]
        return (
            card.color is Color.BLACK
            and card.type in ("basic", "equipment")
            and self.conversion_off(game, owner) is None
        )

    def conversion_off(self, game: Game, owner: Player) -> str | None:
        return _without_maneuvering(game)

    def trick_distance(self, game: Game, owner: Player, user: Player, name: str) -> int | None:
        return DUANLIANG_DISTANCE if user is owner and name == "supply_shortage" else None
