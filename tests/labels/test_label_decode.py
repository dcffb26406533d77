"""Every label of every set carries a QR code that a real decoder reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import codes
from companion.labels import choose_layout, find_fonts, label_text, no_cjk, page_items
from companion.labels.drawing import Text
from tests.labels.helpers import decode_all, phone_photo, render_label


@pytest.fixture
def book(example_custom: Path) -> codes.Codebook:
    """The codebook with the example custom cards, so every set is covered."""
    return codes.use_custom(example_custom)


def test_every_label_decodes_to_its_code(book: codes.Codebook) -> None:
    """Each of the labels of every set (custom included) decodes to exactly its code."""
    layout, fonts = choose_layout("a4", None), find_fonts()
    refs = book.all_codes("all")
    assert {r.set for r in refs} == {
        "sanguosha",
        "generals",
        "identities",
        "skills",
        "poker",
        "maneuvering",
        "wind",
        "wind_skills",
        "fire",
        "fire_skills",
        "forest",
        "forest_skills",
        "3v3_skills",
        "mountain",
        "mountain_skills",
        "custom",
    }
    for ref in refs:
        assert decode_all(render_label(book, ref, layout, fonts, dpi=120)) == [ref.code], ref


@pytest.mark.parametrize(
    ("angle", "scale", "blur"), [(8, 0.6, 1.0), (-25, 0.8, 1.4), (180, 0.5, 0.6)]
)
def test_labels_decode_after_phone_like_degradation(
    book: codes.Codebook, angle: float, scale: float, blur: float
) -> None:
    """Labels still decode when rotated, scaled down and blurred like a phone photo."""
    layout, fonts = choose_layout("a4", None), find_fonts()
    for ref in book.all_codes("all")[::3]:
        photo = phone_photo(render_label(book, ref, layout, fonts, dpi=150), angle, scale, blur)
        assert decode_all(photo) == [ref.code], (ref, angle, scale, blur)


@pytest.mark.parametrize("layout_id", ["L7160", "L7651", "5160"])
def test_small_labels_of_every_layout_decode(book: codes.Codebook, layout_id: str) -> None:
    """The smallest labels of each layout decode at a modest 150 dpi after blurring."""
    layout, fonts = choose_layout(None, layout_id), find_fonts()
    for ref in book.all_codes("all")[::7]:
        photo = phone_photo(render_label(book, ref, layout, fonts, dpi=150), 5, 0.9, 0.8)
        assert decode_all(photo) == [ref.code], (ref, layout_id)


def test_without_a_cjk_font_labels_still_decode_and_omit_chinese(book: codes.Codebook) -> None:
    """With no CJK font the labels keep their code and English caption, and no Chinese text is drawn."""
    layout, fonts = choose_layout("a4", None), no_cjk(find_fonts())
    assert not fonts.has_cjk and any("CJK" in note for note in fonts.notes)
    for ref in book.all_codes("skills"):
        assert decode_all(render_label(book, ref, layout, fonts, dpi=120)) == [ref.code]
    texts = [label_text(book, r) for r in book.all_codes("generals")[:5]]
    drawn = [i.text for i in page_items(texts, layout, fonts) if isinstance(i, Text)]
    assert "Cao Cao" in drawn and not any("曹" in t for t in drawn)


@pytest.mark.parametrize("layout_id", ["L7160", "L7651", "5160"])
def test_captions_stay_inside_their_labels(book: codes.Codebook, layout_id: str) -> None:
    """Every caption line fits within its label's width and height on every layout."""
    layout, fonts = choose_layout(None, layout_id), find_fonts()
    refs = book.all_codes("all")[: layout.per_page]
    items = page_items([label_text(book, r) for r in refs], layout, fonts)
    boxes = [
        (*layout.origin(slot), layout.label_width, layout.label_height) for slot in range(len(refs))
    ]
    for item in items:
        if isinstance(item, Text):
            right = item.x + fonts.width_mm(item.text, item.role, item.size)
            inside = [
                b for b in boxes
                if b[0] <= item.x and right <= b[0] + b[2] + 0.01 and b[1] <= item.y - item.size * 0.8
                and item.y <= b[1] + b[3]
            ]  # fmt: skip
            assert inside, (item, layout_id)
