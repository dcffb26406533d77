"""Three Kingdoms Kill at the table: which engine action each scan or press means.

docs/product.md "Table flow conventions", prompt by prompt (`engine.sanguosha.prompts`):

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
| choose_card_from | PickCard (Guanxing: each card kept on | PickCard(None)  | Pass (Guanxing:   |                 |
|                  | top, top first)                       | (a hand card    | the rest to the   |                 |
|                  |                                       | unseen, if one  | bottom)           |                 |
|                  |                                       | may be taken)   |                   |                 |
| harvest_pick     | PickCard                              |                 |                   |                 |
| confirm          |                                       | Confirm         | Confirm(False)    |                 |
| choose_option    | refused (it would show a card)        | the 1st of two  | the 2nd of two    | the n-th option |

Two-side modes (`--mode 1v1|2v2|3v3|4v4`): no identity card is used (a scan of one is
refused); the draft is scans of general cards (`choose_general`: the pool laid face up,
each pick, a 1v1 first general or reserve, a 3v3 marshal's assignment); a pick made
unseen by the others (a hidden general, a first general, an assignment) cannot be
undone, so UNDO never names it. The 3v3 action unit is a `choose_target` (the general
card of who acts); an AOE's direction and qs2013's team choices are `choose_option`
(OK the first, NO the second); a redrawn starting hand is a `confirm`.

A staged skill (after its token or the owner's general) collects the cards and the
targets scanned next; OK submits `UseSkill(skill, cards, targets)`, NO cancels.

Seats. A per-seat reader's input is its seat's. The shared reader's input belongs to
the seat the engine waits for; in setup, to the first seat still to scan (the lord is
seat 1, the others follow in turn order); in a window open to several seats
(Nullification), to the player who scanned their own general just before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.codes import game_card_text
from companion.table.adapter import Ignore, Interpretation, Refuse, Stage, Submit
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Note, Signal
from companion.table.resolve import Scanned
from companion.table.sanguosha_prompts import HANDLERS
from engine.core.errors import InvalidAction
from engine.sanguosha.actions import (
    MoveCard,
    Pass,
    SetDead,
    SetHandCount,
    SetHealth,
    Timeout,
    UseSkill,
)
from engine.sanguosha.cards import RULES
from engine.sanguosha.cards.delayed import DelayedTrick
from engine.sanguosha.catalogue import Card, catalogue, parse_card
from engine.sanguosha.corrections import CORRECTIONS
from engine.sanguosha.game import Game
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.reasons import Reason
from engine.sanguosha.settings import Settings
from engine.sanguosha.skills import REGISTRY, Skill

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
        # a pass, or a host correction, leaves the same window open with its time running
        return (
            before is not None
            and before.kind is PromptKind.NULLIFY
            and isinstance(action, (Pass, *CORRECTIONS))
            and not isinstance(action, SetDead)  # a death may ask for scans first
        )

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
            return _correction(inp.data)
        mode = self.engine.team_mode
        if (
            mode is not None
            and scanned is not None
            and scanned.kind == "identity"
            and prompt.kind is not PromptKind.REVEAL_IDENTITY  # 4v4: the lords dealt
        ):
            return Refuse("no_identities", {"mode": mode.spec.name}, inp.seat, "engine")
        claim = self._shared_claim(inp, prompt, scanned)
        if claim is not None:
            return claim
        seat = self._attribute(inp, prompt)
        if seat is None:
            return Refuse("who_is_it", {"seats": list(prompt.seats)})
        denied = self._denied(prompt, seat, scanned)
        if denied is not None:
            return denied
        if seat not in prompt.seats:
            late = self._late_target(prompt, seat, scanned) or self._not_own_phase(seat, scanned)
            if late is not None:
                return late
            data = {"seat": seat, "expected": list(prompt.seats)} | _purpose(prompt)
            return Refuse("wrong_seat", data, seat, "engine")
        staged = self._staged
        if staged is not None and staged.seat == seat:
            return self._staged_input(staged, inp, scanned)
        handler = HANDLERS.get(prompt.kind)
        meaning = handler(self, prompt, seat, inp, scanned) if handler else None
        if meaning is None:
            return Refuse("not_now", {"seat": seat, "prompt": prompt.kind.value})
        if isinstance(meaning, Submit):
            return _with_accept(meaning, self._clear)
        return meaning

    def _late_target(self, prompt: Prompt, seat: int, scanned: Scanned | None) -> Refuse | None:
        """Another general scanned by a Sky Halberd holder whose Kill already went to its
        first target: extra targets need the Kill to be the last hand card (the Kill was
        used at once because it was not), said instead of "may not decide now"."""
        if scanned is None or scanned.kind != "general" or prompt.kind is not PromptKind.RESPOND:
            return None
        against = getattr(prompt.ctx, "against", None)
        user = getattr(against, "user", None)
        if against is None or user is None or against.name != "kill" or user.seat != seat:
            return None
        if not any(c is not None and c.name == "sky_halberd" for c in user.equip):
            return None
        return Refuse("halberd_last_card", {"seat": seat}, seat)

    def _not_own_phase(self, seat: int, scanned: Scanned | None) -> Refuse | None:
        """A skill used only in its owner's play phase (天义, 驱虎, 乱击, 黄天 for its giver),
        shown by its token or the owner's general in another player's turn: refused with
        that rule, naming the skill, instead of "may not decide now"."""
        if scanned is None:
            return None
        if scanned.kind == "general" and self.seat_of(scanned.text) == seat:
            skills = self._own_skills(seat)
            skill_id = skills[0] if len(skills) == 1 else None
        else:
            skill_id = scanned.text if scanned.kind == "skill" else None
        player = self.engine.players[seat - 1]
        skill = self.engine.usable_skill(player, skill_id) if skill_id else None
        if skill is None or not _play_phase_only(skill):
            return None
        data = {"skill": skill.id, "seat": seat, "how": "own_play_phase"}
        return Refuse(Reason.SKILL_NOT_AVAILABLE.value, data, seat, "engine")

    def _start_refused(self, seat: int, skill: Skill) -> Refuse | None:
        """An active skill refused as soon as its token is shown, when nothing scanned
        after it could change the answer: outside its owner's play phase, or a condition
        of the player known already (黄天 by the lord or a non-Qun player, any once-per-phase
        skill a second time), as the engine would refuse it at OK."""
        if not skill.active or skill.provides or skill.converts:
            return None
        prompt = self.engine.pending()
        player = self.engine.players[seat - 1]
        if prompt is None or prompt.kind is not PromptKind.PLAY or prompt.seat != seat:
            data = {"skill": skill.id, "seat": seat, "how": "own_play_phase"}
            return Refuse(Reason.SKILL_NOT_AVAILABLE.value, data, seat, "engine")
        problem = self.engine.activation_problem(player, skill)
        if problem is None:
            return None
        return Refuse(problem[0].value, dict(problem[1]), seat, "engine")

    def _denied(self, prompt: Prompt, seat: int, scanned: Scanned | None) -> Refuse | None:
        """A card the rules just did not let this seat answer with (a Dodge after Tieqi's
        red judgment): refused with that rule, whoever the game waits for now."""
        if scanned is None or scanned.kind != "card":
            return None
        problem = self.engine.denied_problem(prompt, seat, parse_card(scanned.text))
        if problem is None:
            return None
        return Refuse(problem[0].value, problem[1], seat, "engine")

    def _clear(self) -> None:
        self._claim = None
        self._staged = None

    def _shared_claim(
        self, inp: TableInput, prompt: Prompt, scanned: Scanned | None
    ) -> Interpretation | None:
        """At the shared reader, in a window open to several seats, a general's card (or
        the seat dial) says who is about to answer. So it does in a Nullification window
        left to one seat, as its prompt said while it was open to more; a seat the
        window no longer waits for is refused at once, with who it waits for."""
        window = prompt.kind is PromptKind.NULLIFY
        if (
            inp.seat is not None
            or prompt.kind in _SETUP
            or (prompt.seat is not None and not window)
        ):
            return None
        if inp.kind is InputKind.SELECT:
            seat: int | None = int(inp.data.get("seat", 0)) or None
            if seat is None:
                return None
        elif scanned is not None and scanned.kind == "general":
            seat = self.seat_of(scanned.text)
            if seat is None:
                return Refuse("not_at_table", {"general": scanned.text})
        else:
            return None
        claimed = seat
        if window and seat not in prompt.seats:
            data = {"seat": seat, "expected": list(prompt.seats)} | _purpose(prompt)
            return Refuse("wrong_seat", data, seat, "engine")

        def claim() -> None:
            self._claim = claimed

        return Stage(claimed, [Note("claimed", {"seat": claimed})], claim)

    def _attribute(self, inp: TableInput, prompt: Prompt) -> int | None:
        if inp.seat is not None:
            return inp.seat
        if prompt.seat is not None:
            return prompt.seat
        if prompt.kind in _SETUP:
            return prompt.seats[0] if prompt.seats else None
        return self._claim

    def seat_of(self, general: str) -> int | None:
        for player in self.engine.players:
            if player.general == general:
                return player.seat
        return None

    def _own_skills(self, seat: int) -> list[str]:
        """The skills a player's own general card may start (active or conversion) in this
        game: a lord skill only for the lord, and not at all in a two-side mode; not one
        he lends the others (黄天: they start it with its token)."""
        player = self.engine.players[seat - 1]
        if player.general is None:
            return []
        skills = catalogue().skills
        have = {s.id for s in player.skills if not s.lent}  # 黄天 is the others' to start
        general = catalogue().generals[player.general]
        printed = general.skills + general.lord_skills
        ids = dict.fromkeys(printed + self.engine.general_skill_ids(player))  # 3v3 versions too
        return [s for s in ids if s in have and skills[s].tags & set(_SKILL_KINDS)]

    def _stage_skill(self, seat: int, skill: str) -> Stage:
        def stage() -> None:
            self._staged = _StagedSkill(seat, skill)

        return Stage(seat, [Note("skill_staged", {"seat": seat, "skill": skill})], stage)

    def spent_provider(self, seat: int, need: str) -> str | None:
        """The player's spent once-per-game skill that would answer a request for `need`
        (涅槃 for a Peach), if any: its OK is refused with that rule, not as a wrong press."""
        player = self.engine.players[seat - 1]
        for skill in player.skills:
            if skill.once and skill.id in player.spent and need in skill.provides:
                return skill.id
        return None

    def equipped(self, seat: int, card: Card) -> bool:
        return card in self.engine.players[seat - 1].equip

    def skill_start(self, seat: int, scanned: Scanned) -> Interpretation | None:
        """A skill token, the player's own general, or an equipped card with an ability
        used at will (Serpent Spear): stage that skill."""
        if scanned.kind == "card":
            card = parse_card(scanned.text)
            return self._stage_skill(seat, card.name) if self.equipped(seat, card) else None
        player = self.engine.players[seat - 1]
        if scanned.kind == "skill":
            skill = self.engine.usable_skill(player, scanned.text)
            if skill is None:  # refused at once
                reason, data = self.engine.skill_missing(player, scanned.text)
                return Refuse(reason.value, dict(data), source="engine")
            return self._start_refused(seat, skill) or self._stage_skill(seat, scanned.text)
        if scanned.kind == "general" and self.seat_of(scanned.text) == seat:
            skills = self._own_skills(seat)
            if len(skills) != 1:
                key = "scan_skill_token" if skills else "no_skill_to_start"
                return Refuse(key, {"seat": seat, "general": scanned.text})
            own = self.engine.usable_skill(player, skills[0])
            refused = self._start_refused(seat, own) if own is not None else None
            return refused or self._stage_skill(seat, skills[0])
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
            target = self.seat_of(scanned.text)
            if target is None:
                return Refuse("not_at_table", {"general": scanned.text})
        if target is not None:

            def add_target() -> None:
                staged.targets.append(target)

            return Stage(seat, [Note("target_added", {"seat": seat, "target": target})], add_target)
        if scanned is not None and scanned.kind == "card":
            card = parse_card(scanned.text)
            player = self.engine.players[seat - 1]
            problem = self.engine.conversion_problem(player, staged.skill, (*staged.cards, card))
            if problem is not None:  # the wrong colour or suit: refused now, with the rule
                return Refuse(problem[0].value, problem[1], seat, "engine")

            def add_card() -> None:
                staged.cards.append(card)

            # the skill picks the sentence: Rende's cards are given face down, never named
            added = {"seat": seat, "card": scanned.text, "skill": staged.skill}
            added["count"] = len(staged.cards) + 1
            secret = REGISTRY[staged.skill].gives_unseen if staged.skill in REGISTRY else False
            return Stage(seat, [Note("card_added", added)], add_card, private=True, secret=secret)
        return Refuse("finish_skill", {"seat": seat, "skill": staged.skill})


def _play_phase_only(skill: Skill) -> bool:
    """Whether a skill is started only in its owner's play phase: an active skill that
    answers nothing, or a conversion into tricks used in play (乱击, 火计; the delayed
    ones of 国色 and 断粮)."""
    if skill.active:
        return not skill.provides and not skill.converts
    names = skill.converts
    return bool(names) and all(
        n in RULES
        and RULES[n].playable
        and (RULES[n].is_trick or isinstance(RULES[n], DelayedTrick))
        for n in names
    )


def _purpose(prompt: Prompt) -> dict[str, Any]:
    """What a prompt with a reason is for (a Dismantle's `reveal_card`), for a refusal
    that says who answers it and what with."""
    if prompt.reason is None:
        return {}
    return {"prompt": prompt.kind.value, "purpose": prompt.reason}


def _correction(data: dict[str, Any]) -> Interpretation:
    """A host correction (a `correct` line, the page's host controls) as the engine's
    action, submitted for the host (seat None); the engine checks and narrates it."""
    op = data.get("op")
    try:
        if op == "hp":
            return Submit(None, SetHealth(data["seat"], data["hp"]))
        if op == "hand":
            return Submit(None, SetHandCount(data["seat"], data["count"]))
        if op == "dead":
            return Submit(None, SetDead(data["seat"], data.get("killer")))
        if op == "move":
            card = parse_card(game_card_text(str(data["card"])))
            return Submit(None, MoveCard(card, data["to"], data.get("seat")))
    except KeyError as exc:
        return Refuse("correction_bad", {"detail": f"{op} needs {exc.args[0]}"})
    except InvalidAction as exc:  # an unknown card: the engine's own reason
        return Refuse(exc.reason.value, exc.data, None, "engine")
    return Refuse("correction_unsupported", {"op": op})


def _with_accept(meaning: Submit, clear: Callable[[], None]) -> Submit:
    """Chain `clear` after the meaning's own `on_accept` (an accepted action ends any
    staging and any shared-reader claim)."""
    own = meaning.on_accept

    def both() -> None:
        if own is not None:
            own()
        clear()

    return replace(meaning, on_accept=both)
