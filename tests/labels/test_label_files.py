"""`companion labels`: PDF, PNG and SVG sheets are written, well-formed and scannable."""

from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from companion import codes
from companion.cli import main
from companion.labels import choose_layout, find_fonts, page_paths, render_labels
from tests.labels.helpers import decode_all


def test_png_sheets_one_file_per_page_all_codes_scannable(tmp_path: Path) -> None:
    """`--format png` writes one page file per 21 labels, and each page decodes to its codes."""
    out = tmp_path / "gen.png"
    assert main(["labels", "--set", "generals", "--out", str(out), "--dpi", "100"]) == 0
    pages = [tmp_path / "gen-1.png", tmp_path / "gen-2.png"]
    assert sorted(tmp_path.iterdir()) == pages
    found = []
    for page in pages:
        with Image.open(page) as image:
            assert image.format == "PNG" and image.size == (827, 1169)  # A4 at 100 dpi
            found += decode_all(image.convert("RGB"))
    assert sorted(found) == sorted(r.code for r in codes.all_codes("generals"))


def _pdf_pages(data: bytes) -> list[Image.Image]:
    """Read our PDF's page images back from their Flate streams (when poppler is absent)."""
    images = []
    for m in re.finditer(rb"/Width (\d+) /Height (\d+) .*?/Length (\d+) >>\nstream\n", data):
        w, h, n = (int(g) for g in m.groups())
        images.append(Image.frombytes("RGB", (w, h), zlib.decompress(data[m.end() : m.end() + n])))
    return images


def test_pdf_is_well_formed_multi_page_and_scannable(tmp_path: Path) -> None:
    """A Letter PDF has one page per 30 labels, a valid xref, and every label decodes."""
    out = tmp_path / "deck.pdf"
    assert main(["labels", "--set", "sanguosha", "--format", "pdf", "--paper", "letter", "--out", str(out), "--dpi", "100"]) == 0  # fmt: skip
    data = out.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    startxref = int(data.rsplit(b"startxref", 1)[1].split()[0])
    assert data[startxref:].startswith(b"xref")
    assert data.count(b"/Type /Page ") == 4  # 108 cards, 30 per sheet
    for entry in re.findall(rb"(\d{10}) 00000 n", data):
        assert re.match(rb"\d+ 0 obj", data[int(entry) :])
    if shutil.which("pdftoppm"):
        done = subprocess.run(["pdftoppm", "-r", "100", "-f", "1", "-l", "1", "-png", str(out), str(tmp_path / "p")], capture_output=True)  # fmt: skip
        assert done.returncode == 0, done.stderr
        with Image.open(next(tmp_path.glob("p*.png"))) as page:
            first = sorted(decode_all(page.convert("RGB")))
    else:
        first = sorted(decode_all(_pdf_pages(data)[0]))
    assert first == sorted(r.code for r in codes.all_codes("sanguosha")[:30])


def _svg_modules(root: ET.Element, width: float, height: float, ppmm: int = 4) -> Image.Image:
    """Draw the SVG's QR paths (our M x y h w v s h -w z squares) into an image."""
    image = Image.new("L", (round(width * ppmm), round(height * ppmm)), 255)
    draw = ImageDraw.Draw(image)
    for path in root.iter("{http://www.w3.org/2000/svg}path"):
        for x, y, w, s in re.findall(
            r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)h-[\d.]+z", path.get("d", "")
        ):
            x0, y0, x1, y1 = float(x), float(y), float(x) + float(w), float(y) + float(s)
            draw.rectangle((round(x0 * ppmm), round(y0 * ppmm), round(x1 * ppmm) - 1, round(y1 * ppmm) - 1), fill=0)  # fmt: skip
    return image


def test_svg_is_well_formed_with_real_units_and_scannable_paths(tmp_path: Path) -> None:
    """The SVG parses as XML, is sized in mm, names every code in text, and its QR paths decode."""
    out = tmp_path / "skills.svg"
    assert main(["labels", "--set", "skills", "--out", str(out)]) == 0
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "210mm",
        "297mm",
        "0 0 210 297",
    )
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    expected = sorted(r.code for r in codes.all_codes("skills"))
    assert set(expected) <= texts and "仁德" in texts
    assert sorted(decode_all(_svg_modules(root, 210, 297))) == expected


def test_bad_options_are_refused_and_write_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A layout for the wrong paper, an unknown layout or a missing directory exit 2 with a message and no file."""
    cases = [
        (["--paper", "a4", "--layout", "5160"], "for letter paper"),
        (["--layout", "nope"], "unknown layout"),
        (["--set", "custom"], "needs --custom"),
    ]
    for extra, message in cases:
        assert main(["labels", "--out", str(tmp_path / "x.pdf"), *extra]) == 2
        assert message in capsys.readouterr().err
    assert main(["labels", "--out", str(tmp_path / "missing" / "x.pdf")]) == 2
    assert list(tmp_path.iterdir()) == []


def test_custom_set_prints_the_files_cards(tmp_path: Path, example_custom: Path) -> None:
    """`--set custom --custom FILE` prints one label per custom card, each scannable."""
    out = tmp_path / "custom.png"
    assert main(["labels", "--set", "custom", "--custom", str(example_custom), "--out", str(out), "--dpi", "100"]) == 0  # fmt: skip
    with Image.open(out) as image:
        assert sorted(decode_all(image.convert("RGB"))) == sorted(
            r.code for r in codes.all_codes("custom")
        )


def test_page_paths_number_pages_only_when_several() -> None:
    """One page keeps the given name; several pages of PNG/SVG get -1, -2, ...; a PDF is one file."""
    out = Path("/x/sheet.png")
    assert page_paths(out, 1, "png") == [out]
    assert page_paths(out, 2, "png") == [Path("/x/sheet-1.png"), Path("/x/sheet-2.png")]
    assert page_paths(Path("/x/s.pdf"), 5, "pdf") == [Path("/x/s.pdf")]


def test_render_refuses_bad_format_and_dpi(tmp_path: Path) -> None:
    """An unknown format or an absurd dpi raises ValueError before anything is written."""
    book, layout, fonts = codes.codebook(), choose_layout(None, None), find_fonts()
    refs = book.all_codes("identities")
    with pytest.raises(ValueError, match="format"):
        render_labels(book, refs, "gif", tmp_path / "a.gif", layout, fonts)
    with pytest.raises(ValueError, match="dpi"):
        render_labels(book, refs, "png", tmp_path / "a.png", layout, fonts, dpi=10)
    assert list(tmp_path.iterdir()) == []


def test_maneuvering_set_prints_its_52_labels(tmp_path: Path) -> None:
    """`companion labels --set maneuvering` lays out the 52 expansion cards (A4: 21 per
    sheet, 3 pages), each label scannable to its code."""
    out = tmp_path / "mv.png"
    assert main(["labels", "--set", "maneuvering", "--out", str(out), "--dpi", "100"]) == 0
    pages = sorted(tmp_path.iterdir())
    assert [p.name for p in pages] == ["mv-1.png", "mv-2.png", "mv-3.png"]
    found = []
    for page in pages:
        with Image.open(page) as image:
            found += decode_all(image.convert("RGB"))
    expected = [r.code for r in codes.all_codes("maneuvering")]
    assert len(expected) == 52 and sorted(found) == sorted(expected)


def test_the_default_is_the_standard_box_and_sets_add_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With no `--set` (the README's first step) the sheet holds the standard box's 108 game
    cards, 25 generals, 11 identity cards and the 15 skill tokens: 159 labels on 8 A4
    pages, not the Regicide deck, the Maneuvering cards or the commands; `--set`
    repeated adds sets (each once)."""
    out = tmp_path / "labels.pdf"
    assert main(["labels", "--out", str(out), "--dpi", "50"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("159 labels (sanguosha, generals, identities, skills) on 8 page(s)")
    assert out.read_bytes().count(b"/Type /Page ") == 8
    more = tmp_path / "more.pdf"
    args = ["--set", "standard", "--set", "commands", "--set", "generals"]
    assert main(["labels", *args, "--out", str(more), "--dpi", "50"]) == 0
    assert capsys.readouterr().out.startswith(
        "174 labels (sanguosha, generals, identities, skills, commands) on 9 page(s)"
    )
