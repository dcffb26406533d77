"""The `play`, `resume` and `demo` commands' common body, without argparse.

`start_game` checks everything that can be checked before a game exists (the script
parses, the players and house settings are legal), records the game and runs it;
`resume_game` rebuilds a logged game by replay and runs it on. Both print the
narration (plain lines for scripts and pipes), write the final state JSON if asked,
and return the process exit status:

- 0: the game ran (a script was consumed, refused inputs included);
- 2: bad input before anything ran (unreadable script, illegal setting, unknown game);
- 1: the run failed (readers unreachable, an event stuck on the link).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.game.clock import Clock, VirtualClock, WallClock
from companion.game.options import Presentation
from companion.game.runner import ReaderPlan, run_session
from companion.game.session import Session, Update
from companion.narration import Narrator
from companion.readers.allowlist import AllowlistError
from companion.store import GameLog, NotAGameLog, UnknownGame, default_db_path
from engine.core.errors import ActionError

__all__ = ["PlayRequest", "resume_game", "start_game"]

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


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


def _say(err: TextIO, text: str) -> None:
    print(text, file=err, flush=True)


def _printer(out: TextIO) -> Callable[[Update], None]:
    def show(update: Update) -> None:
        for sentence in update.sentences:
            print(sentence, file=out, flush=True)

    return show


def _digest(path: Path) -> str:
    """The SHA-256 of a script file (so a resume notices an edited script)."""
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _notice(err: TextIO, event: Any) -> None:
    """Reader notices (connected, lost, restarted...) on stderr, away from the narration."""
    describe = getattr(event, "describe", None)
    _say(err, f"companion: {describe() if describe else event}")


def _table_printer(session: Session) -> Callable[[Update], None]:
    from rich.console import Console

    from companion.game.console import render_table_view

    console = Console()

    def show(update: Update) -> None:
        console.print(render_table_view(update.state, session.narrator))

    return show


def _write_state(path: Path | None, state: dict[str, Any]) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _uid_lookup(path: Path | None, err: TextIO) -> tuple[bool, Any]:
    """(ok, lookup) for the enrolment registry: the file given, else the default one if
    it exists; (True, None) when there is none."""
    from companion.enrolment import Registry, RegistryError, default_registry_path

    if path is None:
        path = default_registry_path()
        if not path.exists():
            return True, None
    try:
        return True, Registry.load(path).lookup
    except (RegistryError, OSError) as exc:
        _say(err, f"companion: cannot read the tag registry: {exc}")
        return False, None


def _allowlist_readable(path: Path | None, err: TextIO) -> bool:
    """Whether the paired readers' file can be read (checked before a game is recorded)."""
    from companion.readers.allowlist import Allowlist, default_allowlist_path

    try:
        Allowlist.load(path if path is not None else default_allowlist_path())
    except (AllowlistError, OSError) as exc:
        _say(err, f"companion: the paired readers' file: {exc}")
        return False
    return True


def _open_log(db: Path | None, err: TextIO) -> GameLog | None:
    path = db if db is not None else default_db_path()
    try:
        return GameLog(path)
    except (NotAGameLog, OSError) as exc:
        _say(err, f"companion: cannot open the game log: {exc}")
        return None


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
    from companion.game.script import ScriptError, parse_table_script, read_script, readers_for

    lines = None
    seats = [0]
    try:
        if req.script_text is not None:
            lines = parse_table_script(req.script_text)
        elif req.script is not None:
            lines = read_script(req.script)
        if req.reader == "sim":
            seats = readers_for(lines or [], req.players, req.layout)
    except ScriptError as exc:
        _say(err, f"companion: {req.script}: {exc}")
        return EXIT_BAD_INPUT
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _say(err, f"companion: cannot read the script {req.script}: {exc}")
        return EXIT_BAD_INPUT
    if lines is not None and req.reader != "sim":
        _say(err, "companion: --script plays through the simulated reader: use --reader sim")
        return EXIT_BAD_INPUT
    ok, lookup = _uid_lookup(req.tags, err)
    if not ok or not _web_speaks(req.show, req.game, req.lang, err):
        return EXIT_BAD_INPUT
    if req.reader != "sim" and not _allowlist_readable(req.allowlist, err):
        return EXIT_BAD_INPUT
    log = _open_log(req.db, err)
    if log is None:
        return EXIT_FAILED
    meta: dict[str, Any] = {"reader": req.reader, "seats": seats}
    if req.script is not None:
        meta["script"] = str(Path(req.script).resolve())
        meta["script_sha256"] = _digest(Path(req.script))
    try:
        session = Session.start(
            log, game=req.game, players=req.players, seed=req.seed, settings=req.settings,
            lang=req.lang, meta=meta, lookup_uid=lookup,
        )  # fmt: skip
    except (ActionError, ValueError, TypeError) as exc:
        _say(err, f"companion: cannot set up this game: {_explain(exc, req.lang)}")
        log.close()
        return EXIT_BAD_INPUT
    for hook in req.on_session:
        hook(session)
    plan = ReaderPlan(
        spec=req.reader, seats=seats, script=lines, pace=req.pace,
        allowlist=req.allowlist, allow_new=req.allow_new,
    )  # fmt: skip
    clock: Clock = VirtualClock() if lines is not None else WallClock()
    view = _view_mode(req.view, scripted=lines is not None, spec=req.reader, out=out)
    return _run(
        session, plan, clock, req.state_out, out, err,
        opening=True, saved_note=keep_log, view=view, show=req.show,
    )  # fmt: skip


def _view_mode(asked: str, *, scripted: bool, spec: str, out: TextIO) -> str:
    """`plain` lines for scripts and pipes; on a terminal the live table view, or for the
    typed simulated-reader console the view printed after each update."""
    if asked != "auto":
        return asked
    if scripted or not out.isatty():
        return "plain"
    return "console" if spec == "sim" else "live"


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
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Rebuild a logged game by replay and run it on (`companion resume`); `on_session`
    hooks get the rebuilt session before it runs (see `PlayRequest.on_session`)."""
    out = out or sys.stdout
    err = err or sys.stderr
    from companion.game.script import ScriptError, read_script

    ok, lookup = _uid_lookup(tags, err)
    if not ok:
        return EXIT_BAD_INPUT
    log = _open_log(db, err)
    if log is None:
        return EXIT_FAILED
    info = log.latest(unfinished=True) if game_id is None else None
    if game_id is None and info is None:
        _say(err, f"companion: no unfinished game in {log.path}")
        return EXIT_BAD_INPUT
    gid = game_id if game_id is not None else info.id  # type: ignore[union-attr]
    try:
        session = Session.load(log, gid, lang=lang, lookup_uid=lookup)
    except (UnknownGame, ValueError) as exc:  # ValueError: not narrated in that language
        _say(err, f"companion: {exc}")
        log.close()
        return EXIT_BAD_INPUT
    if session.state().get("status") == "over":
        _say(err, f"companion: game {gid} is over; `companion replay {gid}` narrates it again")
        _write_state(state_out, session.state())
        log.close()
        return EXIT_OK
    meta = log.game(gid).meta
    path = script if script is not None else meta.get("script")
    lines = None
    if path is not None:
        try:
            if script is None and _digest(Path(path)) != meta.get("script_sha256"):
                _say(err, f"companion: {path} changed since game {gid} began; "
                     "give --script FILE to continue with it anyway")  # fmt: skip
                return EXIT_BAD_INPUT
            lines = read_script(path)
        except ScriptError as exc:
            _say(err, f"companion: {path}: {exc}")
            return EXIT_BAD_INPUT
        except (OSError, UnicodeDecodeError) as exc:
            _say(err, f"companion: cannot read the script {path}: {exc}")
            return EXIT_BAD_INPUT
    if not _web_speaks(show, session.narrator.game, session.narrator.lang, err):
        log.close()
        return EXIT_BAD_INPUT
    spec = reader or meta.get("reader", "sim")
    plan = ReaderPlan(
        spec=spec, seats=list(meta.get("seats", [0])), script=lines,
        allowlist=allowlist, allow_new=allow_new,
    )  # fmt: skip
    last_t = max((x.input.t for x in log.inputs(gid)), default=0.0)
    clock: Clock = VirtualClock(last_t) if lines is not None else WallClock(last_t)
    print(
        session.narrator.table("resumed", session.state(), game=gid, count=session.inputs),
        file=out,
        flush=True,
    )
    for hook in on_session or []:
        hook(session)
    view = _view_mode("auto", scripted=lines is not None, spec=spec, out=out)
    return _run(
        session, plan, clock, state_out, out, err,
        opening=session.inputs == 0, view=view, show=show or Presentation(),
    )  # fmt: skip


def _run(
    session: Session,
    plan: ReaderPlan,
    clock: Clock,
    state_out: Path | None,
    out: TextIO,
    err: TextIO,
    *,
    opening: bool,
    saved_note: bool = True,
    view: str = "plain",
    show: Presentation | None = None,
) -> int:
    from contextlib import ExitStack

    from companion.game.script import ScriptError

    stack = ExitStack()
    if view == "live":
        from companion.game.console import LiveView

        session.subscribe(stack.enter_context(LiveView(session.narrator)))
    else:
        session.subscribe(_printer(out))
        if view == "console":
            session.subscribe(_table_printer(session))
    show = show or Presentation()
    server = _table_server(session, clock, show)
    if show.voice:
        from companion.voice import Speaker, SpeechError

        try:
            session.subscribe(stack.enter_context(Speaker(session.narrator.lang)).observe)
        except (SpeechError, ValueError) as exc:  # ValueError: no voice data for the language
            _say(err, f"companion: no spoken narration: {exc}")
    if opening:
        session.announce(session.opening())

    async def main() -> None:
        if server is not None:
            await server.start()
            _say(err, server.banner())
        try:
            await run_session(session, plan, clock, on_notice=lambda e: _notice(err, e))
        finally:
            if server is not None:
                await server.stop()

    status = EXIT_OK
    try:
        asyncio.run(main())
    except ScriptError as exc:
        _say(err, f"companion: script: {exc}")
        status = EXIT_BAD_INPUT
    except (TimeoutError, ConnectionError) as exc:
        _say(err, f"companion: the readers failed: {exc or type(exc).__name__}")
        status = EXIT_FAILED
    except AllowlistError as exc:
        _say(err, f"companion: the paired readers' file: {exc}")
        status = EXIT_BAD_INPUT
    except OSError as exc:
        _say(err, f"companion: cannot serve the table view: {exc}")
        status = EXIT_FAILED
    except KeyboardInterrupt:
        status = EXIT_OK
    finally:
        stack.close()
        state = session.state()
        _write_state(state_out, state)
        if saved_note:
            note = session.narrator.table(
                "game_saved", state, game=session.game_id, path=session.log.path
            )
            _say(err, note)
        session.log.close()
    return status


def _web_speaks(show: Presentation | None, game: str, lang: str, err: TextIO) -> bool:
    """Whether the table view asked for (if any) has its words for `game` in `lang`;
    says so when it has not."""
    if show is None or show.web is None:
        return True
    from companion.web.labels import labels_for

    try:
        labels_for(game, lang)
    except ValueError as exc:
        _say(err, f"companion: --web: the table view cannot show this game: {exc}")
        return False
    return True


def _table_server(session: Session, clock: Clock, show: Presentation) -> Any:
    """The web table view asked for, not yet started (None without `--web`). Host
    commands from the page are committed to the log like any reader input."""
    if show.web is None:
        return None
    from companion.web import commit_to_session, serve_table

    host, port = show.web
    return serve_table(
        session, host, port, lan=show.lan, on_command=commit_to_session(session, clock.now)
    )


def _explain(exc: Exception, lang: str) -> str:
    if isinstance(exc, ActionError):
        return Narrator(lang).refusal(exc.to_json())
    return str(exc)
