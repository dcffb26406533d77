"""`companion resume [ID]`: rebuild a logged game by replay and carry on."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import COMMANDS, checked
from companion.game.options import (
    add_db,
    add_lang,
    add_presentation,
    add_trust,
    add_view,
    presentation,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "resume",
        help=COMMANDS["resume"],
        description=(
            "Rebuild a game exactly where it was by replaying its log, reconnect its readers "
            "(they resend what was not acknowledged) and continue. A game started with "
            "--script continues its script from the last event that was logged. A game that "
            "is over (with no ID: when every game is, the newest) only has its final state "
            "written (--state-out)."
        ),
    )
    parser.add_argument(
        "game_id", nargs="?", type=int, metavar="ID", help="the game (see `companion games`)"
    )
    add_db(parser)
    parser.add_argument(
        "--reader",
        action="append",
        help="reader spec, repeatable (default: the ones the game started with)",
    )
    parser.add_argument("--script", type=Path, help="continue this table script instead")
    add_lang(parser)
    parser.add_argument("--state-out", type=Path, help="write the final state JSON here")
    parser.add_argument(
        "--tags",
        type=Path,
        help="the enrolment registry for tags that give only a UID (default: the one "
        "`companion enrol` writes, if any)",
    )
    add_presentation(parser)
    add_trust(parser)
    add_view(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.game.resumed_game import resume_game

    show = checked(presentation, args)
    return resume_game(
        args.game_id,
        db=args.db,
        reader="+".join(args.reader) if args.reader else None,
        script=args.script,
        lang=args.lang,
        state_out=args.state_out,
        tags=args.tags,
        show=show,
        allowlist=args.allowlist,
        allow_new=args.allow_new,
        view=args.view,
    )
