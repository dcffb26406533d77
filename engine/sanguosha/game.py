"""The `Game` object: the public API and the driver of the resolution stack.

Theory of operation. The whole game is one generator (`_run`): setup, then turns,
each a sequence of phases, each made of nested resolution steps (a card use, its
per-target Nullification windows, a damage, a dying player's Peach requests, a
death...). Every step is a generator; a step that needs a decision `yield`s a
`Prompt` and receives the answer. That generator stack is FreeKill's nested event
stack: a step returns early to break out (a dead current player ends the turn) and
the end of the game unwinds everything at once (`_GameEnded`).

`submit(seat, action)` first checks the action against the pending prompt and the
state (`_checks.py`), without changing anything, and raises `IllegalAction` /
`InvalidAction` if it is refused; only then does it send the action into the
generator, which runs until the next prompt. So a refused action changes nothing,
without copying any state. Chance is resolved inside the stack: from the seeded
deck in digital mode, from prompts answered by the table's scans in table mode.

`Game` is the top of a chain of layers, one per module (`_gamestate.py` says which
and why); this module adds the public API and the driver.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha._legal import Bits, LegalActions, below
from engine.sanguosha._view import ViewLayer
from engine.sanguosha._zones import GameEnded
from engine.sanguosha.actions import Action, EndPlay
from engine.sanguosha.context import Entered
from engine.sanguosha.corrections import CORRECTIONS, correct
from engine.sanguosha.events import Event
from engine.sanguosha.modes import rule_skills  # noqa: F401  (registers the modes' rule skills)
from engine.sanguosha.modes.spec import check_mode
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.settings import Settings
from engine.sanguosha.skills import Flow, Point
from engine.sanguosha.state import Player

MODES = ("digital", "table")


class Game(ViewLayer):
    """A game of Three Kingdoms Kill. Build it with `Game.new(...)`."""

    start_events: list[Event]  # the events of the setup, set by `new`

    def __init__(self, players: int, mode: str, seed: int, settings: Settings) -> None:
        super().__init__(players, mode, seed, settings)
        self._flow: Flow = self._run()
        self._listing: LegalActions | None = None  # what legal_actions() returned last
        # what random_action() drew last: (version, seat, the action, its targets)
        self._drawn: tuple[int, int, Action, list[Player] | None] | None = None

    @classmethod
    def new(
        cls,
        players: int = 5,
        mode: str = "digital",
        seed: int = 0,
        settings: Settings | None = None,
    ) -> Game:
        """Set up a game and run it to its first decision.

        Raises `InvalidAction(Reason.BAD_SETTINGS)` for an unsupported player count,
        mode or setting (`MODE_PLAYERS`: the wrong count for `settings.game_mode`;
        `MODE_UNSUPPORTED`, `SETTING_UNSUPPORTED`: what the standard set cannot play).
        The events of the setup are in `game.start_events`.
        """
        settings = settings or Settings()
        if not isinstance(players, int) or not 2 <= players <= 10:
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting="players", value=players, low=2, high=10
            )
        if mode not in MODES:
            raise InvalidAction(Reason.BAD_SETTINGS, setting="mode", value=mode)
        settings.validate()
        check_mode(settings.game_mode, players)
        game = cls(players, mode, seed, settings)
        game.start_events = game._advance(None)
        return game

    # ------------------------------------------------------------------ public API
    def pending(self) -> Prompt | None:
        """The decision the game waits for, or None once it is over."""
        return self._prompt

    def submit(self, seat: int | None, action: Action) -> list[Event]:
        """Apply `seat`'s action and return the events it caused.

        Raises `IllegalAction` (the rules forbid it now; e.g. `OUT_OF_RANGE` with
        distance and attack_range) or `InvalidAction` (malformed, unknown seat); in
        both cases nothing changed. `seat` is None only for `Timeout` and for the
        host's corrections (`corrections.py`), which leave the same decision pending.
        """
        # The flow uses the targets check() resolved instead of resolving them again;
        # an action the engine itself handed out for this seat at this version (drawn
        # by random_action, or listed) is checked already (_legal.py says why).
        drawn = self._drawn
        if drawn is not None and drawn[2] is action and drawn[0] == self.version:
            if drawn[1] == seat:
                self.checked_targets = drawn[3]
                return self._advance((seat, action))
        if self._prompt is None:
            raise IllegalAction(Reason.GAME_OVER)
        if not isinstance(action, Action):
            raise InvalidAction(Reason.UNKNOWN_ACTION, action=repr(action))
        if isinstance(action, CORRECTIONS):
            try:
                return correct(self, seat, action)
            finally:
                self.changed_outside()  # a correction changes the state under the same prompt
        listing = self._listing
        if (
            listing is not None
            and listing.version == self.version
            and listing.seat == seat
            and listing.lists(action)
        ):
            self.checked_targets = listing.targets_of(action)
        else:
            self.checked_targets = self.check(self._prompt, seat, action)
        return self._advance((seat, action))

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """The legal actions of `seat` (default: the pending prompt's seat) now.

        A view: supports `in` (which accepts any legal action, also ones the list
        does not spell out, such as `PlayCard` with its targets), iteration, `len`
        and `bool`. Multi-step decisions are listed one step at a time.
        """
        prompt = self._prompt
        if prompt is None:
            return LegalActions(self, None, [])
        if seat is None:
            seat = prompt.seat if prompt.seat is not None else prompt.seats[0]
        listing = self._listing
        if listing is None or listing.version != self.version or listing.seat != seat:
            listing = self._listing = LegalActions(self, seat, self.enumerate(prompt, seat))
        return listing

    def random_action(self, rng: Bits, seat: int | None = None) -> Action:
        """A legal action of `seat` (default: as `legal_actions`), drawn with the bot's
        own `rng`: uniformly among the actions `legal_actions(seat)` lists.

        For a bot: the same distribution as `listing[rng.randrange(len(listing))]`,
        which is what it does for every prompt but the play prompt; a play prompt is
        sampled without deciding every card's usability (`LegalLayer.sample_play`), so
        it draws from `rng` differently. `submit` trusts the action returned, as a
        listed one. Raises `IllegalAction(GAME_OVER)` once the game is over, and for a
        seat the prompt does not ask what `submit` raises (`NOT_YOUR_TURN`, `WRONG_SEAT`;
        `InvalidAction(UNKNOWN_SEAT)` for no seat of this game).
        """
        prompt = self._prompt
        if prompt is None:
            raise IllegalAction(Reason.GAME_OVER)
        if seat is None:
            seat = prompt.seat if prompt.seat is not None else prompt.seats[0]
        elif seat not in prompt.seats:
            self.check_asked(prompt, seat)
        listing = self._listing
        if listing is not None and listing.version == self.version and listing.seat == seat:
            action = listing[below(rng, len(listing))]
            targets = listing.targets_of(action)
        elif prompt.kind is PromptKind.PLAY:
            action, targets = self.sample_play(self.player(seat), rng)
        else:  # the list itself, without keeping it as the listing
            actions = self.enumerate(prompt, seat)
            action, targets = actions[below(rng, len(actions))], None
        self._drawn = (self.version, seat, action, targets)
        return action

    # ------------------------------------------------------------------ driver
    def run_aside(self, flow: Flow) -> list[Event]:
        """Run a host correction's `flow` (a missed death: `corrections.py`) in front of
        the pending decision: its prompts are answered first, then that decision stands
        again (a dead player's own play phase ends instead). Returns its events."""
        self._asides.append((flow, self._prompt))
        return self._advance(None, aside=True)

    def _step_aside(self, action: Action | None) -> Prompt | None:
        flow, saved = self._asides[-1]
        try:
            return next(flow) if action is None else flow.send(action)
        except StopIteration:
            self._asides.pop()
        if saved is not None and saved.kind is PromptKind.PLAY and saved.seat is not None:
            if not self.player(saved.seat).alive:  # a death in one's own turn ends it
                return self._flow.send(EndPlay())
        return saved

    def _advance(
        self, answer: tuple[int | None, Action] | None, aside: bool = False
    ) -> list[Event]:
        """Run the flow to its next prompt (None: the first run, from the setup; `aside`:
        the first step of a correction's flow, `run_aside`)."""
        self.version += 1  # the flow runs: the state changes (_legal.py)
        out: list[Event] = []
        self._out = out
        self.emit = out.append
        try:
            if aside:
                self._prompt = self._step_aside(None)
            elif answer is None:
                self._prompt = next(self._flow)
            else:
                self.log_length += 1
                self.denied = None
                self._seat, action = answer
                if self._asides:
                    self._prompt = self._step_aside(action)
                else:
                    self._prompt = self._flow.send(action)
        except GameEnded:
            self._prompt = None
            self.status = "over"
        return out

    def _run(self) -> Flow:
        yield from self.setup()
        yield from self.enter_play(self.players)  # every general is revealed (化身)
        self.status = "playing"
        yield from self.play_turns()

    def enter_play(self, players: list[Player]) -> Flow:
        """`players`' generals enter play, in seat order (`Point.ENTERED`): the first
        generals at game start, a later one when it has entered (`TeamMode.enter`)."""
        if Point.ENTERED in self._hooks:
            for p in players:
                yield from self.fire(Point.ENTERED, Entered(p))
