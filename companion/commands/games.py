"""`companion games`: list the games in the log."""

from __future__ import annotations

import argparse

from companion.commands import COMMANDS
from companion.game.options import add_db


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "games",
        help=COMMANDS["games"],
        description="List the games in the game log, newest first.",
    )
    add_db(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.game.saved_games import list_games

    return list_games(args.db)
