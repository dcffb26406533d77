"""Fake cameras for Chromium, made from the project's own printed labels.

Chromium's `--use-file-for-fake-video-capture=FILE.y4m` plays a Y4M video as the
camera (looping it). `write_y4m` writes one without ffmpeg: a dark table, and on it
each label (as `companion labels` prints it) for `show` seconds, with `gap` seconds
of empty table before each. The phone page counts a card when it comes into view,
so each label in the video is one scan.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageFilter

from companion import codes
from companion.labels import choose_layout, draw_page, find_fonts, label_items, label_text

WIDTH, HEIGHT, FPS = 640, 480, 10
TABLE = (60, 70, 60)


@cache
def label_image(token: str, dpi: int = 200) -> Image.Image:
    """The printed label of a card (`kill@S7`, `liubei`, `lord`, or a code), as `companion labels`
    draws it (L7160 layout)."""
    book = codes.codebook()
    try:
        ref = book.decode_code(token)  # a code itself (`P013`)
    except codes.CodeError:
        ref = book.decode_code(book.encode_token(token))
    layout = choose_layout(None, None)
    fonts = find_fonts()
    items = label_items(label_text(book, ref), 0, 0, layout.label_width, layout.label_height, fonts)
    return draw_page(items, layout.label_width, layout.label_height, dpi, fonts)


def scene(token: str | None, *, angle: float = 0.0, blur: float = 0.0) -> Image.Image:
    """One camera frame: the table, with the label of `token` in the middle (None: empty)."""
    frame = Image.new("RGB", (WIDTH, HEIGHT), TABLE)
    if token is None:
        return frame
    label = label_image(token)
    scale = 0.8 * WIDTH / label.width
    label = label.resize((round(label.width * scale), round(label.height * scale)))
    if angle:
        label = label.rotate(angle, expand=True, fillcolor=TABLE)
    frame.paste(label, ((WIDTH - label.width) // 2, (HEIGHT - label.height) // 2))
    return frame.filter(ImageFilter.GaussianBlur(blur)) if blur else frame


def _yuv420(image: Image.Image) -> bytes:
    y, cb, cr = image.convert("YCbCr").split()
    half = (image.width // 2, image.height // 2)
    return y.tobytes() + cb.resize(half).tobytes() + cr.resize(half).tobytes()


def write_y4m(
    path: Path, tokens: Sequence[str | Image.Image], *, show: float = 1.5, gap: float = 1.5
) -> Path:
    """A video of the labels of `tokens` in turn (a card token, or a whole frame as an
    image), each after `gap` s of empty table."""
    empty = _yuv420(scene(None))
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for token in tokens or [None]:  # type: ignore[list-item]
            for _ in range(round(gap * FPS)):
                out.write(b"FRAME\n" + empty)
            if token is None:
                continue
            picture = token if isinstance(token, Image.Image) else scene(token)
            frame = _yuv420(picture.convert("RGB").resize((WIDTH, HEIGHT)))
            for _ in range(round(show * FPS)):
                out.write(b"FRAME\n" + frame)
    return path
