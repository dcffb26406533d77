"""Finding fonts for label captions, and measuring text with them.

Chinese names need a CJK font, which many machines lack. We look for one with
fontconfig (`fc-list :lang=zh`) or at `$COMPANION_CJK_FONT`; without one the labels
are still printed, with the Chinese names left off, and `FontSet.notes` says so
(Debian: `fonts-noto-cjk` or `fonts-wqy-microhei` provide one).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

CJK_ENV = "COMPANION_CJK_FONT"
ROLES = ("cjk", "sans", "mono")
# Preferred CJK families, best first; any other font fontconfig lists for zh will do.
_CJK_PREFERENCE = ("NotoSansCJK", "NotoSerifCJK", "wqy-microhei", "wqy-zenhei", "DroidSansFallback")
_SANS = ("DejaVu Sans", "Liberation Sans", "FreeSans")
_MONO = ("DejaVu Sans Mono:bold", "Liberation Mono:bold", "FreeMono:bold")
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _run(*args: str) -> str:
    if shutil.which(args[0]) is None:
        return ""
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout


def _cjk_font() -> Path | None:
    env = os.environ.get(CJK_ENV)
    if env:
        return Path(env) if Path(env).is_file() else None
    files = [
        Path(line.strip())
        for line in _run("fc-list", ":lang=zh", "file").splitlines()
        if line.strip()
    ]
    files = [Path(str(f).rstrip(":")) for f in files]
    files = [
        f for f in files if f.is_file() and f.suffix.lower() in (".ttf", ".ttc", ".otf", ".otc")
    ]
    for preferred in _CJK_PREFERENCE:
        for f in sorted(files):
            if preferred.lower() in f.name.lower():
                return f
    return sorted(files)[0] if files else None


def _matched(patterns: tuple[str, ...]) -> Path | None:
    for pattern in patterns:
        found = _run("fc-match", "-f", "%{file}", pattern).strip()
        family = pattern.split(":")[0].replace(" ", "").lower()
        if found and family in Path(found).name.lower() and Path(found).is_file():
            return Path(found)
    return None


@dataclass(frozen=True)
class FontSet:
    """The font files used for each role; None falls back (see `font`)."""

    cjk: Path | None
    sans: Path | None
    mono: Path | None
    notes: tuple[str, ...] = field(default=())

    @property
    def has_cjk(self) -> bool:
        return self.cjk is not None

    def path(self, role: str) -> Path | None:
        if role == "cjk":
            return self.cjk
        primary = self.sans if role == "sans" else self.mono
        return primary or self.sans or self.cjk

    def font(self, role: str, px: int) -> Font:
        """A font for `role` at `px` pixels (Pillow's built-in font if none is found)."""
        return _load(self.path(role), max(1, px))

    def width_mm(self, text: str, role: str, size_mm: float) -> float:
        """How wide `text` is at `size_mm`, measured at 20 px per mm."""
        font = self.font(role, round(size_mm * 20))
        return font.getlength(text) / 20

    def has_glyphs(self, text: str, role: str) -> bool:
        """True when the role's font draws every character of `text` (not as tofu)."""
        font = self.font(role, 40)
        missing = bytes(font.getmask("\U0010fffd"))
        return all(bytes(font.getmask(ch)) != missing for ch in text if not ch.isspace())


@lru_cache(maxsize=64)
def _load(path: Path | None, px: int) -> Font:
    if path is None:
        return ImageFont.load_default(size=px)
    return ImageFont.truetype(str(path), px)


@lru_cache(maxsize=1)
def find_fonts() -> FontSet:
    """Look for a CJK font, a sans font and a bold monospace font on this machine."""
    cjk = _cjk_font()
    notes = []
    if cjk is None:
        notes.append(
            "no CJK font found (fc-list :lang=zh is empty and $COMPANION_CJK_FONT is unset): "
            "Chinese names are left off the labels; install fonts-noto-cjk or fonts-wqy-microhei"
        )
    return FontSet(cjk=cjk, sans=_matched(_SANS), mono=_matched(_MONO), notes=tuple(notes))


def no_cjk(fonts: FontSet) -> FontSet:
    """The same fonts without a CJK font (what a machine without one gets)."""
    note = "no CJK font: Chinese names are left off the labels"
    return FontSet(None, fonts.sans, fonts.mono, (*fonts.notes, note))
