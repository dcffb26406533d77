"""`companion demo`: a whole five-player game through the full stack, no hardware needed."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.commands import COMMANDS, checked
from companion.game.options import (
    add_lang,
    add_presentation,
    add_view,
    default_lang,
    presentation,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "demo",
        help=COMMANDS["demo"],
        description=(
            "Play a complete five-player game of Three Kingdoms Kill from a table script: "
            "five simulated readers send every scan and button press over a software BLE "
            "radio to the same code a real table uses, the rules engine referees, and the "
            "narration is printed, ending with the winners."
        ),
    )
    add_lang(parser, game="sanguosha")
    parser.add_argument(
        "--pace",
        type=float,
        help="seconds per sentence, to follow along (default 0.2 on a terminal, else 0)",
    )
    parser.add_argument(
        "--db", type=Path, help="keep the game log in this file (default: a temporary file)"
    )
    parser.add_argument("--state-out", type=Path, help="write the final state JSON here")
    add_presentation(parser)
    add_view(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import tempfile
    from importlib import resources

    from companion.game.new_game import PlayRequest, start_game

    show = checked(presentation, args)
    script = resources.files("companion.game.scripts").joinpath("demo.script")
    pace = args.pace if args.pace is not None else (0.2 if sys.stdout.isatty() else 0.0)
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        request = PlayRequest(
            game="sanguosha",
            players=5,
            reader="sim",
            lang=args.lang or default_lang(),
            state_out=args.state_out,
            db=args.db if args.db is not None else Path(tmp) / "demo.sqlite",
            script=Path(str(script)),
            pace=max(0.0, pace),
            show=show,
            view=args.view,
        )
        return start_game(request, keep_log=args.db is not None)
