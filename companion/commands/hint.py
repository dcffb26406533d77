"""`companion hint ID INPUT`: the agent's hint for a logged Regicide game's position."""

from __future__ import annotations

import argparse

from companion.commands import COMMANDS
from companion.game.options import add_db, add_lang


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "hint",
        help=COMMANDS["hint"],
        description=(
            "Replay a logged Regicide game up to an input and say what the hint agent would "
            "suggest to the player deciding there (docs/regicide-hints.md); nothing is written."
        ),
    )
    parser.add_argument("game_id", type=int, metavar="ID", help="the game (see `companion games`)")
    parser.add_argument(
        "input", type=int, metavar="INPUT",
        help="the position just before this input (1 = the first; `companion export` numbers them)",
    )  # fmt: skip
    parser.add_argument(
        "--hand", default=None,
        help="the deciding player's hand, e.g. 'C8 H5 SA' (needed for a game played at the table)",
    )  # fmt: skip
    parser.add_argument(
        "--iterations", type=int, default=None, help="rollouts for the search (default 96)"
    )
    add_db(parser)
    add_lang(parser, game="regicide")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.game.hints import HINT_ITERATIONS, offline_hint

    iterations = HINT_ITERATIONS if args.iterations is None else args.iterations
    return offline_hint(
        args.game_id, args.input, hand=args.hand, iterations=iterations, db=args.db, lang=args.lang
    )
