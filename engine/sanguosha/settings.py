"""House rules (`Settings`) and the end of a game (`Outcome`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.core.errors import InvalidAction
from engine.sanguosha.reasons import Reason


@dataclass(frozen=True, slots=True)
class Settings:
    """House rules; every field has the rulebook default.

    - `four_player_roles`: "1111" (lord, loyalist, rebel, spy; FreeKill) or "1021"
      (no loyalist, two rebels; QSanguosha and the English edition).
    - `two_spies`: with 6, 8 or 10 players one rebel becomes a second spy.
    - `ex_cards`: add the 4 EX cards (Ice Sword, Renwang Shield, Lightning ♥Q,
      Nullification ♦Q) to the deck.
    - `no_generals`: play without generals: everyone 4 HP, no skills (lord 5 with
      5 or more players).
    - `nullification_timeout_s`: how long the table keeps a Nullification window open
      (the engine has no clock: the table submits `Timeout` when it expires).
    - `lord_offer_random`, `general_offers`: how many random generals the lord sees
      beside Cao Cao, Liu Bei and Sun Quan, and how many each other player sees (the
      rulebook gives 2 each with 10 players, where 3 would not go round).
    - `auto_decline`: digital mode only: a request for a card that the asked seat
      cannot possibly answer (no such card, no conversion, no provider) is declined
      without a prompt. Fast self-play; turn it off when a public display must not
      hint at who holds what.
    """

    four_player_roles: str = "1111"
    two_spies: bool = False
    ex_cards: bool = False
    no_generals: bool = False
    nullification_timeout_s: float = 5.0
    lord_offer_random: int = 2
    general_offers: int = 3
    auto_decline: bool = True

    def validate(self) -> None:
        """Raise `InvalidAction(Reason.BAD_SETTINGS)` for a value outside the rules."""
        if self.four_player_roles not in ("1111", "1021"):
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting="four_player_roles", value=self.four_player_roles
            )
        if not self.nullification_timeout_s > 0:
            raise InvalidAction(
                Reason.BAD_SETTINGS,
                setting="nullification_timeout_s",
                value=self.nullification_timeout_s,
            )
        if not 0 <= self.lord_offer_random <= 5:
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting="lord_offer_random", value=self.lord_offer_random
            )
        if not 1 <= self.general_offers <= 5:
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting="general_offers", value=self.general_offers
            )

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


class EndReason(StrEnum):
    """Why the game ended (sanguosha.md section 1d, Victory)."""

    LORD_DIED = "lord_died"  # the rebels win
    SPY_SOLE_SURVIVOR = "spy_sole_survivor"  # the lord died with only a spy left
    REBELS_AND_SPIES_DEAD = "rebels_and_spies_dead"  # the lord and loyalists win
    DECK_EXHAUSTED = "deck_exhausted"  # a draw: no card left to draw (FreeKill's convention)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as one value."""

    status: str  # "over"
    winners: tuple[int, ...]
    side: str | None  # "rebel", "spy", "lord" (lord and loyalists) or None for a draw
    reason: EndReason

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "winners": list(self.winners),
            "side": self.side,
            "reason": self.reason.value,
        }
