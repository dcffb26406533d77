"""The common model of the two-side modes (docs/modes.md section 1): one mechanism for all.

Every seat has a team (and in 3v3 a role); identity cards are not used, nor lord
skills, nor identity rewards. A `TeamMode` holds the mode's state beside the game
(`game.team_mode`): the seats' teams, the draft (`draft.py`), the turn order
(`order.py`), what a death does (victory by side, the mode's reward, 1v1's next
general from the reserves) and what the view shows (teams, reserve counts, the 3v3
action unit). The engine calls it at a few points: setup, the turn loop, death,
and the safe points where a replacement general may enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.events import (
    GeneralEntered,
    GeneralFell,
    HealthSet,
    ModeRewardGiven,
)
from engine.sanguosha.modes.spec import ModeSpec
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.settings import EndReason
from engine.sanguosha.skills import REGISTRY, Flow

if TYPE_CHECKING:
    from engine.sanguosha.game import Game
    from engine.sanguosha.state import Player

_END = {
    "fallen": EndReason.GENERALS_FALLEN,
    "team_dead": EndReason.TEAM_ELIMINATED,
    "leader_dead": EndReason.LEADER_DIED,
}


class Side:
    """One seat's place in a two-side mode."""

    __slots__ = ("seat", "team", "role", "leader", "drafted", "hidden", "reserves", "fallen")

    def __init__(self, seat: int, team: str, role: str | None) -> None:
        self.seat = seat
        self.team = team
        self.role = role
        self.leader = False
        self.drafted: list[str] = []  # pool drafts: the generals this seat drafted
        self.hidden: list[str] = []  # generals dealt to this seat unseen by the others
        self.reserves: list[str] = []  # 1v1: generals still to come
        self.fallen: list[str] = []  # 1v1: generals that died


class TeamMode:
    """A two-side mode in play: state and rules (see the module docstring)."""

    def __init__(self, spec: ModeSpec) -> None:
        self.spec = spec
        roles = spec.roles or (None,) * spec.players
        self.sides = {s: Side(s, spec.team_of(s), roles[s - 1]) for s in range(1, spec.players + 1)}
        self.team_names: list[str] = list(dict.fromkeys(spec.team_of(s) for s in self.sides))
        # the team ids, "A" and "B" in every mode (docs/modes.md §1); `name` gives their words
        self.pool: list[str] = []  # the draft's face-up generals not yet taken
        self.assigned: dict[str, int] = {}  # 3v3: general -> seat, given secretly by a marshal
        self.turns = 0  # turns begun in the game (the first one may draw fewer)
        self.acted: set[int] = set()  # 3v3: seats that acted this round
        self.unit: tuple[str, tuple[int, ...]] | None = None  # 3v3: (team, seats) acting
        self.first_team = self.team_names[0]  # the team whose unit opens each round
        self.entering: list[Player] = []  # 1v1: seats whose next general enters at a safe point

    # ---------------------------------------------------------------- teams
    def seats_of(self, team: str) -> list[int]:
        return [s for s, side in self.sides.items() if side.team == team]

    def leader_of(self, team: str) -> int | None:
        for seat in self.seats_of(team):
            if self.sides[seat].leader:
                return seat
        return None

    def other(self, team: str) -> str:
        return next(t for t in self.team_names if t != team)

    def name(self, team: str) -> str:
        """A team's name, the narration's word for it ("cool", "first", "A")."""
        return self.spec.team_names[team]

    def team_named(self, name: str) -> str:
        """The id of the team called `name` (an option chosen by name)."""
        return next(t for t in self.team_names if self.name(t) == name)

    def friends(self, game: Game, p: Player) -> list[Player]:
        """Living characters of `p`'s team (`p` included)."""
        team = self.sides[p.seat].team
        return [q for q in game.alive_order if self.sides[q.seat].team == team]

    def same_team(self, a: Player, b: Player) -> bool:
        """Whether `a` and `b` are friends (one team), dead or alive."""
        return self.sides[a.seat].team == self.sides[b.seat].team

    def enemies(self, game: Game, p: Player) -> list[Player]:
        """Living characters of the other team, in seat order from `p`."""
        return [q for q in game.living_from(p) if not self.same_team(p, q)]

    def outnumbered(self, game: Game, p: Player) -> bool:
        """Whether `p`'s team has fewer living characters than the enemy team (3v3)."""
        team = self.sides[p.seat].team
        mine = sum(1 for q in game.alive_order if self.sides[q.seat].team == team)
        return mine < len(game.alive_order) - mine

    def dealt(self) -> set[str]:
        """The draft's general cards, in the game whoever holds them: the pool laid face up
        and every seat's drafted, hidden, reserve and fallen generals (化身 draws from the
        general cards dealt to no one: docs/forest-mountain.md §4.4)."""
        out = set(self.pool)
        for side in self.sides.values():
            out.update(side.drafted, side.hidden, side.reserves, side.fallen)
        return out

    def attach_rule_skills(self, game: Game, p: Player) -> None:
        """Give `p` the mode's rule skills (`rule_skills.py`), again for each new general."""
        ids = self.spec.rule_skills + (("first_turn_draw",) if self.spec.first_turn_draw else ())
        for skill_id in ids:
            game.attach(p, REGISTRY[skill_id]())

    # ---------------------------------------------------------------- health and hands
    def max_hp(self, p: Player) -> int:
        base = catalogue().generals[p.general].max_hp if p.general else 4
        return base + (self.spec.hp_bonus_leader if self.sides[p.seat].leader else 0)

    def start_hand(self, p: Player, entering: bool = False) -> int:
        """Starting (or, entering, a replacement general's) cards (docs/modes.md 2.2 settings)."""
        rule = self.spec.start_hand
        if isinstance(rule, int):
            count = rule
        elif rule == "min_maxhp_5":
            count = min(p.max_hp, 5)
        elif rule == "maxhp":
            count = p.max_hp
        elif rule == "four":
            count = 4
        else:  # "noname": 先手 3, 后手 4, a replacement 4
            count = 4 if entering or p.seat != 1 else 3
        return count if entering else count + self.spec.hand_extra.get(p.seat, 0)

    # ---------------------------------------------------------------- death
    def game_over_check(self, game: Game, dead: Player) -> None:
        """End the game if `dead`'s death meets the mode's victory condition (raises)."""
        spec = self.spec
        side = self.sides[dead.seat]
        kind = spec.victory["kind"]
        if kind == "fallen":
            side.fallen.append(dead.general or "")
            lives = spec.victory["lives"]
            game.emit(GeneralFell(dead.seat, dead.general, len(side.fallen), lives))
            lost = len(side.fallen) >= lives
        elif kind == "team_dead":
            lost = not any(game.player(s).alive for s in self.seats_of(side.team))
        else:
            lost = side.leader
        if lost:
            winner = self.other(side.team)
            game.end_game(tuple(self.seats_of(winner)), winner, _END[kind], self.name(winner))

    def reward(self, game: Game, dead: Player, killer: Player | None) -> None:
        """The mode's reward for a death (none in 1v1 and 4v4)."""
        rule = self.spec.reward
        if rule is None:
            return
        count = rule["count"]
        if rule["to"] == "victim_team":  # 2v2: each living teammate draws
            for q in self.friends(game, dead):
                game.emit(ModeRewardGiven(q.seat, dead.seat, count, "teammate_died"))
                game.draw(q, count, "reward")
            return
        role = rule.get("victim_role")
        if killer is None or not killer.alive or killer is dead:
            return
        if role is not None and self.sides[dead.seat].role != role:
            return
        game.emit(ModeRewardGiven(killer.seat, dead.seat, count, "kill_reward"))
        game.draw(killer, count, "reward")

    def after_death(self, game: Game, dead: Player) -> None:
        """1v1: the owner's next general enters at the next safe point."""
        if self.spec.replace and self.sides[dead.seat].reserves:
            game.entering.append(dead)

    def enter(self, game: Game) -> Flow:
        """Bring in the next general of each seat waiting (docs/modes.md 2.1 Death of a general).

        Called between steps: after the play action or the phase in which the death
        happened, or at the end of the dead owner's turn (which ended at once).
        """
        while game.entering:
            p = game.entering.pop(0)
            side = self.sides[p.seat]
            choice = yield Prompt(
                PromptKind.CHOOSE_GENERAL,
                p.seat,
                (p.seat,),
                reason="replace",
                count=len(side.reserves),
                options=tuple(side.reserves),
                ctx=ReserveChoice(self, p.seat),
            )
            general = choice.general
            side.reserves.remove(general)
            p.alive = True
            p.marks = {}
            game.reseat()
            game._take_general(p, general)
            self.attach_rule_skills(game, p)
            p.max_hp = p.hp = self.max_hp(p)
            game.emit(GeneralEntered(p.seat, general, len(side.reserves)))
            game.emit(HealthSet(p.seat, p.hp, p.max_hp))
            count = self.start_hand(p, entering=True)
            game.draw(p, count, "enter")
            yield from game.enter_play([p])

    # ---------------------------------------------------------------- view
    def seat_view(self, seat: int, viewer: int | None, table: bool) -> dict[str, Any]:
        """A seat's team, role, leadership, reserves (names for their owner only)."""
        side = self.sides[seat]
        out: dict[str, Any] = {
            "team": side.team,
            "team_name": self.name(side.team),
            "role": side.role,
            "leader": side.leader,
        }
        if self.spec.replace:
            out["reserves_count"] = len(side.reserves)
            out["fallen"] = list(side.fallen)
            if viewer == seat and not table:
                out["reserves"] = list(side.reserves)
        if self.spec.order == "units":
            out["acted"] = seat in self.acted
        if side.hidden:
            out["hidden_count"] = len(side.hidden)
        return out

    def view(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.spec.name,
            "provisional": self.spec.provisional,
            "teams": {t: self.seats_of(t) for t in self.team_names},
            "team_names": {t: self.name(t) for t in self.team_names},
            "leaders": {t: self.leader_of(t) for t in self.team_names},
            "settings": dict(self.spec.settings),
        }
        if self.spec.draft.kind == "pool":
            out["pool"] = list(self.pool)
        if self.spec.order == "units":
            out["unit"] = {"team": self.unit[0], "seats": list(self.unit[1])} if self.unit else None
            out["first_team"] = self.first_team
        return out


class ReserveChoice:
    """The choose_general ctx of a 1v1 replacement: one of the owner's own reserves."""

    def __init__(self, mode: TeamMode, seat: int) -> None:
        self.mode = mode
        self.seat = seat

    def problem(self, game: Game, seat: int, general: str) -> tuple[Any, dict[str, Any]] | None:
        from engine.sanguosha.reasons import Reason

        side = self.mode.sides[self.seat]
        if general in side.reserves:
            return None
        if general in side.fallen or general == game.player(self.seat).general:
            return Reason.RESERVE_USED, {"general": general, "seat": self.seat}
        return Reason.NOT_IN_RESERVES, {"general": general, "options": list(side.reserves)}

    def legal(self, game: Game, seat: int) -> list[str]:
        return list(self.mode.sides[self.seat].reserves)
