"""The `companion` command.

Each subcommand lives in its own module under `companion.commands`; this file builds
the argument parser and dispatches. Start-up stays fast because only the command that
runs is imported: `companion --version` and `companion --help` import no command, no
engine and no BLE stack (`bench/startup.py` measures it).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import commands


class _VersionAction(argparse.Action):
    """`--version`, reading the installed version only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from companion import __version__

        sys.stdout.write(f"{parser.prog} {__version__}\n")
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only `command`'s own options are registered (the others are listed)."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Desktop companion for Three Kingdoms Kill and Regicide with a Bluetooth card reader.",
    )
    parser.add_argument("--version", action=_VersionAction)
    parser.add_argument(
        "--log-level",
        choices=("debug", "info", "warning", "error"),
        default="warning",
        help="what the program's own log shows on stderr (default warning); the log file "
        "beside the game database keeps info and up",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, summary in commands.COMMANDS.items():
        if name == command:
            commands.load(name).register(subparsers)
        else:
            subparsers.add_parser(name, help=summary, add_help=False)
    return parser


_VALUED = ("--log-level",)
"""The top-level options that take a value (the word after them is not the command)."""


def _command_named(argv: Sequence[str]) -> str | None:
    """The command `argv` asks for: its first word that is not an option or an
    option's value.

    >>> _command_named(["--log-level", "debug", "play", "--seed", "3"])
    'play'
    """
    words = iter(argv)
    for arg in words:
        if arg in _VALUED:
            next(words, None)
        elif not arg.startswith("-"):
            return arg
    return None


EXIT_PIPE = 141
"""The status when stdout's reader has gone (`companion export 1 | head -3`): the one
a shell reports for a program stopped by SIGPIPE, as `git log | head` ends."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` asks for; return its exit status. Output cut short by
    its reader (`| head`) ends the command quietly, not with a traceback."""
    try:
        try:
            return _main(list(sys.argv[1:] if argv is None else argv))
        finally:
            sys.stdout.flush()  # inside the try: a reader that has gone is seen here
    except BrokenPipeError:
        _discard_stdout()
        return EXIT_PIPE


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush of what is still
    buffered does not fail again at exit (as the `signal` module's documentation advises)."""
    import os

    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's capture)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def _main(argv: list[str]) -> int:
    parser = build_parser(_command_named(argv))
    args = parser.parse_args(argv)
    from companion.logging_setup import configure

    configure(args.log_level)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    try:
        return int(handler(args) or 0)
    except commands.UsageError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        raise
    except KeyboardInterrupt:  # Ctrl-C outside a game (a game ends saved on its own)
        return EXIT_INTERRUPTED
    except Exception as exc:
        return _unexpected(exc, getattr(args, "db", None))


EXIT_USAGE, EXIT_INTERRUPTED, EXIT_BUG = 2, 130, 1


def _unexpected(exc: Exception, db: Path | None) -> int:
    """A bug anywhere: one line on stderr (what happened, where its traceback is, and,
    during a game, that the game is saved and how to go on); the traceback goes to the
    log file only."""
    from companion.logging_setup import log_failure
    from companion.store import default_db_path

    path = log_failure(exc, db if db is not None else default_db_path())
    where = f"its traceback is in {path}" if path else "no log file could be written"
    line = f"companion: unexpected error ({type(exc).__name__}: {exc}); {where}"
    saved = getattr(exc, "saved_note", None)  # set by a game's run (`game.playing`)
    if saved:
        line += f". {saved}"
    print(line, file=sys.stderr, flush=True)
    return EXIT_BUG


if __name__ == "__main__":
    sys.exit(main())
