"""Which generals a game plays with: those of its packs (`Settings.general_packs`;
docs/wind-fire.md §1, docs/forest-mountain.md §3, §4).

A standard-only game sees exactly the 25 standard generals, in the catalogue's order,
so its seeded setup is the same as before the packs existed.
"""

from __future__ import annotations

from functools import cache

from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.reasons import Reason


@cache
def pack_generals(packs: tuple[str, ...]) -> tuple[str, ...]:
    """The generals of `packs`, in the catalogue's order."""
    return tuple(g.id for g in catalogue().generals.values() if g.pack in packs)


@cache
def pack_lords(packs: tuple[str, ...]) -> tuple[str, ...]:
    """The lords the rulebook offers from `packs` (Cao Cao, Liu Bei, Sun Quan; 张角; 袁绍;
    曹丕; 刘禅)."""
    cat = catalogue()
    return tuple(lord for pack in cat.packs.values() if pack.id in packs for lord in pack.lords)


def general_problem(
    general: str, packs: tuple[str, ...]
) -> tuple[Reason, dict[str, object]] | None:
    """Why `general` cannot be taken in a game of `packs` (None: it can)."""
    spec = catalogue().generals[general]
    if spec.pack not in packs:
        return Reason.GENERAL_PACK_NOT_CHOSEN, {
            "general": general,
            "pack": spec.pack,
            "packs": list(packs),
        }
    return None
