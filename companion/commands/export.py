"""`companion export ID`: a game's log as JSON lines, or a readable transcript."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import COMMANDS
from companion.game.options import add_db, add_lang


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export",
        help=COMMANDS["export"],
        description=(
            "JSON lines: a header line (the game and its settings), then one line per "
            "input, exactly as logged. Transcript: every input with what it did, narrated."
        ),
    )
    parser.add_argument("game_id", type=int, metavar="ID", help="the game (see `companion games`)")
    add_db(parser)
    parser.add_argument(
        "--format", dest="fmt", choices=("jsonl", "text"), default="jsonl", help="default jsonl"
    )
    add_lang(parser)
    parser.add_argument("--out", type=Path, help="write here instead of stdout")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.game.saved_games import export_game

    return export_game(args.game_id, db=args.db, fmt=args.fmt, lang=args.lang, out_path=args.out)
