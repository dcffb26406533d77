"""A new game, as `companion play` and `demo` start it (`start_game`), without argparse.

Everything that can be checked before a game exists is checked first (the script
parses, the players and house settings are legal); then the game is recorded and run.
Exit statuses: `companion.game.preflight`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.game.options import Presentation
from companion.game.playing import Run, clock_for, console_for, view_mode
from companion.game.preflight import (
    EXIT_BAD_INPUT,
    Opened,
    Stop,
    check_readers,
    check_web,
    digest,
    explain,
    registry_lookup,
    say,
    set_up_then_run,
)
from companion.game.runner import ReaderPlan
from companion.game.session import Session
from companion.store import GameLog
from engine.core.errors import ActionError

__all__ = ["PlayRequest", "start_game"]


@dataclass
class PlayRequest:
    """Everything `companion play` was asked to do."""

    game: str = "sanguosha"
    players: int = 5
    reader: str = "sim"
    script: Path | None = None
    seed: int = 0
    lang: str = "en"
    state_out: Path | None = None
    db: Path | None = None
    layout: str = "auto"
    settings: dict[str, Any] = field(default_factory=dict)
    live: bool = False
    pace: float = 0.0
    script_text: str | None = None
    view: str = "auto"  # plain lines, a live table view, or auto (live on a terminal)
    tags: Path | None = None  # the enrolment registry for UID-only tags
    show: Presentation = field(default_factory=Presentation)  # web table view, voice
    allowlist: Path | None = None  # the paired readers' file (None: the default place)
    allow_new: bool = False  # also use readers not paired yet
    on_session: list[Callable[[Session], None]] = field(default_factory=list)
    """Called with the session once it exists, before anything is played: the seam for
    more observers (a web table view, text-to-speech) to `session.subscribe`."""


def start_game(
    req: PlayRequest,
    out: TextIO | None = None,
    err: TextIO | None = None,
    *,
    keep_log: bool = True,
) -> int:
    """Set up and run a new game as `companion play` does; return the exit status.
    `keep_log=False` (the demo's temporary log) leaves out the "resume it" note."""
    out = out or sys.stdout
    err = err or sys.stderr

    def set_up(opened: Opened) -> Run:
        lines, seats = _script_of(req, err)
        lookup = registry_lookup(req.tags, err)
        check_web(req.show, req.game, req.lang, err)
        check_readers(req.reader, err, allowlist=req.allowlist, allow_new=req.allow_new)
        session = _new_session(req, opened.open_log(req.db, err), seats, lookup, err)
        for hook in req.on_session:
            hook(session)
        plan = ReaderPlan(
            spec=req.reader, seats=seats, script=lines, pace=req.pace,
            allowlist=req.allowlist, allow_new=req.allow_new, console=console_for(req.reader),
        )  # fmt: skip
        return Run(
            session, plan, clock_for(lines, 0.0), req.state_out, view_mode(req.view, out),
            req.show, opening=True, saved_note=keep_log,
        )  # fmt: skip

    return set_up_then_run(set_up, out, err)


def _script_of(req: PlayRequest, err: TextIO) -> tuple[list[Any] | None, list[int]]:
    """The parsed script (None: none given) and the simulated readers' seats.

    Raises:
        Stop: the script cannot be read or played with these readers.
    """
    from companion.game.script import (
        ScriptError,
        check_playable,
        parse_table_script,
        read_script,
        readers_for,
    )

    lines = None
    seats = [0]
    try:
        if req.script_text is not None:
            lines = parse_table_script(req.script_text)
        elif req.script is not None:
            lines = read_script(req.script)
        if "sim" in req.reader.split("+"):
            seats = readers_for(lines or [], req.players, req.layout)
            check_playable(lines or [], seats)
    except ScriptError as exc:
        say(err, f"companion: {req.script}: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        say(err, f"companion: cannot read the script {req.script}: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None
    if lines is not None and "sim" not in req.reader.split("+"):
        say(err, "companion: --script plays through the simulated reader: use --reader sim")
        raise Stop(EXIT_BAD_INPUT)
    return lines, seats


def _new_session(
    req: PlayRequest, log: GameLog, seats: list[int], lookup: Any, err: TextIO
) -> Session:
    """Record the new game and its session.

    Raises:
        Stop: the engine refuses the players or a setting (nothing is recorded).
    """
    meta: dict[str, Any] = {"reader": req.reader, "seats": seats}
    if req.script is not None:
        meta["script"] = str(Path(req.script).resolve())
        meta["script_sha256"] = digest(Path(req.script))
    try:
        return Session.start(
            log, game=req.game, players=req.players, seed=req.seed, settings=req.settings,
            lang=req.lang, meta=meta, lookup_uid=lookup,
        )  # fmt: skip
    except (ActionError, ValueError, TypeError) as exc:
        say(err, f"companion: cannot set up this game: {explain(exc, req.lang)}")
        raise Stop(EXIT_BAD_INPUT) from None
