"""Which table adapter plays which game: `make_table(game, players, seed, settings)`.

Adding a game is one entry here plus its adapter module (`companion.table.<game>`).
Adapters are imported lazily, so a game's engine loads only when it is played.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from companion.table.adapter import GameAdapter
from companion.table.resolve import UidLookup
from companion.table.table import Table

__all__ = ["GAMES", "make_table"]

GAMES: dict[str, str] = {
    "sanguosha": "companion.table.sanguosha:SanguoshaTable",
    "regicide": "companion.table.regicide:RegicideTable",
}
"""Game name -> `module:Class` of its table adapter."""


def _adapter_class(game: str) -> Callable[[int, int, dict[str, Any]], GameAdapter]:
    try:
        target = GAMES[game]
    except KeyError:
        raise ValueError(f"no table flow for game {game!r} (known: {', '.join(GAMES)})") from None
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def make_table(
    game: str,
    players: int,
    seed: int,
    settings: dict[str, Any],
    *,
    lookup_uid: UidLookup | None = None,
) -> Table:
    """A table for a new game; the engine checks the player count and settings now.

    Raises:
        ValueError: a game without a table flow.
        engine ActionError: players or settings refused by the engine.
    """
    cls = _adapter_class(game)
    return Table(lambda: cls(players, seed, dict(settings)), lookup_uid=lookup_uid, players=players)
