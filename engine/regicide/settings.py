"""House settings: one field per disputed point of docs/regicide.md §1.14.

Every default is the reference's recommended reading (the rulebook where it speaks).
The alternatives exist so a group, or a comparison with another implementation, can
reproduce a different reading; each field's comment names its §1.14 item.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

RetroSpades = Literal["play_total", "spade_cards"]
YieldRule = Literal["per_seat", "consecutive"]
Diamonds = Literal["round_robin", "fill_in_turn", "current_player"]
ClubsDouble = Literal["play", "club_cards"]
PlayedCards = Literal["on_defeat", "immediately"]
HeartsShort = Literal["move_all", "move_none"]
DefeatAt = Literal["at_least", "exceeds"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "retroactive_spades": ("play_total", "spade_cards"),
    "yield_rule": ("per_seat", "consecutive"),
    "diamonds": ("round_robin", "fill_in_turn", "current_player"),
    "clubs_double": ("play", "club_cards"),
    "played_cards_discarded": ("on_defeat", "immediately"),
    "hearts_when_short": ("move_all", "move_none"),
    "defeat_when_damage": ("at_least", "exceeds"),
}


@dataclass(frozen=True, slots=True)
class Settings:
    """The disputed points of the rules, as choices (docs/regicide.md §1.14)."""

    #: §1.14-1: a solo player may yield (the literal rule bars it).
    solo_yield: bool = False
    #: §1.14-2: the Jester's player may choose themselves to go next.
    jester_may_choose_self: bool = True
    #: §1.14-3: retroactive shield = the total X of each earlier play holding a spade,
    #: or only the spade cards' own values.
    retroactive_spades: RetroSpades = "play_total"
    #: §1.14-4: a Jester also re-runs Hearts/Diamonds blocked earlier by immunity.
    retroactive_red_powers: bool = False
    #: §1.14-5: Hearts with fewer cards in the discard pile than X moves them all (or none).
    hearts_when_short: HeartsShort = "move_all"
    #: §1.14-6: a damage payment may include cards that were not needed. False: the
    #: payment is one set (one `Discard`) that covers the damage and needs every card.
    allow_overpay: bool = True
    #: §1.14-7: yield barred when every other seat yielded on its last turn (per-seat
    #: flags), or after n-1 consecutive yields (a counter any play resets).
    yield_rule: YieldRule = "per_seat"
    #: §1.14-8: an illegal yield loses the game instead of being refused.
    illegal_yield_loses: bool = False
    #: §1.14-9: Diamonds draw one card at a time clockwise from the current player,
    #: skipping full hands; or fill each player in turn; or the current player only.
    diamonds: Diamonds = "round_robin"
    #: §1.14-10: Clubs double the whole play, or only the club cards' values.
    clubs_double: ClubsDouble = "play"
    #: §1.14-11: played cards reach the discard pile when the enemy is defeated (or at once).
    played_cards_discarded: PlayedCards = "on_defeat"
    #: §1.14-12: multiplayer Jesters are shuffled into the tavern (False: left out).
    jesters_in_tavern: bool = True
    #: §1.14-13: an Ace may pair with one other card only (True: Aces may also group).
    allow_ace_groups: bool = False
    #: §1.14-14: two Jesters may be played together.
    allow_double_jester: bool = False
    #: §1.14-15: an enemy falls when damage reaches its health (or only when it exceeds it).
    defeat_when_damage: DefeatAt = "at_least"
    #: §1.14-16: solo Jester flips (the pre-release draft had none).
    solo_jester_flips: int = 2
    #: §1.14-17: the smallest player count accepted (RB 1; older sheets 2).
    min_players: int = 1
    #: §1.14-18: unofficial variant: an opening hand with no Diamond is redealt once (in
    #: table mode the players do it, told by a `diamond_mulligan` instruction).
    diamond_mulligan: bool = False
    #: §1.14-19: recruited J/Q/K values in hand (RB 10/15/20; one implementation 11/12/13).
    recruited_values: tuple[int, int, int] = (10, 15, 20)
    #: §1.14-20: both solo Jesters may be flipped at the same moment.
    allow_double_flip: bool = True
    #: §1.14-20: a solo Jester may be flipped with an empty hand.
    allow_flip_empty_hand: bool = True

    def __post_init__(self) -> None:
        for name, choices in _CHOICES.items():
            if getattr(self, name) not in choices:
                raise ValueError(
                    f"Settings.{name} must be one of {choices}, got {getattr(self, name)!r}"
                )
        if not 0 <= self.solo_jester_flips <= 2:
            raise ValueError("Settings.solo_jester_flips must be 0, 1 or 2 (there are 2 Jesters)")
        if self.min_players not in (1, 2):
            raise ValueError("Settings.min_players must be 1 or 2")
        values = self.recruited_values
        if not (
            isinstance(values, tuple)
            and len(values) == 3
            and all(isinstance(v, int) and v > 0 for v in values)
        ):
            raise ValueError("Settings.recruited_values must be three positive integers (J, Q, K)")

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON-ready data."""
        return {
            f.name: (list(v) if isinstance(v := getattr(self, f.name), tuple) else v)
            for f in fields(self)
        }

    def changed(self) -> dict[str, Any]:
        """Only the settings that differ from the defaults (for narration and logs).

        >>> Settings(solo_yield=True).changed()
        {'solo_yield': True}
        """
        if self is DEFAULT or self == DEFAULT:
            return {}
        default = DEFAULT.to_json()
        return {k: v for k, v in self.to_json().items() if default[k] != v}


#: The recommended readings; `Game.new` shares this one (settings are frozen).
DEFAULT = Settings()
