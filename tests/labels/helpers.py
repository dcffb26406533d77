"""Shared helpers for the label tests: rendering single labels and decoding QR codes."""

from __future__ import annotations

import zxingcpp
from PIL import Image, ImageFilter

from companion.codes import CardRef, Codebook
from companion.labels import FontSet, Layout, draw_page, label_items, label_text


def render_label(
    book: Codebook, ref: CardRef, layout: Layout, fonts: FontSet, dpi: int
) -> Image.Image:
    """One label alone, as printed on `layout`, at `dpi`."""
    items = label_items(label_text(book, ref), 0, 0, layout.label_width, layout.label_height, fonts)
    return draw_page(items, layout.label_width, layout.label_height, dpi, fonts)


def phone_photo(image: Image.Image, angle: float, scale: float, blur: float) -> Image.Image:
    """The label as a phone might see it: tilted, smaller, slightly out of focus."""
    tilted = image.rotate(angle, expand=True, fillcolor="white", resample=Image.Resampling.BICUBIC)
    size = (max(1, round(tilted.width * scale)), max(1, round(tilted.height * scale)))
    return tilted.resize(size, Image.Resampling.LANCZOS).filter(ImageFilter.GaussianBlur(blur))


def decode_all(image: Image.Image) -> list[str]:
    """Every QR code a real decoder (zxing-cpp) finds in `image`."""
    return [
        r.text
        for r in zxingcpp.read_barcodes(
            image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
        )
    ]
