"""A real table-mode game of the 山 pack played to where 左慈's shown 化身 general and
刘禅's 放权 extra turn show (`tests/scripts/mountain_board.script`): seat 3 (左慈) holds two
化身 cards, 甄姬 shown with 洛神 named and 郭嘉 (`HIDDEN`) face down; seat 1 (刘禅, the
lord, whose 若愚 woke at once: no one had less HP) gave seat 4 (蔡文姬) an extra turn with
放权, and she is playing it. The inputs go
through `Session.commit`, as the pump commits a reader's (`wind_fire_board.play_board`).

And a digital game where 刘禅 (seat 2) gives seat 4 an extra turn with 放权 (`fangquan_game`);
`grant_extra_turns` then has a seat grant more, so some are still to come."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.game.session import Session
from engine.sanguosha import ChooseTarget, Confirm, Discard, Game, UseSkill
from tests.skills import mechanism_skills
from tests.skills.helpers import end_turn, game_with
from tests.web.wind_fire_board import play_board

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "mountain_board.script"
PLAYERS = 4
PACKS: dict[str, Any] = {"general_packs": ["standard", "mountain"]}
HIDDEN = "guojia"
"""左慈's face-down 化身 card: never named outside his own view."""


def play_mountain(session: Session) -> None:
    """Commit every line of the script; each must be accepted."""
    play_board(session, SCRIPT)


def mountain_session(log: Any, lang: str = "en") -> Session:
    """A new session on `log`, played to 左慈's shown 化身 and 蔡文姬's extra turn."""
    session = Session.start(
        log, game="sanguosha", players=PLAYERS, seed=0, settings=PACKS, lang=lang
    )
    play_mountain(session)
    return session


def fangquan_game() -> Game:
    """A digital game: 刘禅 (seat 2) skips his play phase with 放权 and gives seat 4 an
    extra turn, which has begun (seat 4's play prompt)."""
    game = game_with(None, "liushan", None, None)
    end_turn(game)
    game.submit(2, Confirm(True))
    while (prompt := game.pending()) is not None and prompt.reason == "discard_phase":
        game.submit(2, game.legal_actions(2)[0])
    game.submit(2, Discard((game.player(2).hand[0],)))
    game.submit(2, ChooseTarget(4))
    return game


def grant_extra_turns(game: Game, seat: int, *targets: int) -> None:
    """`seat` grants each of `targets` an extra turn, in order: the real mechanism
    (`Game.grant_extra_turn`) through a test skill, used once per grant."""
    skill = mechanism_skills.TestExtraTurn()
    game.changed_outside()
    game.attach(game.player(seat), skill)
    for target in targets:
        game.changed_outside()
        game.player(seat).marks.pop(f"turn:{skill.id}", None)  # once per turn: once more
        game.submit(seat, UseSkill(skill.id, (), (target,)))
