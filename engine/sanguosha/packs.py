"""Which generals a game plays with: those of its packs (`Settings.general_packs`)
whose skills are all built (docs/wind-fire.md §1).

A standard-only game sees exactly the 25 standard generals, in the catalogue's order,
so its seeded setup is the same as before the packs existed.
"""

from __future__ import annotations

from functools import cache

from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.reasons import Reason


@cache
def missing_skills(general: str) -> tuple[str, ...]:
    """The skills of `general` that have no hooks yet (a general with any is not offered)."""
    from engine.sanguosha.skills import REGISTRY

    spec = catalogue().generals[general]
    return tuple(s for s in spec.skills + spec.lord_skills if s not in REGISTRY)


@cache
def pack_generals(packs: tuple[str, ...]) -> tuple[str, ...]:
    """The playable generals of `packs`, in the catalogue's order."""
    return tuple(
        g.id for g in catalogue().generals.values() if g.pack in packs and not missing_skills(g.id)
    )


@cache
def pack_lords(packs: tuple[str, ...]) -> tuple[str, ...]:
    """The lords the rulebook offers from `packs` (Cao Cao, Liu Bei, Sun Quan; 张角; 袁绍)."""
    cat = catalogue()
    return tuple(
        lord
        for pack in cat.packs.values()
        if pack.id in packs
        for lord in pack.lords
        if not missing_skills(lord)
    )


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
    missing = missing_skills(general)
    if missing:
        return Reason.GENERAL_NOT_PLAYABLE, {"general": general, "skills": list(missing)}
    return None
