"""Printable sheets of QR labels, one per physical card, for every card set.

`render_labels(book, refs, fmt, out, layout, fonts)` writes PDF, PNG or SVG; layouts
(`layouts.json`) are common sticker sheets on A4 and US Letter; captions need a CJK
font for the Chinese names (`find_fonts`), and do without one when there is none.
"""

from __future__ import annotations

from companion.labels.content import LabelText, label_text
from companion.labels.drawing import label_items, page_items, qr_matrix
from companion.labels.fonts import FontSet, find_fonts, no_cjk
from companion.labels.layouts import Layout, LayoutError, choose_layout, layouts, papers
from companion.labels.raster import draw_page
from companion.labels.sheet import FORMATS, page_paths, render_labels

__all__ = [
    "FORMATS",
    "FontSet",
    "LabelText",
    "Layout",
    "LayoutError",
    "choose_layout",
    "draw_page",
    "find_fonts",
    "label_items",
    "label_text",
    "layouts",
    "no_cjk",
    "page_items",
    "page_paths",
    "papers",
    "qr_matrix",
    "render_labels",
]
