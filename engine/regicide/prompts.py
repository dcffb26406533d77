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
