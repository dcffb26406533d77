"""A game session: every input committed to the log, then applied, narrated, published.

`Session.commit(input)` is the one path an input takes (docs/architecture.md, "Data
flow"): `GameLog.append` (committed, so it survives a crash) -> `Table.apply` ->
narration -> observers. It is synchronous and does no other I/O, so the same code
serves a live table, a table script, a resume (`Session.load` replays the log
without narrating) and `companion replay` (replays it narrating).

Observers receive an `Update`: the outcome, its sentences and the public state.
The terminal view, a web table view or text-to-speech subscribe here; none of them
can change the game.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.game.hints import hint_sentences
from companion.game.narrate import Said, narrate_said, prompt_said, said_events
from companion.narration import Narrator
from companion.store import GameLog
from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome
from companion.table.resolve import UidLookup
from companion.table.table import Table

__all__ = ["Observer", "PrivateObserver", "Session", "Update", "settle_games"]

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Update:
    """What one input did, for observers. `n` is the input's position in the log
    (0 for the opening update: the setup events and the first prompt). `said` gives
    each sentence's kind and seat, when the update was narrated here (`Update.of`)."""

    n: int
    outcome: Outcome | None
    sentences: list[str]
    state: dict[str, Any]
    said: tuple[Said, ...] = ()

    @classmethod
    def of(cls, n: int, outcome: Outcome | None, said: list[Said], state: dict[str, Any]) -> Update:
        """An update whose sentences are `said`'s texts."""
        return cls(n, outcome, [s.text for s in said], state, tuple(said))


Observer = Callable[[Update], None]
#: Receives a seat's private sentences (a multiplayer hint): that seat's phone only.
PrivateObserver = Callable[[int, list[str]], None]


class Session:
    """One game: its log, its table and its narrator."""

    def __init__(
        self, log: GameLog, game_id: int, table: Table, narrator: Narrator, *, inputs: int = 0
    ) -> None:
        self.log = log
        self.game_id = game_id
        self.table = table
        self.narrator = narrator
        self.inputs = inputs
        self._observers: list[Observer] = []
        self._private: list[PrivateObserver] = []
        self._status = str(table.view().get("status", ""))

    # --- building ---

    @classmethod
    def start(
        cls,
        log: GameLog,
        *,
        game: str,
        players: int,
        seed: int,
        settings: dict[str, Any],
        lang: str,
        meta: dict[str, Any] | None = None,
        lookup_uid: UidLookup | None = None,
    ) -> Session:
        """Set up a new game (checking players and settings first) and record it.
        `lookup_uid` resolves tag UIDs (the enrolment registry).

        Raises:
            engine ActionError: the engine refuses the player count or a setting
                (nothing is recorded).
            ValueError: `game` is not narrated in `lang` (nothing is recorded).
        """
        narrator = Narrator(lang, game)  # a language the game is not narrated in: refused
        table = make_table(game, players, seed, settings, lookup_uid=lookup_uid)
        game_id = log.new_game(
            game, players=players, seed=seed, settings=settings, meta={"lang": lang, **(meta or {})}
        )
        return cls(log, game_id, table, narrator)

    @classmethod
    def load(
        cls,
        log: GameLog,
        game_id: int,
        *,
        lang: str | None = None,
        on_replayed: Callable[[Update], None] | None = None,
        lookup_uid: UidLookup | None = None,
    ) -> Session:
        """Rebuild a game from its log by replaying every input.

        `on_replayed` receives an update per input (narrated only if given), for
        `companion replay`.

        Raises:
            UnknownGame: no such game in the log.
            ValueError: the game is not narrated in `lang`.
        """
        info = log.game(game_id)
        table = make_table(info.game, info.players, info.seed, info.settings, lookup_uid=lookup_uid)
        narrator = Narrator(lang or info.meta.get("lang", "en"), info.game)
        session = cls(log, game_id, table, narrator)
        if on_replayed is not None:
            on_replayed(session.opening())
        for item in log.inputs(game_id):
            outcome = table.apply(item.input)
            session.inputs = item.n
            if outcome.failure is not None:
                _log.info("game %d, input %d: the rules fail on it again (%s)", game_id,
                          item.n, outcome.failure)  # fmt: skip
            if on_replayed is not None:
                state = session.state()
                on_replayed(
                    Update.of(item.n, outcome, narrate_said(narrator, outcome, state), state)
                )
        session._status = str(table.view().get("status", ""))
        if not info.settled or info.status != session._status:
            session._settle(session.state())
        return session

    # --- reading ---

    def subscribe(self, observer: Observer) -> None:
        self._observers.append(observer)

    def subscribe_private(self, observer: PrivateObserver) -> None:
        """Receive what only one seat may see (a hint in a game of several players)."""
        self._private.append(observer)

    @property
    def over(self) -> bool:
        """Whether the game has ended: nothing more it is sent can apply, so nothing
        more is logged (a live table's pump stops here, and so does a script)."""
        return self._status == "over"

    def state(self) -> dict[str, Any]:
        """The state JSON of the public contract: the engine's public view, the
        pending decision, and `log_length`: the inputs the game received. Reader
        notices that mean nothing to the game (a card lifted off the reader, a battery
        report) are logged too but not counted, so the figure does not depend on how
        often a reader restarted."""
        out = dict(self.table.view())
        out.setdefault("pending", self.table.prompt())
        out["log_length"] = self.table.counted
        return out

    def opening(self) -> Update:
        """The setup events and the first prompt, as an update (n = 0)."""
        state = self.state()
        said = said_events(self.narrator, self.table.start_events, state)
        prompt = self.table.prompt()
        if prompt is not None:
            said.append(prompt_said(self.narrator, prompt, state))
        return Update.of(0, None, said, state)

    def announce(self, update: Update) -> None:
        """Publish an update to every observer."""
        for observer in self._observers:
            observer(update)

    # --- writing ---

    def commit(self, inp: TableInput) -> Update:
        """Commit `inp` to the log, apply it, narrate it and publish the update.

        Raises:
            DuplicateInput: this reader event is already in the log (nothing applied).
        """
        inp = self.table.enrich(inp)
        n = self.log.append(self.game_id, inp)
        self.inputs = n
        outcome = self.table.apply(inp)
        if outcome.failure is not None:
            _log.error(
                "game %d, input %d %s: the rules failed; the input is refused and the game "
                "goes on (`companion export %d` replays it)",
                self.game_id, n, json.dumps(inp.to_json(), ensure_ascii=False), self.game_id,
                exc_info=outcome.failure,
            )  # fmt: skip
        state = self.state()
        said = narrate_said(self.narrator, outcome, state)
        if outcome.hint is not None:
            said += self._hint(outcome.hint)
        update = Update.of(n, outcome, said, state)
        self._record_status(state)
        self.announce(update)
        return update

    def _hint(self, hint: dict[str, Any]) -> list[Said]:
        """A HINT step's sentences: said aloud in solo; otherwise only to the asking
        seat's own phone, and nothing for the table (docs/regicide-hints.md §5)."""
        engine = getattr(self.table.adapter, "engine", None)
        texts = [] if engine is None else hint_sentences(self.narrator, engine, hint)
        if not texts:
            return []
        seat = hint.get("seat")
        if self.table.players == 1 or not isinstance(seat, int):
            return [Said(text, "note:hint", seat) for text in texts]
        for observer in self._private:
            observer(seat, texts)
        return []

    def due_tick(self, now: float, line: int | None = None) -> TableInput | None:
        """A clock tick to commit if a timed window's time is up at `now`."""
        deadline = self.table.deadline()
        if deadline is None or deadline > now:
            return None
        return TableInput(InputKind.TICK, {}, t=now, line=line)

    def _record_status(self, state: dict[str, Any]) -> None:
        status = str(state.get("status", ""))
        if status == self._status:
            return
        self._status = status
        self._settle(state)

    def _settle(self, state: dict[str, Any]) -> None:
        """Write the game's row from `state`, the replay of its first `inputs` inputs:
        the row is derived from the log, never trusted across a crash (a kill after the
        last input, before this write, left a game `playing` for ever). A log that
        cannot be written (read-only, busy) keeps its row; the next replay settles it."""
        summary: dict[str, Any] = {
            k: state.get(k) for k in ("winners", "winner_side", "turn") if k in state
        }
        status = str(state.get("status", ""))
        try:
            self.log.set_status(self.game_id, status, summary, at=self.inputs)
        except sqlite3.OperationalError as exc:
            _log.info("game %d: its row is not settled (%s)", self.game_id, exc)


def settle_games(log: GameLog) -> None:
    """Replay every game whose row does not describe all its logged inputs, which
    sets the row right (`Session._settle`): what `companion games` and `resume` do
    before they trust a row's status. A game that cannot be replayed keeps its row."""
    for info in log.games():
        if info.settled:
            continue
        try:
            Session.load(log, info.id)
        except Exception:  # one broken game must not hide the others
            _log.warning("game %d could not be replayed; its row is shown as stored",
                         info.id, exc_info=True)  # fmt: skip
