"""Sticker-sheet layouts: the packaged ones fit their paper, and bad ones are refused."""

from __future__ import annotations

import pytest

from companion.labels import LayoutError, choose_layout, layouts
from companion.labels.layouts import _layout

PAPERS = {"a4": {"width": 210.0, "height": 297.0}, "letter": {"width": 215.9, "height": 279.4}}


def test_packaged_layouts_fit_their_paper() -> None:
    """Every packaged layout's last label ends inside the page."""
    for layout in layouts().values():
        right, bottom = layout.origin(layout.per_page - 1)
        assert right + layout.label_width <= layout.page_width + 0.01
        assert bottom + layout.label_height <= layout.page_height + 0.01


def test_defaults_per_paper() -> None:
    """A4 defaults to Avery L7160 (21 labels) and Letter to Avery 5160 (30 labels)."""
    assert (choose_layout("a4", None).id, choose_layout("a4", None).per_page) == ("L7160", 21)
    assert (choose_layout("letter", None).id, choose_layout("letter", None).per_page) == (
        "5160",
        30,
    )
    assert choose_layout(None, "l7651").id == "L7651"


def test_a_grid_that_overflows_the_page_is_refused() -> None:
    """A layout whose labels would run off the paper raises LayoutError naming the entry."""
    raw = {"id": "big", "paper": "a4", "columns": 4, "rows": 7, "label_width": 63.5,
           "label_height": 38.1, "left": 7.25, "top": 15.15, "pitch_x": 66.0, "pitch_y": 38.1,
           "description": "too wide"}  # fmt: skip
    with pytest.raises(LayoutError, match=r"layouts\[9\]"):
        _layout(raw, PAPERS, "layouts[9]")
    with pytest.raises(LayoutError, match="missing"):
        _layout({"id": "x", "paper": "a4"}, PAPERS, "layouts[0]")


def test_unknown_paper_is_refused() -> None:
    """An unknown paper name raises LayoutError listing the known ones."""
    with pytest.raises(LayoutError, match="a4"):
        choose_layout("a3", None)
