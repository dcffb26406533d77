"""The terminal view: seats, health, equipment, phase, what is pending, and the narration.

`render_table_view` draws the public state (the contract's state JSON) with rich:
one row per seat (general, identity once revealed, or in a two-side mode the team with
its role, reserve count and whether it acted; health as magatama, hand count,
equipment, judgment area; with the Maneuvering cards, a chained seat and a drunk (or spent) Wine
are marked after the general; the 神话再临 packs' face-down seat, 左慈's shown 化身 general
and the skill he named, cards kept on a general and spent skills follow the judgment cards), a
status line (round, whose turn, phase), the latest point comparison (拼点: both players, both
cards, whether the initiator won), the extra turn being played and those to come (放权), and the
pending decision as a sentence, above the last lines of narration. It shows only public
information, like the table view.

With `stable=True` (the live view, `companion.game.live`) every column has a width
fixed for the whole game (from the catalogue's longest names, the seat count and the
terminal's width, never from the values shown) and every seat keeps one line, so a
health going from 10 to 9 or a general scanned moves nothing on the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from companion.narration import Narrator
from companion.web.panel import extra_turn_sentences

__all__ = ["render_table_view"]

_SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
_MIN_MAGATAMA = 5  # the stable health column holds 5 magatama (a lord's 4 + 1) or more


def _health(hp: int, max_hp: int) -> Text:
    text = Text("●" * max(hp, 0), style="bold red")
    text.append("○" * max(max_hp - max(hp, 0), 0), style="dim")
    return text


def _side(seat: Mapping[str, Any], narrator: Narrator) -> str:
    """A seat's team in a two-side mode, its role or lordship, reserves and whether it
    has acted this round (3v3): public facts only (reserves are a count)."""
    parts = [narrator.word("side", seat.get("team_name", seat.get("team", "")))]
    if seat.get("role"):
        parts.append(narrator.word("role", seat["role"]))
    elif seat.get("leader") and "reserves_count" not in seat:
        parts.append(narrator.word("view", "leader"))
    if "reserves_count" in seat:
        parts.append(f"{narrator.word('view', 'reserves')} {seat['reserves_count']}")
    if seat.get("acted"):
        parts.append(narrator.word("view", "acted"))
    return " · ".join(parts)


def _marks(seat: Mapping[str, Any]) -> tuple[str, ...]:
    """The Maneuvering marks a seat may show: chained, and a drunk Wine's +1 or, once it is
    spent, that this turn's Wine is used (docs/maneuvering.md §5)."""
    return ("chained", "wine") if seat.get("wine") else ("chained", "wine_used")


def _general(seat: Mapping[str, Any], narrator: Narrator) -> str:
    general = narrator.names.general(seat["general"]) if seat.get("general") else "—"
    marks = [narrator.word("view", k) for k in _marks(seat) if seat.get(k)]
    if marks and seat.get("alive", True):  # the Maneuvering cards' public state
        general = f"{general} ({', '.join(marks)})"
    return general


def _board(seat: Mapping[str, Any], narrator: Narrator) -> list[str]:
    """The 神话再临 packs' public marks of a seat, after its judgment cards: face down,
    the 化身 general shown and the skill named, the cards kept on its general (a private
    pile as a count), its spent skills."""
    names = narrator.names
    out = [] if seat.get("face_up", True) else [narrator.word("view", "face_down")]
    shown = seat.get("huashen")
    if shown:
        named = [names.general(shown["general"])] + (
            [names.skill(shown["skill"])] if shown.get("skill") else []
        )
        out.append(f"{names.skill('huashen')}: {' · '.join(named)}")
    for skill, pile in (seat.get("piles") or {}).items():
        items = pile.get("items")
        if items is not None and pile.get("public"):
            out.append(f"{names.skill(skill)}: {' '.join(names.card(c) for c in items)}")
        else:
            out.append(f"{names.skill(skill)} ×{pile.get('count', 0)}")
    out.extend(
        f"{names.skill(s)} ({narrator.word('view', 'spent')})" for s in seat.get("spent", [])
    )
    return out


def _stable_widths(state: Mapping[str, Any], narrator: Narrator, teams: bool) -> dict[str, int]:
    """The fixed columns' widths for a whole game: from the seat count and the longest
    name each column can hold in this language, never from the values shown now."""
    from engine.sanguosha.catalogue import catalogue

    names = narrator.names
    seats = state.get("seats", [])
    packs = state.get("general_packs", ["standard"])  # the game's packs only
    generals = [names.general(g.id) for g in catalogue().generals.values() if g.pack in packs]
    if any("chained" in seat for seat in seats):  # the Maneuvering cards: room for the marks
        marks = max(
            (", ".join(narrator.word("view", k) for k in _marks({"wine": w})) for w in (0, 1)),
            key=len,
        )
        generals = [f"{g} ({marks})" for g in generals]
    if teams:  # the widest a seat's side can be: acted, with two-digit reserves
        sides = [
            _side({**seat, "acted": True, **({"reserves_count": 99} if "reserves_count" in seat
                                              else {})}, narrator)
            for seat in seats
        ]  # fmt: skip
    else:
        sides = ["?", *(names.identity(i) for i in catalogue().identities)]
    most_hp = max([_MIN_MAGATAMA, *(int(seat.get("max_hp", 0)) for seat in seats)])
    return {
        "seat": len(str(max((int(seat["seat"]) for seat in seats), default=1))),
        "general": max(cell_len(g) for g in generals),
        "team" if teams else "identity": max(cell_len(s) for s in sides),
        "health": most_hp,
        "hand": 2,
    }


def render_table_view(
    state: Mapping[str, Any],
    narrator: Narrator,
    narration: list[str] | None = None,
    *,
    stable: bool = False,
) -> RenderableType:
    """The table view of `state` in the narrator's language (`stable`: with the
    fixed columns and lines of the live view, see the module's docstring)."""
    if state.get("game") == "regicide":
        from companion.game.regicide_view import render_regicide_view

        return render_regicide_view(state, narrator, narration, stable=stable)
    names = narrator.names
    turn = state.get("turn") or {}
    mode = state.get("game_mode") or {}
    teams = mode.get("name", "identity") != "identity"  # a two-side mode: teams, not identities
    table = Table(expand=True, show_edge=False, pad_edge=False)
    columns = ("seat", "general", "team" if teams else "identity", "health", "hand")
    widths = _stable_widths(state, narrator, teams) if stable else {}
    for key in (*columns, "equipment", "judgment"):
        header = narrator.word("view", key)
        if stable:  # fixed widths; equipment and judgment share what is left, 2:1
            width = widths.get(key)
            table.add_column(
                header, width=max(width, cell_len(header)) if width else None,
                ratio=None if width else (2 if key == "equipment" else 1),
                no_wrap=True, overflow="ellipsis",
            )  # fmt: skip
        else:
            table.add_column(header, no_wrap=key in ("seat", "health", "hand"))
    for seat in state.get("seats", []):
        n = seat["seat"]
        if teams:
            identity = _side(seat, narrator)
        else:
            identity = names.identity(seat["identity"]) if seat.get("identity") else "?"
        equipment = ", ".join(
            names.card(card) for slot in _SLOTS if (card := (seat.get("equipment") or {}).get(slot))
        )
        judgment = ", ".join(
            [names.card(card) for card in seat.get("judgment", [])] + _board(seat, narrator)
        )
        style = (
            "dim strike"
            if not seat.get("alive", True)
            else ("bold" if n == turn.get("seat") else "")
        )
        table.add_row(
            str(n), _general(seat, narrator), identity,
            _health(seat.get("hp", 0), seat.get("max_hp", 0)),
            str(seat.get("hand_count", 0)), equipment or "—", judgment or "—", style=style,
        )  # fmt: skip
    status = Text(no_wrap=True, overflow="ellipsis") if stable else Text()
    if turn.get("seat"):
        rounds = narrator.word("view", "round").format(n=turn.get("round", 0))
        status.append(f"{rounds} · ", style="dim")
        status.append(narrator.table("turn_of", state, seat=turn["seat"]), style="bold")
        if turn.get("phase"):
            phase = narrator.word("phase", turn["phase"])
            status.append(" · " + narrator.word("view", "phase").format(phase=phase))
    unit = mode.get("unit")
    if unit:  # 3v3: the team acting and who, in order
        seats = ", ".join(str(s) for s in unit["seats"])
        team = (mode.get("team_names") or {}).get(unit["team"], unit["team"])
        status.append(f" · {narrator.word('view', 'unit')}: {narrator.word('side', team)}")
        status.append(f" ({seats})", style="dim")
    deck, discard = narrator.word("view", "deck"), narrator.word("view", "discard")
    counts = (
        f"   {deck} {state.get('deck_count', '?')} · {discard} {state.get('discard_count', '?')}"
    )
    status.append(counts, style="dim")
    parts: list[RenderableType] = [table, status]
    comparison = state.get("last_comparison")
    said = [narrator.table("last_comparison", state, **comparison)] if comparison else []
    said += extra_turn_sentences(state, narrator)
    for line in said:  # the 神话再临 packs' public table facts
        parts.append(Text(line, no_wrap=True, overflow="ellipsis") if stable else Text(line))
    pending = state.get("pending")
    if pending:
        parts.append(Text(narrator.prompt(pending, state), style="cyan"))
    if narration:
        parts.append(Panel("\n".join(narration), border_style="dim"))
    return Group(*parts)
