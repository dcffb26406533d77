"""One page of labels as a list of drawing items in millimetres.

Both back ends (raster for PNG/PDF, SVG) draw the same items, so the geometry is
computed once here: the QR symbol on the left of each label, the caption on the right,
and cut marks in the page margins along every label edge.
"""

from __future__ import annotations

from dataclasses import dataclass

import qrcode
from qrcode.constants import ERROR_CORRECT_H

from companion.labels.content import LabelText
from companion.labels.fonts import FontSet
from companion.labels.layouts import Layout

QUIET_MODULES = 3  # white modules around the symbol, inside the label
BLACK, RED, GREY = "#000000", "#c00000", "#808080"


@dataclass(frozen=True, slots=True)
class Modules:
    """A QR symbol: `matrix[row][col]` dark modules drawn from (x, y), `size` mm each."""

    x: float
    y: float
    size: float
    matrix: tuple[tuple[bool, ...], ...]


@dataclass(frozen=True, slots=True)
class Text:
    """Text whose baseline starts at (x, y)."""

    x: float
    y: float
    size: float
    text: str
    role: str  # "cjk", "sans" or "mono"
    color: str


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    color: str


Item = Modules | Text | Line


def qr_matrix(code: str) -> tuple[tuple[bool, ...], ...]:
    """The QR symbol of `code` (highest error correction, no quiet zone).

    >>> len(qr_matrix("S0DX"))  # version 1: 21 x 21 modules
    21
    """
    qr = qrcode.QRCode(error_correction=ERROR_CORRECT_H, border=0)
    qr.add_data(code)
    qr.make(fit=True)
    return tuple(tuple(bool(v) for v in row) for row in qr.get_matrix())


def _fit(fonts: FontSet, text: str, role: str, size: float, width: float) -> float:
    """The largest size <= `size` at which `text` fits in `width` (down to 40 %)."""
    measured = fonts.width_mm(text, role, size)
    if measured <= width:
        return size
    return max(size * 0.4, size * width / measured)


def _wrap(fonts: FontSet, text: str, size: float, width: float) -> list[str]:
    """`text` on one line if it fits at `size`, else split into the two most even lines."""
    if fonts.width_mm(text, "sans", size) <= width or " " not in text:
        return [text]
    words = text.split()
    splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    best = min(splits, key=lambda pair: max(fonts.width_mm(part, "sans", size) for part in pair))
    return list(best)


def label_items(
    text: LabelText, x: float, y: float, w: float, h: float, fonts: FontSet
) -> list[Item]:
    """The items of one label whose top-left corner is (x, y), w x h mm."""
    pad = min(2.0, h * 0.06)
    side = min(h - 2 * pad, w * 0.45)
    matrix = qr_matrix(text.code)
    module = side / (len(matrix) + 2 * QUIET_MODULES)
    qx, qy = x + pad + QUIET_MODULES * module, y + (h - side) / 2 + QUIET_MODULES * module
    items: list[Item] = [Modules(qx, qy, module, matrix)]

    tx = x + pad + side + pad / 2
    tw = x + w - pad - tx
    th = h - 2 * pad
    color = RED if text.red else BLACK
    lines: list[tuple[str, str, float, str]] = []  # text, role, size, colour
    title = text.zh if fonts.has_cjk else ""
    if title or text.mark:
        # The suit and rank come first and in colour: the eye finds them as on the card.
        mark_size = th * 0.22
        if text.mark:
            lines.append((text.mark, "sans", mark_size, color))
        if title:
            lines.append((title, "cjk", th * 0.2, BLACK))
    en_size = th * 0.13
    for part in _wrap(fonts, text.en, en_size, tw):
        lines.append((part, "sans", en_size, BLACK))
    if text.note:
        lines.append((text.note, "cjk" if fonts.has_cjk else "sans", th * 0.1, GREY))
    lines.append((text.code, "mono", th * 0.15, BLACK))

    sizes = [_fit(fonts, t, role, size, tw) for t, role, size, _ in lines]
    total = sum(s * 1.25 for s in sizes)
    scale = min(1.0, th / total) if total else 1.0
    cursor = y + pad + max(0.0, (th - total * scale) / 2)
    for (line, role, _, line_color), size in zip(lines, sizes, strict=True):
        size *= scale
        cursor += size * 1.25
        if role == "cjk" and not fonts.has_cjk:
            role = "sans"
        items.append(Text(tx, cursor - size * 0.3, size, line, role, line_color))
    return items


def cut_marks(layout: Layout) -> list[Item]:
    """Ticks in the page margins along every label edge (only where a margin exists)."""
    items: list[Item] = []
    xs = sorted(
        {layout.origin(c)[0] + dx for c in range(layout.columns) for dx in (0, layout.label_width)}
    )
    ys = sorted(
        {
            layout.origin(r * layout.columns)[1] + dy
            for r in range(layout.rows)
            for dy in (0, layout.label_height)
        }
    )
    top, bottom = layout.top, layout.page_height - ys[-1]
    left, right = layout.left, layout.page_width - xs[-1]
    for x in xs:
        if top >= 2:
            items.append(Line(x, top - 1 - min(5, top - 1.5), x, top - 1, 0.2, BLACK))
        if bottom >= 2:
            items.append(Line(x, ys[-1] + 1, x, ys[-1] + 1 + min(5, bottom - 1.5), 0.2, BLACK))
    for yy in ys:
        if left >= 2:
            items.append(Line(left - 1 - min(5, left - 1.5), yy, left - 1, yy, 0.2, BLACK))
        if right >= 2:
            items.append(Line(xs[-1] + 1, yy, xs[-1] + 1 + min(5, right - 1.5), yy, 0.2, BLACK))
    return items


def page_items(texts: list[LabelText], layout: Layout, fonts: FontSet) -> list[Item]:
    """All items of one page holding `texts` (at most `layout.per_page`)."""
    if len(texts) > layout.per_page:
        raise ValueError(f"{len(texts)} labels do not fit on one {layout.id} page")
    items = cut_marks(layout)
    for slot, text in enumerate(texts):
        x, y = layout.origin(slot)
        items.extend(label_items(text, x, y, layout.label_width, layout.label_height, fonts))
    return items
