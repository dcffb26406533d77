"""Draw pages of labels with Pillow (PNG pages, multi-page PDF)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from companion.labels.drawing import Item, Line, Modules, Text
from companion.labels.fonts import FontSet


def draw_page(
    items: Sequence[Item], width_mm: float, height_mm: float, dpi: int, fonts: FontSet
) -> Image.Image:
    """One page at `dpi`, white background, as a greyscale-free RGB image."""
    scale = dpi / 25.4

    def px(mm: float) -> int:
        return round(mm * scale)

    image = Image.new("RGB", (px(width_mm), px(height_mm)), "white")
    draw = ImageDraw.Draw(image)
    for item in items:
        if isinstance(item, Modules):
            for r, row in enumerate(item.matrix):
                for c, dark in enumerate(row):
                    if dark:
                        # Edges are rounded separately so neighbouring modules meet exactly.
                        x0, y0 = px(item.x + c * item.size), px(item.y + r * item.size)
                        x1, y1 = px(item.x + (c + 1) * item.size), px(item.y + (r + 1) * item.size)
                        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill="black")
        elif isinstance(item, Text):
            font = fonts.font(item.role, max(1, px(item.size)))
            draw.text((px(item.x), px(item.y)), item.text, font=font, fill=item.color, anchor="ls")
        elif isinstance(item, Line):
            draw.line(
                (px(item.x1), px(item.y1), px(item.x2), px(item.y2)),
                fill=item.color,
                width=max(1, px(item.width)),
            )
    return image
