"""The terminal view: seats, health, equipment, phase, what is pending, and the narration.

`render_table_view` draws the public state (the contract's state JSON) with rich:
one row per seat (general, identity once revealed, or in a two-side mode the team with
its role, reserve count and whether it acted; health as magatama, hand count,
equipment, judgment area; with the Maneuvering cards, a chained seat and a drunk Wine
are marked after the general), a status line (round, whose turn, phase) and the pending
decision as a sentence, above the last lines of narration. `LiveView` keeps it on
screen and redraws it after every update; it is an observer like any other and
never changes the game. It shows only public information, like the table view.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from companion.game.session import Update
from companion.narration import Narrator

__all__ = ["LiveView", "render_table_view"]

_SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")


def _health(hp: int, max_hp: int) -> Text:
    text = Text("●" * max(hp, 0), style="bold red")
    text.append("○" * max(max_hp - max(hp, 0), 0), style="dim")
    return text


def _side(seat: Mapping[str, Any], narrator: Narrator) -> str:
    """A seat's team in a two-side mode, its role or lordship, reserves and whether it
    has acted this round (3v3): public facts only (reserves are a count)."""
    parts = [narrator.word("side", seat.get("team", ""))]
    if seat.get("role"):
        parts.append(narrator.word("role", seat["role"]))
    elif seat.get("leader") and "reserves_count" not in seat:
        parts.append(narrator.word("view", "leader"))
    if "reserves_count" in seat:
        parts.append(f"{narrator.word('view', 'reserves')} {seat['reserves_count']}")
    if seat.get("acted"):
        parts.append(narrator.word("view", "acted"))
    return " · ".join(parts)


def render_table_view(
    state: Mapping[str, Any], narrator: Narrator, narration: list[str] | None = None
) -> RenderableType:
    """The table view of `state` in the narrator's language."""
    if state.get("game") == "regicide":
        from companion.game.regicide_view import render_regicide_view

        return render_regicide_view(state, narrator, narration)
    names = narrator.names
    turn = state.get("turn") or {}
    mode = state.get("game_mode") or {}
    teams = mode.get("name", "identity") != "identity"  # a two-side mode: teams, not identities
    table = Table(expand=True, show_edge=False, pad_edge=False)
    columns = ("seat", "general", "team" if teams else "identity", "health", "hand")
    for key in (*columns, "equipment", "judgment"):
        table.add_column(narrator.word("view", key), no_wrap=key in ("seat", "health", "hand"))
    for seat in state.get("seats", []):
        n = seat["seat"]
        general = names.general(seat["general"]) if seat.get("general") else "—"
        marks = [narrator.word("view", k) for k in ("chained", "wine") if seat.get(k)]
        if marks and seat.get("alive", True):  # the Maneuvering cards' public state
            general = f"{general} ({', '.join(marks)})"
        if teams:
            identity = _side(seat, narrator)
        else:
            identity = names.identity(seat["identity"]) if seat.get("identity") else "?"
        equipment = ", ".join(
            names.card(card) for slot in _SLOTS if (card := (seat.get("equipment") or {}).get(slot))
        )
        judgment = ", ".join(names.card(card) for card in seat.get("judgment", []))
        style = (
            "dim strike"
            if not seat.get("alive", True)
            else ("bold" if n == turn.get("seat") else "")
        )
        table.add_row(
            str(n), general, identity, _health(seat.get("hp", 0), seat.get("max_hp", 0)),
            str(seat.get("hand_count", 0)), equipment or "—", judgment or "—", style=style,
        )  # fmt: skip
    status = Text()
    if turn.get("seat"):
        status.append(f"{narrator.word('view', 'round')} {turn.get('round', 0)} · ", style="dim")
        status.append(narrator.table("turn_of", state, seat=turn["seat"]), style="bold")
        if turn.get("phase"):
            status.append(" · " + narrator.word("phase", turn["phase"]))
    unit = mode.get("unit")
    if unit:  # 3v3: the team acting and who, in order
        seats = ", ".join(str(s) for s in unit["seats"])
        status.append(f" · {narrator.word('view', 'unit')}: {narrator.word('side', unit['team'])}")
        status.append(f" ({seats})", style="dim")
    deck, discard = narrator.word("view", "deck"), narrator.word("view", "discard")
    counts = (
        f"   {deck} {state.get('deck_count', '?')} · {discard} {state.get('discard_count', '?')}"
    )
    status.append(counts, style="dim")
    parts: list[RenderableType] = [table, status]
    pending = state.get("pending")
    if pending:
        parts.append(Text(narrator.prompt(pending, state), style="cyan"))
    if narration:
        parts.append(Panel("\n".join(narration), border_style="dim"))
    return Group(*parts)


class LiveView:
    """Keeps the table view on a terminal and redraws it after each update."""

    def __init__(self, narrator: Narrator, console: Console | None = None, lines: int = 12) -> None:
        self.narrator = narrator
        self.console = console or Console()
        self._said: deque[str] = deque(maxlen=lines)
        self._live: Live | None = None
        self._state: Mapping[str, Any] = {}

    def __enter__(self) -> LiveView:
        self._live = Live(self._render(), console=self.console, auto_refresh=False)
        self._live.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.__exit__(None, None, None)
            self._live = None

    def _render(self) -> RenderableType:
        return render_table_view(self._state, self.narrator, list(self._said))

    def __call__(self, update: Update) -> None:
        self._said.extend(update.sentences)
        self._state = update.state
        if self._live is not None:
            self._live.update(self._render(), refresh=True)
