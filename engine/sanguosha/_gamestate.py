"""`GameState`: the state every part of `Game` reads, at the bottom of one chain of layers.

Structure. `Game` is one object, written in eleven modules, each a class that extends
the one below it, so a type checker sees every method and attribute it may use:

    GameState    the state and the seat helpers (this module)
    RulesLayer   distances, ranges, targets, what may be used now  (_rules.py)
    ZonesLayer   moving cards between zones, skills and triggers    (_zones.py)
    RespondLayer asking for cards, Nullification, judgments          (_respond.py)
    FlowLayer    turns, phases, using a card                         (_flow.py)
    LifeLayer    damage, recovery, dying, death, the game's end      (_life.py)
    MechanismsLayer  the 神话再临 packs' table mechanics              (_mechanisms.py)
    SetupLayer   identities, generals, the opening hands             (_setup.py)
    ChecksLayer  checking an action before anything changes          (_checks.py)
    LegalLayer   listing the legal actions                            (_legal.py)
    ViewLayer    the state JSON                                       (_view.py)
    Game         the public API and the driver                        (game.py)

A layer calls its own methods and those of the layers below it on `self`. Skills,
cards and the host's corrections are written against the whole `Game`; a layer
hands them `self.game`, which is this same object typed as `Game` (every instance
is one: the layers are never built on their own). The one call up the chain, a
trigger asking its owner to confirm (`ZonesLayer.fire` → `RespondLayer`), goes
through `self.game` too.

Why a chain and not mixins typed `self: Game` (a type checker refuses those: `Game`
is not a base of the mixin), a Protocol (every signature written twice) or
composition (every `game.draw(...)` in the skills would become
`game.zones.draw(...)`): the chain keeps each method where it was and the same
calls, and the order of the layers says what depends on what.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from engine.core.rng import GameRng
from engine.sanguosha.catalogue import Card, deck_for
from engine.sanguosha.modes.spec import IDENTITY, mode_spec
from engine.sanguosha.modes.teams import TeamMode
from engine.sanguosha.skills import EQUIPMENT_SKILLS
from engine.sanguosha.state import ExtraTurn, Player

if TYPE_CHECKING:
    from engine.sanguosha.events import Event, PointsCompared
    from engine.sanguosha.game import Game
    from engine.sanguosha.prompts import Prompt
    from engine.sanguosha.settings import Outcome, Settings
    from engine.sanguosha.skills import Flow, Point, Skill


class GameState:
    """The state of one game: seats, zones, turn, skill indexes, the pending decision."""

    role_counts: dict[str, int]  # how many of each identity are dealt, set by `setup()`

    def __init__(self, players: int, mode: str, seed: int, settings: Settings) -> None:
        self.game: Game = cast("Game", self)  # see the module docstring
        self.settings = settings
        self.mode = mode
        self.table = mode == "table"
        # whether an offer may depend on the cards in a hand (digital mode with `auto_decline`);
        # otherwise only on what is public, the hand's count: at the table the companion
        # does not know them, and a digital game that asks must ask as a table would
        self.reads_hands = not self.table and settings.auto_decline
        self.n = players
        self.seed = seed
        self.rng = GameRng(seed)
        self.players = [Player(s) for s in range(1, players + 1)]
        self.alive_order: list[Player] = list(self.players)
        self._pos: dict[int, int] = {p.seat: i for i, p in enumerate(self.players)}
        # distances by (source seat, target seat), before the >= 1 floor; valid until a
        # seat, a horse or a skill changes (`distances_changed`, RulesLayer.distance)
        self._distances: dict[int, int] = {}
        self.team_mode: TeamMode | None = None  # a two-side mode (modes/), None: identity
        self.entering: list[Player] = []  # 1v1: seats whose next general enters soon
        self.equipment_skills: dict[str, str] = dict(EQUIPMENT_SKILLS)  # card id -> ability
        self.cards: tuple[Card, ...] = deck_for(
            settings.ex_cards, settings.maneuvering, settings.nullification_copies
        )
        if settings.game_mode != IDENTITY:
            spec = mode_spec(settings.game_mode, settings.mode_options())
            self.team_mode = TeamMode(spec)
            self.cards = tuple(c for c in self.cards if c.name not in spec.deck_exclude)
            self.equipment_skills.update(spec.equipment)
        self.copies: Counter[Card] = Counter(self.cards)
        self.deck: list[Card] = []
        self.discard_pile: list[Card] = []
        self.processing: list[Card] = []
        self.lord: Player | None = None
        self.current: Player | None = None
        self.phase: str | None = None
        self.round = 0
        self.kills_used = 0
        self.turn_over = False
        self.extra_turns: list[ExtraTurn] = []  # extra turns taken after the current one (放权)
        self.extra_turn: ExtraTurn | None = None  # the current turn, when it is an extra one
        # the latest point comparison (拼点): both cards were revealed, so it is public
        self.last_comparison: PointsCompared | None = None
        self.status = "setup"
        self.outcome: Outcome | None = None
        self.log_length = 0
        # The state's version: bumped by each run of the flow and each host correction,
        # the only changes of the state; a listing is valid for one version (_legal.py).
        self.version = 0
        self._hooks: dict[Point, list[tuple[Player, Skill]]] = {}
        self.gained = 0  # skills gained so far (`gain_skill`): `fire` notices one gained as it runs
        self._mods: dict[str, list[tuple[Player, Skill]]] = {}
        self._queue: list[tuple[Point, Any]] = []
        # the targets `check` resolved for the action being submitted (`Game.submit`)
        self.checked_targets: list[Player] | None = None
        self._out: list[Event] = []
        # Record an event for the caller of `submit`: the hot path, a bound list append
        # (`Game._advance` rebinds it to each call's list).
        self.emit: Callable[[Event], None] = self._out.append
        # the answer this resolution did not let a seat give: (seat, need, card, skill),
        # Tieqi's red judgment (no Dodge against the Kill); until the next accepted action
        self.denied: tuple[int, str, str, str] | None = None
        self._seat: int | None = None
        self._prompt: Prompt | None = None
        # host corrections' flows (a missed death) run in front of the pending decision,
        # each with the prompt it set aside (`Game.run_aside`)
        self._asides: list[tuple[Flow, Prompt | None]] = []

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def other_living(self, user: Player) -> list[Player]:
        """Living players other than `user`, in seat order from the one after `user`."""
        order = self.alive_order
        i = self._pos.get(user.seat)
        if i is None:
            return [p for p in order if p is not user]
        return order[i + 1 :] + order[:i]

    def living_from(self, first: Player) -> list[Player]:
        """Living players in seat order starting from `first` (or the next living one)."""
        order = self.alive_order
        i = self._pos.get(first.seat)
        if i is None:
            after = [p for p in order if p.seat > first.seat]
            before = [p for p in order if p.seat < first.seat]
            return after + before
        return order[i:] + order[:i]

    def reseat(self) -> None:
        """Recompute the living order after a death (distances shrink, 1d)."""
        self.alive_order = [p for p in self.players if p.alive]
        self._pos = {p.seat: i for i, p in enumerate(self.alive_order)}
        self._distances.clear()

    def distances_changed(self) -> None:
        """A horse or a skill changed (seats: `reseat`): forget the cached distances.

        Called where equipment and skills change hands (`ZonesLayer.equip`, `unequip`,
        `attach`, `detach`) and by `changed_outside`; a skill's `distance` modifier
        may read nothing else (skills/__init__.py)."""
        self._distances.clear()

    def changed_outside(self) -> None:
        """The state changed outside the flow (a host correction, a test setting up a
        position): listings (`version`, _legal.py) and distances made before are stale."""
        self.version += 1
        self._distances.clear()
