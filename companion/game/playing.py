"""Playing a set-up game to its end: what shows it (plain lines or the live view,
the spoken narration, the web table view), the run against its readers, why a run
stopped, and the final state and "game N is saved" note (`run_to_end`).

A run ends when the game is over, the script or the simulated readers' console ends,
or on Ctrl-C, SIGTERM or SIGHUP (the terminal closed): each of the last three ends it
as the others do, saved, with the note saying how to resume it. A run started with
SIGHUP ignored (`nohup companion play ...`) was asked to outlive its terminal: it goes
on with its readers (phones, scanners) until the game ends or SIGTERM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion.game.clock import Clock, VirtualClock, WallClock
from companion.game.ending import saved_note, write_state
from companion.game.narrate import prompt_said
from companion.game.options import Presentation
from companion.game.preflight import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_OK, say
from companion.game.runner import ReaderPlan, run_session
from companion.game.session import Session, Update
from companion.game.view_server import table_server
from companion.logging_setup import close_file, contain_loop_errors, reason
from companion.readers.allowlist import AllowlistError

__all__ = ["Run", "clock_for", "console_for", "run_to_end", "view_mode"]

_log = logging.getLogger(__name__)


@dataclass
class Run:
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


def run_to_end(run: Run, out: TextIO, err: TextIO) -> int:
    """Show the session, play it against its readers, write the final state; return
    the exit status."""
    from contextlib import ExitStack

    session = run.session
    status = EXIT_OK
    try:
        with ExitStack() as stack:
            ending = stack.enter_context(_Ending())
            notices = _observe(run, stack, out, err)
            server = table_server(session, run.clock, run.show, run.plan, notices)
            if run.opening:
                session.announce(session.opening())
            elif run.resumed:
                _where_it_stands(session, out if run.view == "plain" else None)
            try:
                asyncio.run(_play(run, server, notices, ending))
            except KeyboardInterrupt:
                pass
            except Exception as exc:
                status = _failure(exc, notices, run)
            if ending.received:
                _log.info("game %d: ended by %s", session.game_id, ending.received)
    finally:
        run.live = None
        _finish(run, err)
    return status


class _Ending:
    """While a run is set up and played, SIGTERM and SIGHUP end it as Ctrl-C does
    (saved, with the note); a signal the process was started ignoring stays ignored
    (`nohup`). Before the event loop runs, the signal interrupts as Ctrl-C would;
    while it runs, it cancels the run (`watch`), which then ends normally."""

    def __init__(self) -> None:
        self.received: str | None = None
        self._before: dict[signal.Signals, Any] = {}

    def __enter__(self) -> _Ending:
        if threading.current_thread() is not threading.main_thread():
            return self  # a run inside a test's thread: signals are the main thread's
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is None or signal.getsignal(number) is signal.SIG_IGN:
                continue
            self._before[number] = signal.signal(number, self._interrupt)
        return self

    def __exit__(self, *exc_info: object) -> None:
        for number, before in self._before.items():
            signal.signal(number, before)

    def _interrupt(self, number: int, frame: object) -> None:
        self.received = signal.Signals(number).name
        raise KeyboardInterrupt

    def watch(self, task: asyncio.Task[Any]) -> None:
        """Cancel `task` (the run) on the signals, at the event loop's next turn."""
        loop = asyncio.get_running_loop()
        for number in self._before:
            loop.add_signal_handler(number, self._cancel, number, task)

    def unwatch(self) -> None:
        loop = asyncio.get_running_loop()
        for number in self._before:
            loop.remove_signal_handler(number)
            signal.signal(number, self._interrupt)  # removing restored the default

    def _cancel(self, number: signal.Signals, task: asyncio.Task[Any]) -> None:
        self.received = number.name
        task.cancel()


def console_for(spec: str) -> TextIO | None:
    """Where typed lines come from: stdin. The simulated readers' console reads it
    anyway; with real readers it is a reader of its own (a code and Enter), on a
    terminal only, so that a pipe or a service's stdin adds no reader."""
    if "sim" in spec.split("+"):
        return None
    return sys.stdin if sys.stdin is not None and sys.stdin.isatty() else None


def clock_for(lines: list[Any] | None, start: float) -> Clock:
    """Virtual time for a script (only `wait N` moves it), the wall clock otherwise."""
    return VirtualClock(start) if lines is not None else WallClock(start)


def view_mode(asked: str, out: TextIO) -> str:
    """`auto`: the live view on a terminal (not a dumb one), plain lines otherwise
    (pipes, files, tests: the narration exactly as scripts read it)."""
    import os

    if asked != "auto":
        return asked
    terminal = out.isatty() and os.environ.get("TERM", "") not in ("dumb", "unknown")
    return "live" if terminal else "plain"


def _observe(run: Run, stack: Any, out: TextIO, err: TextIO) -> TextIO:
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
                on_failure=lambda why: say(err, f"companion: --voice: the narration cannot be "
                                             f"heard ({why}); --voice-to DIR writes it to WAV "
                                             "files instead"),
            )  # fmt: skip
            session.subscribe(stack.enter_context(speaker).observe)
        except (SpeechError, ValueError, OSError) as exc:  # ValueError: no voice data
            say(err, f"companion: --voice: the game goes on silently: {exc}")
    return err


def _printer(out: TextIO) -> Callable[[Update], None]:
    def show(update: Update) -> None:
        for sentence in update.sentences:
            print(sentence, file=out, flush=True)

    return show


def _voice_dir(path: Path | None) -> Path | None:
    """The `--voice-to` directory, made if missing (None: play on the sound device)."""
    if path is not None:
        path.mkdir(parents=True, exist_ok=True)
    return path


async def _play(run: Run, server: Any, err: TextIO, ending: _Ending) -> None:
    """Serve the table view (if asked) while the session runs against its readers;
    the live view shows its join area, else its banner is printed once. A signal
    that ends the run (`_Ending`) cancels it; it then returns as if the game had
    stopped there."""
    task = asyncio.current_task()
    assert task is not None
    ending.watch(task)
    try:
        await _serve_and_run(run, server, err)
    except asyncio.CancelledError:
        if ending.received is None or task.uncancel() > 0:
            raise
    finally:
        ending.unwatch()


async def _serve_and_run(run: Run, server: Any, err: TextIO) -> None:
    contain_loop_errors(asyncio.get_running_loop())
    follow = None
    if server is not None:
        await server.start()
        if run.live is not None:
            follow = asyncio.create_task(run.live.follow(server), name="join-area")
        else:
            say(err, server.banner())
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


def _notice(err: TextIO, event: Any) -> None:
    """Reader notices (connected, lost, restarted...) on stderr, away from the narration."""
    describe = getattr(event, "describe", None)
    say(err, f"companion: {describe() if describe else event}")


def _failure(exc: Exception, err: TextIO, run: Run) -> int:
    """Say why a run stopped and return its exit status. What is not a known way for a
    run to fail is a bug: it is re-raised with the game's saved note (`saved_note`) for
    the top-level handler's one line (`companion.cli`), which logs its traceback; a
    stdout whose reader has gone (`| head`) is re-raised as it is."""
    from companion.game.script import ScriptError

    if isinstance(exc, BrokenPipeError):
        raise exc
    if isinstance(exc, ScriptError):
        say(err, f"companion: script: {exc}")
        return EXIT_BAD_INPUT
    if isinstance(exc, (TimeoutError, ConnectionError)):
        say(err, f"companion: the readers failed: {reason(exc)}")
        return EXIT_FAILED
    if isinstance(exc, AllowlistError):
        say(err, f"companion: the paired readers' file: {exc}")
        return EXIT_BAD_INPUT
    if isinstance(exc, OSError):
        say(err, f"companion: cannot serve the table view: {exc}")
        return EXIT_FAILED
    if run.saved_note:  # the top-level handler's line says it instead
        exc.saved_note = saved_note(run.session, run.session.state())  # type: ignore[attr-defined]
        run.saved_note = False
    raise exc


def _finish(run: Run, err: TextIO) -> None:
    """Write the final state, say where the game is saved, close the log."""
    session = run.session
    state = session.state()
    write_state(run.state_out, state)
    if run.saved_note:
        note = saved_note(session, state)
        _log.info("%s", note)  # also in the log file, for a terminal that has gone
        with contextlib.suppress(OSError):  # stderr on a terminal closed (SIGHUP)
            say(err, note)
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
        said = prompt_said(session.narrator, prompt, state)
        session.announce(Update.of(session.inputs, None, [said], state))
