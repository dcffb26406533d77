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
import logging
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from companion.logging_setup import close_file, log_beside
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

_log = logging.getLogger(__name__)


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


def _write_state(path: Path | None, state: dict[str, Any]) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(state, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _lookup(path: Path | None, err: TextIO) -> Any:
    """The enrolment registry's UID lookup: the file given, else the default one if it
    exists (None: there is none).

    Raises:
        _Stop: the registry cannot be read.
    """
    from companion.enrolment import Registry, RegistryError, default_registry_path

    if path is None:
        path = default_registry_path()
        if not path.exists():
            return None
    try:
        return Registry.load(path).lookup
    except (RegistryError, OSError) as exc:
        _say(err, f"companion: cannot read the tag registry: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None


def _check_allowlist(path: Path | None, err: TextIO) -> None:
    """Check that the paired readers' file can be read (before a game is recorded).

    Raises:
        _Stop: it cannot.
    """
    from companion.readers.allowlist import Allowlist, default_allowlist_path

    try:
        Allowlist.load(path if path is not None else default_allowlist_path())
    except (AllowlistError, OSError) as exc:
        _say(err, f"companion: the paired readers' file: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None


def _open_log(db: Path | None, err: TextIO) -> GameLog:
    """The game log (the default one unless `db` is given).

    Raises:
        _Stop: it cannot be opened.
    """
    path = db if db is not None else default_db_path()
    try:
        log = GameLog(path)
    except (NotAGameLog, OSError) as exc:
        _say(err, f"companion: cannot open the game log: {exc}")
        raise _Stop(EXIT_FAILED) from None
    log_beside(log.path)  # the program's own log, for a bug report
    return log


class _Stop(Exception):
    """A set-up step refused to go on and has said why on stderr."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@dataclass
class _Run:
    """A session ready to run against its readers, and how to show it."""

    session: Session
    plan: ReaderPlan
    clock: Clock
    state_out: Path | None
    view: str
    show: Presentation
    opening: bool  # narrate the setup and the first prompt first (nothing played yet)
    saved_note: bool = True  # end with "game N is saved ...; resume it with ..."
    resumed: bool = False  # a resumed game: show the table and what it waits for first
    live: Any = None  # the live view (`companion.game.live.LiveView`) while it runs


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
    log: GameLog | None = None
    try:
        lines, seats = _script_of(req, err)
        lookup = _lookup(req.tags, err)
        _check_web(req.show, req.game, req.lang, err)
        if any(spec not in ("sim", "phone") for spec in req.reader.split("+")):
            _check_allowlist(req.allowlist, err)
        log = _open_log(req.db, err)
        session = _new_session(req, log, seats, lookup, err)
    except _Stop as stop:
        if log is not None:
            log.close()
            close_file()
        return stop.status
    for hook in req.on_session:
        hook(session)
    plan = ReaderPlan(
        spec=req.reader, seats=seats, script=lines, pace=req.pace,
        allowlist=req.allowlist, allow_new=req.allow_new, console=_console(req.reader),
    )  # fmt: skip
    view = _view_mode(req.view, out)
    run = _Run(
        session, plan, _clock(lines, 0.0), req.state_out, view, req.show,
        opening=True, saved_note=keep_log,
    )  # fmt: skip
    return _run(run, out, err)


def _script_of(req: PlayRequest, err: TextIO) -> tuple[list[Any] | None, list[int]]:
    """The parsed script (None: none given) and the simulated readers' seats.

    Raises:
        _Stop: the script cannot be read or played with these readers.
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
        _say(err, f"companion: {req.script}: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _say(err, f"companion: cannot read the script {req.script}: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None
    if lines is not None and "sim" not in req.reader.split("+"):
        _say(err, "companion: --script plays through the simulated reader: use --reader sim")
        raise _Stop(EXIT_BAD_INPUT)
    return lines, seats


def _new_session(
    req: PlayRequest, log: GameLog, seats: list[int], lookup: Any, err: TextIO
) -> Session:
    """Record the new game and its session.

    Raises:
        _Stop: the engine refuses the players or a setting (nothing is recorded).
    """
    meta: dict[str, Any] = {"reader": req.reader, "seats": seats}
    if req.script is not None:
        meta["script"] = str(Path(req.script).resolve())
        meta["script_sha256"] = _digest(Path(req.script))
    try:
        return Session.start(
            log, game=req.game, players=req.players, seed=req.seed, settings=req.settings,
            lang=req.lang, meta=meta, lookup_uid=lookup,
        )  # fmt: skip
    except (ActionError, ValueError, TypeError) as exc:
        _say(err, f"companion: cannot set up this game: {_explain(exc, req.lang)}")
        raise _Stop(EXIT_BAD_INPUT) from None


def _console(spec: str) -> TextIO | None:
    """Where typed lines come from: stdin. The simulated readers' console reads it
    anyway; with real readers it is a reader of its own (a code and Enter), on a
    terminal only, so that a pipe or a service's stdin adds no reader."""
    if "sim" in spec.split("+"):
        return None
    return sys.stdin if sys.stdin is not None and sys.stdin.isatty() else None


def _clock(lines: list[Any] | None, start: float) -> Clock:
    """Virtual time for a script (only `wait N` moves it), the wall clock otherwise."""
    return VirtualClock(start) if lines is not None else WallClock(start)


def _view_mode(asked: str, out: TextIO) -> str:
    """`auto`: the live view on a terminal (not a dumb one), plain lines otherwise
    (pipes, files, tests: the narration exactly as scripts read it)."""
    import os

    if asked != "auto":
        return asked
    terminal = out.isatty() and os.environ.get("TERM", "") not in ("dumb", "unknown")
    return "live" if terminal else "plain"


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
    show = show or Presentation()
    log: GameLog | None = None
    try:
        lookup = _lookup(tags, err)
        log = _open_log(db, err)
        session = _load_session(log, game_id, lang, lookup, err)
        if session.state().get("status") == "over":
            gid = session.game_id
            replay = _command("replay", gid, log)
            _say(err, f"companion: game {gid} is over; `{replay}` narrates it again")
            _write_state(state_out, session.state())
            log.close()
            close_file()
            return EXIT_OK
        lines = _script_to_continue(session, script, err)
        _check_web(show, session.narrator.game, session.narrator.lang, err)
    except _Stop as stop:
        if log is not None:
            log.close()
            close_file()
        return stop.status
    meta = log.game(session.game_id).meta
    spec = reader or meta.get("reader", "sim")
    plan = ReaderPlan(
        spec=spec, seats=list(meta.get("seats", [0])), script=lines,
        allowlist=allowlist, allow_new=allow_new, console=_console(spec),
    )  # fmt: skip
    last_t = max((x.input.t for x in log.inputs(session.game_id)), default=0.0)
    for hook in on_session or []:
        hook(session)
    view = _view_mode(view, out)
    run = _Run(
        session, plan, _clock(lines, last_t), state_out, view, show,
        opening=session.inputs == 0, resumed=True,
    )  # fmt: skip
    return _run(run, out, err)


def _load_session(
    log: GameLog, game_id: int | None, lang: str | None, lookup: Any, err: TextIO
) -> Session:
    """The game asked for (None: the newest unfinished one), rebuilt by replay.

    Raises:
        _Stop: no such game, or it is not narrated in `lang`.
    """
    if game_id is None:
        # none unfinished: the newest, which may have ended just before a crash (its
        # final state is then written as asked)
        info = log.latest(unfinished=True) or log.latest()
        if info is None:
            _say(err, f"companion: no game in {log.path}")
            raise _Stop(EXIT_BAD_INPUT)
        game_id = info.id
    try:
        return Session.load(log, game_id, lang=lang, lookup_uid=lookup)
    except (UnknownGame, ValueError) as exc:  # ValueError: not narrated in that language
        _say(err, f"companion: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None


def _script_to_continue(session: Session, script: Path | None, err: TextIO) -> list[Any] | None:
    """The script a resumed game goes on with: `script` if given, else the one it began
    with, unless that file changed since (None: the game had no script).

    Raises:
        _Stop: the script changed, or cannot be read or parsed.
    """
    from companion.game.script import ScriptError, check_playable, read_script

    meta = session.log.game(session.game_id).meta
    path = script if script is not None else meta.get("script")
    if path is None:
        return None
    try:
        if script is None and _digest(Path(path)) != meta.get("script_sha256"):
            _say(err, f"companion: {path} changed since game {session.game_id} began; "
                 "give --script FILE to continue with it anyway")  # fmt: skip
            raise _Stop(EXIT_BAD_INPUT)
        lines = read_script(path)
        if meta.get("reader", "sim") == "sim":
            check_playable(lines, list(meta.get("seats", [0])))
        return lines
    except ScriptError as exc:
        _say(err, f"companion: {path}: {exc}")
    except (OSError, UnicodeDecodeError) as exc:
        _say(err, f"companion: cannot read the script {path}: {exc}")
    raise _Stop(EXIT_BAD_INPUT)


def _run(run: _Run, out: TextIO, err: TextIO) -> int:
    """Show the session, play it against its readers, write the final state; return
    the exit status."""
    from contextlib import ExitStack

    session = run.session
    status = EXIT_OK
    try:
        with ExitStack() as stack:
            notices = _observe(run, stack, out, err)
            server = _table_server(session, run.clock, run.show, run.plan, notices)
            if run.opening:
                session.announce(session.opening())
            elif run.resumed:
                _where_it_stands(session, out if run.view == "plain" else None)
            try:
                asyncio.run(_play(run, server, notices))
            except KeyboardInterrupt:
                pass
            except Exception as exc:
                status = _failure(exc, notices, session.game_id)
    finally:
        run.live = None
        _finish(run, err)
    return status


def _observe(run: _Run, stack: Any, out: TextIO, err: TextIO) -> TextIO:
    """Subscribe what shows the game: the narration (plain lines or the live view),
    the spoken narration; return where notices go (the live view has its own)."""
    session = run.session
    if run.view == "live":
        from rich.console import Console

        from companion.game.live import LiveView

        view = LiveView(session.narrator, session.state(), console=Console(file=out))
        run.live = stack.enter_context(view)
        session.subscribe(view)
        err = view.notices
        if "sim" in run.plan.specs and run.plan.script is None:  # the typed console
            run.plan.console = view.console_input(run.plan.console or sys.stdin)
    else:
        session.subscribe(_printer(out))
    if run.show.voice:
        from companion.voice import Speaker, SpeechError

        try:
            speaker = Speaker(
                session.narrator.lang,
                record_dir=_voice_dir(run.show.voice_to),
                on_failure=lambda why: _say(err, f"companion: --voice: the narration cannot be "
                                             f"heard ({why}); --voice-to DIR writes it to WAV "
                                             "files instead"),
            )  # fmt: skip
            session.subscribe(stack.enter_context(speaker).observe)
        except (SpeechError, ValueError) as exc:  # ValueError: no voice data for the language
            _say(err, f"companion: no spoken narration: {exc}")
    return err


def _voice_dir(path: Path | None) -> Path | None:
    """The `--voice-to` directory, made if missing (None: play on the sound device)."""
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
    return path


async def _play(run: _Run, server: Any, err: TextIO) -> None:
    """Serve the table view (if asked) while the session runs against its readers;
    the live view shows its join area, else its banner is printed once."""
    follow = None
    if server is not None:
        await server.start()
        if run.live is not None:
            follow = asyncio.create_task(run.live.follow(server), name="join-area")
        else:
            _say(err, server.banner())
    resized = run.live is not None and _on_resize(run.live.refresh)
    try:
        await run_session(run.session, run.plan, run.clock, on_notice=lambda e: _notice(err, e))
    finally:
        if resized:
            _on_resize(None)
        if follow is not None:
            follow.cancel()
        if server is not None:
            await server.stop()


def _on_resize(redraw: Callable[[], None] | None) -> bool:
    """Redraw the live view when the terminal is resized (None: stop); False where the
    terminal cannot say so (no SIGWINCH)."""
    import signal

    if not hasattr(signal, "SIGWINCH"):
        return False
    loop = asyncio.get_running_loop()
    if redraw is None:
        return loop.remove_signal_handler(signal.SIGWINCH)
    loop.add_signal_handler(signal.SIGWINCH, redraw)
    return True


def _failure(exc: Exception, err: TextIO, game_id: int) -> int:
    """Say why a run stopped and return its exit status (logs and re-raises what is
    not a known way for a run to fail)."""
    from companion.game.script import ScriptError

    if isinstance(exc, ScriptError):
        _say(err, f"companion: script: {exc}")
        return EXIT_BAD_INPUT
    if isinstance(exc, (TimeoutError, ConnectionError)):
        _say(err, f"companion: the readers failed: {exc or type(exc).__name__}")
        return EXIT_FAILED
    if isinstance(exc, AllowlistError):
        _say(err, f"companion: the paired readers' file: {exc}")
        return EXIT_BAD_INPUT
    if isinstance(exc, OSError):
        _say(err, f"companion: cannot serve the table view: {exc}")
        return EXIT_FAILED
    _log.critical("game %d: the run stopped on an unexpected error; every input is logged "
                  "(`companion resume %d` goes on)", game_id, game_id, exc_info=exc)  # fmt: skip
    raise exc


def _finish(run: _Run, err: TextIO) -> None:
    """Write the final state, say where the game is saved, close the log."""
    session = run.session
    state = session.state()
    _write_state(run.state_out, state)
    if run.saved_note:
        _say(err, _saved_note(session, state))
    session.log.close()
    close_file()


def _print_table(session: Session, out: TextIO) -> None:
    """The table view once, as plain text (a resumed game shown before it goes on)."""
    from rich.console import Console

    from companion.game.console import render_table_view

    console = Console(file=out, width=100, color_system=None, soft_wrap=False)
    state = {**session.state(), "pending": None}  # the prompt follows, as a sentence
    console.print(render_table_view(state, session.narrator))


def _where_it_stands(session: Session, out: TextIO | None) -> None:
    """A resumed game's first words: resumed after so many inputs, the table (drawn by
    the table views, else printed to `out` as plain text), and the pending prompt."""
    state = session.state()
    resumed = session.narrator.table("resumed", state, game=session.game_id, count=session.inputs)
    session.announce(Update(session.inputs, None, [resumed], state))
    if out is not None:
        _print_table(session, out)
    prompt = session.table.prompt()
    if prompt is not None:
        session.announce(
            Update(session.inputs, None, [session.narrator.prompt(prompt, state)], state)
        )


def _saved_note(session: Session, state: dict[str, Any]) -> str:
    """Where the game is kept and the command that goes on with it: `resume` while it is
    unfinished, `replay` once it is over; with `--db` when the log is not the default one."""
    over = state.get("status") == "over"
    command = _command("replay" if over else "resume", session.game_id, session.log)
    key = "game_over_saved" if over else "game_saved"
    return session.narrator.table(
        key, state, game=session.game_id, path=session.log.path, command=command
    )


def _command(verb: str, game_id: int, log: GameLog) -> str:
    """`companion VERB ID`, with `--db FILE` unless the log is the default one."""
    command = f"companion {verb} {game_id}"
    if Path(log.path).resolve() != default_db_path().resolve():
        command += f" --db {shlex.quote(log.path)}"
    return command


def _check_web(show: Presentation | None, game: str, lang: str, err: TextIO) -> None:
    """Check that the table view asked for (if any) has its words for `game` in `lang`.

    Raises:
        _Stop: it has not (and says so).
    """
    if show is None or show.web is None:
        return
    from companion.web.labels import labels_for

    try:
        labels_for(game, lang)
    except ValueError as exc:
        _say(err, f"companion: --web: the table view cannot show this game: {exc}")
        raise _Stop(EXIT_BAD_INPUT) from None


def _table_server(
    session: Session, clock: Clock, show: Presentation, plan: ReaderPlan, err: TextIO
) -> Any:
    """The web table view asked for, not yet started (None without `--web`, unless
    phones are readers: they join through it, on the LAN, over HTTP and HTTPS). Host
    commands from the page are committed to the log like any reader input."""
    from companion.game.runner import phone_source, reader_list

    phones = phone_source(plan, session.log.game(session.game_id).players)
    if show.web is None and phones is None:
        return None
    from companion.web import DEFAULT_PORT, commit_to_session, serve_table

    host, port = show.web if show.web is not None else ("0.0.0.0", DEFAULT_PORT)
    tls = _certificates(session, err) if phones is not None else None
    return serve_table(
        session, host, port, lan=show.lan or phones is not None,
        on_command=commit_to_session(session, clock.now), phones=phones, tls=tls,
        readers=lambda: reader_list(plan),
    )  # fmt: skip


def _certificates(session: Session, err: TextIO) -> Any:
    """The table's own certificate authority and a server certificate for this
    laptop's addresses, kept beside the game database (made the first time)."""
    from companion.web.phone import vendored_decoder
    from companion.web.tls import TableCertificates, lan_addresses

    certs = TableCertificates.beside(Path(session.log.path))
    if certs.ensure(lan_addresses()):
        _say(err, f"companion: made the table's certificate for the phones in {certs.directory}")
    if not vendored_decoder():
        _say(err, "companion: the WebAssembly QR decoder is not installed "
             "(npm ci --prefix companion/web/vendor): phones without a built-in "
             "decoder will take photos instead")  # fmt: skip
    return certs


def _explain(exc: Exception, lang: str) -> str:
    if isinstance(exc, ActionError):
        return Narrator(lang).refusal(exc.to_json())
    return str(exc)
