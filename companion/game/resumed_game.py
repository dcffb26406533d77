"""A logged game rebuilt by replay and run on, as `companion resume` does (`resume_game`).

Exit statuses: `companion.game.preflight`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from companion.game.ending import command_for, write_state
from companion.game.options import Presentation
from companion.game.playing import Run, clock_for, console_for, view_mode
from companion.game.preflight import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    Opened,
    Stop,
    check_readers,
    check_web,
    digest,
    registry_lookup,
    say,
    set_up_then_run,
)
from companion.game.runner import ReaderPlan
from companion.game.session import Session, settle_games
from companion.store import GameLog, UnknownGame

__all__ = ["resume_game"]


def resume_game(
    game_id: int | None,
    *,
    db: Path | None = None,
    reader: str | None = None,
    script: Path | None = None,
    lang: str | None = None,
    state_out: Path | None = None,
    tags: Path | None = None,
    show: Presentation | None = None,
    allowlist: Path | None = None,
    allow_new: bool = False,
    on_session: list[Callable[[Session], None]] | None = None,
    view: str = "auto",
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Rebuild a logged game by replay and run it on (`companion resume`); `on_session`
    hooks get the rebuilt session before it runs (see `PlayRequest.on_session`);
    `view` as `PlayRequest.view`."""
    out = out or sys.stdout
    err = err or sys.stderr
    shown = show or Presentation()

    def set_up(opened: Opened) -> Run:
        lookup = registry_lookup(tags, err)
        log = opened.open_log(db, err)
        session = _load_session(log, game_id, lang, lookup, err)
        if session.state().get("status") == "over":
            gid = session.game_id
            replay = command_for("replay", gid, log)
            say(err, f"companion: game {gid} is over; `{replay}` narrates it again")
            write_state(state_out, session.state())
            raise Stop(EXIT_OK)
        lines = _script_to_continue(session, script, err)
        check_web(shown, session.narrator.game, session.narrator.lang, err)
        meta = log.game(session.game_id).meta
        spec = reader or meta.get("reader", "sim")
        check_readers(spec, err, allowlist=allowlist, allow_new=allow_new)
        plan = ReaderPlan(
            spec=spec, seats=list(meta.get("seats", [0])), script=lines,
            allowlist=allowlist, allow_new=allow_new, console=console_for(spec),
        )  # fmt: skip
        last_t = max((x.input.t for x in log.inputs(session.game_id)), default=0.0)
        for hook in on_session or []:
            hook(session)
        return Run(
            session, plan, clock_for(lines, last_t), state_out, view_mode(view, out), shown,
            opening=session.inputs == 0, resumed=True,
        )  # fmt: skip

    return set_up_then_run(set_up, out, err)


def _load_session(
    log: GameLog, game_id: int | None, lang: str | None, lookup: Any, err: TextIO
) -> Session:
    """The game asked for (None: the newest unfinished one), rebuilt by replay.

    Raises:
        Stop: no such game, or it is not narrated in `lang`.
    """
    if game_id is None:
        # none unfinished: the newest, which may have ended just before a crash (its
        # final state is then written as asked); rows a crash left behind are replayed
        # first, so a game that ended is not taken for unfinished
        settle_games(log)
        info = log.latest(unfinished=True) or log.latest()
        if info is None:
            say(err, f"companion: no game in {log.path}")
            raise Stop(EXIT_BAD_INPUT)
        game_id = info.id
    try:
        return Session.load(log, game_id, lang=lang, lookup_uid=lookup)
    except (UnknownGame, ValueError) as exc:  # ValueError: not narrated in that language
        say(err, f"companion: {exc}")
        raise Stop(EXIT_BAD_INPUT) from None


def _script_to_continue(session: Session, script: Path | None, err: TextIO) -> list[Any] | None:
    """The script a resumed game goes on with: `script` if given, else the one it began
    with, unless that file changed since (None: the game had no script).

    Raises:
        Stop: the script changed, or cannot be read or parsed.
    """
    from companion.game.script import ScriptError, check_playable, read_script

    meta = session.log.game(session.game_id).meta
    path = script if script is not None else meta.get("script")
    if path is None:
        return None
    try:
        if script is None and digest(Path(path)) != meta.get("script_sha256"):
            say(err, f"companion: {path} changed since game {session.game_id} began; "
                 "give --script FILE to continue with it anyway")  # fmt: skip
            raise Stop(EXIT_BAD_INPUT)
        lines = read_script(path)
        if meta.get("reader", "sim") == "sim":
            check_playable(lines, list(meta.get("seats", [0])))
        return lines
    except ScriptError as exc:
        say(err, f"companion: {path}: {exc}")
    except (OSError, UnicodeDecodeError) as exc:
        say(err, f"companion: cannot read the script {path}: {exc}")
    raise Stop(EXIT_BAD_INPUT)
