"""Sticker-sheet layouts (data in `layouts.json`), validated at load.

A layout is a grid of labels on a paper size; a sheet of labels printed on plain paper
can also be cut apart along the cut marks, so every figure must keep the grid on the
page (checked at load).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FILE = "layouts.json"
_NUMBERS = ("label_width", "label_height", "left", "top", "pitch_x", "pitch_y")


class LayoutError(ValueError):
    """A bad layout file, or a layout or paper the user asked for that does not exist."""


@dataclass(frozen=True, slots=True)
class Layout:
    """A grid of labels on one paper size, in millimetres."""

    id: str
    paper: str
    page_width: float
    page_height: float
    columns: int
    rows: int
    label_width: float
    label_height: float
    left: float
    top: float
    pitch_x: float
    pitch_y: float
    description: str

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def origin(self, slot: int) -> tuple[float, float]:
        """Top-left corner (mm) of label `slot` (0-based, row by row)."""
        row, column = divmod(slot, self.columns)
        return self.left + column * self.pitch_x, self.top + row * self.pitch_y


def _layout(raw: Any, papers: dict[str, dict[str, Any]], where: str) -> Layout:
    if not isinstance(raw, dict):
        raise LayoutError(f"{FILE}: {where}: expected an object")
    try:
        paper = papers[raw["paper"]]
        numbers = {k: float(raw[k]) for k in _NUMBERS}
        layout = Layout(
            id=str(raw["id"]),
            paper=raw["paper"],
            page_width=float(paper["width"]),
            page_height=float(paper["height"]),
            columns=int(raw["columns"]),
            rows=int(raw["rows"]),
            description=str(raw["description"]),
            **numbers,
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise LayoutError(f"{FILE}: {where}: missing or bad value {exc}") from None
    right = layout.left + (layout.columns - 1) * layout.pitch_x + layout.label_width
    bottom = layout.top + (layout.rows - 1) * layout.pitch_y + layout.label_height
    if (
        min(layout.columns, layout.rows) < 1
        or min(numbers.values()) < 0
        or layout.pitch_x < layout.label_width
        or layout.pitch_y < layout.label_height
        or right > layout.page_width + 0.01
        or bottom > layout.page_height + 0.01
    ):
        raise LayoutError(f"{FILE}: {where}: the grid does not fit on {layout.paper}")
    return layout


@cache
def _load() -> tuple[dict[str, Layout], dict[str, str]]:
    data = json.loads(resources.files("companion.labels").joinpath(FILE).read_text("utf-8"))
    papers = data["papers"]
    layouts = {}
    for i, raw in enumerate(data["layouts"]):
        layout = _layout(raw, papers, f"layouts[{i}]")
        layouts[layout.id] = layout
    defaults = {name: paper["default_layout"] for name, paper in papers.items()}
    for name, layout_id in defaults.items():
        if layouts.get(layout_id) is None or layouts[layout_id].paper != name:
            raise LayoutError(
                f"{FILE}: papers.{name}: default layout {layout_id!r} is not a {name} layout"
            )
    return layouts, defaults


def layouts() -> dict[str, Layout]:
    """Every known layout by id."""
    return dict(_load()[0])


def papers() -> tuple[str, ...]:
    return tuple(_load()[1])


def choose_layout(paper: str | None, layout_id: str | None) -> Layout:
    """The layout for `--paper` and `--layout` (either may be omitted; default A4 L7160).

    Raises:
        LayoutError: unknown paper or layout, or a layout for another paper.
    """
    known, defaults = _load()
    if paper is not None and paper not in defaults:
        raise LayoutError(f"unknown paper {paper!r}; expected one of {sorted(defaults)}")
    if layout_id is None:
        return known[defaults[paper or "a4"]]
    match = {k.lower(): v for k, v in known.items()}.get(layout_id.lower())
    if match is None:
        raise LayoutError(f"unknown layout {layout_id!r}; expected one of {sorted(known)}")
    if paper is not None and match.paper != paper:
        raise LayoutError(f"layout {match.id} is for {match.paper} paper, not {paper}")
    return match
