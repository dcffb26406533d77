"""`companion play`: a game at the table, with real or simulated readers.

companion play --game {sanguosha,regicide} --players N --reader {sim,ble[:ADDRESS],serial:PORT,phone} ...
               [--script FILE] [--seed N] [--lang {zh-Hans,en,es,vi}] [--state-out FILE]
               [--db FILE] [--per-seat | --shared] [house settings] [--rule NAME=VALUE ...]
               [--mode {identity,1v1,2v2,3v3,4v4}]

`--rule` sets a Regicide house setting (`engine.regicide.Settings`, docs/regicide.md §1.14);
for Three Kingdoms Kill, a two-side mode's disputed point (`--rule 1v1.rule=2013`,
docs/modes.md); its other house settings have their own flags.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.commands import COMMANDS, checked
from companion.game.options import (
    add_db,
    add_house_settings,
    add_lang,
    add_presentation,
    add_rules,
    add_trust,
    add_view,
    default_lang,
    house_settings,
    presentation,
    rule_settings,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help=COMMANDS["play"],
        description=(
            "Referee a game at the table. With --reader sim and --script FILE, the simulated "
            "reader plays the table script through the real BLE stack, the narration goes to "
            "stdout and the final state is written as JSON to --state-out. Every input is "
            "logged (--db) before it is applied; `companion resume` continues a game."
        ),
    )
    parser.add_argument(
        "--game",
        choices=("sanguosha", "regicide"),
        default="sanguosha",
        help="sanguosha: Three Kingdoms Kill, 2-10 players (default); regicide: the "
        "cooperative game with a 54-card deck, 1-4 players",
    )
    parser.add_argument(
        "--players",
        type=int,
        help="number of players: 2-10 for sanguosha, 1-4 for regicide (default 5; with "
        "--mode, the mode's own count: 2, 4, 6 or 8)",
    )
    parser.add_argument(
        "--reader",
        action="append",
        help="sim (simulated, in this process), ble (the paired readers in reach), "
        "ble:ADDRESS, serial:PORT (a USB/UART reader), hci:TRANSPORT (a bumble HCI "
        "transport, e.g. hci:tcp-client:127.0.0.1:9101 to reach `companion sim`), "
        "phone (the players' phones, joining by QR code); readers you can buy: "
        "scanner:PORT (a serial-mode barcode scanner), hid[:DEVICE] (keyboard-mode "
        "scanners, Linux), pcsc[:NAME] (PC/SC NFC readers), each with @SEAT to bind it "
        "to a seat; repeat --reader, or join specs with commas, to mix them (default sim)",
    )
    parser.add_argument("--script", type=Path, help="a table script to play (with --reader sim)")
    parser.add_argument("--seed", type=int, default=0, help="the game's random seed (default 0)")
    add_lang(parser)
    parser.add_argument("--state-out", type=Path, help="write the final state JSON here")
    add_db(parser)
    layout = parser.add_mutually_exclusive_group()
    layout.add_argument(
        "--per-seat",
        dest="layout",
        action="store_const",
        const="per-seat",
        help="one simulated reader per seat",
    )
    layout.add_argument(
        "--shared",
        dest="layout",
        action="store_const",
        const="shared",
        help="one shared simulated reader (default without a script; a script's @N/@* "
        "lines choose otherwise)",
    )
    add_view(parser)
    add_house_settings(parser)
    add_rules(parser)
    add_presentation(parser)
    add_trust(parser)
    parser.add_argument(
        "--tags",
        type=Path,
        help="the enrolment registry for tags that give only a UID (default: the one "
        "`companion enrol` writes, if any)",
    )
    parser.set_defaults(handler=run, layout="auto")


def run(args: argparse.Namespace) -> int:
    from companion.game.new_game import PlayRequest, start_game
    from companion.game.runner import join_specs

    show = checked(presentation, args)
    rules = checked(rule_settings, args.game, args.rule, flag="--rule")
    request = PlayRequest(
        game=args.game,
        players=args.players if args.players is not None else _default_players(args),
        reader=join_specs(args.reader or ["sim"]),
        script=args.script,
        seed=args.seed,
        lang=args.lang or default_lang(),
        state_out=args.state_out,
        db=args.db,
        layout=args.layout,
        settings={**house_settings(args), **rules},
        view=args.view,
        tags=args.tags,
        show=show,
        allowlist=args.allowlist,
        allow_new=args.allow_new,
    )
    return start_game(request)


def _default_players(args: argparse.Namespace) -> int:
    """5, or the seat count of the `--mode` asked for (a mode it refuses keeps 5)."""
    if args.game == "sanguosha" and args.mode not in (None, "identity"):
        from engine.sanguosha.modes.spec import mode_players

        return mode_players(args.mode) or 5
    return 5
