"""Turn order in the two-side modes (docs/modes.md 2.1, 3.1, 4.1, 5).

`seats`: turns go round the table from S1 (1v1 alternates; a round begins each
time play comes back past the highest seat). `units` (3v3 统帅三军): a round is
made of action units, cool team first; in its unit a team's marshal chooses
himself or a vanguard, and a chosen vanguard is followed at once by the other
living vanguard that has not acted; everyone alive acts once per round.

After every turn, and at the engine's safe points inside a turn, a 1v1 general
waiting to replace a dead one enters (`TeamMode.enter`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.sanguosha.context import RoundData
from engine.sanguosha.events import RoundStarted, UnitStarted
from engine.sanguosha.modes.teams import TeamMode
from engine.sanguosha.skills import Flow, Point

if TYPE_CHECKING:
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player


def play_turns(game: Game, mode: TeamMode) -> Flow:
    if mode.spec.order == "units":
        yield from _units(game, mode)
    else:
        yield from _seats(game, mode)


def _turn(game: Game, mode: TeamMode, p: Player) -> Flow:
    mode.turns += 1
    yield from game.turn(p)
    if game.entering:
        yield from mode.enter(game)


def _seats(game: Game, mode: TeamMode) -> Flow:
    p = game.player(1)
    last = game.n + 1
    while True:
        if p.seat <= last:
            game.round += 1
            game.emit(RoundStarted(game.round))
        last = p.seat
        yield from _turn(game, mode, p)
        p = game.next_living(p)


def _units(game: Game, mode: TeamMode) -> Flow:
    order = [mode.first_team, mode.other(mode.first_team)]
    leader_first = mode.spec.choose_first_team  # qs2013: that team's marshal opens the game
    while True:
        game.round += 1
        game.emit(RoundStarted(game.round))
        mode.acted = set()
        if Point.ROUND_START in game._hooks:  # the identity cards are turned back (忠义)
            yield from game.fire(Point.ROUND_START, RoundData(game.round))
        unit_index = 0
        while any(p.seat not in mode.acted for p in game.alive_order):
            team = order[unit_index % 2]
            unit_index += 1
            waiting = [
                s for s in mode.seats_of(team) if game.player(s).alive and s not in mode.acted
            ]
            if not waiting:
                continue  # this team has nobody left to act: it passes its unit
            leader = mode.leader_of(team)
            assert leader is not None
            why = "chosen"
            if leader_first and leader in waiting:
                chosen, why = leader, "leader_first"
                leader_first = False
            elif len(waiting) == 1:
                chosen, why = waiting[0], "last"
            else:
                picked = yield from game.choose_players(
                    game.player(leader),
                    "action_unit",
                    [game.player(s) for s in waiting],
                    1,
                    1,
                    optional=False,
                )
                chosen = picked[0].seat
            unit = [chosen]
            if chosen != leader:
                unit += [s for s in waiting if s not in (chosen, leader)]
            mode.unit = (team, tuple(unit))
            game.emit(UnitStarted(team, tuple(unit), why, mode.name(team)))
            for seat in unit:
                p = game.player(seat)
                if p.alive:
                    mode.acted.add(seat)
                    yield from _turn(game, mode, p)
            mode.unit = None
