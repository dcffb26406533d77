"""What the terminal view and the page's whitelist show of a two-side mode."""

import pytest
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
    assert public["seats"][0]["reserves_count"] == 5 and public["seats"][0]["team"] == "A"
    assert public["game_mode"]["teams"] == {"A": [1], "B": [2]}
    assert public["game_mode"]["team_names"] == {"A": "first", "B": "second"}


@pytest.mark.parametrize(
    ("mode", "names"),
    [
        ("1v1", {"A": "first", "B": "second"}),
        ("2v2", {"A": "A", "B": "B"}),
        ("3v3", {"A": "cool", "B": "warm"}),
        ("4v4", {"A": "A", "B": "B"}),
    ],
)
def test_every_mode_names_its_teams_A_and_B_in_the_state(mode: str, names: dict) -> None:
    """One team-id convention in the state JSON (issue 31 item 9): every seat's `team`, the
    mode's `teams`, `leaders`, 3v3's `unit` and `first_team`, and `winner_side` are "A" or
    "B"; the team's name (a narration word) is `team_name` and `game_mode.team_names`."""
    game = new(mode, seed=3)
    through_setup(game)
    view = game.view()
    assert {s["team"] for s in view["seats"]} == {"A", "B"}
    assert {s["team_name"] for s in view["seats"]} == set(names.values())
    assert all(names[s["team"]] == s["team_name"] for s in view["seats"])
    assert set(view["game_mode"]["teams"]) == set(view["game_mode"]["leaders"]) == {"A", "B"}
    assert view["game_mode"]["team_names"] == names
    if mode == "3v3":
        assert view["game_mode"]["first_team"] == "A"


def test_page_labels_name_teams_and_roles_in_each_language():
    assert labels_for("sanguosha", "zh-Hans")["teams"]["cool"] == "冷方"
    assert labels_for("sanguosha", "es")["roles"]["marshal"] == "mariscal"
    assert labels_for("sanguosha", "en")["ui"]["reserves"] == "Reserves {n}"
