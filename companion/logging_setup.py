"""Where the companion's own log goes: stderr at `--log-level`, and a file beside the
game database (`games.sqlite` -> `games.log`) that a bug report attaches.

The narration is on stdout and reader notices on stderr; this log is for people
who look into a failure: an engine bug is logged here with its traceback, the game
and the input number (`Session.commit`), and `companion export` of that game
replays it. The file keeps INFO and up (DEBUG with `--log-level debug`), so what
led to a failure is there even when the terminal showed only warnings.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

__all__ = [
    "LEVELS",
    "close_file",
    "configure",
    "contain_loop_errors",
    "log_beside",
    "log_failure",
    "reason",
]

_log = logging.getLogger(__name__)

LEVELS = ("debug", "info", "warning", "error")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_QUIET = ("bumble", "asyncio", "uvicorn")  # libraries chatty below WARNING


def reason(exc: BaseException) -> str:
    """An exception in words for the user: its message, else its type's name (a bare
    `TimeoutError()` has an empty message; an exception object itself is always
    true, so `exc or ...` never falls back).

    >>> reason(TimeoutError()), reason(ValueError("seat 11 is beyond 10"))
    ('TimeoutError', 'seat 11 is beyond 10')
    """
    return str(exc) or type(exc).__name__


def contain_loop_errors(loop: asyncio.AbstractEventLoop) -> None:
    """An exception raised in an event-loop callback, where nobody can catch it (bumble
    handling an HCI packet for a request its caller just gave up, as a link goes down
    at the end of a game): its traceback goes to the log file, one line to the
    console. Nothing the user did is wrong, so nothing should look like a crash."""

    def handle(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        what = context.get("message", "an event-loop callback failed")
        _log.info("%s", what, exc_info=exc)  # the file keeps INFO; the console does not
        said = f"{type(exc).__name__}: {reason(exc)}" if exc is not None else what
        _log.warning("a callback failed (%s); the game goes on, the details are in the log file",
                     said)  # fmt: skip

    loop.set_exception_handler(handle)


class _Stderr(logging.StreamHandler):
    """Our stderr handler (replaced, never doubled, when configured again)."""


class _File(logging.FileHandler):
    """Our file beside the game database."""


def _ours(kind: type[logging.Handler]) -> list[logging.Handler]:
    return [h for h in logging.getLogger().handlers if isinstance(h, kind)]


def configure(level: str = "warning") -> None:
    """Log to stderr at `level` (one of `LEVELS`); libraries stay at WARNING unless
    `debug` is asked for.

    Raises:
        ValueError: not a level.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown log level {level!r}: expected one of {', '.join(LEVELS)}")
    number = getattr(logging, level.upper())
    root = logging.getLogger()
    for handler in _ours(_Stderr):
        root.removeHandler(handler)
    stderr = _Stderr()
    stderr.setLevel(number)
    stderr.setFormatter(logging.Formatter("companion: %(levelname)s %(name)s: %(message)s"))
    root.addHandler(stderr)
    root.setLevel(min(number, logging.INFO))
    for name in _QUIET:
        logging.getLogger(name).setLevel(
            logging.DEBUG if number <= logging.DEBUG else logging.WARNING
        )


def log_beside(db: str | Path) -> Path | None:
    """Also log to the file beside the game database `db` (None for an in-memory
    database, or when it cannot be opened: the game goes on without it)."""
    if str(db) == ":memory:":
        return None
    close_file()
    path = Path(db).with_suffix(".log")
    try:
        handler = _File(path, encoding="utf-8")
    except OSError:
        return None
    debug = any(h.level <= logging.DEBUG for h in _ours(_Stderr))
    handler.setLevel(logging.DEBUG if debug else logging.INFO)
    handler.setFormatter(logging.Formatter(_FORMAT))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(min(root.level or logging.WARNING, handler.level))
    global _last_file
    _last_file = path
    return path


_last_file: Path | None = None
"""The file `log_beside` opened last (it stays the place of a later failure's traceback)."""


def log_failure(exc: BaseException, db: str | Path) -> Path | None:
    """Write `exc` with its traceback to the log file this run used (else the one beside
    the game database `db`), and nowhere else: the top-level handler tells the user
    in one line where it is (`companion.cli`). None: no file could be written."""
    path = _last_file or (None if str(db) == ":memory:" else Path(db).with_suffix(".log"))
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _File(path, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(_FORMAT))
    record = logging.getLogger("companion").makeRecord(
        "companion", logging.CRITICAL, __file__, 0, "unexpected error: %r", (exc,),
        (type(exc), exc, exc.__traceback__),
    )  # fmt: skip
    handler.handle(record)
    handler.close()
    return path


def close_file() -> None:
    """Stop logging to the file beside the game database (the game is closed)."""
    root = logging.getLogger()
    for handler in _ours(_File):
        root.removeHandler(handler)
        handler.close()
