"""Small helpers shared by the Shu and Wu skills: checking an active skill's cards and
targets (raising `IllegalAction`, changing nothing) and listing known cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.sanguosha.reasons import Reason
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from engine.sanguosha.actions import UseSkill
    from engine.sanguosha.cards import Problem
    from engine.sanguosha.catalogue import Card
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

UNLIMITED = 1000
COMPULSORY = frozenset({"compulsory"})
ACTIVE = frozenset({"active"})


def known(cards: list[Card]) -> list[Card]:
    """The distinct cards the engine can see (table mode: scanned ones only)."""
    return [c for c in dict.fromkeys(cards) if c is not HIDDEN]


def one_other_target(game: Game, owner: Player, targets: tuple[int, ...], skill: str) -> Player:
    """The single other living player an active skill names; raises `IllegalAction`."""
    if not targets:
        raise IllegalAction(Reason.NEEDS_TARGET, card=skill, min_targets=1)
    if len(targets) > 1:
        raise IllegalAction(Reason.TOO_MANY_TARGETS, card=skill, max_targets=1, got=len(targets))
    target = game.player(targets[0])
    if not target.alive:
        raise IllegalAction(Reason.TARGET_DEAD, target=target.seat)
    if target is owner:
        raise IllegalAction(Reason.CANNOT_TARGET_SELF, card=skill)
    return target


def once_used(owner: Player, skill: str) -> Problem:
    """Once per play phase, and this phase's use is made (the skill's `turn:` mark)."""
    if owner.marks.get(f"turn:{skill}"):
        return Reason.ONCE_PER_PHASE, {"skill": skill, "seat": owner.seat}
    return None


def too_few_cards(owner: Player, skill: str, needed: int, zone: str = "hand") -> Problem:
    """Fewer than `needed` cards in the hand (`zone` "cards": hand and equipment)."""
    have = len(owner.hand) + (len(owner.equipment_cards()) if zone == "cards" else 0)
    if have < needed:
        data = {"skill": skill, "seat": owner.seat, "needed": needed, "have": have}
        return Reason.TOO_FEW_CARDS, {**data, "zone": zone}
    return None


def nobody(skill: str, available: int = 0, needed: int = 1) -> Problem:
    """Not the players the skill needs (its narration says whom, by skill)."""
    return Reason.NOT_ENOUGH_TARGETS, {"skill": skill, "needed": needed, "available": available}


def no_cards(action: UseSkill) -> None:
    """An active skill that takes no cards refuses any."""
    if action.cards:
        raise IllegalAction(Reason.WRONG_COUNT, expected=0, got=len(action.cards))


def no_targets(action: UseSkill, skill: str) -> None:
    """An active skill that takes no targets refuses any."""
    if action.targets:
        raise IllegalAction(
            Reason.TOO_MANY_TARGETS, card=skill, max_targets=0, got=len(action.targets)
        )
