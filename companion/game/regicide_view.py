"""The terminal view of a Regicide game: the enemy, the piles, the hands, what is pending.

`render_regicide_view` draws the public state JSON (`companion.table.regicide`'s
view) with rich, in the narrator's language: the enemy with its health, attack,
shield and immunity, the castle, tavern and discard counts, one row per player (hand
count, yielded last turn), and the pending decision as a sentence (the cards staged
for a play included) above the last lines of narration. Only public information is shown.

With `stable=True` (the live view) every line is there even when empty (no enemy yet,
nothing in play, no turn) and the columns have fixed widths, so nothing moves when a
count changes.
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

__all__ = ["render_regicide_view"]


def render_regicide_view(
    state: Mapping[str, Any],
    narrator: Narrator,
    narration: list[str] | None = None,
    *,
    stable: bool = False,
) -> RenderableType:
    """The table view of a Regicide `state` in the narrator's language."""

    def word(key: str) -> str:
        return narrator.word("rg_view", key)

    card = narrator.names.card
    parts: list[RenderableType] = []
    enemy = state.get("enemy")
    if enemy:
        line = Text(f"{word('enemy')} {card(enemy['card'])}", style="bold")
        line.append(f"   {word('health')} {enemy['hp_left']}/{enemy['health']}", style="red")
        line.append(f" · {word('attack')} {enemy['attack']}")
        if enemy.get("shield"):
            line.append(f" ({word('shield')} {enemy['shield']})")
        if enemy.get("immune"):
            line.append(f" · {word('immune')} {narrator.word('rg_suit', enemy['immune'])}")
        parts.append(line)
    elif stable:
        parts.append(Text(""))
    piles = (
        f"{word('castle')} {state.get('castle_left', '?')} · {word('tavern')} "
        f"{state.get('tavern_count', '?')} · {word('discard')} {state.get('discard_count', '?')}"
    )
    if state.get("jester_flips_left") is not None:
        piles += f" · {word('flips')} {state['jester_flips_left']}"
    parts.append(Text(piles, style="dim"))
    if state.get("in_play"):
        shown = ", ".join(card(c) for c in state["in_play"])
        parts.append(Text(f"{word('in_play')}: {shown}"))
    elif stable:
        parts.append(Text(""))
    table = Table(expand=True, show_edge=False, pad_edge=False)
    yes_no = [narrator.word("bool", b) for b in ("yes", "no")]
    fixed = {"seat": 1, "hand": 2, "yielded": max(cell_len(w) for w in yes_no)}
    for key in ("seat", "hand", "yielded"):
        if stable:  # fixed widths; the last column takes what is left
            last = key == "yielded"
            width = max(fixed[key], cell_len(word(key)))
            table.add_column(word(key), width=None if last else width, ratio=1 if last else None,
                             min_width=width, no_wrap=True, overflow="ellipsis")  # fmt: skip
        else:
            table.add_column(word(key), no_wrap=True)
    turn = (state.get("turn") or {}).get("seat")
    for hand in state.get("hands", []):
        yielded = narrator.word("bool", "yes" if hand.get("yielded_last_turn") else "no")
        style = "bold" if hand["seat"] == turn else ""
        table.add_row(str(hand["seat"]), str(hand.get("count", 0)), yielded, style=style)
    parts.append(table)
    if turn:
        parts.append(Text(narrator.table("turn_of", state, seat=turn), style="bold"))
    elif stable:
        parts.append(Text(""))
    pending = state.get("pending")
    if pending:
        parts.append(Text(narrator.prompt(pending, state), style="cyan"))
    if stable:  # one line each above the prompt, so the players' rows never move
        for part in parts[:-1] if pending else parts:
            if isinstance(part, Text):
                part.no_wrap, part.overflow = True, "ellipsis"
    if narration:
        parts.append(Panel("\n".join(narration), border_style="dim"))
    return Group(*parts)
