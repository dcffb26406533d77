"""How a finished run is left: the final state file, and where the game is kept with
the command that goes on with it."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from companion.game.session import Session
from companion.store import GameLog, default_db_path

__all__ = ["command_for", "saved_note", "write_state"]


def write_state(path: Path | None, state: dict[str, Any]) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def saved_note(session: Session, state: dict[str, Any]) -> str:
    """Where the game is kept and the command that goes on with it: `resume` while it is
    unfinished, `replay` once it is over; with `--db` when the log is not the default one."""
    over = state.get("status") == "over"
    command = command_for("replay" if over else "resume", session.game_id, session.log)
    key = "game_over_saved" if over else "game_saved"
    return session.narrator.table(
        key, state, game=session.game_id, path=session.log.path, command=command
    )


def command_for(verb: str, game_id: int, log: GameLog) -> str:
    """`companion VERB ID`, with `--db FILE` unless the log is the default one."""
    command = f"companion {verb} {game_id}"
    if Path(log.path).resolve() != default_db_path().resolve():
        command += f" --db {shlex.quote(log.path)}"
    return command
