"""`companion replay ID`: narrate a logged game again, in any language."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import COMMANDS
from companion.game.options import add_db, add_lang


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=COMMANDS["replay"],
        description="Replay a game's log through the rules and narrate it (nothing is changed).",
    )
    parser.add_argument("game_id", type=int, metavar="ID", help="the game (see `companion games`)")
    add_db(parser)
    add_lang(parser)
    parser.add_argument("--state-out", type=Path, help="write the replayed final state JSON here")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.game.saved_games import replay_game

    return replay_game(args.game_id, db=args.db, lang=args.lang, state_out=args.state_out)
