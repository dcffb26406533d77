"""`companion labels`: print QR label sheets for a card set.

companion labels --set sanguosha --format pdf --out deck.pdf [--paper a4|letter]
                 [--layout L7160|L7651|5160] [--dpi 300] [--custom FILE]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.commands import COMMANDS

SETS = (
    "sanguosha",
    "generals",
    "identities",
    "skills",
    "poker",
    "maneuvering",
    "commands",
    "custom",
    "all",
)


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "labels",
        help=COMMANDS["labels"],
        description=(
            "Lay out one QR label per physical card of a set on a sticker sheet. Each label "
            "carries the card's code (docs/card-codes.md) and its name in Chinese and English. "
            "PDF holds every page; PNG and SVG write OUT-1, OUT-2, ... when there are several."
        ),
    )
    parser.add_argument(
        "--set",
        dest="card_set",
        choices=SETS,
        default="all",
        help="card set (default: all cards); commands: OK, NO, UNDO, seat 1-10 and end phase "
        "labels, the buttons of a reader that has none (a barcode scanner, an NFC reader)",
    )
    parser.add_argument(
        "--format",
        dest="fmt",
        choices=("pdf", "png", "svg"),
        help="default: from --out's suffix, else pdf",
    )
    parser.add_argument("--out", required=True, type=Path, help="output file")
    parser.add_argument(
        "--paper", choices=("a4", "letter"), help="paper size (default a4, or the layout's)"
    )
    parser.add_argument(
        "--layout",
        help="sticker sheet: L7160 (A4, default), L7651 (A4 mini), 5160 (Letter, default)",
    )
    parser.add_argument(
        "--dpi", type=int, default=300, help="resolution of PNG/PDF pages (default 300)"
    )
    parser.add_argument(
        "--custom", type=Path, help="custom-cards file (blank cards), see docs/card-codes.md"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion import codes
    from companion.labels import LayoutError, choose_layout, find_fonts, render_labels

    fmt = args.fmt or (
        args.out.suffix.lstrip(".").lower()
        if args.out.suffix.lower() in (".pdf", ".png", ".svg")
        else "pdf"
    )
    try:
        layout = choose_layout(args.paper, args.layout)
        book = codes.use_custom(args.custom) if args.custom else codes.codebook()
        if args.card_set == "custom" and not book.custom:
            raise ValueError("--set custom needs --custom FILE (or $COMPANION_CUSTOM_CARDS)")
        refs = book.all_codes(args.card_set)
        if not args.out.parent.is_dir():
            raise ValueError(f"directory {args.out.parent} does not exist")
        fonts = find_fonts()
        for note in fonts.notes:
            print(f"note: {note}", file=sys.stderr)
        paths = render_labels(book, refs, fmt, args.out, layout, fonts, dpi=args.dpi)
    except (LayoutError, ValueError) as exc:
        print(f"companion labels: {exc}", file=sys.stderr)
        return 2
    pages = -(-len(refs) // layout.per_page)
    print(f"{len(refs)} labels on {pages} page(s), {layout.description}:")
    for path in paths:
        print(f"  {path}")
    return 0
