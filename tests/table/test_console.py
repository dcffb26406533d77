"""The terminal table view: public state only, in the narration language."""

from __future__ import annotations

from rich.console import Console

from companion.game.console import LiveView, render_table_view
from companion.game.session import Update
from companion.narration import Narrator
from tests.table.harness import TableHarness


def _text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_view_shows_seats_health_and_the_pending_decision() -> None:
    """Each seat's general, health and hand appear; hidden identities show as '?'."""
    h = TableHarness()
    h.setup()
    h.scan("chitu@H5")
    state = {**h.table.view(), "pending": h.table.prompt()}
    text = _text(render_table_view(state, Narrator("en"), ["Liu Bei (seat 1) equips Red Hare ♥5."]))
    assert "Guan Yu" in text and "Red Hare ♥5" in text and "●●●●●" in text
    assert text.count("?") >= 4 and "Lord" in text
    assert "play a card, or OK to end the play phase" in text


def test_the_view_speaks_the_narration_language() -> None:
    """In zh-Hans the headers, generals and phase are Chinese."""
    h = TableHarness()
    h.setup()
    text = _text(render_table_view(h.table.view(), Narrator("zh-Hans")))
    assert "武将" in text and "刘备" not in text and "曹操" in text and "出牌" in text


def test_the_live_view_redraws_on_each_update() -> None:
    """The live view keeps the last narration lines and the newest state."""
    console = Console(width=100, record=True, color_system=None, force_terminal=False)
    h = TableHarness()
    h.setup()
    with LiveView(Narrator("en"), console=console, lines=2) as view:
        view(Update(1, None, ["one", "two", "three"], h.table.view()))
    text = console.export_text()
    assert "three" in text and "Cao Cao" in text
