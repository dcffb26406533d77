"""The page's address as a QR code: an SVG for the page and text for the terminal.

Both are drawn from the `qrcode` package's module matrix, so they are the same code:
the SVG is one path of unit squares (crisp at any size on a TV), the terminal form
uses half blocks, two module rows per text line.

>>> svg = qr_svg("http://192.168.1.5:8765/?t=abc")
>>> svg.startswith("<svg") and 'shape-rendering="crispEdges"' in svg
True
"""

from __future__ import annotations

import qrcode
import qrcode.constants

__all__ = ["qr_matrix", "qr_svg", "qr_text"]

BORDER = 4  # the quiet zone the QR specification asks for, in modules


def qr_matrix(text: str) -> list[list[bool]]:
    """The modules of `text`'s QR code (True = dark), quiet zone included."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=BORDER)
    code.add_data(text)
    code.make(fit=True)
    return [[bool(m) for m in row] for row in code.get_matrix()]


def qr_svg(text: str) -> str:
    """An SVG image of the QR code, dark on white, scaling to its container."""
    rows = qr_matrix(text)
    size = len(rows)
    path = "".join(
        f"M{x} {y}h1v1h-1z" for y, row in enumerate(rows) for x, dark in enumerate(row) if dark
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{path}" fill="#000"/></svg>'
    )


def qr_text(text: str) -> str:
    """The QR code for a terminal with a dark background: light modules are drawn
    (half blocks), dark ones left as the background."""
    rows = qr_matrix(text)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    glyph = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(glyph[(a, b)] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)
