"""A minimal multi-page PDF writer for page images, lossless.

Pillow can write multi-page PDFs, but it stores RGB pages as JPEG, whose ringing blurs
QR module edges, and palette pages as uncompressed hex. Here each page is one
Flate-compressed RGB image XObject drawn over the whole page (PDF 1.4, ISO 32000-1
§7.4.4 FlateDecode, §8.9 images): lossless, colour, a few hundred kB per page.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import BinaryIO

from PIL import Image

POINTS_PER_MM = 72 / 25.4


def _pdf_string(text: str) -> bytes:
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("latin-1", "replace") + b")"


def write_pdf(
    out: BinaryIO, pages: Sequence[Image.Image], width_mm: float, height_mm: float, title: str
) -> None:
    """Write `pages` (RGB images) as a PDF whose pages are `width_mm` x `height_mm`."""
    if not pages:
        raise ValueError("a PDF needs at least one page")
    w, h = width_mm * POINTS_PER_MM, height_mm * POINTS_PER_MM
    objects: list[bytes] = []  # object n is objects[n - 1]
    kids = []
    for image in pages:
        rgb = image.convert("RGB")
        data = zlib.compress(rgb.tobytes(), 6)
        img_id, content_id, page_id = len(objects) + 3, len(objects) + 4, len(objects) + 5
        objects.append(
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB "
            b"/BitsPerComponent 8 /Filter /FlateDecode /Length %d >>\nstream\n"
            % (rgb.width, rgb.height, len(data))
            + data
            + b"\nendstream"
        )
        content = b"q %.3f 0 0 %.3f 0 0 cm /Im0 Do Q" % (w, h)
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.3f %.3f] /Contents %d 0 R "
            b"/Resources << /XObject << /Im0 %d 0 R >> >> >>" % (w, h, content_id, img_id)
        )
        kids.append(page_id)
    catalog = b"<< /Type /Catalog /Pages 2 0 R >>"
    tree = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids),
        len(kids),
    )
    info = b"<< /Title " + _pdf_string(title) + b" /Producer (Table Companion labels) >>"
    objects = [catalog, tree, *objects, info]

    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offset = len(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(offset)
        chunk = b"%d 0 obj\n" % number + body + b"\nendobj\n"
        out.write(chunk)
        offset += len(chunk)
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for value in offsets:
        out.write(b"%010d 00000 n \n" % value)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
        % (len(objects) + 1, len(objects), offset)
    )
