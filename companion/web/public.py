"""What of a game's state may leave this machine: a whitelist copy of the public view.

The engines' `view(None)` is already the public view (docs/architecture.md, "Public
contract"), and that is the one place that decides visibility. The table view adds a
second, independent guard because its bytes go to every phone in the room: it copies
only the fields the page draws, by name. A field an engine adds later (or a seat's
own `hand`, `own_identity`, a prompt's `options`) therefore never reaches a browser
unless it is added here on purpose.

>>> public_state({"game": "sanguosha", "status": "playing", "secret": 1,
...               "seats": [{"seat": 1, "hp": 3, "hand": ["kill@S7"]}]})["seats"]
[{'seat': 1, 'hp': 3}]

A Regicide play being put together at the reader (`staged`, its `staged_value`) and
what a damage payment still lacks (`left`) are shown too. `staged` holds only cards
the player has scanned at the table for this play, which the narration has already
said aloud (`companion.table.regicide.RegicideTable.prompt`); they are copied only as
a list of card texts, and the figures only as whole numbers, so a richer `staged`
(Three Kingdoms Kill's staged skill, with its seat and targets) is left out.

>>> public_state({"pending": {"kind": "play", "seat": 1, "staged": ["S4", "H4"],
...                           "staged_value": 8, "options": ["C8"]}})["pending"]
{'kind': 'play', 'seat': 1, 'staged': ['S4', 'H4'], 'staged_value': 8}
>>> public_state({"pending": {"kind": "play", "staged": {"seat": 2, "cards": []}}})["pending"]
{'kind': 'play'}

The latest point comparison is copied field by field as well (None before the first):

>>> public_state({"last_comparison": {"seat": 2, "target": 4, "card": "dodge@HK",
...     "target_card": "dodge@D2", "won": True, "reason": "tianyi", "x": 1}})["last_comparison"]
{'seat': 2, 'target': 4, 'card': 'dodge@HK', 'target_card': 'dodge@D2', 'won': True, 'reason': 'tianyi'}

So are the extra turns (放权): the ones to come, and the one being played (`turn.extra`):

>>> out = public_state({"turn": {"seat": 4, "extra": {"reason": "fangquan", "by": 1, "x": 0}},
...     "extra_turns": [{"seat": 2, "reason": "fangquan", "by": 4, "x": 0}, "bad"]})
>>> out["turn"], out["extra_turns"]
({'seat': 4, 'extra': {'reason': 'fangquan', 'by': 1}}, [{'seat': 2, 'reason': 'fangquan', 'by': 4}])
"""

from __future__ import annotations

from typing import Any

__all__ = ["public_state"]

_TOP = (
    "game", "mode", "status", "winners", "winner_side", "end_reason", "deck_count",
    "discard_count", "log_length", "players", "castle_left", "tavern_count",
    "jester_flips_left", "in_play", "max_hand",
)  # fmt: skip
_TURN = ("seat", "phase", "round", "step")
_PENDING = (
    "kind", "seat", "seats", "need", "card", "as_card", "source", "target", "count", "amount",
    "paid", "timeout_s", "reason", "optional", "can_yield", "flips_left",
)  # fmt: skip
_PENDING_CARDS = ("staged",)  # lists of card texts
_PENDING_NUMBERS = ("staged_value", "left")  # whole numbers
_SEAT = (
    "seat", "general", "identity", "hp", "max_hp", "alive", "hand_count", "judgment",
    "chained", "wine", "wine_used",  # the Maneuvering cards: Iron Chain, Wine (all public)
    "team", "team_name", "role", "leader", "reserves_count", "acted",  # two-side modes (never `reserves`)
    "kingdom", "gender", "face_up", "spent",  # the 神话再临 packs (all public)
)  # fmt: skip
_EQUIPMENT = ("weapon", "armor", "plus_horse", "minus_horse")
_HUASHEN = ("general", "skill")
"""左慈's 化身 card laid face up and the skill he named (his face-down ones stay counts)."""
_MODE = ("name", "provisional", "teams", "team_names", "leaders", "unit", "pool", "first_team")
"""A two-side mode: its teams and leaders, the face-up draft pool, the 3v3 action unit."""
_ENEMY = ("card", "hp_left", "health", "damage", "attack", "base_attack", "shield", "immune")
_HAND = ("seat", "count", "yielded_last_turn")
_RESULT = ("outcome", "reason", "tier", "jesters_used", "seat")
_COMPARISON = ("seat", "target", "card", "target_card", "won", "reason")
"""The latest point comparison (拼点): both cards were revealed, so all of it is public."""
_EXTRA_TURN = ("seat", "reason", "by")
"""An extra turn (放权): who takes it, the skill that granted it and whose turn it was."""


def _pick(obj: Any, keys: tuple[str, ...]) -> dict[str, Any] | None:
    if not isinstance(obj, dict):
        return None
    return {k: obj[k] for k in keys if k in obj}


def _pending(obj: Any) -> dict[str, Any] | None:
    """The pending decision's public fields; the typed ones only when of their type."""
    out = _pick(obj, _PENDING)
    if out is None:
        return None
    for key in _PENDING_CARDS:
        cards = obj.get(key)
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            out[key] = list(cards)
    for key in _PENDING_NUMBERS:
        if type(obj.get(key)) is int:
            out[key] = obj[key]
    return out


def _pile(pile: Any) -> dict[str, Any]:
    """Cards kept on a general: the count, and the items only of a public pile (化身's
    general cards are private to their owner)."""
    if not isinstance(pile, dict):
        return {"count": 0, "public": False}
    out = {"count": pile.get("count", 0), "public": pile.get("public") is True}
    if out["public"] and isinstance(pile.get("items"), list):
        out["items"] = [str(c) for c in pile["items"]]
    return out


def public_state(view: dict[str, Any]) -> dict[str, Any]:
    """The fields of `view` the page may show, copied by name (JSON-ready)."""
    out = _pick(view, _TOP) or {}
    for key, fields in (("turn", _TURN), ("enemy", _ENEMY)):
        if key in view:
            out[key] = _pick(view[key], fields)
    turn = view.get("turn")
    if isinstance(turn, dict) and isinstance(out.get("turn"), dict) and "extra" in turn:
        out["turn"]["extra"] = _pick(turn["extra"], _EXTRA_TURN[1:])
    if isinstance(view.get("extra_turns"), list):
        out["extra_turns"] = [
            _pick(t, _EXTRA_TURN) for t in view["extra_turns"] if isinstance(t, dict)
        ]
    if "pending" in view:
        out["pending"] = _pending(view["pending"])
    if isinstance(view.get("result"), dict):
        out["result"] = {
            k: v
            for k, v in view["result"].items()
            if k in _RESULT and isinstance(v, str | int | float | bool | None)
        }
    if "last_comparison" in view:
        out["last_comparison"] = _pick(view["last_comparison"], _COMPARISON)
    if isinstance(view.get("game_mode"), dict):
        out["game_mode"] = _pick(view["game_mode"], _MODE)
    if isinstance(view.get("seats"), list):
        seats = []
        for entry in view["seats"]:
            seat = _pick(entry, _SEAT) or {}
            if isinstance(entry, dict) and "equipment" in entry:
                seat["equipment"] = _pick(entry["equipment"], _EQUIPMENT)
            if isinstance(entry, dict) and isinstance(entry.get("piles"), dict):
                seat["piles"] = {k: _pile(p) for k, p in entry["piles"].items()}
            if isinstance(entry, dict) and isinstance(entry.get("huashen"), dict):
                seat["huashen"] = _pick(entry["huashen"], _HUASHEN)
            seats.append(seat)
        out["seats"] = seats
    if isinstance(view.get("hands"), list):
        out["hands"] = [_pick(h, _HAND) for h in view["hands"]]
    return out
