"""The state JSON shows the extra turns (放权, docs/forest-mountain.md §2.4): `extra_turns`,
those granted and not yet taken, in order, each `{seat, reason, by}`; and `turn.extra`
while one is played. With 左慈's shown 化身 general (`huashen`), both come back the same
when a game is rebuilt from its log (`companion resume`), since the view is derived from
the engine's state only."""

from __future__ import annotations

from pathlib import Path

from companion.game.session import Session
from companion.store import GameLog
from companion.web.public import public_state
from tests.web.mountain_board import fangquan_game, grant_extra_turns, mountain_session

from .helpers import end_turn, game_with


def test_extra_turns_to_come_are_listed_in_order_and_the_one_played_is_marked() -> None:
    game = game_with(None, None, None, None)
    assert game.view()["extra_turns"] == [] and "extra" not in game.view()["turn"]
    grant_extra_turns(game, 1, 3, 2)
    view = game.view()
    assert view["extra_turns"] == [
        {"seat": 3, "reason": "test_extra_turn", "by": 1},
        {"seat": 2, "reason": "test_extra_turn", "by": 1},
    ]
    assert view["turn"] == {"seat": 1, "phase": "play", "round": 1}  # his own turn still
    end_turn(game)
    view = game.view()
    assert view["turn"]["seat"] == 3
    assert view["turn"]["extra"] == {"reason": "test_extra_turn", "by": 1}
    assert view["extra_turns"] == [{"seat": 2, "reason": "test_extra_turn", "by": 1}]
    assert public_state(view)["turn"]["extra"] == view["turn"]["extra"]
    assert public_state(view)["extra_turns"] == view["extra_turns"]
    end_turn(game)
    assert game.view()["turn"]["seat"] == 2 and game.view()["extra_turns"] == []
    assert game.view()["turn"]["extra"] == {"reason": "test_extra_turn", "by": 1}
    end_turn(game)  # seat 2's own turn, after seat 1's: no longer an extra one
    assert game.view()["turn"]["seat"] == 2 and "extra" not in game.view()["turn"]


def test_fangquan_marks_the_extra_turn_it_gave_and_its_giver() -> None:
    game = fangquan_game()
    view = game.view()
    assert view["turn"]["seat"] == 4 and view["extra_turns"] == []  # taken at once
    assert view["turn"]["extra"] == {"reason": "fangquan", "by": 2}
    end_turn(game)  # then play goes on after 刘禅
    assert game.view()["turn"]["seat"] == 3 and "extra" not in game.view()["turn"]


def test_a_game_rebuilt_from_its_log_shows_the_same_extra_turn_and_huashen(
    tmp_path: Path,
) -> None:
    with GameLog(tmp_path / "games.sqlite") as log:
        session = mountain_session(log)
        played = session.state()
        assert played["turn"]["extra"] == {"reason": "fangquan", "by": 1}
        assert played["seats"][2]["huashen"] == {"general": "zhenji", "skill": "luoshen"}
        rebuilt = Session.load(log, session.game_id).state()
    assert rebuilt == played
