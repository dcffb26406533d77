"""The live terminal view: the table fixed at the top, the narration scrolling beneath.

`LiveView` keeps one region on the terminal, as tall as the terminal, redrawn in place
after every update (rich's `Live`, not the alternate screen, so the last picture stays
when the game ends):

- the join area while a table view is served (`follow`): the address, and the QR
  codes that are still needed (`companion.game.join_view`);
- the table (`render_table_view(stable=True)`: fixed columns, one line per seat), its
  status line and the pending prompt;
- the last lines of narration that fit, newest at the bottom; every sentence is also
  printed above the region, so the terminal's scrollback keeps the whole narration;
- the line being typed at the console, when there is one (`console_input`).

When it ends, the last picture stays: the table and the last lines of narration.

While it runs, whatever else the program writes to stdout or stderr (reader notices,
the console's help and errors, warnings) becomes narration lines, so nothing writes
over the region. It is an observer like any other and never changes the game.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import io
import logging
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TextIO, cast

from rich.console import Console, ConsoleOptions, RenderResult
from rich.live import Live
from rich.segment import Segment
from rich.text import Text

from companion.game.console import render_table_view
from companion.game.session import Update
from companion.narration import Narrator

__all__ = ["LiveView"]

MIN_NARRATION = 4  # lines of narration the join area's QR codes always leave
PROMPT = "› "


class LiveView:
    """The live region on a terminal (`with LiveView(...) as view: session.subscribe(view)`)."""

    def __init__(
        self,
        narrator: Narrator,
        state: Mapping[str, Any],
        *,
        console: Console | None = None,
        keep: int = 500,
    ) -> None:
        self.narrator = narrator
        self.console = console or Console(file=sys.stdout)
        self._lock = threading.RLock()
        self._said: deque[Text] = deque(maxlen=keep)
        self._state: Mapping[str, Any] = state
        self._typing: str | None = None  # the console's line being typed (None: no console)
        self._server: Any = None
        self._live: Live | None = None
        self._final = False  # the last picture: no console line, no blank rows
        self._restore: list[Callable[[], None]] = []
        self.notices: TextIO = cast(TextIO, _Lines(self, "yellow"))
        """A stream for notices (what went to stderr): they become narration lines."""

    # --- the region's life ---

    def __enter__(self) -> LiveView:
        self._live = Live(
            _Screen(self), console=self.console, auto_refresh=False, vertical_overflow="crop",
            redirect_stdout=False, redirect_stderr=False,
        )  # fmt: skip
        self._live.start(refresh=True)
        self._redirect()
        return self

    def __exit__(self, *exc: object) -> None:
        for undo in reversed(self._restore):
            undo()
        self._restore.clear()
        with self._lock:
            self._typing, self._final = None, True
            live, self._live = self._live, None
        if live is not None:
            try:
                live.update(_Screen(self), refresh=True)
                live.stop()
            except OSError:  # the terminal has gone (SIGHUP): nothing left to draw on
                pass

    def _redirect(self) -> None:
        """stdout, stderr and the log's stderr handlers into narration lines, until exit."""
        out, err = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = _Lines(self, ""), self.notices
        self._restore.append(lambda: _set_std(out, err))
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.StreamHandler) and handler.stream in (
                err,
                sys.__stderr__,
            ):
                old = handler.setStream(self.notices)
                self._restore.append(_stream_setter(handler, old))

    # --- what it shows ---

    def __call__(self, update: Update) -> None:
        with self._lock:
            self._state = update.state
            self._add([Text(sentence) for sentence in update.sentences])

    def say(self, text: str, style: str = "") -> None:
        """A line that is not narration (a notice, the console's words), shown with it."""
        with self._lock:
            self._add([Text(line, style=style) for line in text.splitlines() or [""]])

    def typed(self, line: str) -> None:
        """The console's line once Enter is pressed: kept with the narration."""
        with self._lock:
            self._typing = "" if self._typing is not None else None
            self._add([Text(PROMPT + line, style="dim")])

    def typing(self, line: str) -> None:
        """The console's line as it is being typed."""
        with self._lock:
            self._typing = line
            self.refresh()

    def _add(self, lines: list[Text]) -> None:
        self._said.extend(lines)
        live = self._live
        if live is None:
            return
        if lines:  # printed above the region (into the scrollback), which redraws it
            live.console.print(*lines, sep="\n", soft_wrap=True, crop=False)
        else:
            live.refresh()

    def refresh(self) -> None:
        with self._lock:
            if self._live is not None:
                self._live.refresh()

    async def follow(self, server: Any, every: float = 0.5) -> None:
        """Show the join area of a started table view `server`, redrawn when a phone
        takes or frees a seat (run as a task; cancel it when the server stops)."""
        from companion.game.join_view import join_key

        with self._lock:
            self._server = server
            self.refresh()
        seen = join_key(server)
        while True:
            await asyncio.sleep(every)
            now = join_key(server)
            if now != seen:
                seen = now
                self.refresh()

    def console_input(self, source: TextIO) -> Any:
        """What the typed console reads its lines from, shown on the region's last line:
        a line editor on `source` if it is a terminal, else its lines as they come."""
        with self._lock:
            self._typing = ""
        if _is_terminal(source):
            editor = TerminalLine(source.fileno(), self)
            self._restore.append(editor.enter())
            return editor
        return _Echoed(source, self)

    # --- drawing ---

    def lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        """The region, exactly as tall as the terminal."""
        width, height = options.size
        # wrapped, never cropped: rich draws the region within whatever `print` redraws it
        # (the narration's soft-wrapped print would otherwise crop every line at the width)
        options = options.update(width=width, height=None, no_wrap=False, overflow="fold")
        with self._lock:
            state, said, typing, server = self._state, list(self._said), self._typing, self._server
            final = self._final
        table = console.render_lines(
            render_table_view(state, self.narrator, stable=True), options, pad=False
        )
        pending = state.get("pending")
        prompt = (  # the table view's last lines: kept whole when the table must shrink
            console.render_lines(Text(self.narrator.prompt(pending, state)), options, pad=False)
            if pending
            else []
        )
        bottom = 1 + (typing is not None)  # the rule above the narration, the console line
        top: list[list[Segment]] = []
        if server is not None:
            from companion.game.join_view import join_panel

            spare = height - len(table) - bottom - MIN_NARRATION
            top = console.render_lines(join_panel(server, width, spare), options, pad=False)
        top = _fit(top + table, len(prompt), max(height - bottom, 0))
        room = height - len(top) - bottom
        narration: list[list[Segment]] = []
        for text in said[-max(room, 0) :] if room > 0 else []:
            narration.extend(console.render_lines(text, options, pad=False))
        narration = narration[-room:] if room > 0 else []
        if not final:  # a blank row is an empty segment, not none: rich drops an empty last line
            narration += [[Segment("")] for _ in range(room - len(narration))]
        rule = [Segment("─" * width, console.get_style("dim"))]
        out = [*top, rule, *narration]
        if typing is not None:
            line = Text(PROMPT, style="bold")
            shown = typing[-max(width - len(PROMPT) - 1, 0) :] if width > len(PROMPT) + 1 else ""
            line.append(shown)
            line.append(" ", style="reverse")  # where the next character goes
            out.extend(console.render_lines(line, options, pad=False)[:1])
        return out[:height]


def _fit(lines: list[list[Segment]], keep: int, room: int) -> list[list[Segment]]:
    """`lines` in `room` rows: the last `keep` (the prompt) whole, the rows above them
    cut first (the table shrinks before the prompt does).

    >>> _fit(["table", "seat 1", "seat 2", "prompt 1", "prompt 2"], 2, 4)
    ['table', 'seat 1', 'prompt 1', 'prompt 2']
    """
    if len(lines) <= room:
        return lines
    head, tail = lines[: len(lines) - keep], lines[len(lines) - keep :]
    return (head[: max(room - len(tail), 0)] + tail)[-room:] if room else []


class _Screen:
    """The region as a rich renderable (drawn anew, at the terminal's size, each time)."""

    def __init__(self, view: LiveView) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.view.lines(console, options)
        for i, line in enumerate(lines):
            yield from line
            if i < len(lines) - 1:
                yield Segment.line()


def _stream_setter(handler: logging.StreamHandler, stream: Any) -> Callable[[], None]:
    """What puts `handler` back on `stream`."""

    def restore() -> None:
        handler.setStream(stream)

    return restore


def _set_std(out: TextIO, err: TextIO) -> None:
    sys.stdout, sys.stderr = out, err


def _is_terminal(source: TextIO) -> bool:
    try:
        return source.isatty() and os.name == "posix"
    except (AttributeError, ValueError):
        return False


class _Lines(io.TextIOBase):
    """A text stream whose whole lines become lines of the view."""

    def __init__(self, view: LiveView, style: str) -> None:
        self.view, self.style, self._part = view, style, ""

    def write(self, text: str) -> int:
        *whole, self._part = (self._part + text).split("\n")
        for line in whole:
            self.view.say(line, self.style)
        return len(text)

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:  # type: ignore[override]  # TextIOBase declares it read-only
        return "utf-8"


class _Echoed:
    """Lines from a source that is not a terminal (a pipe), each shown as typed."""

    def __init__(self, source: TextIO, view: LiveView) -> None:
        self.source, self.view = source, view

    def readline(self) -> str:
        line = self.source.readline()
        if line:
            self.view.typed(line.rstrip("\r\n"))
        return line


class TerminalLine:
    """The console's line editor on a terminal in cbreak mode: no echo by the terminal
    (the line is drawn on the region's last line, so a redraw never mixes with what
    is typed), Enter ends a line, Backspace, Ctrl-U and Ctrl-W edit it, Ctrl-D on an
    empty line ends the console; Ctrl-C is still the terminal's interrupt.
    A keyboard-mode scanner typing a code and Enter is a line like any other."""

    def __init__(self, fd: int, view: LiveView) -> None:
        self.fd, self.view = fd, view
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending: deque[str] = deque()  # typed ahead of the line being returned
        self._line = ""
        self._escape = ""

    def enter(self) -> Callable[[], None]:
        """Put the terminal in cbreak mode now; return what restores it."""
        import termios

        saved = termios.tcgetattr(self.fd)
        mode = termios.tcgetattr(self.fd)
        mode[3] &= ~(termios.ECHO | termios.ICANON)  # lflag; ISIG stays: Ctrl-C interrupts
        mode[6][termios.VMIN], mode[6][termios.VTIME] = 1, 0
        termios.tcsetattr(self.fd, termios.TCSANOW, mode)  # TCSANOW: keep what was typed ahead

        def restore() -> None:
            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self.fd, termios.TCSANOW, saved)

        return restore

    def _chars(self) -> Iterator[str]:
        while True:
            while self._pending:
                yield self._pending.popleft()
            try:
                data = os.read(self.fd, 1024)
            except OSError:
                data = b""
            if not data:
                return
            self._pending.extend(self._decode.decode(data))

    def readline(self) -> str:
        """The next line typed, with its newline ("" once the terminal is closed or
        Ctrl-D is pressed on an empty line)."""
        for ch in self._chars():
            if self._escape or ch == "\x1b":  # arrows and other keys' sequences: ignored
                self._escape += ch
                if len(self._escape) > 1 and (ch.isalpha() or ch == "~"):
                    self._escape = ""
                continue
            if ch in "\r\n":
                line, self._line = self._line, ""
                self.view.typed(line)
                return line + "\n"
            if ch == "\x04" and not self._line:
                return ""
            self._line = _edit(self._line, ch)
            if not self._pending:  # draw once per burst (a scanner types a whole code)
                self.view.typing(self._line)
        return ""


def _edit(line: str, ch: str) -> str:
    """`line` after one typed character.

    >>> _edit("scan ab", "\\x7f"), _edit("scan ab", "\\x17"), _edit("scan", "\\x15"), _edit("", "s")
    ('scan a', 'scan ', '', 's')
    """
    if ch in ("\x7f", "\x08"):
        return line[:-1]
    if ch == "\x15":
        return ""
    if ch == "\x17":
        return line.rstrip()[: len(line.rstrip()) - len(line.rstrip().split(" ")[-1])]
    return line + ch if ch.isprintable() else line
