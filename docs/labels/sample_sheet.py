"""Regenerate docs/labels/sample-sheet.png: one A4 L7160 page mixing every card set.

python docs/labels/sample_sheet.py
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from companion import codes
from companion.labels import choose_layout, find_fonts, render_labels


def main() -> None:
    example = resources.files("companion.codes").joinpath("custom_cards.example.json")
    book = codes.build_codebook(str(example))
    pick = {
        "sanguosha": [
            "kill@S7",
            "kill@S8",
            "kill@S8#2",
            "peach@H3",
            "lightning@SA",
            "green_dragon_blade@S5",
        ],
        "generals": ["caocao", "liubei", "sunquan"],
        "identities": ["lord", "loyalist", "rebel#5", "spy#2"],
        "skills": ["skill:rende", "skill:zhiheng", "skill:wusheng"],
        "poker": ["C8", "HK", "jester"],
        "custom": ["spare_kill", "zhugejin"],
    }
    refs = [book.resolve_token(token) for tokens in pick.values() for token in tokens]
    out = Path(__file__).with_name("sample-sheet.png")
    for path in render_labels(
        book, refs, "png", out, choose_layout("a4", None), find_fonts(), dpi=150
    ):
        print(path)


if __name__ == "__main__":
    main()
