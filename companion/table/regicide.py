"""Regicide at the table: which engine action each scan or press means.

docs/product.md "Regicide at the table", prompt by prompt (`engine.regicide.prompts`):

| prompt       | scan (a card of the deck)          | OK              | NO                      | SELECT n       |
|--------------|------------------------------------|-----------------|-------------------------|----------------|
| reveal_enemy | the royal turned up: RevealEnemy   |                 |                         |                |
| jester_flip  | a Jester: FlipJester               | FlipJester      | DeclineFlip             |                |
| play         | adds the card to the staged play   | Play(staged)    | staged: take it back;   |                |
|              | (refused at once if it cannot be   |                 | else Yield              |                |
|              | part of a legal play)              |                 |                         |                |
| pay_damage   | Discard(card): the engine sums it  |                 | held (long): CannotPay  |                |
| (one set)    | adds the card to the staged set    | Discard(staged) | staged: take it back    |                |
| choose_next  |                                    | own reader: me  |                         | ChooseNext(n)  |

A host correction `hand SEAT COUNT` is `CorrectHandCount` at any prompt.

Seats. The engine always waits for exactly one seat, so the shared reader's input is
that seat's. A per-seat reader's input is its own seat's and must come from the
seat the engine waits for, with two exceptions: anyone may scan the new enemy (the
castle deck is in the middle of the table), and after a Jester the chosen player may
press OK on their own reader (the table has agreed aloud; RB lets the players talk
then) instead of the Jester's player turning the dial to their seat.

With `allow_overpay=false` a payment is one set (the engine judges it whole: enough,
and no card it could do without), so the discards are staged like a play's cards and
OK pays with them; a scan that would leave a card to spare is refused at once.

A staged play is checked card by card: every part of a legal play is itself a legal
play (docs/regicide.md §1.4), so a card that makes the staged group illegal is refused at once, with
the engine's reason, and the staged cards stay as they were.

UNDO (the table's) cannot take back what showed hidden cards: a new enemy, a Jester
flip (a fresh hand), a play whose Diamonds had cards drawn.
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

from companion.table.adapter import Interpretation, Refuse, Submit
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Signal
from companion.table.regicide_prompts import HANDLERS
from companion.table.resolve import Scanned
from engine.core.errors import ActionError
from engine.regicide import Card, CorrectHandCount, Game, Play, Prompt, PromptKind, Settings
from engine.regicide.events import DiamondsDrawn
from engine.regicide.reasons import Reason
from engine.regicide.state import card_values

__all__ = ["RegicideTable", "settings_from"]

_ANY_SEAT = (PromptKind.REVEAL_ENEMY,)


def settings_from(data: dict[str, Any]) -> Settings:
    """Regicide house settings from JSON: `Settings` field names, each value of its
    default's type (a list for `recruited_values`).

    >>> settings_from({"solo_yield": True}).changed()
    {'solo_yield': True}

    Raises:
        ValueError: an unknown setting or a value of the wrong type or out of its
            choices; the message names the setting.
    """
    default = Settings()
    known = {f.name for f in fields(Settings)}
    given: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            raise ValueError(
                f"{name!r} is not a Regicide setting (known: {', '.join(sorted(known))})"
            )
        want = getattr(default, name)
        if isinstance(want, tuple) and isinstance(value, list):
            value = tuple(value)
        if type(value) is not type(want):
            raise ValueError(
                f"Regicide setting {name} takes a {type(want).__name__}, got {value!r}"
            )
        given[name] = value
    return Settings(**given)


class _Told:
    """An engine event with the figures its sentence needs added (see `told`)."""

    __slots__ = ("_event", "_extra", "kind")

    def __init__(self, event: Any, extra: dict[str, Any]) -> None:
        self._event = event
        self._extra = extra
        self.kind = event.kind

    def to_json(self) -> dict[str, Any]:
        return {**self._event.to_json(), **self._extra}


def told(event: Any) -> Any:
    """The event, with what narration cannot compute from it: who draws how many for
    Diamonds (`shape` none/one/alone/each/rounds, `drawers`, `drawn`), what is still
    to pay after a discard (`left`), and how an enemy fell (`fate`: exact or
    overkill, `_last` for the last King)."""
    if event.kind == "diamonds_drawn":
        order = list(event.order)
        drawers = list(dict.fromkeys(order))
        if not order:
            shape = "none"
        elif len(drawers) == 1:
            shape = "one" if len(order) == 1 else "alone"
        else:
            shape = "each" if len(drawers) == len(order) else "rounds"
        return _Told(event, {"shape": shape, "drawers": drawers, "drawn": len(order)})
    if event.kind == "cards_discarded":
        return _Told(event, {"left": max(0, event.amount - event.paid)})
    if event.kind == "enemy_defeated":
        fate = ("exact" if event.exact else "overkill") + ("_last" if not event.castle_left else "")
        return _Told(event, {"fate": fate})
    return event


class RegicideTable:
    """The Regicide adapter (see the module docstring for the mapping)."""

    game = "regicide"

    def __init__(self, players: int, seed: int, settings: dict[str, Any]) -> None:
        self.engine = Game.new(players, mode="table", seed=seed, settings=settings_from(settings))
        self.start_events = [told(e) for e in self.engine.events()]
        self.staged: list[Card] = []
        self._values = card_values(self.engine.settings)
        #: `allow_overpay=false`: a payment is one set, judged whole, so its discards are
        #: staged (like a play's cards) and OK pays with them.
        self.one_set = not self.engine.settings.allow_overpay

    # --- what the table reads ---

    def raw_prompt(self) -> Prompt | None:
        return self.engine.pending()

    def prompt(self) -> dict[str, Any] | None:
        prompt = self.engine.pending()
        if prompt is None:
            return None
        out = prompt.to_json()
        if prompt.kind is PromptKind.PAY_DAMAGE:
            out["left"] = max(0, prompt.amount - prompt.paid)
            if self.one_set:  # the discards are gathered and paid with OK
                out["one_set"] = True
            if self.staged:
                out["staged"] = [str(c) for c in self.staged]
                out["staged_value"] = self.value()
        elif prompt.kind is PromptKind.JESTER_FLIP:  # what the flip would do, in figures
            engine = self.engine
            out["hand"] = engine.hand_count(prompt.seat)
            out["draws"] = min(engine.max_hand, engine.tavern_count())
            if prompt.step == 4:
                out["amount"] = prompt.amount
        elif self.staged:  # the play so far: each scan changes the prompt, so it is said
            out["staged"] = [str(c) for c in self.staged]
            out["staged_value"] = self.value()
        return out

    def view(self) -> dict[str, Any]:
        """The engine's public view with the pending decision as `prompt()` writes it
        (the cards staged for a play included)."""
        out = self.engine.view()
        out["pending"] = self.prompt()
        return out

    def submit(self, seat: int | None, action: Any) -> list[Any]:
        # seat None (the table's interface allows it) is refused by the engine: InvalidAction
        return [told(e) for e in self.engine.submit(seat, action)]  # type: ignore[arg-type]

    def window_seconds(self) -> float | None:
        return None  # Regicide has no timed window

    def timeout(self) -> Submit | None:
        return None

    def same_window(self, before: Any, action: Any) -> bool:
        return False

    def decision_signals(self) -> list[tuple[int, Signal]]:
        prompt = self.engine.pending()
        if prompt is None:
            return []
        # a new enemy is a card to turn up and scan, as a judgment is in the other game
        flip = prompt.kind is PromptKind.REVEAL_ENEMY
        return [(prompt.seat, Signal.JUDGMENT if flip else Signal.DECIDE)]

    # --- helpers for the prompt handlers ---

    def value(self, cards: list[Card] | None = None) -> int:
        """The attack value of `cards` (the staged ones by default), per the settings."""
        return sum(self._values[c] for c in (self.staged if cards is None else cards))

    def refusal(self, seat: int, action: Any) -> Refuse | None:
        """The engine's refusal of `action` now, or None if it would be accepted. The
        engine is not touched: a refusal is reproduced on a copy, for its reason."""
        if self.engine.is_legal(seat, action):
            return None
        try:
            copy.deepcopy(self.engine).submit(seat, action)
        except ActionError as exc:
            data = exc.to_json()
            key = data.pop("reason")
            return Refuse(key, data, seat, "engine")
        return None  # pragma: no cover - is_legal and submit agree by contract

    def draws_cards(self, seat: int, play: Play) -> bool:
        """Whether `play` would have the table draw cards (Diamonds): an input that shows
        players hidden cards, which UNDO may not take back."""
        if not any(c.suit is not None and c.suit.value == "D" for c in play.cards):
            return False
        events = copy.deepcopy(self.engine).submit(seat, play)
        return any(isinstance(e, DiamondsDrawn) and e.order for e in events)

    def clear(self) -> None:
        self.staged = []

    # --- interpreting an input ---

    def interpret(self, inp: TableInput, scanned: Scanned | None) -> Interpretation:
        prompt = self.engine.pending()
        if prompt is None:
            return Refuse("game_over")
        if inp.kind is InputKind.CORRECT:
            return self._correction(inp)
        if scanned is not None and scanned.kind != "poker":
            return Refuse("regicide.not_this_deck", {"code": scanned.text})
        seat = prompt.seat
        if inp.seat is not None and inp.seat != seat and prompt.kind not in _ANY_SEAT:
            if not (prompt.kind is PromptKind.CHOOSE_NEXT and _button(inp) == "ok"):
                data = {"seat": inp.seat, "expected": seat, "prompt": prompt.kind.value}
                return Refuse(Reason.NOT_YOUR_DECISION.value, data, inp.seat, "engine")
        card = Card(scanned.text) if scanned is not None else None
        meaning = HANDLERS[prompt.kind](self, prompt, inp, card)
        if meaning is None:
            return Refuse("regicide.not_now", {"seat": seat, "prompt": prompt.kind.value})
        return meaning

    def _correction(self, inp: TableInput) -> Interpretation:
        """The host fixes a hand count (`correct hand SEAT COUNT`); the engine has no
        other correction (health, moving a card) for Regicide."""
        data = inp.data
        if data.get("op") != "hand":
            return Refuse("correction_unsupported", {"op": data.get("op")})
        # the host's raw values: the engine refuses a bad seat or count (InvalidAction)
        action = CorrectHandCount(data.get("seat"), data.get("count"))  # type: ignore[arg-type]
        return Submit(action.seat, action)


def _button(inp: TableInput) -> str | None:
    return inp.data.get("button") if inp.kind is InputKind.PRESS else None
