"""A HINT step's sentences: ask for the hand, or the agent's advice in words.

docs/regicide-hints.md §5. The table (companion/table/hints.py) says what the step is;
this asks the engine's agent (`engine.regicide.agent`) on the asking seat's information
set and words its answer with the game's catalogue (`table.regicide.hint_*`): the
suggested action, the estimated chance to win of the best options (up to three), and
why in one line. The session decides who hears it: everyone in solo, only the asking
seat's phone otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from companion.narration import Narrator
from engine.regicide import parse_card
from engine.regicide.actions import Action, ChooseNext, Discard, FlipJester, Play, Yield
from engine.regicide.agent import Advice, Agent, check_budget
from engine.regicide.game import Game
from engine.regicide.infoset import HandContradiction, information_set

__all__ = ["HINT_ITERATIONS", "advise", "hint_sentences", "offline_hint"]

#: Rollouts per hint: twice what `bench/regicide_agent.py` measured (48; docs/regicide-hints.md
#: §6), still well under a second.
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


def offline_hint(
    game_id: int,
    before: int,
    *,
    hand: str | None = None,
    iterations: int = HINT_ITERATIONS,
    db: Path | None = None,
    lang: str | None = None,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """`companion hint`: replay game `game_id`'s inputs before input `before` (numbered
    from 1) and print the hint for the seat deciding there. Nothing is written."""
    from companion.game.saved_games import _open as open_log
    from companion.store import UnknownGame
    from companion.table.games import make_table

    out = out or sys.stdout
    err = err or sys.stderr
    try:
        check_budget(iterations, None)
    except ValueError as exc:
        print(f"companion hint: {exc}", file=err)
        return 2
    log = open_log(db, err)  # the same message as `games`, `replay` and `export`
    if log is None:
        return 1
    with log:
        try:
            info = log.game(game_id)
        except UnknownGame as exc:
            print(f"companion hint: {exc}", file=err)
            return 2
        if info.game != "regicide":
            print(
                f"companion hint: game {game_id} is {info.game}; hints are for Regicide", file=err
            )
            return 2
        inputs = log.inputs(game_id)
        if not 1 <= before <= len(inputs) + 1:
            print(
                f"companion hint: game {game_id} has {len(inputs)} inputs: INPUT must be"
                f" 1..{len(inputs) + 1} (the position before that input)",
                file=err,
            )
            return 2
        table = make_table(info.game, info.players, info.seed, info.settings)
        for item in inputs[: before - 1]:
            table.apply(item.input)
        narrator = Narrator(lang or info.meta.get("lang", "en"), info.game)
    engine: Game = table.adapter.engine  # type: ignore[attr-defined]
    prompt = engine.pending()
    if prompt is None or engine.enemy is None:
        print(narrator.table("regicide.hint_no_decision"), file=err)
        return 2
    cards = None if hand is None else hand.replace(",", " ").split()
    if cards is None and engine.table:
        print(
            f"companion hint: game {game_id} was played at the table, so the companion does not"
            f" know player {prompt.seat}'s hand: give it with --hand 'C8 H5 ...'"
            f" ({engine.hand_count(prompt.seat)} cards)",
            file=err,
        )
        return 2
    try:
        parsed = None if cards is None else tuple(parse_card(c) for c in cards)
        information_set(engine, prompt.seat, parsed)
    except HandContradiction as exc:
        data = {"kind": "refused", "reason": f"hint_{exc.reason}", "seat": prompt.seat, **exc.data}
        print(hint_sentences(narrator, engine, data)[0], file=err)
        return 2
    except ValueError as exc:
        print(f"companion hint: {exc}", file=err)
        return 2
    ready = {"kind": "ready", "seat": prompt.seat, "hand": cards}
    for line in hint_sentences(narrator, engine, ready, iterations):
        print(line, file=out)
    return 0
