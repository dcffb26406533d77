"""A two-side mode's rules as one value, from `data/modes.json` and the settings.

`mode_spec(name, chosen)` merges the mode's base parameters with the overrides of
each setting's chosen value (in the file's order) and returns a frozen `ModeSpec`.
A value the standard set cannot play (or that is not implemented) carries its
refusal sentence: `mode_spec` raises `InvalidAction(Reason.SETTING_UNSUPPORTED)`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine.core.errors import InvalidAction
from engine.sanguosha.reasons import Reason

IDENTITY = "identity"


@dataclass(frozen=True, slots=True)
class Draft:
    """How generals reach the seats (docs/modes.md 2.1, 3.1, 4.1, 5)."""

    kind: str  # "pool" (leaders draft a face-up pool) or "offer" (random offers per seat)
    pool: int = 0  # pool: generals laid face up
    hidden: int = 0  # pool: generals dealt hidden to each drafter first (1v1 2013)
    first: str = ""  # pool: the formation letter of the team that drafts first
    then: str = ""  # pool: "choose_first" (reserves) or "assign" (the leader assigns)
    offer: int = 0  # offer: generals offered to each seat

    def pattern(self) -> list[int]:
        """The snake: 1, then 2s, then 1 (12 -> 1-2-2-2-2-2-1), alternating drafters."""
        return [1] + [2] * ((self.pool - 2) // 2) + [1]


@dataclass(frozen=True, slots=True)
class ModeSpec:
    """One mode with its settings applied; read by `modes.TeamMode`."""

    name: str
    players: int
    teams: str  # a formation letter per seat: the team ids, "A" and "B", in every mode
    team_names: dict[str, str]  # team id -> its name, a narration word ("cool", "first", "A")
    roles: tuple[str, ...]
    leader: str
    draft: Draft
    hp_bonus_leader: int
    start_hand: str | int
    hand_extra: dict[int, int]
    redraw: tuple[int, ...]
    first_turn_draw: int
    deck_exclude: tuple[str, ...]
    equipment: dict[str, str]
    rule_skills: tuple[str, ...]
    general_skills: dict[str, tuple[str, ...]]  # general -> its skills in this mode (3v3 versions)
    order: str
    victory: dict[str, Any]
    reward: dict[str, Any] | None
    replace: str
    provisional: bool
    choose_first_team: bool
    settings: dict[str, Any]  # the chosen value of every setting of the mode

    def team_of(self, seat: int) -> str:
        """The id of `seat`'s team: its formation letter, "A" or "B"."""
        return self.teams[seat - 1]


@cache
def _data() -> dict[str, Any]:
    text = resources.files("engine.sanguosha.data").joinpath("modes.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)  # the engine's own data file
    return data


def mode_names() -> tuple[str, ...]:
    """Every mode the engine knows, identity first, the refused ones last."""
    data = _data()
    return (IDENTITY, *data["modes"], *data["unsupported"])


def mode_settings(name: str) -> dict[str, dict[str, Any]]:
    """The settings of a mode: name -> {"default", "values" | "min"/"max"}."""
    mode = _data()["modes"].get(name)
    return dict(mode["settings"]) if mode else {}


def mode_players(name: str) -> int | None:
    """How many players a two-side mode seats (None: identity or an unknown mode)."""
    mode = _data()["modes"].get(name)
    return mode["players"] if mode else None


def mode_versions() -> list[tuple[str, str, tuple[str, ...]]]:
    """(mode, general, skills) for every general a mode's setting plays with other skills
    (`general_skills`: the 3v3 versions), so that a skill token can name its general."""
    out = []
    for name, mode in _data()["modes"].items():
        for spec in mode["settings"].values():
            for value in spec.get("values", {}).values():
                for general, ids in value.get("general_skills", {}).items():
                    out.append((name, general, tuple(ids)))
    return out


def refusal(name: str) -> str | None:
    """The sentence refusing an unsupported mode (国战), or None."""
    sentence: str | None = _data()["unsupported"].get(name)
    return sentence


def check_mode(name: str, players: int | None) -> None:
    """Refuse an unknown or unsupported mode, or the wrong number of players (if given)."""
    data = _data()
    if name == IDENTITY:
        return
    if name in data["unsupported"]:
        raise InvalidAction(Reason.MODE_UNSUPPORTED, mode=name, why=data["unsupported"][name])
    mode = data["modes"].get(name)
    if mode is None:
        raise InvalidAction(
            Reason.BAD_SETTINGS, setting="game_mode", value=name, accepted=list(mode_names())
        )
    if players is not None and players != mode["players"]:
        raise InvalidAction(
            Reason.MODE_PLAYERS, mode=name, players=players, expected=mode["players"]
        )


def _choose(name: str, setting: str, spec: dict[str, Any], value: Any) -> dict[str, Any]:
    """The overrides of `value` for one setting, or refuse it."""
    if "values" in spec:
        values = spec["values"]
        if value not in values:
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting=setting, value=value, accepted=list(values)
            )
        chosen = values[value]
        if "unsupported" in chosen:
            raise InvalidAction(
                Reason.SETTING_UNSUPPORTED, setting=setting, value=value, why=chosen["unsupported"]
            )
        return dict(chosen)
    lo, hi = spec["min"], spec["max"]
    bad = not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi
    if not bad and spec.get("even") and value % 2:
        bad = True
    if bad:
        raise InvalidAction(
            Reason.BAD_SETTINGS, setting=setting, value=value, accepted=f"{lo}..{hi}"
        )
    key, _, sub = spec["sets"].partition(".")
    return {key: {sub: value}} if sub else {key: value}


def mode_spec(name: str, chosen: dict[str, Any]) -> ModeSpec:
    """The rules of mode `name` with the settings in `chosen` (the rest at their default).

    Raises `InvalidAction`: a setting of another mode, a value outside its choices,
    or a value the standard set cannot play (`SETTING_UNSUPPORTED`, with why).
    """
    mode = _data()["modes"][name]
    settings: dict[str, Any] = mode["settings"]
    prefix = name + "."
    for key in chosen:
        if key not in settings:
            accepted = list(settings) if key.startswith(prefix) else f"{prefix}*"
            raise InvalidAction(
                Reason.BAD_SETTINGS, setting=key, value=chosen[key], accepted=accepted
            )
    params = {k: v for k, v in mode.items() if k != "settings"}
    params["draft"] = dict(params["draft"])
    values: dict[str, Any] = {}
    for key, spec in settings.items():
        value = chosen.get(key, spec["default"])
        values[key] = value
        for field, override in _choose(name, key, spec, value).items():
            if field == "draft" and "kind" not in override:
                params["draft"] = {**params["draft"], **override}
            else:
                params[field] = override
    return ModeSpec(
        name=name,
        players=params["players"],
        teams=params["teams"],
        team_names=dict(params["team_names"]),
        roles=tuple(params["roles"]),
        leader=params["leader"],
        draft=Draft(**params["draft"]),
        hp_bonus_leader=params["hp_bonus_leader"],
        start_hand=params["start_hand"],
        hand_extra={int(k): v for k, v in params["hand_extra"].items()},
        redraw=tuple(params["redraw"]),
        first_turn_draw=params["first_turn_draw"],
        deck_exclude=tuple(params["deck_exclude"]),
        equipment=dict(params["equipment"]),
        rule_skills=tuple(params["rule_skills"]),
        general_skills={g: tuple(ids) for g, ids in params.get("general_skills", {}).items()},
        order=params["order"],
        victory=dict(params["victory"]),
        reward=params["reward"],
        replace=params["replace"],
        provisional=params["provisional"],
        choose_first_team=params.get("choose_first_team", False),
        settings=values,
    )
