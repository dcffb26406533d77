"""A HINT step's sentences: ask for the hand, or the agent's advice in words.

docs/regicide-hints.md §5. The table (companion/table/hints.py) says what the step is;
this asks the engine's agent (`engine.regicide.agent`) on the asking seat's information
set and words its answer with the game's catalogue (`table.regicide.hint_*`): the
suggested action, the estimated chance to win of the best options (up to three), and
why in one line. The session decides who hears it: everyone in solo, only the asking
seat's phone otherwise.
"""

from __future__ import annotations

from typing import Any

from companion.narration import Narrator
from engine.regicide import parse_card
from engine.regicide.actions import Action, ChooseNext, Discard, FlipJester, Play, Yield
from engine.regicide.agent import Advice, Agent
from engine.regicide.game import Game
from engine.regicide.infoset import information_set

__all__ = ["HINT_ITERATIONS", "advise", "hint_sentences"]

#: Rollouts per hint: what `bench/regicide_agent.py` measured (docs/regicide-hints.md §4).
HINT_ITERATIONS = 96


def advise(engine: Game, seat: int, hand: list[str] | None, iterations: int) -> Advice:
    """The agent's advice for `seat` now, from its own view (a scanned `hand` in table mode)."""
    cards = None if hand is None else tuple(parse_card(c) for c in hand)
    info = information_set(engine, seat, cards)
    return Agent(iterations=iterations, seed=len(engine.events())).advise(info)


def _action_words(narrator: Narrator, action: Action) -> str:
    if isinstance(action, Play):
        return narrator.table("regicide.hint_play", cards=[str(c) for c in action.cards])
    if isinstance(action, Discard):
        return narrator.table("regicide.hint_pay", cards=[str(c) for c in action.cards])
    if isinstance(action, FlipJester):
        return narrator.table("regicide.hint_flip")
    if isinstance(action, ChooseNext):
        return narrator.table("regicide.hint_choose", target=action.seat)
    if isinstance(action, Yield):
        return narrator.table("regicide.hint_yield")
    return narrator.table("regicide.hint_keep")


def hint_sentences(
    narrator: Narrator, engine: Game, hint: dict[str, Any], iterations: int = HINT_ITERATIONS
) -> list[str]:
    """What the asking seat hears for one HINT step (nothing for a quiet one)."""
    kind = hint["kind"]
    seat = hint.get("seat")
    if kind == "scan_hand":
        return [narrator.table("regicide.hint_scan_hand", seat=seat, count=hint["count"])]
    if kind == "stopped":
        return [narrator.table("regicide.hint_stopped", seat=seat)]
    if kind == "refused":
        data = {k: v for k, v in hint.items() if k not in ("kind", "reason")}
        return [narrator.table(f"regicide.{hint['reason']}", **data)]
    if kind != "ready":
        return []
    advice = advise(engine, int(hint["seat"]), hint.get("hand"), iterations)
    out = [
        narrator.table("regicide.hint_says", seat=seat, what=_action_words(narrator, advice.action))
    ]
    shown = [o for o in advice.options if o.win >= 0][:3]
    if shown:
        chances = [
            narrator.table(
                "regicide.hint_option",
                what=_action_words(narrator, o.action),
                percent=round(100 * o.win),
            )
            for o in shown
        ]
        out.append(narrator.table("regicide.hint_chances", options="; ".join(chances)))
    out.append(narrator.table(f"regicide.hint_why.{advice.reason}", **advice.figures))
    return out
