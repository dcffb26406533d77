"""The Regicide figures (hand sizes, Jesters, enemy stats, card values), loaded from data.

The numbers live in `data/rules.json`, each with its source in the rules reference
(`docs/regicide.md` §1.1, §1.2, §1.12). They are read once with
importlib.resources and checked here, so a bad edit fails at import with the file and
the key named, never later in the middle of a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

_FILE = "data/rules.json"


class RulesDataError(ValueError):
    """`data/rules.json` is malformed; the message names the key."""


@dataclass(frozen=True, slots=True)
class PlayerCountRules:
    """What changes with the number of players (RB SETUP table, RB SOLO PLAY)."""

    players: int
    jesters_in_tavern: int
    max_hand: int
    jester_flips: int


@dataclass(frozen=True, slots=True)
class EnemyStats:
    """A royal's attack and health as an enemy (RB STEP THREE)."""

    attack: int
    health: int


@dataclass(frozen=True, slots=True)
class RulesData:
    """Everything `data/rules.json` holds, validated."""

    by_players: dict[int, PlayerCountRules]
    enemies: dict[str, EnemyStats]
    card_values: dict[str, int]
    max_combo_total: int
    solo_tiers: tuple[str, ...]


def _fail(key: str, problem: str) -> RulesDataError:
    return RulesDataError(f"engine/regicide/{_FILE}: {key}: {problem}")


def _int(entry: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _fail(
            f"{where}.{key}" if where else key, f"expected an integer >= {low}, got {value!r}"
        )
    return value


def _str(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str):
        raise _fail(f"{where}.{key}", f"expected a string, got {value!r}")
    return value


def _list(raw: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = raw.get(key)
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        raise _fail(key, "expected a list of objects")
    return value


def parse_rules(raw: Any) -> RulesData:
    """Validate the decoded JSON of the rules file.

    >>> parse_rules({"players": []})
    Traceback (most recent call last):
    ...
    engine.regicide.rules.RulesDataError: engine/regicide/data/rules.json: players: expected the player counts 1..4, got []
    """
    if not isinstance(raw, dict):
        raise _fail("(top)", "expected an object")
    by_players: dict[int, PlayerCountRules] = {}
    for entry in _list(raw, "players"):
        n = _int(entry, "id", "players", 1)
        where = f"players[{n}]"
        by_players[n] = PlayerCountRules(
            players=n,
            jesters_in_tavern=_int(entry, "jesters_in_tavern", where),
            max_hand=_int(entry, "max_hand", where, 1),
            jester_flips=_int(entry, "jester_flips", where),
        )
    if sorted(by_players) != [1, 2, 3, 4]:
        raise _fail("players", f"expected the player counts 1..4, got {sorted(by_players)}")
    if any(
        r.jesters_in_tavern > 2 or r.jesters_in_tavern + r.jester_flips > 2
        for r in by_players.values()
    ):
        raise _fail("players", "a deck has only 2 Jesters")
    enemies = {}
    for i, entry in enumerate(_list(raw, "enemies")):
        rank = _str(entry, "id", f"enemies[{i}]")
        enemies[rank] = EnemyStats(
            attack=_int(entry, "attack", f"enemies[{rank}]", 1),
            health=_int(entry, "health", f"enemies[{rank}]", 1),
        )
    if sorted(enemies) != ["J", "K", "Q"]:
        raise _fail("enemies", f"expected J, Q and K, got {sorted(enemies)}")
    values = {}
    for i, entry in enumerate(_list(raw, "card_values")):
        card = _str(entry, "id", f"card_values[{i}]")
        values[card] = _int(entry, "value", f"card_values[{card}]")
    expected = ["A", *(str(v) for v in range(2, 11)), "J", "Q", "K", "jester"]
    if sorted(values) != sorted(expected):
        raise _fail("card_values", f"expected exactly {expected}, got {sorted(values)}")
    tiers = sorted(_list(raw, "solo_tiers"), key=lambda e: _int(e, "jesters_used", "solo_tiers"))
    if [t["jesters_used"] for t in tiers] != list(range(len(tiers))) or not all(
        isinstance(t.get("id"), str) for t in tiers
    ):
        raise _fail("solo_tiers", "expected one named tier for 0, 1, 2... Jesters used")
    return RulesData(
        by_players=by_players,
        enemies=enemies,
        card_values=values,
        max_combo_total=_int(raw, "max_combo_total", "", 1),
        solo_tiers=tuple(t["id"] for t in tiers),
    )


def load_rules() -> RulesData:
    """Read and validate the packaged rules file."""
    text = resources.files("engine.regicide").joinpath(_FILE).read_text(encoding="utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _fail("(file)", f"not valid JSON: {exc}") from None
    return parse_rules(raw)


RULES = load_rules()
