"""Where the game log lives when `--db` is not given."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["default_db_path"]


def default_db_path() -> Path:
    """`$COMPANION_DB`, else `$XDG_DATA_HOME/table-companion/games.sqlite`
    (`~/.local/share/...` when XDG_DATA_HOME is unset), as the XDG base-directory
    convention puts user data."""
    explicit = os.environ.get("COMPANION_DB")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion" / "games.sqlite"
