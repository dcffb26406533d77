"""The set-up steps `companion play`, `demo` and `resume` share, before a game runs.

`set_up_then_run` runs a command's set-up steps, then the game they made; each step
that refuses says why on stderr and raises `Stop` with the process exit status, and
what was opened is closed again:

- 0: the game ran (a script was consumed, refused inputs included);
- 2: bad input before anything ran (unreadable script, illegal setting, unknown game);
- 1: the run failed (readers unreachable, an event stuck on the link).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.game.options import Presentation
from companion.logging_setup import close_file, log_beside
from companion.narration import Narrator
from companion.readers.allowlist import AllowlistError
from companion.store import GameLog, NotAGameLog, default_db_path
from engine.core.errors import ActionError

if TYPE_CHECKING:
    from companion.game.playing import Run

__all__ = [
    "EXIT_BAD_INPUT", "EXIT_FAILED", "EXIT_OK", "Opened", "Stop", "check_readers",
    "check_web", "digest", "explain", "open_log", "registry_lookup", "say",
    "set_up_then_run",
]  # fmt: skip

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class Stop(Exception):
    """A set-up step refused to go on and has said why on stderr."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def say(err: TextIO, text: str) -> None:
    print(text, file=err, flush=True)


class Opened:
    """What a command's set-up has opened so far (the game log), closed again if a
    later step refuses."""

    def __init__(self) -> None:
        self.log: GameLog | None = None

    def open_log(self, db: Path | None, err: TextIO) -> GameLog:
        """`open_log`, remembered to be closed on a refusal."""
        self.log = open_log(db, err)
        return self.log

    def close(self) -> None:
        if self.log is not None:
            self.log.close()
            close_file()
            self.log = None


def set_up_then_run(set_up: Callable[[Opened], Run], out: TextIO, err: TextIO) -> int:
    """Run a command's set-up steps (`set_up`, which may refuse with `Stop`), then play
    the game they made to its end; return the exit status. A refusal closes what the
    steps opened (`Stop(EXIT_OK)`: nothing to play, e.g. a game already over)."""
    from companion.game.playing import run_to_end

    opened = Opened()
    try:
        run = set_up(opened)
    except Stop as stop:
        opened.close()
        return stop.status
    return run_to_end(run, out, err)


def check_readers(
    spec: str, err: TextIO, *, allowlist: Path | None = None, allow_new: bool = False
) -> None:
    """Check every reader spec of `spec` (`+` between `--reader`s) and open the readers
    they name once, before a game is logged: a mistyped spec, or readers that cannot be
    opened at all here (no PC/SC service, no Bluetooth, no such port), leave no game
    behind. Readers that are only not in reach yet are waited for when the game runs.

    Raises:
        Stop: a spec is not one (one line: what is wrong, the accepted forms), or its
            readers cannot be opened (one line: why, and what to do).
    """
    import asyncio

    from companion.readers.spec import SPEC_FORMS, open_trusted

    parts = [part for part in spec.split("+") if part]
    if "sim" in parts and len(parts) > 1:
        say(err, f"companion: --reader: sim readers do not mix with others: {' + '.join(parts)}")
        raise Stop(EXIT_BAD_INPUT)
    sources = []
    for part in parts:
        if part in ("sim", "phone"):  # made by the run itself, with nothing to open first
            continue
        try:
            sources.append(open_trusted(part, allowlist=allowlist, allow_new=allow_new)[0])
        except ValueError as exc:
            forms = "" if SPEC_FORMS in str(exc) else f" (accepted: {SPEC_FORMS})"
            say(err, f"companion: --reader {part}: {exc}{forms}")
            raise Stop(EXIT_BAD_INPUT) from None
        except ImportError as exc:  # an optional extra that is not installed
            say(err, f"companion: --reader {part}: {exc.name or exc} is not installed "
                 "(pip install 'table-companion[nfc]' for pcsc, '[hid]' for hid)")  # fmt: skip
            raise Stop(EXIT_FAILED) from None
        except (AllowlistError, OSError) as exc:
            say(err, f"companion: the paired readers' file: {exc}")
            raise Stop(EXIT_BAD_INPUT) from None

    async def check_each() -> None:
        for source in sources:
            await source.check()

    try:
        asyncio.run(check_each())
    except OSError as exc:  # ReaderUnavailable, or what a transport raised
        say(err, f"companion: the readers cannot be opened: {exc}")
        raise Stop(EXIT_FAILED) from None


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
