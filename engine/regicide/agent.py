"""The hint agent: which action to take now, and how likely each option is to win.

Design (docs/regicide-hints.md §3): a determinized Monte Carlo search at the root. The
candidates are the decision's sensible actions (every play, ranked by the rules of
thumb and cut to the best `width`; the cheapest covering payments; flip or not). Each
is scored by playing games out to the end with the rules-of-thumb policy (policy.py)
on determinizations of the seat's information set (infoset.py): one deal per
iteration, shared by every candidate (common random numbers, so the comparison is not
drowned by the luck of the deal). Sequential halving spends the budget: each round
plays every live candidate on the same new deals, then drops the worse half.

Why not a tree (ISMCTS): in solo the only hidden thing is the tavern's order, and the
rollout policy never looks at it, so every rollout is a fair sample of "this action,
then the rules of thumb", an unbiased estimate with no strategy fusion (the search
never assumes it will know the deck). A one-step improvement of a strong base policy
needs few rollouts per candidate, which is what a second of Python buys.

`Agent(iterations=..., cpu_seconds=..., seed=...)`; `agent.advise(info)` returns an
`Advice`: the chosen action, the options with their estimated chance to win, and a
reason code with its figures. Deterministic given the seed and an iteration budget (a
CPU budget depends on the machine's speed).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import GameRng
from engine.regicide.actions import (
    Action,
    ChooseNext,
    DeclineFlip,
    Discard,
    FlipJester,
    Play,
    Yield,
)
from engine.regicide.cards import Card, format_cards
from engine.regicide.events import Event
from engine.regicide.game import Game
from engine.regicide.infoset import InfoSet, determinize
from engine.regicide.plays import legal_plays
from engine.regicide.policy import (
    Effect,
    apply,
    choose,
    defeated,
    payments,
    play_out,
    play_scores,
)
from engine.regicide.prompts import PromptKind
from engine.regicide.rules import RULES


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate: its action, estimated chance to win, mean enemies defeated, rollouts."""

    action: Action
    win: float
    defeated: float
    rollouts: int

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "win": round(self.win, 3),
            "defeated": round(self.defeated, 2),
            "rollouts": self.rollouts,
        }


@dataclass(frozen=True, slots=True)
class Advice:
    """The agent's answer: `action` to take, `options` best first, a reason with figures."""

    action: Action
    options: tuple[Option, ...]
    reason: str
    figures: dict[str, Any] = field(default_factory=dict)
    rollouts: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "options": [o.to_json() for o in self.options],
            "reason": self.reason,
            "figures": dict(self.figures),
            "rollouts": self.rollouts,
        }


def check_budget(iterations: object, cpu_seconds: object) -> None:
    """Refuse a budget that is not a positive number (ValueError naming it)."""
    if iterations is None and cpu_seconds is None:
        raise ValueError("the agent needs a budget: iterations or cpu_seconds")
    if iterations is not None and (
        type(iterations) is not int or iterations <= 0  # bool is not an int here
    ):
        raise ValueError(f"iterations must be a positive whole number, got {iterations!r}")
    if cpu_seconds is not None and (
        type(cpu_seconds) not in (int, float) or not cpu_seconds > 0  # type: ignore[operator]
    ):
        raise ValueError(f"cpu_seconds must be a positive number, got {cpu_seconds!r}")


class Agent:
    """The search agent; one per seat or per table, reusable across decisions."""

    def __init__(
        self,
        iterations: int | None = 400,
        cpu_seconds: float | None = None,
        seed: int = 0,
        width: int = 8,
        clock: Callable[[], float] = time.process_time,
    ) -> None:
        check_budget(iterations, cpu_seconds)
        if type(width) is not int or width < 1:
            raise ValueError(f"width must be a positive whole number, got {width!r}")
        self.iterations = iterations
        self.cpu_seconds = cpu_seconds
        self.seed = seed
        self.width = width
        self.clock = clock

    def advise(self, info: InfoSet, seed: int | None = None) -> Advice:
        """The advice for the decision `info` describes (the seat's own view only)."""
        base = determinize(info, GameRng(0))  # the public figures, any deal: for ranking
        candidates = self._candidates(info, base)
        forced = _forced(info, base)
        if forced is not None:
            candidates = [forced]
        if len(candidates) == 1:
            return Advice(candidates[0], (Option(candidates[0], -1.0, -1.0, 0),), "only_choice")
        default = choose(base)  # the rules of thumb's own pick: kept unless clearly beaten
        home = next((i for i, c in enumerate(candidates) if _same(c, default)), -1)
        if home < 0:
            candidates.insert(0, default)
            home = 0
        rng_seed = self.seed if seed is None else seed
        stats = {i: [0.0, 0.0, 0.0, 0.0] for i in range(len(candidates))}  # n, reward, wins, beaten
        rewards: dict[int, list[float]] = {i: [] for i in range(len(candidates))}  # per deal
        live = list(range(len(candidates)))
        rounds = max(1, (len(live) - 1).bit_length())
        start = self.clock()
        deal = 0
        total = 0
        # a flip is a yes-or-no question the rules of thumb get mostly right: a quarter
        share = 4 if info.prompt.kind is PromptKind.JESTER_FLIP else 1
        for r in range(rounds):
            if self.iterations is not None:
                per_arm = max(1, self.iterations // (share * rounds * len(live)))
            else:
                per_arm = 1 << 30
            deadline = (
                None
                if self.cpu_seconds is None
                else start + self.cpu_seconds * (r + 1) / (share * rounds)
            )
            done = 0
            while done < per_arm:
                if deadline is not None and done > 0 and self.clock() >= deadline:
                    break
                for i in live:
                    reward, won, beaten = self._rollout(info, candidates[i], rng_seed, deal)
                    rewards[i].append(reward)
                    st = stats[i]
                    st[0] += 1
                    st[1] += reward
                    st[2] += won
                    st[3] += beaten
                    total += 1
                deal += 1
                done += 1
            if r < rounds - 1:
                live.sort(key=lambda i: -stats[i][1] / stats[i][0])
                live = live[: max(1, (len(live) + 1) // 2)]
                if home not in live:
                    live.append(home)
        pick = _clear_winner(rewards, home)
        ranked = sorted(
            stats,
            key=lambda i: (i == pick, stats[i][0], stats[i][1] / max(1, stats[i][0])),
            reverse=True,
        )
        options = tuple(
            Option(
                candidates[i],
                stats[i][2] / stats[i][0],
                stats[i][3] / stats[i][0],
                int(stats[i][0]),
            )
            for i in ranked
            if stats[i][0]
        )
        best = options[0].action
        reason, figures = explain(base, best)
        return Advice(best, options, reason, figures, total)

    def _rollout(
        self, info: InfoSet, action: Action, seed: int, deal: int
    ) -> tuple[float, int, int]:
        g = determinize(info, GameRng(seed * 1_000_003 + deal))
        ev: list[Event] = []
        apply(g, action, ev)
        play_out(g)
        beaten = defeated(g)
        won = g.result is not None and g.result["outcome"] == "won"
        if won:
            return 1.0, 1, 12
        progress = beaten + (g.damage / g.health if g.health else 0.0)
        return 0.5 * progress / 12, 0, beaten

    def _candidates(self, info: InfoSet, g: Game) -> list[Action]:
        p = info.prompt
        kind = p.kind
        s = p.seat
        if kind is PromptKind.PLAY:
            plays = legal_plays(g.hands[s], RULES.max_combo_total, made=g.made)
            scores = play_scores(g, s, plays)
            order = sorted(range(len(plays)), key=lambda i: -scores[i])
            ranked = [plays[i] for i in order]
            out: list[Action] = list(ranked[: self.width])
            if p.can_yield:
                out.append(Yield())
            return out or [Yield()]
        if kind is PromptKind.PAY_DAMAGE:
            found = payments(g, g.hands[s], p.amount - p.paid)
            if not found:
                return [Discard(tuple(g.hands[s]))]
            return [Discard(cards) for _, cards in found[: max(2, self.width // 2)]]
        if kind is PromptKind.JESTER_FLIP:
            return [FlipJester(), DeclineFlip()]
        if kind is PromptKind.CHOOSE_NEXT:
            return [ChooseNext(t) for t in p.choices]
        raise ValueError(f"the agent does not advise on a {kind.value} prompt")


def _same(a: Action, b: Action) -> bool:
    """Equal actions; a payment is the same set of cards in any order."""
    if type(a) is Discard and type(b) is Discard:
        return sorted(a.cards) == sorted(b.cards)
    return a == b


#: How many standard errors a candidate's paired gain over the rules of thumb's own pick
#: must reach before the agent prefers it: with a few rollouts per candidate, the best
#: mean is mostly luck, and following it played worse than the rules of thumb alone.
CONFIDENCE = 1.5


def _clear_winner(rewards: dict[int, list[float]], home: int) -> int:
    """The candidate whose gain over `home`, paired deal by deal (the home candidate plays
    every deal; the others a prefix of them), is largest in standard errors, if that is
    at least CONFIDENCE; else `home`."""
    base = rewards[home]
    best, best_z = home, CONFIDENCE
    for i, mine in rewards.items():
        n = len(mine)
        if i == home or n < 2:
            continue
        diffs = [a - b for a, b in zip(mine, base[:n], strict=False)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean <= 0:
            continue
        z = mean / (var / n) ** 0.5 if var > 0 else float("inf")
        if z > best_z or (z == best_z == float("inf") and mean > 0):
            best, best_z = i, z
    return best


def _forced(info: InfoSet, g: Game) -> Action | None:
    """A flip that dominates: the hand cannot pay the damage, or is empty at Step 1
    (declining then loses at once), or a payment prompt with one covering set."""
    p = info.prompt
    if p.kind is PromptKind.JESTER_FLIP:
        hand = g.hands[p.seat]
        if not hand or (p.step == 4 and sum(g.value[c] for c in hand) < p.amount):
            return FlipJester()
    return None


def explain(g: Game, action: Action) -> tuple[str, dict[str, Any]]:
    """A reason code and its figures for the chosen action (narration words them)."""
    p = g.prompt
    assert p is not None
    if type(action) is Play:
        cards: tuple[Card, ...] = action.cards
        e = Effect(g, p.seat, cards)
        figures: dict[str, Any] = {"cards": format_cards(cards)}
        if e.kills:
            return ("exact_kill" if e.exact else "kill"), figures
        figures["attack"] = e.owed
        figures["hand_after"] = sum(g.value[c] for c in g.hands[p.seat]) - e.x
        if e.draws:
            figures["draws"] = e.draws
            return "draw", figures
        if e.shield:
            figures["shield"] = e.shield
            return "shield", figures
        figures["damage"] = e.damage
        return "damage", figures
    if type(action) is Discard:
        return "pay", {"cards": format_cards(action.cards), "amount": p.amount - p.paid}
    if type(action) is FlipJester:
        return "flip", {"step": p.step}
    if type(action) is DeclineFlip:
        return "keep_hand", {"step": p.step}
    if type(action) is ChooseNext:
        return "choose_next", {"target": action.seat}
    return "yield", {}
