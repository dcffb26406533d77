"""Three Kingdoms Kill at the table: which engine action each scan or press means.

PRODUCT.md "Table flow conventions", prompt by prompt (`engine.sanguosha.prompts`):

| prompt           | scan                                  | OK              | NO                | SELECT n        |
|------------------|---------------------------------------|-----------------|-------------------|-----------------|
| reveal_identity  | an identity card: RevealIdentity      |                 |                   |                 |
| choose_general   | a general: ChooseGeneral              |                 |                   |                 |
| play             | a card: PlayCard; a skill token or    | EndPlay         |                   |                 |
|                  | your own general: stage that skill    |                 |                   |                 |
| choose_target    | a general: ChooseTarget(its seat)     | Confirm         | Confirm(False)    | ChooseTarget(n) |
| respond          | a card: Respond; a provider's card    | the one offered | Respond(None)     |                 |
|                  | (Eight Diagrams): UseSkill; a skill   | skill: UseSkill |                   |                 |
|                  | token or own general: stage the skill |                 |                   |                 |
| nullify          | Nullification: Respond                |                 | Pass              |                 |
| discard          | a card: Discard                       | Confirm (rest   | Pass              |                 |
|                  |                                       | unseen)         |                   |                 |
| judgment_card    | the flipped card: ProvideJudgment     |                 |                   |                 |
| reveal_card      | RevealCard                            | RevealCard(None)| RevealCard(None)  |                 |
| choose_card_from | PickCard                              | PickCard(None)  | Pass              |                 |
| harvest_pick     | PickCard                              |                 |                   |                 |
| confirm          |                                       | Confirm         | Confirm(False)    |                 |

A staged skill (after its token or the owner's general) collects the cards and the
targets scanned next; OK submits `UseSkill(skill, cards, targets)`, NO cancels.

Seats. A per-seat reader's input is its seat's. The shared reader's input belongs to
the seat the engine waits for; in setup, to the first seat still to scan (the lord is
seat 1, the others follow in turn order); in a window open to several seats
(Nullification), to the player who scanned their own general just before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.table.adapter import Ignore, Interpretation, Refuse, Stage, Submit
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Note, Signal
from companion.table.resolve import Scanned
from engine.core.errors import InvalidAction
from engine.sanguosha.actions import (
    ChooseGeneral,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Pass,
    PickCard,
    PlayCard,
    ProvideJudgment,
    Respond,
    RevealCard,
    RevealIdentity,
    Timeout,
    UseSkill,
)
from engine.sanguosha.catalogue import Card, catalogue, parse_card
from engine.sanguosha.game import Game
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.settings import Settings

__all__ = ["SanguoshaTable", "settings_from"]

_SETUP = (PromptKind.REVEAL_IDENTITY, PromptKind.CHOOSE_GENERAL)
_SKILL_KINDS = ("active", "conversion")


def settings_from(data: dict[str, Any]) -> Settings:
    """House settings from JSON (unknown keys refused).

    Raises:
        InvalidAction: a key that is not a setting, or a value outside the rules.
    """
    known = set(Settings.__dataclass_fields__)
    unknown = sorted(set(data) - known)
    if unknown:
        raise InvalidAction(_bad_settings(), setting=unknown[0], value=data[unknown[0]])
    settings = Settings(**data)
    settings.validate()
    return settings


def _bad_settings() -> Any:
    from engine.sanguosha.reasons import Reason

    return Reason.BAD_SETTINGS


@dataclass
class _StagedSkill:
    seat: int
    skill: str
    cards: list[Card] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)


class SanguoshaTable:
    """The Three Kingdoms Kill adapter (see the module docstring for the mapping)."""

    game = "sanguosha"

    def __init__(self, players: int, seed: int, settings: dict[str, Any]) -> None:
        self.engine = Game.new(players, mode="table", seed=seed, settings=settings_from(settings))
        self.start_events = list(self.engine.start_events)
        self._claim: int | None = None
        self._staged: _StagedSkill | None = None

    # --- what the table reads ---

    def raw_prompt(self) -> Prompt | None:
        return self.engine.pending()

    def prompt(self) -> dict[str, Any] | None:
        prompt = self.engine.pending()
        if prompt is None:
            return None
        out = prompt.to_json()
        if self._staged is not None:
            staged = self._staged
            out["staged"] = {
                "seat": staged.seat,
                "skill": staged.skill,
                "cards": [str(c) for c in staged.cards],
                "targets": list(staged.targets),
            }
        return out

    def view(self) -> dict[str, Any]:
        return self.engine.view()

    def submit(self, seat: int | None, action: Any) -> list[Any]:
        return self.engine.submit(seat, action)

    def window_seconds(self) -> float | None:
        prompt = self.engine.pending()
        return prompt.timeout_s if prompt is not None else None

    def timeout(self) -> Submit | None:
        return Submit(None, Timeout()) if self.window_seconds() is not None else None

    def same_window(self, before: Prompt | None, action: Any) -> bool:
        return before is not None and before.kind is PromptKind.NULLIFY and isinstance(action, Pass)

    def decision_signals(self) -> list[tuple[int, Signal]]:
        prompt = self.engine.pending()
        if prompt is None:
            return []
        signal = Signal.JUDGMENT if prompt.kind is PromptKind.JUDGMENT_CARD else Signal.DECIDE
        seats = [prompt.seat] if prompt.seat is not None else list(prompt.seats)
        return [(seat, signal) for seat in seats]

    # --- interpreting an input ---

    def interpret(self, inp: TableInput, scanned: Scanned | None) -> Interpretation:
        prompt = self.engine.pending()
        if prompt is None:
            return Refuse("game_over")
        if inp.kind is InputKind.CORRECT:
            return Refuse("correction_unsupported", {"op": inp.data.get("op")})
        claim = self._shared_claim(inp, prompt, scanned)
        if claim is not None:
            return claim
        seat = self._attribute(inp, prompt)
        if seat is None:
            return Refuse("who_is_it", {"seats": list(prompt.seats)})
        if seat not in prompt.seats:
            expected = list(prompt.seats)
            return Refuse("wrong_seat", {"seat": seat, "expected": expected}, seat, "engine")
        staged = self._staged
        if staged is not None and staged.seat == seat:
            return self._staged_input(staged, inp, scanned)
        handler = _HANDLERS.get(prompt.kind)
        meaning = handler(self, prompt, seat, inp, scanned) if handler else None
        if meaning is None:
            return Refuse("not_now", {"seat": seat, "prompt": prompt.kind.value})
        if isinstance(meaning, Submit):
            return _with_accept(meaning, self._clear)
        return meaning

    def _clear(self) -> None:
        self._claim = None
        self._staged = None

    def _shared_claim(
        self, inp: TableInput, prompt: Prompt, scanned: Scanned | None
    ) -> Interpretation | None:
        """At the shared reader, in a window open to several seats, a general's card
        says who is about to answer."""
        if inp.seat is not None or prompt.seat is not None or prompt.kind in _SETUP:
            return None
        if scanned is None or scanned.kind != "general":
            return None
        seat = self._seat_of(scanned.text)
        if seat is None:
            return Refuse("not_at_table", {"general": scanned.text})

        def claim() -> None:
            self._claim = seat

        return Stage(seat, [Note("claimed", {"seat": seat})], claim)

    def _attribute(self, inp: TableInput, prompt: Prompt) -> int | None:
        if inp.seat is not None:
            return inp.seat
        if prompt.seat is not None:
            return prompt.seat
        if prompt.kind in _SETUP:
            return prompt.seats[0] if prompt.seats else None
        return self._claim

    def _seat_of(self, general: str) -> int | None:
        for player in self.engine.players:
            if player.general == general:
                return player.seat
        return None

    def _own_skill(self, seat: int) -> str | None:
        """The one skill a player's own general card starts (active or conversion)."""
        general = self.engine.players[seat - 1].general
        if general is None:
            return None
        skills = catalogue().skills
        found = [
            s for s in catalogue().generals[general].skills if skills[s].tags & set(_SKILL_KINDS)
        ]
        return found[0] if len(found) == 1 else None

    def _stage_skill(self, seat: int, skill: str) -> Stage:
        def stage() -> None:
            self._staged = _StagedSkill(seat, skill)

        return Stage(seat, [Note("skill_staged", {"seat": seat, "skill": skill})], stage)

    def _equipped(self, seat: int, card: Card) -> bool:
        return card in self.engine.players[seat - 1].equip

    def _skill_start(self, seat: int, scanned: Scanned) -> Interpretation | None:
        """A skill token, the player's own general, or an equipped card with an ability
        used at will (Serpent Spear): stage that skill."""
        if scanned.kind == "card":
            card = parse_card(scanned.text)
            return self._stage_skill(seat, card.name) if self._equipped(seat, card) else None
        if scanned.kind == "skill":
            return self._stage_skill(seat, scanned.text)
        if scanned.kind == "general" and self._seat_of(scanned.text) == seat:
            skill = self._own_skill(seat)
            if skill is None:
                return Refuse("scan_skill_token", {"seat": seat, "general": scanned.text})
            return self._stage_skill(seat, skill)
        return None

    def _staged_input(
        self, staged: _StagedSkill, inp: TableInput, scanned: Scanned | None
    ) -> Interpretation:
        seat = staged.seat
        if inp.kind is InputKind.PRESS:
            button = inp.data.get("button")
            if button == "ok":
                action = UseSkill(staged.skill, tuple(staged.cards), tuple(staged.targets))
                return Submit(seat, action, on_accept=self._clear)
            if button == "no":

                def cancel() -> None:
                    self._staged = None

                return Stage(
                    seat, [Note("skill_cancelled", {"seat": seat, "skill": staged.skill})], cancel
                )
            return Ignore()
        target: int | None = None
        if inp.kind is InputKind.SELECT:
            target = int(inp.data.get("seat", 0)) or None
        elif scanned is not None and scanned.kind == "general":
            target = self._seat_of(scanned.text)
            if target is None:
                return Refuse("not_at_table", {"general": scanned.text})
        if target is not None:

            def add_target() -> None:
                staged.targets.append(target)

            return Stage(seat, [Note("target_added", {"seat": seat, "target": target})], add_target)
        if scanned is not None and scanned.kind == "card":
            card = parse_card(scanned.text)

            def add_card() -> None:
                staged.cards.append(card)

            return Stage(seat, [Note("card_added", {"seat": seat, "card": scanned.text})], add_card)
        return Refuse("finish_skill", {"seat": seat, "skill": staged.skill})


# --- one handler per prompt kind: (adapter, prompt, seat, input, scanned) -> meaning ---

_Handler = Callable[
    [SanguoshaTable, Prompt, int, TableInput, Scanned | None], Interpretation | None
]


def _button(inp: TableInput) -> str | None:
    return inp.data.get("button") if inp.kind is InputKind.PRESS else None


def _card(scanned: Scanned | None) -> Card | None:
    if scanned is None or scanned.kind != "card":
        return None
    return parse_card(scanned.text)


def _reveal_identity(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    if s is not None and s.kind == "identity":  # the lord card at setup hides nothing
        return Submit(seat, RevealIdentity(s.text), reveals=p.reason != "setup")
    return Refuse("scan_identity", {"seat": seat})


def _choose_general(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    if s is not None and s.kind == "general":
        return Submit(seat, ChooseGeneral(s.text))
    return Refuse("scan_general", {"seat": seat})


def _play(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        staged = t._skill_start(seat, s) if t._equipped(seat, card) else None  # type: ignore[arg-type]
        return staged or Submit(seat, PlayCard(card))
    if s is not None:
        return t._skill_start(seat, s) or Refuse("scan_card_first", {"seat": seat})
    button = _button(inp)
    if button == "ok":
        return Submit(seat, EndPlay())
    if button == "no":
        return Refuse("nothing_to_cancel", {"seat": seat})
    return None


def _choose_target(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    if s is not None and s.kind == "general":
        target = t._seat_of(s.text)
        if target is None:
            return Refuse("not_at_table", {"general": s.text})
        return Submit(seat, ChooseTarget(target))
    if inp.kind is InputKind.SELECT:
        target = int(inp.data.get("seat", 0))
        return Submit(seat, ChooseTarget(target)) if target else Ignore()
    button = _button(inp)
    if button in ("ok", "no"):
        return Submit(seat, Confirm(button == "ok"))
    if s is not None:
        return Refuse("choose_targets_first", {"seat": seat, "card": p.card})
    return None


def _respond(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    offered = [o for o in p.options if isinstance(o, str)]
    if card is not None:
        if card.name in offered:  # a response provider's own card (Eight Diagrams)
            return Submit(seat, UseSkill(card.name), reveals=True)
        if t._equipped(seat, card):  # a conversion equipment (Serpent Spear)
            return t._skill_start(seat, s)  # type: ignore[arg-type]
        return Submit(seat, Respond(card))
    if s is not None:
        return t._skill_start(seat, s)
    button = _button(inp)
    if button == "no":
        return Submit(seat, Respond(None))
    if button == "ok" and len(offered) == 1:
        return Submit(seat, UseSkill(offered[0]), reveals=True)
    if button == "ok":
        return Refuse("scan_or_no", {"seat": seat})
    return None


def _nullify(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        return Submit(seat, Respond(card))
    button = _button(inp)
    if button == "no":
        return Submit(seat, Pass())
    if button == "ok":
        return Refuse("scan_or_no", {"seat": seat})
    return None


def _discard(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        return Submit(seat, Discard((card,)))
    button = _button(inp)
    if button == "ok":
        return Submit(seat, Confirm(True))
    if button == "no":
        return Submit(seat, Pass())
    return None


def _judgment(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        return Submit(seat, ProvideJudgment(card), reveals=True)
    return Refuse("flip_and_scan", {"seat": seat})


def _reveal_card(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        return Submit(seat, RevealCard(card), reveals=True)
    if _button(inp) in ("ok", "no"):
        return Submit(seat, RevealCard(None))
    return None


def _choose_card_from(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    if card is not None:
        return Submit(seat, PickCard(card))
    button = _button(inp)
    if button == "ok":
        return Submit(seat, PickCard(None))
    if button == "no":
        return Submit(seat, Pass())
    return None


def _harvest_pick(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    card = _card(s)
    return Submit(seat, PickCard(card)) if card is not None else None


def _confirm(t: SanguoshaTable, p: Prompt, seat: int, inp: TableInput, s: Scanned | None):  # noqa: ANN202
    button = _button(inp)
    return Submit(seat, Confirm(button == "ok")) if button in ("ok", "no") else None


_HANDLERS: dict[PromptKind, _Handler] = {
    PromptKind.REVEAL_IDENTITY: _reveal_identity,
    PromptKind.CHOOSE_GENERAL: _choose_general,
    PromptKind.PLAY: _play,
    PromptKind.CHOOSE_TARGET: _choose_target,
    PromptKind.RESPOND: _respond,
    PromptKind.NULLIFY: _nullify,
    PromptKind.DISCARD: _discard,
    PromptKind.JUDGMENT_CARD: _judgment,
    PromptKind.REVEAL_CARD: _reveal_card,
    PromptKind.CHOOSE_CARD_FROM: _choose_card_from,
    PromptKind.HARVEST_PICK: _harvest_pick,
    PromptKind.CONFIRM: _confirm,
}


def _with_accept(meaning: Submit, clear: Callable[[], None]) -> Submit:
    """Chain `clear` after the meaning's own `on_accept` (an accepted action ends any
    staging and any shared-reader claim)."""
    own = meaning.on_accept

    def both() -> None:
        if own is not None:
            own()
        clear()

    return Submit(meaning.seat, meaning.action, meaning.reveals, meaning.notes, both)
