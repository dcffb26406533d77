"""Write pages of labels as SVG (millimetre user units, one file per page).

QR modules are one `<path>` of unit squares, so the symbol scales without blur; text
names CJK-capable font families and leaves the choice to the viewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from companion.labels.drawing import Item, Line, Modules, Text

_FAMILY = {
    "cjk": "'Noto Sans CJK SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif",
    "sans": "'DejaVu Sans', Arial, sans-serif",
    "mono": "'DejaVu Sans Mono', Menlo, Consolas, monospace",
}


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _modules(item: Modules) -> str:
    parts = []
    for r, row in enumerate(item.matrix):
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            x, y = item.x + start * item.size, item.y + r * item.size
            parts.append(
                f"M{_num(x)} {_num(y)}h{_num((c - start) * item.size)}v{_num(item.size)}h{_num(-(c - start) * item.size)}z"
            )
    return f'<path fill="#000" shape-rendering="crispEdges" d="{"".join(parts)}"/>'


def page_svg(items: Sequence[Item], width_mm: float, height_mm: float) -> str:
    """The SVG document of one page."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width_mm)}mm" height="{_num(height_mm)}mm" '
        f'viewBox="0 0 {_num(width_mm)} {_num(height_mm)}">',
        f'<rect width="{_num(width_mm)}" height="{_num(height_mm)}" fill="#fff"/>',
    ]
    for item in items:
        if isinstance(item, Modules):
            out.append(_modules(item))
        elif isinstance(item, Text):
            out.append(
                f'<text x="{_num(item.x)}" y="{_num(item.y)}" font-size="{_num(item.size)}" '
                f'font-family={quoteattr(_FAMILY[item.role])} fill="{item.color}"'
                f"{' font-weight=' + quoteattr('bold') if item.role == 'mono' else ''}>{escape(item.text)}</text>"
            )
        elif isinstance(item, Line):
            out.append(
                f'<line x1="{_num(item.x1)}" y1="{_num(item.y1)}" x2="{_num(item.x2)}" y2="{_num(item.y2)}" '
                f'stroke="{item.color}" stroke-width="{_num(item.width)}"/>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
