"""`ViewAs`: the conversion skills of one shape, "use N cards matching X as card Y",
for the packs' 火计, 看破, 连环, 乱击, 双雄 and the like (docs/wind-fire.md §2.4).

A conversion goes through the path the standard ones use (武圣, 倾国, 奇袭): `converts`
and `view_as` (skills/__init__.py family 3), checked by `ChecksLayer` and listed by
`conversion_choices`. The converted card keeps its physical cards' suit, rank and
colour (`Use.color`, `Use.suit`: two cards have their common suit). This base adds
what those skills share: how many cards (`count`, 1 or 2) and from where (`hand_only`:
hand cards only, else hand or equipment).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from engine.sanguosha.skills import Skill
from engine.sanguosha.skills._active import known

if TYPE_CHECKING:
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player


class ViewAs(Skill):
    """Use or play `count` cards that `matches` as `converts[0]` (from the hand only when
    `hand_only`)."""

    hand_only: ClassVar[bool] = False

    def matches(self, game: Game, owner: Player, cards: tuple[Card, ...]) -> bool:
        """Whether these cards (already `count` of them, from the right zone) convert."""
        return False

    def view_as(self, game: Game, owner: Player, cards: tuple[Card, ...], name: str) -> bool:
        if name != self.converts[0] or len(cards) != self.count:
            return False
        if self.hand_only and any(c in owner.equip for c in cards):
            return False
        return self.matches(game, owner, cards)

    def conversion_choices(self, game: Game, owner: Player, name: str) -> Any:
        if name != self.converts[0]:
            return
        pool = known(owner.hand if self.hand_only else owner.hand + owner.equipment_cards())
        for cards in combinations(pool, self.count):
            if self.matches(game, owner, cards):
                yield cards
