"""Render the labels of some cards to PDF, PNG or SVG files.

A PDF holds every page; PNG and SVG write one file per page: `OUT` when everything
fits on one page, else `OUT-1.png`, `OUT-2.png`, ... Files are written to a temporary
name and renamed, so a failed run leaves no half-written sheet.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from companion.codes import CardRef, Codebook
from companion.labels.content import LabelText, label_text
from companion.labels.drawing import page_items
from companion.labels.fonts import FontSet
from companion.labels.layouts import Layout
from companion.labels.pdf import write_pdf
from companion.labels.raster import draw_page
from companion.labels.svg import page_svg

FORMATS = ("pdf", "png", "svg")


def _atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def page_paths(out: Path, pages: int, fmt: str) -> list[Path]:
    """Where each page goes: one PDF, or one PNG/SVG per page."""
    if fmt == "pdf" or pages == 1:
        return [out]
    return [out.with_name(f"{out.stem}-{n}{out.suffix}") for n in range(1, pages + 1)]


def paginate(texts: Sequence[LabelText], layout: Layout) -> list[list[LabelText]]:
    per = layout.per_page
    return [list(texts[i : i + per]) for i in range(0, len(texts), per)] or [[]]


def render_labels(
    book: Codebook,
    refs: Sequence[CardRef],
    fmt: str,
    out: Path,
    layout: Layout,
    fonts: FontSet,
    dpi: int = 300,
) -> list[Path]:
    """Write the sheets for `refs` and return the files written.

    Raises:
        ValueError: unknown format or dpi out of range (nothing is written).
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; expected one of {FORMATS}")
    if not 50 <= dpi <= 1200:
        raise ValueError(f"dpi {dpi} is outside 50..1200")
    pages = [
        page_items(p, layout, fonts) for p in paginate([label_text(book, r) for r in refs], layout)
    ]
    paths = page_paths(out, len(pages), fmt)
    size = (layout.page_width, layout.page_height)
    if fmt == "svg":
        for path, items in zip(paths, pages, strict=True):
            svg = page_svg(items, *size)
            _atomic_write(path, partial(Path.write_text, data=svg, encoding="utf-8"))
        return paths
    images = [draw_page(items, *size, dpi, fonts) for items in pages]
    if fmt == "pdf":

        def pdf(path: Path) -> None:
            with path.open("wb") as stream:
                write_pdf(stream, images, *size, title=out.stem)

        _atomic_write(out, pdf)
        return paths
    for path, image in zip(paths, images, strict=True):
        _atomic_write(path, partial(image.save, format="PNG", dpi=(dpi, dpi), optimize=True))
    return paths
