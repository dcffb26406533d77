"""Setup of a two-side mode: teams, leaders, the draft, health and starting hands.

Two drafts cover every mode (docs/modes.md 2.1, 3.1, 4.1, 5):

- **pool**: `pool` generals laid face up (digital: drawn by the seeded RNG; at the
  table: scanned one by one) after `hidden` ones dealt to each drafter unseen
  (1v1 2013; at the table each drafter scans them alone). The team leaders take
  turns in the snake 1-2-2-...-2-1, `first` team first; each pick is one scan.
  Then each 1v1 player secretly picks a first general (the rest are reserves), or
  each 3v3 marshal gives one of the team's generals to each seat; the choices are
  revealed together.
- **offer**: each seat is offered `offer` random generals (digital) and picks one;
  at the table any general not taken (the offers were dealt by hand).

Every pick is a `choose_general` prompt whose `ctx` is a `GeneralChoice`, which
checks the scan (outside the pool, already taken, not one's own) before anything
changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.sanguosha.events import (
    DraftPoolRevealed,
    GameModeSet,
    GameStarted,
    GeneralDrafted,
    HandRedrawn,
    HealthSet,
    OptionChosen,
    ReservesSet,
    TeamAssigned,
)
from engine.sanguosha.modes.teams import TeamMode
from engine.sanguosha.packs import pack_generals
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills import Flow
from engine.sanguosha.state import HIDDEN

if TYPE_CHECKING:
    from engine.sanguosha.game import Game

Problem = tuple[Reason, dict[str, Any]] | None


def setup(game: Game, mode: TeamMode) -> Flow:
    """The whole setup of a two-side mode, up to the first turn."""
    spec = mode.spec
    game.emit(GameStarted(game.n, game.mode, game.seed))
    game.emit(GameModeSet(spec.name, spec.provisional))
    yield from _leaders(game, mode)  # before the deck's shuffle: the same 4v4 lords in both modes
    if game.table:
        game.deck = [HIDDEN] * len(game.cards)
    else:
        game.deck = list(game.cards)
        game.rng.shuffle(game.deck)
    for p in game.players:
        p.revealed = True  # no identity to reveal: the team is public
        side = mode.sides[p.seat]
        game.emit(TeamAssigned(p.seat, side.team, side.role, side.leader, mode.name(side.team)))
    if spec.choose_first_team:  # 3v3 qs2013: the warm marshal picks who drafts first
        first = yield from _choose_team(game, mode, mode.team_names[1], "draft_first")
    else:
        first = spec.draft.first or mode.team_names[0]
    if not game.settings.no_generals:
        if spec.draft.kind == "pool":
            yield from _pool_draft(game, mode, first)
        else:
            yield from _offer_draft(game, mode)
    for p in game.players:
        p.max_hp = p.hp = mode.max_hp(p)
        game.emit(HealthSet(p.seat, p.hp, p.max_hp))
        mode.attach_rule_skills(game, p)
    for p in game.players:
        game.draw(p, mode.start_hand(p), "start")
    for seat in spec.redraw:
        yield from _redraw(game, game.player(seat))
    if spec.choose_first_team:  # the cool marshal picks who acts first
        mode.first_team = yield from _choose_team(game, mode, mode.team_names[0], "act_first")


def _leaders(game: Game, mode: TeamMode) -> Flow:
    """Each team's leader: by role (3v3's marshals), the only seat of a one-seat team, or
    a random lord (4v4): drawn from the seed, or at the table scanned by the seat the
    table dealt it to, with the lord identity card (docs/modes.md §5)."""
    rule = mode.spec.leader
    for team in mode.team_names:
        seats = mode.seats_of(team)
        if rule.startswith("role:"):
            leaders = [s for s in seats if mode.sides[s].role == rule[5:]]
        elif rule == "random" and game.table:
            yield Prompt(
                PromptKind.REVEAL_IDENTITY, None, tuple(seats), need="lord", reason="team_lord"
            )
            leaders = [game._seat or seats[0]]
        elif rule == "random":
            leaders = [game.rng.choice(seats)]
        else:
            leaders = seats if len(seats) == 1 else []
        for s in leaders:
            mode.sides[s].leader = True


def _choose_team(game: Game, mode: TeamMode, team: str, reason: str) -> Flow:
    seat = mode.leader_of(team)
    assert seat is not None
    names = tuple(mode.name(t) for t in mode.team_names)  # chosen by name: "cool", "warm"
    answer = yield Prompt(PromptKind.CHOOSE_OPTION, seat, (seat,), reason=reason, options=names)
    game.emit(OptionChosen(seat, answer.option, reason))
    return mode.team_named(answer.option)


def _redraw(game: Game, p: Any) -> Flow:
    """A seat that may once discard its starting hand and draw as many (2v2, 4v4; the
    hand goes to the discard pile, not back into the deck: docs/modes.md §3.2)."""
    ok = yield from game.ask_confirm(p, "redraw")
    if not ok:
        return
    count = len(p.hand)
    cards = list(p.hand)
    p.hand.clear()
    game.emit(HandRedrawn(p.seat, count))
    game.to_discard(cards, p.seat, "redraw")
    game.draw(p, count, "redraw")


# ---------------------------------------------------------------- the pool draft
def _pool_draft(game: Game, mode: TeamMode, first: str) -> Flow:
    spec = mode.spec
    draft = spec.draft
    drafters = [mode.leader_of(first), mode.leader_of(mode.other(first))]
    names = list(pack_generals(game.settings.general_packs))
    if not game.table:
        game.rng.shuffle(names)
    for seat in drafters:
        assert seat is not None
        side = mode.sides[seat]
        for i in range(draft.hidden):
            if game.table:
                general = yield from _pick(game, mode, seat, "hidden", draft.hidden - i)
            else:
                general = names.pop()
            side.hidden.append(general)
            game.emit(GeneralDrafted(seat, None, "hidden"))
    if game.table:
        for i in range(draft.pool):
            general = yield from _pick(game, mode, None, "pool", draft.pool - i)
            mode.pool.append(general)
    else:
        mode.pool = [names.pop() for _ in range(draft.pool)]
    game.emit(DraftPoolRevealed(tuple(mode.pool)))
    for step, count in enumerate(draft.pattern()):
        seat = drafters[step % 2]
        assert seat is not None
        for k in range(count):
            if not mode.pool:
                break
            general = yield from _pick(game, mode, seat, "draft", count - k)
            mode.pool.remove(general)
            mode.sides[seat].drafted.append(general)
            game.emit(GeneralDrafted(seat, general, "draft"))
    if draft.then == "choose_first":
        yield from _choose_first(game, mode, drafters)
    else:
        yield from _assign(game, mode, drafters)


def _choose_first(game: Game, mode: TeamMode, drafters: list[int | None]) -> Flow:
    """1v1: each secretly picks a first general; both are revealed together."""
    chosen: dict[int, str] = {}
    for p in game.players:
        general = yield from _pick(game, mode, p.seat, "first", 1)
        chosen[p.seat] = general
        game.emit(GeneralDrafted(p.seat, None, "first"))
    for p in game.players:
        side = mode.sides[p.seat]
        general = chosen[p.seat]
        game._take_general(p, general)
        side.reserves = [g for g in side.drafted + side.hidden if g != general]
        side.hidden = []
        game.emit(ReservesSet(p.seat, len(side.reserves)))


def _assign(game: Game, mode: TeamMode, drafters: list[int | None]) -> Flow:
    """3v3: each marshal gives one of the team's generals to each seat of the team."""
    for leader in drafters:
        assert leader is not None
        team = mode.sides[leader].team
        for seat in mode.seats_of(team):
            general = yield from _pick(game, mode, leader, "assign", 1, target=seat)
            mode.assigned[general] = seat
            game.emit(GeneralDrafted(seat, None, "assign"))
    chosen = {seat: general for general, seat in mode.assigned.items()}
    for p in game.players:
        game._take_general(p, chosen[p.seat])


# ---------------------------------------------------------------- the offer draft
def _offer_draft(game: Game, mode: TeamMode) -> Flow:
    n = mode.spec.draft.offer
    names = list(pack_generals(game.settings.general_packs))
    game.rng.shuffle(names)
    offers = {p.seat: names[i * n : (i + 1) * n] for i, p in enumerate(game.players)}
    for p in game.players:
        options = () if game.table else tuple(offers[p.seat])
        ctx = GeneralChoice(mode, "offer", p.seat, list(options))
        choice = yield Prompt(
            PromptKind.CHOOSE_GENERAL, p.seat, (p.seat,), reason="offer", options=options, ctx=ctx
        )
        game._take_general(p, choice.general)


# ---------------------------------------------------------------- one pick
def _pick(
    game: Game,
    mode: TeamMode,
    seat: int | None,
    kind: str,
    count: int,
    target: int | None = None,
) -> Flow:
    """Ask for one general of a draft step; returns its id (checked by `GeneralChoice`)."""
    ctx = GeneralChoice(mode, kind, seat, [], target)
    options = tuple(ctx.options(game))
    ctx.allowed = list(options)
    if seat is None:
        seats = tuple(p.seat for p in game.players)
    else:
        seats = (seat,)
    choice = yield Prompt(
        PromptKind.CHOOSE_GENERAL,
        seat,
        seats,
        reason=kind,
        count=count,
        target=target,
        options=options if kind not in ("pool", "hidden") else (),
        ctx=ctx,
    )
    return choice.general


class GeneralChoice:
    """A draft pick's rules: which generals `seat` may name now, and why not another.

    Kinds: `pool` / `hidden` (table scans making the pool or a hidden hand: any
    general not already out), `draft` (one of the pool), `first` (one of one's own
    drafted and hidden generals), `assign` (one of the team's, not yet given),
    `offer` (one of the offered; at the table any general not taken).
    """

    def __init__(
        self,
        mode: TeamMode,
        kind: str,
        seat: int | None,
        allowed: list[str],
        target: int | None = None,
    ) -> None:
        self.mode = mode
        self.kind = kind
        self.seat = seat
        self.allowed = allowed
        self.target = target

    def _out(self, game: Game) -> dict[str, int | None]:
        """Generals already somewhere: general -> the seat holding it (None: the pool)."""
        out: dict[str, int | None] = {g: None for g in self.mode.pool}
        for side in self.mode.sides.values():
            for g in side.drafted + side.hidden:
                out[g] = side.seat
        for p in game.players:
            if p.general is not None:
                out[p.general] = p.seat
        return out

    def options(self, game: Game) -> list[str]:
        kind = self.kind
        if kind in ("pool", "hidden"):
            out = self._out(game)
            return [g for g in pack_generals(game.settings.general_packs) if g not in out]
        if kind == "draft":
            return list(self.mode.pool)
        if kind == "first":
            side = self.mode.sides[self.seat or 0]
            return side.drafted + side.hidden
        if kind == "assign":
            side = self.mode.sides[self.seat or 0]
            return [g for g in side.drafted if g not in self.mode.assigned]
        return list(self.allowed)

    def legal(self, game: Game, seat: int) -> list[str]:
        if self.kind == "offer" and not self.allowed:  # table: any general not taken
            taken = {p.general for p in game.players}
            return [g for g in pack_generals(game.settings.general_packs) if g not in taken]
        return list(self.allowed)

    def problem(self, game: Game, seat: int, general: str) -> Problem:
        """Why `seat` may not name `general` now (None: it may)."""
        if general in self.legal(game, seat):
            return None
        out = self._out(game)
        kind = self.kind
        if kind in ("pool", "hidden"):
            if out.get(general, 0) is None:
                return Reason.ALREADY_IN_POOL, {"general": general}
            return Reason.GENERAL_TAKEN, {"general": general, "seat": out.get(general)}
        if kind == "draft":
            if out.get(general) is not None:
                return Reason.GENERAL_TAKEN, {"general": general, "seat": out[general]}
            return Reason.NOT_IN_POOL, {"general": general, "options": list(self.mode.pool)}
        if kind == "assign" and general in self.mode.assigned:
            seat_given = self.mode.assigned[general]
            if self.mode.sides[seat_given].team == self.mode.sides[seat].team:
                # only one's own team's assignments: the other team's are secret
                return Reason.GENERAL_TAKEN, {"general": general, "seat": seat_given}
        if kind == "offer":
            for p in game.players:
                if p.general == general:
                    return Reason.GENERAL_TAKEN, {"general": general, "seat": p.seat}
        return Reason.GENERAL_NOT_OFFERED, {"general": general, "options": self.legal(game, seat)}
