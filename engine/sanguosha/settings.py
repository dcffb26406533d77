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
    - `no_generals`: play without generals: everyone 4 HP, no skills (the lord 5
      where `lord_bonus` gives the bonus).
    - `nullification_timeout_s`: how long the table keeps a Nullification window open
      (the engine has no clock: the table submits `Timeout` when it expires).
    - `lord_offer_random`, `general_offers`: how many random generals the lord sees
      beside Cao Cao, Liu Bei and Sun Quan, and how many each other player sees (the
      rulebook gives 2 each with 10 players, where 3 would not go round).
    - `game_mode`: "identity" (身份局, the default), or a two-side mode: "1v1", "2v2",
      "3v3", "4v4" (provisional); "hegemony" (国战) is refused: the standard set cannot
      play it (`modes/`, docs/modes.md).
    - `mode_settings`: the mode's disputed points, `{"1v1.rule": "2013", ...}` (names,
      values and defaults in `data/modes.json`); every one left out has its default.
      Given as a dict, kept as sorted pairs (hashable), written back as a dict.
    - `maneuvering`: add the 52 cards of the Maneuvering expansion (军争篇) to the deck
      (156 cards, 160 with EX). Off by default so that a game recorded before the
      expansion replays with its own deck; `companion play --cards standard,maneuvering`
      turns it on. The disputed points of the expansion (docs/maneuvering.md section 6):
    - `wine_expiry`: an unused Wine's +1 ends at "turn_end" (FreeKill, QSanguosha-v2,
      noname) or at "phase_end" (an older QSanguosha-family rule).
    - `rescue_wine_counts_toward_limit`: a Wine drunk while dying counts toward the
      once-per-turn limit (False: FreeKill and noname mark it an extra use).
    - `chain_amount`: a chained player takes what the first target "as_dealt" took
      (after that target's armor; the three engines) or the amount
      "before_target_armor" (a house reading).
    - `fan_on_converted_kill`: Zhuque Fan may turn a Kill made by a skill (Wusheng,
      Longdan, Serpent Spear) into a fire Kill (FreeKill, noname; QSanguosha-v2: no).
    - `nullification_copies`: the expansion's three Nullifications, "SK HA HK"
      (FreeKill, QSanguosha, libnoname) or "SK HK HK" (the older libccy/noname list).
    - `lord_bonus`: when the lord gets 1 extra max HP. "5_or_more" (the default, as
      FreeKill and QSanguosha: none with 4 players or fewer) or "not_with_4" (the
      rulebook's literal words, 四人游戏时不再额外增加: only a 4-player game has none, so
      2- and 3-player games have it too).
    - `awakened_skill_same_timing`: a skill an awakening skill gives at a moment (the
      preparation phase) may still be used at that same moment (观星 right after 志继;
      FreeKill), or only from the next one (docs/forest-mountain.md §2.1).
    - `general_packs`: the boxes of generals the game plays with (docs/wind-fire.md §1):
      "standard" (the 25, always), "wind" (风), "fire" (火), "forest" (林), "mountain" (山);
      kept in the catalogue's order. The lord is offered the lords of every named pack
      (风: 张角, 火: 袁绍, 林: 曹丕, 山: 刘禅) and 2 random generals, the others draw from the named packs
      only; a general of a pack not named is refused at setup.
    - The 风 and 火 packs' disputed readings (docs/wind-fire.md §5), defaults first:
      `huoji_without_maneuvering` (火计 needs the Fire Attack of the Maneuvering cards: off),
      `shensu_counts_toward_kill_limit` (a 神速 Kill is an extra use: off),
      `buqu_rescue_stop` (a dying 周泰 is asked round the whole table, `full_round`, or
      only until his cards' ranks differ again, `no_duplicates`), `hongyan_on_replacement`
      (a ♠ put in place of 小乔's judgment card by 鬼才 or 鬼道 counts as ♥ too: on),
      `tianxiang_amount` (the damage 天香 passes on: as it reached her, after the
      source's bonuses, `as_transferred`; or without them, `before_bonuses`),
      `guhuo_kill_match` (a Kill declared through 蛊惑 is true only for a normal Kill,
      `exact_name`, or for any Kill, `any_kill`), `guhuo_failed_kill_counts` (a failed
      蛊惑 Kill uses up the play phase's Kill: off).
    - The 林 pack's disputed readings (docs/forest-mountain.md §3.3), defaults first:
      `jiuchi_duanliang_without_maneuvering` (酒池 and 断粮 make Wine and Supply Shortage,
      Maneuvering cards: off without them), `haoshi_recipient` (好施's gift goes to the
      other player with the fewest hand cards, `fewest`, or to any other, `any_other`),
      `dimeng_both_empty` (缔盟 on two players with no hand card: `refused` or `allowed`).
    - The 山 pack's disputed readings (docs/forest-mountain.md §4.3), defaults first:
      `guzheng_take_rest` (after 固政 gives one card back, taking the others is
      `optional`, or `automatic`), `zhiji_order` (志继: recover or draw, then -1 max HP,
      `text`; or -1 max HP first, `maxhp_first`), `zhiba_take` (制霸's two cards:
      孙策 may take them, `optional`, or takes them, `automatic`),
      `jixi_distance_counts_used_field` (急袭's Snatch: the field being used has left
      his general and no longer shortens the distance, False; or still counts, True),
      `huashen_draw` (at the table 化身's general cards are drawn from the shuffled
      unused general cards and scanned privately, `physical`, or picked by the companion
      from its list of unused generals and shown to 左慈 alone, `companion`; digital play
      always draws from the list).
    - `auto_decline`: digital mode only: a request for a card that the asked seat
      cannot possibly answer (no such card, no conversion, no provider) is declined
      without a prompt. Fast self-play; turn it off when a public display must not
      hint at who holds what. A seat with no hand card and nothing else that could
      answer is never asked, in either mode and either way: its hand count is public.
    """

    four_player_roles: str = "1111"
    two_spies: bool = False
    ex_cards: bool = False
    no_generals: bool = False
    nullification_timeout_s: float = 5.0
    lord_offer_random: int = 2
    general_offers: int = 3
    auto_decline: bool = True
    game_mode: str = "identity"
    mode_settings: Any = ()
    maneuvering: bool = False
    wine_expiry: str = "turn_end"
    rescue_wine_counts_toward_limit: bool = False
    chain_amount: str = "as_dealt"
    fan_on_converted_kill: bool = True
    nullification_copies: str = "SK HA HK"
    lord_bonus: str = "5_or_more"
    awakened_skill_same_timing: bool = True
    general_packs: Any = ("standard",)
    huoji_without_maneuvering: bool = False
    shensu_counts_toward_kill_limit: bool = False
    buqu_rescue_stop: str = "full_round"
    hongyan_on_replacement: bool = True
    tianxiang_amount: str = "as_transferred"
    jiuchi_duanliang_without_maneuvering: bool = False
    haoshi_recipient: str = "fewest"
    dimeng_both_empty: str = "refused"
    guzheng_take_rest: str = "optional"
    zhiji_order: str = "text"
    zhiba_take: str = "optional"
    jixi_distance_counts_used_field: bool = False
    huashen_draw: str = "physical"
    guhuo_kill_match: str = "exact_name"
    guhuo_failed_kill_counts: bool = False

    def __post_init__(self) -> None:
        packs = self.general_packs
        if isinstance(packs, str):
            packs = tuple(p.strip() for p in packs.split(",") if p.strip())
        if isinstance(packs, list | tuple):
            object.__setattr__(self, "general_packs", tuple(packs))
        given = self.mode_settings
        pairs = given.items() if isinstance(given, dict) else given
        try:
            normal = tuple(sorted((str(k), v) for k, v in pairs))
        except (TypeError, ValueError):
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting="mode_settings", value=repr(given)
            ) from None
        object.__setattr__(self, "mode_settings", normal)

    def mode_options(self) -> dict[str, Any]:
        """`mode_settings` as a dict."""
        return dict(self.mode_settings)

    def validate(self) -> None:
        """Raise `InvalidAction(Reason.BAD_SETTINGS)` for a value outside the rules
        (a mode's own refusals: `modes.spec`)."""
        from engine.sanguosha.modes.spec import IDENTITY, check_mode, mode_spec

        if not isinstance(self.game_mode, str):
            raise InvalidAction(Reason.BAD_SETTINGS, setting="game_mode", value=self.game_mode)
        check_mode(self.game_mode, None)
        if self.game_mode == IDENTITY:
            if self.mode_settings:
                key, value = self.mode_settings[0]
                raise InvalidAction(Reason.BAD_SETTINGS, setting=key, value=value)
        else:
            spec = mode_spec(self.game_mode, self.mode_options())
            if self.no_generals and spec.replace:
                raise InvalidAction(Reason.BAD_SETTINGS, setting="no_generals", value=True)
        if self.four_player_roles not in ("1111", "1021"):
            raise InvalidAction(
                Reason.BAD_SETTINGS,
                setting="four_player_roles",
                value=self.four_player_roles,
                accepted=["1111", "1021"],
            )
        if not self.nullification_timeout_s > 0:
            raise InvalidAction(
                Reason.BAD_SETTINGS,
                setting="nullification_timeout_s",
                value=self.nullification_timeout_s,
            )
        if not 0 <= self.lord_offer_random <= 5:
            raise InvalidAction(
                Reason.BAD_SETTINGS,
                setting="lord_offer_random",
                value=self.lord_offer_random,
                accepted="0..5",
            )
        if not 1 <= self.general_offers <= 5:
            raise InvalidAction(
                Reason.BAD_SETTINGS,
                setting="general_offers",
                value=self.general_offers,
                accepted="1..5",
            )
        self._validate_packs()
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidAction(
                    Reason.BAD_SETTINGS, setting=name, value=value, accepted=list(allowed)
                )

    def _validate_packs(self) -> None:
        """Known packs, the standard one among them, none twice, each with generals."""
        from engine.sanguosha.catalogue import catalogue

        cat = catalogue()
        packs = self.general_packs
        if not isinstance(packs, tuple) or not all(isinstance(p, str) for p in packs):
            raise InvalidAction(Reason.BAD_SETTINGS, setting="general_packs", value=repr(packs))
        known = list(cat.packs)
        for pack in packs:
            if pack not in cat.packs:
                raise InvalidAction(
                    Reason.BAD_SETTINGS, setting="general_packs", value=pack, accepted=known
                )
        if "standard" not in packs or len(set(packs)) != len(packs):
            raise InvalidAction(Reason.PACKS_NEED_STANDARD, packs=list(packs))
        order = tuple(p for p in known if p in packs)
        object.__setattr__(self, "general_packs", order)

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["mode_settings"] = self.mode_options()
        out["general_packs"] = list(self.general_packs)
        return out


CHOICES: dict[str, tuple[object, ...]] = {
    "wine_expiry": ("turn_end", "phase_end"),
    "chain_amount": ("as_dealt", "before_target_armor"),
    "nullification_copies": ("SK HA HK", "SK HK HK"),
    "maneuvering": (False, True),
    "rescue_wine_counts_toward_limit": (False, True),
    "fan_on_converted_kill": (True, False),
    "lord_bonus": ("5_or_more", "not_with_4"),
    "awakened_skill_same_timing": (True, False),
    "huoji_without_maneuvering": (False, True),
    "shensu_counts_toward_kill_limit": (False, True),
    "buqu_rescue_stop": ("full_round", "no_duplicates"),
    "hongyan_on_replacement": (True, False),
    "tianxiang_amount": ("as_transferred", "before_bonuses"),
    "jiuchi_duanliang_without_maneuvering": (False, True),
    "haoshi_recipient": ("fewest", "any_other"),
    "dimeng_both_empty": ("refused", "allowed"),
    "guzheng_take_rest": ("optional", "automatic"),
    "zhiji_order": ("text", "maxhp_first"),
    "zhiba_take": ("optional", "automatic"),
    "jixi_distance_counts_used_field": (False, True),
    "huashen_draw": ("physical", "companion"),
    "guhuo_kill_match": ("exact_name", "any_kill"),
    "guhuo_failed_kill_counts": (False, True),
}
"""The values each of these settings takes (the default first)."""


class EndReason(StrEnum):
    """Why the game ended (docs/sanguosha.md section 1d, Victory)."""

    LORD_DIED = "lord_died"  # the rebels win
    SPY_SOLE_SURVIVOR = "spy_sole_survivor"  # the lord died with only a spy left
    REBELS_AND_SPIES_DEAD = "rebels_and_spies_dead"  # the lord and loyalists win
    GENERALS_FALLEN = "generals_fallen"  # 1v1: a player's third general died
    TEAM_ELIMINATED = "team_eliminated"  # 2v2: every character of a team died
    LEADER_DIED = "leader_died"  # 3v3 marshal, 4v4 lord: that team lost
    DECK_EXHAUSTED = "deck_exhausted"  # a draw: no card left to draw (FreeKill's convention)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as one value."""

    status: str  # "over"
    winners: tuple[int, ...]
    side: str | None  # "rebel", "spy", "lord" (lord and loyalists), a team, None: a draw
    reason: EndReason

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "winners": list(self.winners),
            "side": self.side,
            "reason": self.reason.value,
        }
