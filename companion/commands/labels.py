"""`companion labels`: print QR label sheets for a card set.

companion labels [--set standard] [--set SET ...] --format pdf --out deck.pdf
                 [--paper a4|letter] [--layout L7160|L7651|5160] [--dpi 300] [--custom FILE]

With no `--set`, the sheets hold what a table playing the standard box scans
(`STANDARD`), not every set: the Regicide deck, the Maneuvering cards and the
command labels are asked for by name, `--set` repeated to add them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.commands import COMMANDS

STANDARD = ("sanguosha", "generals", "identities", "skills")
"""`--set standard`, the default: the standard box's game cards (with its 4 EX cards),
generals and identity cards, and the skill tokens its generals start skills with."""

PACKS = {
    "wind": ("wind", "wind_skills"),
    "fire": ("fire", "fire_skills"),
    "forest": ("forest", "forest_skills"),
    "mountain": ("mountain", "mountain_skills"),
    "3v3": ("3v3_skills",),
}
"""`--set wind`, `--set fire`, `--set forest`, `--set mountain`: a 神话再临 pack's general cards
and its skill tokens; `--set 3v3`: the tokens of the 3v3 versions' skills (their general cards
are the standard ones)."""

SETS = (
    "standard",
    "wind",
    "fire",
    "forest",
    "3v3",
    "mountain",
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
        action="append",
        help="card set, repeat to add one (--set standard --set commands); default standard: "
        "the standard box (game cards, generals, identities) and the skill tokens; "
        "wind, fire, forest, mountain: the 风, 火, 林 or 山 pack's 8 generals and its skill tokens; "
        "poker: the Regicide deck; maneuvering: the 军争 cards; commands: OK, NO, UNDO, "
        "seat 1-10 and end phase labels, the buttons of a reader that has none (a barcode "
        "scanner, an NFC reader); all: every card (not the commands)",
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
        sets = _expand(args.card_set or ["standard"])
        if "custom" in sets and not book.custom:
            raise ValueError("--set custom needs --custom FILE (or $COMPANION_CUSTOM_CARDS)")
        refs = [ref for name in sets for ref in book.all_codes(name)]
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
    print(f"{len(refs)} labels ({', '.join(sets)}) on {pages} page(s), {layout.description}:")
    for path in paths:
        print(f"  {path}")
    return 0


def _expand(asked: list[str]) -> list[str]:
    """The sets asked for, `standard` spelt out, each once, in the order asked.

    >>> _expand(["standard", "commands", "skills"])
    ['sanguosha', 'generals', 'identities', 'skills', 'commands']
    """
    names = [
        part
        for name in asked
        for part in PACKS.get(name, STANDARD if name == "standard" else (name,))
    ]
    if "all" in names:
        names = ["all", *(name for name in names if name == "commands")]
    return list(dict.fromkeys(names))
