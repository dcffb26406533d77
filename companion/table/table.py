"""The table: reader inputs in, engine actions and outcomes out; sans-IO and replayable.

Theory of operation. `Table.apply(input)` is the only way in. It is a pure function
of the inputs applied so far: no clock is read (each input carries its time `t`),
nothing is written, nothing is awaited. That is what makes the game log work: the
state of a game is `Table` fed with its logged inputs, again, in order, so resume
is a replay and so is UNDO.

- A **scan** is resolved once, at the door (`resolve.resolve_input`), to what it
  names: a card, general, identity or skill token, which the game adapter attributes
  to a seat and says what it means for the game; or a command label, which acts as the
  press or select it stands for (a seat label on a shared reader in setup binds it).
- A **press of UNDO** takes back the last accepted input: the table rebuilds the
  game by replaying every accepted input but that one. An input that revealed a
  hidden card (a judgment, an identity), or a timeout, cannot be taken back.
- A **tick** moves the clock: a timed window (Nullification) whose time is up is
  closed, and so is every window opened after it whose time is up as well.
- A refused input changes nothing, at the table or in the engine.

The adapter is rebuilt from its factory for every replay, so adapter state (staged
skills, who is at the shared reader) is replayed as well, never patched.

Seats of readers. Which seat a reader's input is for is the table's to know
(`bindings`, reader name -> seat, 0 = shared), whatever bound it: a `--reader ...@N`
flag, the host page (both a logged `bind` input) or, while the game is in setup, a
seat command label scanned on a shared reader. A binding to a seat the table does not
have, or one another reader holds, is refused and changes nothing. Bindings are not
game moves: UNDO leaves them, and they do not count in `counted`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.table.adapter import GameAdapter, Ignore, Refuse, Stage, Submit
from companion.table.hints import HintDesk
from companion.table.inputs import HOST, InputKind, TableInput
from companion.table.outcome import Note, Outcome, Signal, Status
from companion.table.resolve import Resolved, Scanned, UidLookup, enrich_scan, resolve_input
from engine.core.errors import ActionError

__all__ = ["Table"]

_CLOCK_OPS = ("pause", "resume", "setting")
"""Host corrections the table handles itself: they concern its clock, not the rules."""


@dataclass(frozen=True, slots=True)
class _Accepted:
    resolved: Resolved  # the input as it acted (replayed as such)
    undoable: bool
    what: dict[str, Any]  # for the "undone" sentence

    @property
    def input(self) -> TableInput:
        return self.resolved.input


_READS = (InputKind.SCAN, InputKind.PRESS, InputKind.SELECT)
"""The inputs a reader sends when a player uses it (not notices or lifted cards)."""

_ASKED_AGAIN = ("confirm", "choose_option", "discard", "respond")
"""Prompt kinds whose answer ends them: the same one right after is asked anew."""


class Table:
    """One game at the table.

    `make_adapter()` builds the game adapter with a new engine (called again for each
    replay). `lookup_uid` maps enrolled tag UIDs to cards.
    """

    def __init__(
        self,
        make_adapter: Callable[[], GameAdapter],
        *,
        lookup_uid: UidLookup | None = None,
        players: int | None = None,
    ) -> None:
        self._make_adapter = make_adapter
        self._lookup_uid = lookup_uid
        self._accepted: list[_Accepted] = []
        self.adapter = make_adapter()
        self.players = players if players is not None else _players(self.adapter.view())
        #: Reader name -> the seat it is bound to (0: shared), as the log bound them.
        self.bindings: dict[str, int] = {}
        #: Whether a shared reader has been used (an input with no seat, or one bound to
        #: 0); like the bindings, UNDO leaves it.
        self.shared_reader = False
        self.clock = 0.0
        self._paused = False
        self._window_override: float | None = None
        self._window_since: float | None = self._initial_window()
        self.hints = HintDesk()
        self.applied = 0
        self.counted = 0  # inputs that reached the game (not ignored notices)

    # --- reading ---

    @property
    def start_events(self) -> list[dict[str, Any]]:
        """The events of the setup that ran before any input (JSON)."""
        return [e.to_json() for e in self.adapter.start_events]

    def prompt(self) -> dict[str, Any] | None:
        """The pending decision (JSON). One open to several seats at once (a
        Nullification window) carries `shared_reader` once a shared reader is in use, so
        its prompt can say how to answer there: your own general first (who answers),
        then the answer."""
        prompt = self.adapter.prompt()
        if prompt is not None and self.shared_reader and prompt.get("seat") is None:
            prompt = {**prompt, "shared_reader": True}
        return prompt

    def view(self) -> dict[str, Any]:
        return self.adapter.view()

    def window_seconds(self) -> float | None:
        """How long the open timed window lasts: the house setting, or the host's change."""
        seconds = self.adapter.window_seconds()
        if seconds is not None and self._window_override is not None:
            return self._window_override
        return seconds

    def deadline(self) -> float | None:
        """When the open timed window closes by itself (clock seconds), if one is open
        and the host has not paused the clock."""
        seconds = self.window_seconds()
        if seconds is None or self._window_since is None or self._paused:
            return None
        return self._window_since + seconds

    def decision_signals(self) -> list[tuple[int, Signal]]:
        return self.adapter.decision_signals()

    # --- applying ---

    def enrich(self, inp: TableInput) -> TableInput:
        """The input as it should be logged: a tag UID resolved through the enrolment
        registry carries its card code, so a replay needs no registry."""
        if inp.kind is not InputKind.SCAN:
            return inp
        data = enrich_scan(inp.data, self._lookup_uid)
        return inp if data is inp.data else replace(inp, data=data)

    def apply(self, inp: TableInput) -> Outcome:
        """Apply one input and say what it did. Never raises for bad input."""
        self.applied += 1
        self.clock = max(self.clock, inp.t)
        resolved = resolve_input(inp, self._lookup_uid)
        binding = self._binding(resolved)
        if binding is not None:
            return self._bind(inp, *binding)
        if inp.seat is None and inp.reader not in (None, HOST) and inp.kind in _READS:
            self.shared_reader = True
        inp = resolved.input
        hint = self.hints.take(self.adapter, resolved)
        if hint is not None:  # advice, not a move: ignored by the game (hints.py)
            seat = hint.get("seat")
            return Outcome(inp, Status.IGNORED, seat=seat, prompt=self.prompt(), hint=hint)
        before = self.prompt()
        try:
            if inp.kind is InputKind.PRESS and inp.data.get("button") == "undo":
                outcome = self._undo(inp)
            else:
                outcome, record = self._step(resolved)
                if record is not None:
                    self._accepted.append(record)
        except Exception as exc:  # a bug outside the engine's submit (see _engine_failed)
            outcome = self._engine_failed(inp, None, exc)
        if outcome.status is not Status.IGNORED:
            self.counted += 1
        after = self.prompt()
        # the same question asked again after it was answered (Xiaoji twice) is a new
        # decision: narrated again; a play phase going on after a card is not
        changed = after != before or (
            outcome.accepted
            and bool(outcome.events)
            and after is not None
            and after.get("kind") in _ASKED_AGAIN
        )
        signals = list(outcome.signals)
        if outcome.status is not Status.IGNORED and (changed or outcome.accepted):
            signals.extend(self.adapter.decision_signals())
        return replace(outcome, prompt=after, prompt_changed=changed, signals=signals)

    # --- seats of readers ---

    def seat_of(self, reader: str | None, announced: int | None) -> int | None:
        """The seat a reader's input is for: its binding, else the seat it announced
        (None: shared)."""
        if reader is not None and reader in self.bindings:
            return self.bindings[reader] or None
        return announced or None

    def _binding(self, resolved: Resolved) -> tuple[str, int] | None:
        """(reader, seat) if the input binds a reader: a `bind` input, or a seat label
        scanned on a shared reader while the game is in setup."""
        inp = resolved.input
        if inp.kind is InputKind.BIND:
            return str(inp.data.get("reader", "")), _whole(inp.data.get("seat"))
        if (
            not resolved.label
            or inp.kind is not InputKind.SELECT
            or inp.seat is not None
            or inp.reader in (None, HOST)
            or self.adapter.view().get("status") != "setup"
        ):
            return None
        return str(inp.reader), int(inp.data["seat"])

    def _bind(self, inp: TableInput, reader: str, seat: int) -> Outcome:
        data: dict[str, Any] = {"reader": reader, "seat": seat}
        if not 0 <= seat <= self.players:
            refusal = {"reason": "bind_no_seat", **data, "players": self.players}
            return self._refused(inp, None, refusal, "table")
        holder = next((r for r, s in self.bindings.items() if seat and s == seat), None)
        if holder is not None and holder != reader:
            refusal = {"reason": "bind_seat_taken", **data, "other": holder}
            return self._refused(inp, seat, refusal, "table")
        self.bindings[reader] = seat
        self.shared_reader = self.shared_reader or not seat
        note = Note("reader_bound", data) if seat else Note("reader_unbound", {"reader": reader})
        return Outcome(
            inp, Status.ACCEPTED, seat=seat or None, notes=[note],
            prompt=self.prompt(), signals=[(None, Signal.ACCEPTED)],
        )  # fmt: skip

    def _step(self, resolved: Resolved) -> tuple[Outcome, _Accepted | None]:
        inp = resolved.input
        if inp.kind is InputKind.TICK:
            return self._tick(inp)
        if inp.kind in (InputKind.REMOVE, InputKind.NOTICE):
            return Outcome(inp, Status.IGNORED), None
        if inp.kind is InputKind.CORRECT and inp.data.get("op") in _CLOCK_OPS:
            return self._clock_control(inp)
        if (exc := resolved.unknown) is not None:
            note = {"code": exc.value} if exc.reason == "unknown_code" else {"uid": exc.value}
            if exc.suggestion:
                note["suggestion"] = exc.suggestion
            return self._refused(inp, None, {"reason": exc.reason, **note}, "table"), None
        scanned = resolved.scanned
        meaning = self.adapter.interpret(inp, scanned)
        if isinstance(meaning, Ignore):
            return Outcome(inp, Status.IGNORED), None
        if isinstance(meaning, Refuse):
            refusal = {"reason": meaning.key, **meaning.data}
            return self._refused(inp, meaning.seat, refusal, meaning.source), None
        # what UNDO will say it took back: never a card the table must not hear about
        # (a skill's face-down cards, a private prompt's), nor an option as a seat
        raw = self.adapter.raw_prompt()
        secret = meaning.secret
        private = secret or bool(
            getattr(raw, "private", False) or getattr(raw, "kind", None) == "choose_option"
        )
        what = _undo_data(inp, scanned, meaning.seat, private=private)
        if isinstance(meaning, Stage):
            meaning.on_accept()
            outcome = Outcome(
                inp, Status.ACCEPTED, seat=meaning.seat, notes=meaning.notes,
                signals=[(None, Signal.ACCEPTED)], secret=secret,
            )  # fmt: skip
            return outcome, _Accepted(resolved, True, what)
        return self._submit(resolved, meaning, what, secret)

    def _submit(
        self, resolved: Resolved, meaning: Submit, what: dict[str, Any], secret: bool
    ) -> tuple[Outcome, _Accepted | None]:
        inp = resolved.input
        before = self.adapter.raw_prompt()
        try:
            events = self.adapter.submit(meaning.seat, meaning.action)
        except ActionError as exc:
            return self._refused(inp, meaning.seat, exc.to_json(), "engine"), None
        except Exception as exc:  # a bug in the rules: do not let one input wedge the game
            return self._engine_failed(inp, meaning.seat, exc), None
        if meaning.on_accept is not None:
            meaning.on_accept()
        self._after_action(before, meaning.action, inp.t)
        action = meaning.action.to_json()
        outcome = Outcome(
            inp,
            Status.ACCEPTED,
            seat=meaning.seat,
            action=action,
            events=[e.to_json() for e in events],
            notes=meaning.notes,
            signals=[(None, Signal.ACCEPTED)],
            secret=secret,
        )
        return outcome, _Accepted(resolved, not meaning.reveals, what)

    def _engine_failed(self, inp: TableInput, seat: int | None, exc: Exception) -> Outcome:
        """The engine raised something other than a refusal. Its state may be half
        changed, so the game is rebuilt from the accepted inputs and this one is
        refused; a replay of the log meets the same failure and does the same."""
        self._rebuild(list(self._accepted))
        error = f"{type(exc).__name__}: {exc}"
        refused = self._refused(inp, seat, {"reason": "engine_error", "error": error}, "table")
        return replace(refused, failure=exc)

    def _refused(
        self, inp: TableInput, seat: int | None, refusal: dict[str, Any], source: str
    ) -> Outcome:
        return Outcome(
            inp, Status.REFUSED, seat=seat, refusal=refusal, refusal_source=source,
            signals=[(None, Signal.REFUSED)],
        )  # fmt: skip

    # --- the clock ---

    def _initial_window(self) -> float | None:
        return 0.0 if self.adapter.window_seconds() is not None else None

    def _after_action(self, before: Any, action: Any, t: float) -> None:
        if self.window_seconds() is None:
            self._window_since = None
        elif self._window_since is None or not self.adapter.same_window(before, action):
            self._window_since = t

    def _tick(self, inp: TableInput) -> tuple[Outcome, _Accepted | None]:
        events: list[dict[str, Any]] = []
        closed = 0
        while (deadline := self.deadline()) is not None and deadline <= inp.t:
            timeout = self.adapter.timeout()
            if timeout is None:
                break
            before = self.adapter.raw_prompt()
            try:
                events.extend(e.to_json() for e in self.adapter.submit(None, timeout.action))
            except ActionError:  # the engine refused to close it: leave the window open
                self._window_since = None
                break
            except Exception as exc:  # a bug in the rules (see _engine_failed)
                return self._engine_failed(inp, None, exc), None
            closed += 1
            self._after_action(before, timeout.action, deadline)
        if not closed:
            return Outcome(inp, Status.IGNORED), None
        outcome = Outcome(
            inp, Status.ACCEPTED, events=events, notes=[Note("window_closed", {"count": closed})]
        )
        return outcome, _Accepted(Resolved(inp), False, {})

    def _clock_control(self, inp: TableInput) -> tuple[Outcome, _Accepted | None]:
        """The host pauses or resumes timed windows, or changes how long they last."""
        op = inp.data.get("op")
        if op == "setting":
            name, value = inp.data.get("name"), inp.data.get("value")
            if (
                name != "nullification_timeout_s"
                or not isinstance(value, (int, float))
                or value <= 0
            ):
                refusal = {"reason": "bad_settings", "setting": name, "value": value}
                return self._refused(inp, None, refusal, "engine"), None
            self._window_override = float(value)
            note = Note("window_length", {"seconds": value})
        elif op == "pause":
            self._paused = True
            note = Note("clock_paused")
        else:
            self._paused = False
            if self._window_since is not None:
                self._window_since = inp.t  # the window gets its full time again
            note = Note("clock_resumed")
        outcome = Outcome(inp, Status.ACCEPTED, notes=[note], signals=[(None, Signal.ACCEPTED)])
        return outcome, _Accepted(Resolved(inp), True, {"control": True})

    # --- undo ---

    def _undo(self, inp: TableInput) -> Outcome:
        # the host's clock controls stay; UNDO takes back the last input of the game
        games = [i for i, r in enumerate(self._accepted) if not r.what.get("control")]
        if not games:
            return self._refused(inp, inp.seat, {"reason": "nothing_to_undo"}, "table")
        index = games[-1]
        last = self._accepted[index]
        if not last.undoable:
            kind = "time" if last.input.kind is InputKind.TICK else "hidden"
            return self._refused(inp, inp.seat, {"reason": f"cannot_undo_{kind}"}, "table")
        self._rebuild(self._accepted[:index] + self._accepted[index + 1 :])
        return Outcome(
            inp, Status.ACCEPTED, seat=last.what.get("seat"), notes=[Note("undone", last.what)],
            signals=[(None, Signal.ACCEPTED)],
        )  # fmt: skip

    def _rebuild(self, keep: list[_Accepted]) -> None:
        self.adapter = self._make_adapter()
        self._accepted = []
        self._paused = False
        self._window_override = None
        self._window_since = self._initial_window()
        for record in keep:
            outcome, again = self._step(record.resolved)
            if again is None:  # cannot happen with a deterministic engine
                raise RuntimeError(f"replay diverged at {record.input!r}: {outcome.refusal}")
            self._accepted.append(again)


def _players(view: dict[str, Any]) -> int:
    """How many seats a game's public view has (Regicide's hands, the other's seats)."""
    return len(view.get("seats") or view.get("hands") or [])


def _whole(value: Any) -> int:
    """A logged seat number as an int (-1, which no seat is, for anything else)."""
    return value if type(value) is int else -1


def _undo_data(
    inp: TableInput, scanned: Scanned | None, seat: int | None, *, private: bool = False
) -> dict[str, Any]:
    """What an accepted input was, for the sentence that takes it back (`private`:
    only whose input it was)."""
    data: dict[str, Any] = {"seat": seat}
    if private:
        return data
    if scanned is not None:
        data[scanned.kind if scanned.kind != "poker" else "card"] = scanned.text
    elif inp.kind is InputKind.PRESS:
        data["button"] = inp.data.get("button")
    elif inp.kind is InputKind.SELECT:
        data["target"] = inp.data.get("seat")
    return data
