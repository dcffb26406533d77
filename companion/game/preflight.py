"""The set-up steps `companion play`, `demo` and `resume` share, before a game runs.

Each step that refuses says why on stderr and raises `Stop` with the process exit status:

- 0: the game ran (a script was consumed, refused inputs included);
- 2: bad input before anything ran (unreadable script, illegal setting, unknown game);
- 1: the run failed (readers unreachable, an event stuck on the link).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from companion.game.options import Presentation
from companion.logging_setup import log_beside
from companion.narration import Narrator
from companion.readers.allowlist import AllowlistError
from companion.store import GameLog, NotAGameLog, default_db_path
from engine.core.errors import ActionError

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_FAILED", "EXIT_OK", "Stop", "check_allowlist", "check_web",
    "digest", "explain", "open_log", "registry_lookup", "say",
]  # fmt: skip

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class Stop(Exception):
    """A set-up step refused to go on and has said why on stderr."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def say(err: TextIO, text: str) -> None:
    print(text, file=err, flush=True)


def digest(path: Path) -> str:
    """The SHA-256 of a script file (so a resume notices an edited script)."""
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def registry_lookup(path: Path | None, err: TextIO) -> Any:
    """The enrolment registry's UID lookup: the file given, else the default one if it
    exists (None: there is none).

    Raises:
        Stop: the registry cannot be read.
    """
    from companion.enrolment import Registry, RegistryError, default_registry_path

    if path is None:
        path = default_registry_path()
        if not path.exists():
            return None
    try:
        return Registry.load(path).lookup
    except (RegistryError, OSError) as exc:
        say(err, f"companion: cannot read the tag registry: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None


def check_allowlist(path: Path | None, err: TextIO) -> None:
    """Check that the paired readers' file can be read (before a game is recorded).

    Raises:
        Stop: it cannot.
    """
    from companion.readers.allowlist import Allowlist, default_allowlist_path

    try:
        Allowlist.load(path if path is not None else default_allowlist_path())
    except (AllowlistError, OSError) as exc:
        say(err, f"companion: the paired readers' file: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None


def open_log(db: Path | None, err: TextIO) -> GameLog:
    """The game log (the default one unless `db` is given).

    Raises:
        Stop: it cannot be opened.
    """
    path = db if db is not None else default_db_path()
    try:
        log = GameLog(path)
    except (NotAGameLog, OSError) as exc:
        say(err, f"companion: cannot open the game log: {exc}")
        raise Stop(EXIT_FAILED) from None
    log_beside(log.path)  # the program's own log, for a bug report
    return log


def check_web(show: Presentation | None, game: str, lang: str, err: TextIO) -> None:
    """Check that the table view asked for (if any) has its words for `game` in `lang`.

    Raises:
        Stop: it has not (and says so).
    """
    if show is None or show.web is None:
        return
    from companion.web.labels import labels_for

    try:
        labels_for(game, lang)
    except ValueError as exc:
        say(err, f"companion: --web: the table view cannot show this game: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None


def explain(exc: Exception, lang: str) -> str:
    if isinstance(exc, ActionError):
        return Narrator(lang).refusal(exc.to_json())
    return str(exc)
