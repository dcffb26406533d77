"""What the terminal view and the page's whitelist show of a two-side mode."""

from rich.console import Console

from companion.game.console import render_table_view
from companion.narration import Narrator
from companion.web.labels import labels_for
from companion.web.public import public_state
from engine.sanguosha import ChooseTarget

from .helpers import new, through_setup


def _text(view, lang="en") -> str:
    console = Console(width=140, record=True)
    console.print(render_table_view(view, Narrator(lang)))
    return console.export_text()


def test_terminal_view_shows_teams_roles_and_unit():
    game = new("3v3", seed=2)
    through_setup(game)
    game.submit(2, ChooseTarget(2))
    text = _text(game.view())
    assert "the cool team · marshal" in text and "the warm team · vanguard" in text
    assert "acting: the cool team (2)" in text
    assert "identity" not in text.splitlines()[0]


def test_terminal_view_shows_reserve_counts_in_chinese():
    game = new("1v1", seed=2)
    through_setup(game)
    text = _text(game.view(), "zh-Hans")
    assert "先手 · 备用武将 5" in text and "后手 · 备用武将 5" in text


def test_page_whitelist_keeps_teams_and_drops_reserve_names():
    game = new("1v1", seed=2)
    through_setup(game)
    own = game.view(1)  # even a seat's own view: its reserves never reach the page
    assert "reserves" in own["seats"][0]
    public = public_state(own)
    assert "reserves" not in public["seats"][0]
    assert public["seats"][0]["reserves_count"] == 5 and public["seats"][0]["team"] == "first"
    assert public["game_mode"]["teams"] == {"first": [1], "second": [2]}


def test_page_labels_name_teams_and_roles_in_each_language():
    assert labels_for("sanguosha", "zh-Hans")["teams"]["cool"] == "冷方"
    assert labels_for("sanguosha", "es")["roles"]["marshal"] == "mariscal"
    assert labels_for("sanguosha", "en")["ui"]["reserves"] == "Reserves {n}"
