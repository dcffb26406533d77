"""A seat's own panel on its phone: that seat's game, and of the others only what is public.

Three Kingdoms Kill: the seat's general with HP and max HP, its identity (when the
companion knows it: the lord's from setup, any revealed one; at a table the other
identity cards are face down and only their owners know them), equipment, judgment
area, the general's skills with their one-line rule text (the engine's
`data/skills.json`, as the narration names them), who is in attack range and at what
distance, and on the seat's own play phase what it may still do (Kills left, each
active skill once per phase: used or not). Regicide: the seat's hand count and what
it owes the enemy now (the damage to pay, `left` of it).

With the 神话再临 packs the panel also shows the table's marks as the TV does, for every
seat (`board`): a face-down general, 左慈's shown 化身 general and the skill he named
(`huashen`), the cards kept on a general (a private pile, 化身's general cards, as a count,
but with its items on its owner's own panel) and spent limited or awakening skills; the
latest point comparison (`comparison`, the narration's sentence: both players, both cards,
whether the initiator won); and the extra turns (`extra_turns`, the narration's sentences:
the one being played, then those to come, 放权).

Everything here but `identity` and the seat's own private piles is public (the table
view shows it, or anyone at the table can work it out: distances come from seats and
horses); those two are the seat's own. Another seat's panel is never built for a phone
(`phone.py` refuses).
The `names` of every seat's general (public) name the seat dial's buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from companion.narration import Narrator

__all__ = ["NOT_ONCE", "ONCE_PER_PHASE", "extra_turn_sentences", "seat_panel"]

#: The active skills the engine allows once per play phase (their `once_used` check
#: in `engine/sanguosha/skills`: a `turn:` mark set when used). The other active
#: skills (`NOT_ONCE`) have no per-phase limit: used again, or once per game (忠义, a
#: limited skill, 乱武 too: the view lists it as `spent`); `tests/phone/test_panel.py` checks that
#: every active skill of `skills.json` is in one of the two.
ONCE_PER_PHASE = frozenset(
    {
        "zhiheng",
        "fanjian",
        "jieyin",
        "qingnang",
        "lijian",
        "qiangxi",
        "quhu",
        "tianyi",
        "tiaoxin",
        "dimeng",
    }  # fmt: skip
)
NOT_ONCE = frozenset({"rende", "kurou", "huangtian", "zhongyi", "zhiba", "zhijian", "luanwu"})


def seat_panel(session: Any, seat: int, lang: str) -> dict[str, Any]:
    """The panel of `seat` for its own phone (JSON-ready; `game` says which shape)."""
    state = session.state()
    if state.get("game") == "regicide":
        return _regicide(state, seat)
    return _sanguosha(session, state, seat, lang)


def _regicide(state: dict[str, Any], seat: int) -> dict[str, Any]:
    hands = {h.get("seat"): h.get("count") for h in state.get("hands") or [] if isinstance(h, dict)}
    pending = state.get("pending") or {}
    owed = None
    if pending.get("kind") == "pay_damage" and pending.get("seat") == seat:
        left = pending.get("left")
        owed = left if isinstance(left, int) else pending.get("amount", 0) - pending.get("paid", 0)
    turn = state.get("turn") or {}
    return {
        "game": "regicide",
        "seat": seat,
        "hand_count": hands.get(seat),
        "owed": owed,
        "my_turn": turn.get("seat") == seat,
        "names": {},
    }


def _sanguosha(session: Any, state: dict[str, Any], seat: int, lang: str) -> dict[str, Any]:
    from companion.narration.names import SanguoshaNames
    from engine.sanguosha.catalogue import catalogue

    names = SanguoshaNames(lang)
    book = catalogue()
    seats = {s["seat"]: s for s in state.get("seats") or [] if isinstance(s, dict)}
    me = seats.get(seat, {})
    engine = session.table.adapter.engine
    player = engine.player(seat)
    general = me.get("general")
    out: dict[str, Any] = {
        "game": "sanguosha",
        "seat": seat,
        "general": names.general(general) if general else None,
        "hp": me.get("hp"),
        "max_hp": me.get("max_hp"),
        "alive": me.get("alive", True),
        # the seat's own: known to the companion for the lord and once revealed
        "identity": names.identity(player.identity) if player.identity else None,
        "equipment": {
            slot: names.card_name(card)
            for slot, card in (me.get("equipment") or {}).items()
            if card
        },
        "judgment": [names.card_name(c) for c in me.get("judgment") or []],
        "skills": [],
        "reach": [],
        "names": {n: names.general(s["general"]) for n, s in seats.items() if s.get("general")},
    }
    if general in book.generals:
        spec = book.generals[general]
        ids = list(spec.skills) + (list(spec.lord_skills) if player.identity == "lord" else [])
        if engine.team_mode is not None:  # a mode's own versions (3v3: 忠义, 救主...)
            ids = list(engine.general_skill_ids(player))
        for sid in ids:
            skill = book.skills.get(sid)
            text = skill.text.get(lang) or skill.text.get("en", "") if skill else ""
            out["skills"].append({"id": sid, "name": names.skill(sid), "text": text})
    if player.alive and general:
        reach = engine.attack_range(player)
        out["attack_range"] = reach
        for other in engine.alive_order:
            if other is player:
                continue
            d = engine.distance(player, other)
            out["reach"].append({"seat": other.seat, "distance": d, "in_range": d <= reach})
    out["board"] = _board(seats, player, names)
    comparison = state.get("last_comparison")
    out["comparison"] = (
        _narrator(lang).table("last_comparison", state, **comparison)
        if isinstance(comparison, dict)
        else None
    )
    out["extra_turns"] = extra_turn_sentences(state, _narrator(lang))
    turn = state.get("turn") or {}
    if turn.get("seat") == seat and turn.get("phase") == "play":
        limit = engine.kill_limit(player)
        out["turn"] = {
            "kills_left": max(0, limit - engine.kills_used) if limit < 1000 else None,
            "once": [
                {"name": s["name"], "used": bool(player.marks.get(f"turn:{s['id']}"))}
                for s in out["skills"]
                if s["id"] in ONCE_PER_PHASE
            ],
        }
    return out


@cache
def _narrator(lang: str) -> Narrator:
    """One narrator per language for the panel's sentences (panels are built often)."""
    return Narrator(lang)


def extra_turn_sentences(state: Mapping[str, Any], narrator: Narrator) -> list[str]:
    """The extra turn being played, then the ones to come, in order (放权), as the
    narration says them: the phone panel's and the terminal's."""
    turn = state.get("turn") or {}
    out = []
    if isinstance(turn.get("extra"), dict) and turn.get("seat"):
        out.append(narrator.table("extra_turn", state, seat=turn["seat"], **turn["extra"]))
    out += [narrator.table("extra_turn_next", state, **t) for t in state.get("extra_turns") or []]
    return out


def _board(seats: dict[int, dict[str, Any]], player: Any, names: Any) -> list[dict[str, Any]]:
    """Each marked seat, in seat order: face down, the cards kept on its general and its
    spent skills. A pile's cards are named when the pile is public, or on its owner's
    panel from the engine's own pile (the public state has only a private pile's count)."""
    from engine.sanguosha.catalogue import catalogue

    generals = catalogue().generals
    out = []
    for n, seat in sorted(seats.items()):
        piles = []
        for skill, pile in (seat.get("piles") or {}).items():
            items: list[str] | None = None
            if n == player.seat and skill in player.piles:
                items = [str(item) for item in player.piles[skill].items]
            elif pile.get("public") and isinstance(pile.get("items"), list):
                items = [str(item) for item in pile["items"]]
            cards = None
            if items is not None:  # 化身's items are general ids
                cards = [names.general(i) if i in generals else names.card(i) for i in items]
            piles.append(
                {"skill": names.skill(skill), "count": pile.get("count", 0), "cards": cards}
            )
        shown = seat.get("huashen")
        entry = {
            "seat": n,
            "face_down": seat.get("face_up") is False and seat.get("alive", True),
            "huashen": {
                "skill": names.skill("huashen"),
                "general": names.general(shown["general"]),
                "named": names.skill(shown["skill"]) if shown.get("skill") else None,
            }
            if isinstance(shown, dict)
            else None,
            "piles": piles,
            "spent": [names.skill(s) for s in seat.get("spent") or []],
        }
        if entry["face_down"] or entry["huashen"] or piles or entry["spent"]:
            out.append(entry)
    return out
