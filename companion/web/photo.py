"""The photo fallback: a phone without a secure context (it has not trusted the table's
certificate) cannot use its camera from the page, but it can take a photo
(`<input type=file capture>`) and upload it; the laptop finds the QR labels in it.

The decoder is zxing-cpp. A phone photo is large, turned (EXIF orientation), often
slightly blurred and the label small in it: the image is tried as taken (orientation
applied), then smaller, then sharpened, and the first attempt that finds a code wins.
An upload that is not an image, or is larger than `MAX_PHOTO_BYTES` or
`MAX_PIXELS`, is refused with a reason and decodes nothing.
"""

from __future__ import annotations

import io

from PIL import Image, ImageFilter, ImageOps, UnidentifiedImageError

__all__ = ["MAX_PHOTO_BYTES", "PhotoError", "decode_photo"]

MAX_PHOTO_BYTES = 12 * 1024 * 1024
MAX_PIXELS = 48_000_000  # a 48-megapixel phone camera, and nothing bigger
_WORK_SIDE = (1600, 1000)  # longest side tried after the full image


class PhotoError(ValueError):
    """The upload cannot be read as a photo."""


def _attempts(image: Image.Image) -> list[Image.Image]:
    grey = ImageOps.exif_transpose(image).convert("L")
    out = [grey]
    for side in _WORK_SIDE:
        if max(grey.size) > side:
            small = grey.copy()
            small.thumbnail((side, side))
            out.append(small)
    out.append(out[-1].filter(ImageFilter.UnsharpMask(radius=2, percent=160, threshold=2)))
    return out


def decode_photo(data: bytes) -> list[str]:
    """The texts of the QR codes in a photo, in the decoder's order ([] if none).

    Raises:
        PhotoError: too large, or not an image.
    """
    import zxingcpp

    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoError(f"the photo is {len(data)} bytes; at most {MAX_PHOTO_BYTES} are taken")
    try:
        image = Image.open(io.BytesIO(data))
        if image.width * image.height > MAX_PIXELS:
            raise PhotoError(f"the photo is {image.width}x{image.height}; too many pixels")
        image.load()
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise PhotoError(f"this is not a photo the laptop can read: {exc}") from exc
    for attempt in _attempts(image):
        found = zxingcpp.read_barcodes(
            attempt, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
        )
        texts = [r.text for r in found if r.valid and r.text]
        if texts:
            return texts
    return []
