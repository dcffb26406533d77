"""What the engine waits for: the single pending decision (`Game.pending()`).

A `Prompt` names the seat that must decide and the kind of decision; the other fields
carry what the table layer needs to ask for it (the damage to pay and the sum scanned so
far, whether yielding is open, the seats one may choose, the enemy rank to scan...).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class PromptKind(StrEnum):
    """The kinds of decision. Values are stable identifiers."""

    PLAY = "play"
    PAY_DAMAGE = "pay_damage"
    CHOOSE_NEXT = "choose_next"
    JESTER_FLIP = "jester_flip"
    REVEAL_ENEMY = "reveal_enemy"


PROMPT_KINDS: tuple[str, ...] = tuple(k.value for k in PromptKind)


@dataclass(frozen=True, slots=True)
class Prompt:
    """One pending decision.

    `step` is the turn step (1..4) it belongs to. For `play`, `can_yield` says whether
    `Yield()` is open. For `pay_damage`, `amount` is the damage and `paid` the value
    discarded so far. For `jester_flip`, `flips_left` counts the unused Jesters. For
    `choose_next`, `choices` lists the seats. For `reveal_enemy`, `expected_rank` is
    the rank tier the scanned royal must have (`J`, `Q` or `K`).
    """

    seat: int
    kind: PromptKind
    step: int
    amount: int = 0
    paid: int = 0
    can_yield: bool = False
    flips_left: int = 0
    choices: tuple[int, ...] = ()
    expected_rank: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind.value, "step": self.step}
        kind = self.kind
        if kind is PromptKind.PLAY:
            out["can_yield"] = self.can_yield
        elif kind is PromptKind.PAY_DAMAGE:
            out["amount"] = self.amount
            out["paid"] = self.paid
        elif kind is PromptKind.JESTER_FLIP:
            out["flips_left"] = self.flips_left
        elif kind is PromptKind.CHOOSE_NEXT:
            out["choices"] = list(self.choices)
        else:
            out["expected_rank"] = self.expected_rank
        return out


# Prompts are immutable, so the engine reuses one object per distinct prompt instead of
# building a new dataclass at every decision (the two kinds every turn asks, below).
#: `play_prompt(seat, can_yield)` is `PLAY_PROMPTS[2 * seat + can_yield]`.
PLAY_PROMPTS: tuple[Prompt, ...] = tuple(
    Prompt(s // 2, PromptKind.PLAY, 1, can_yield=bool(s % 2)) for s in range(10)
)
#: The `pay_damage` prompts made so far, by (seat, amount, paid): see `pay_prompt`.
PAY_PROMPTS: dict[tuple[int, int, int], Prompt] = {}


def play_prompt(seat: int, can_yield: bool) -> Prompt:
    """The shared `play` prompt for this seat (the same object every time)."""
    return PLAY_PROMPTS[2 * seat + can_yield]


def pay_prompt(seat: int, amount: int, paid: int = 0) -> Prompt:
    """The shared `pay_damage` prompt for this seat, damage and sum paid so far."""
    key = (seat, amount, paid)
    p = PAY_PROMPTS.get(key)
    if p is None:
        if len(PAY_PROMPTS) > 4096:  # amounts are small; this only bounds odd settings
            PAY_PROMPTS.clear()
        p = PAY_PROMPTS[key] = Prompt(seat, PromptKind.PAY_DAMAGE, 4, amount=amount, paid=paid)
    return p
