"""Helpers that put a real digital-mode game into a chosen position for scenario tests.

The game is a real `Game`; these helpers only move cards between its zones (so
the 104 cards stay accounted for), set HP and identities, and drive it with
ordinary `submit` calls. Each change calls `game.changed_outside()`, so listings and
distances made before it are not reused (engine/sanguosha/_legal.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import ActionError
from engine.sanguosha import Game, Pass, Reason, Settings, parse_card
from engine.sanguosha.catalogue import Card
from engine.sanguosha.modes.teams import TeamMode
from engine.sanguosha.prompts import Prompt, PromptKind
from engine.sanguosha.state import SLOT_INDEX


def cards(*texts: str) -> list[Card]:
    return [parse_card(t) for t in texts]


def start(players: int = 4, settings: Settings | None = None, **kw: object) -> Game:
    """A skill-less digital game whose lord is seat 1, at the lord's first play prompt.

    Requests are always asked (`auto_decline=False`) so tests see every prompt.
    """
    kw.setdefault("auto_decline", False)
    settings = settings or Settings(no_generals=True, **kw)  # type: ignore[arg-type]
    for seed in range(500):
        game = Game.new(players=players, seed=seed, settings=settings)
        if game.lord is not None and game.lord.seat == 1:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed puts the lord in seat 1")
    while pending(game).kind is PromptKind.CHOOSE_GENERAL:
        game.submit(pending(game).seat, game.legal_actions()[0])
    assert pending(game).kind is PromptKind.PLAY
    return game


def pending(game: Game) -> Prompt:
    """The pending prompt of a game the test knows is not over."""
    prompt = game.pending()
    assert prompt is not None, "the game is over: no prompt is pending"
    return prompt


def team_mode(game: Game) -> TeamMode:
    """The two-side mode of a game the test started in one."""
    assert game.team_mode is not None, "an identity game: no two-side mode"
    return game.team_mode


def changed(game: Game) -> None:
    """The state changed outside `submit`: listings and distances made before are stale."""
    game.changed_outside()


def _pull(game: Game, card: Card) -> None:
    """Remove one copy of `card` from wherever it is."""
    changed(game)
    for pile in (game.deck, game.discard_pile, game.processing):
        if card in pile:
            pile.remove(card)
            return
    for p in game.players:
        if card in p.hand:
            p.hand.remove(card)
            return
        for i, c in enumerate(p.equip):
            if c is card:
                p.equip[i] = None
                from engine.sanguosha.skills import EQUIPMENT_SKILLS

                if card.name in EQUIPMENT_SKILLS:
                    game.detach(p, EQUIPMENT_SKILLS[card.name])
                return
        for placed in p.judgment:
            if placed[0] is card:
                p.judgment.remove(placed)
                return
    raise AssertionError(f"{card} is nowhere")


def set_hand(game: Game, seat: int, *texts: str) -> None:
    """Give `seat` exactly these hand cards (the old hand goes back under the deck)."""
    p = game.player(seat)
    old, p.hand[:] = list(p.hand), []
    game.deck[:0] = old
    for card in cards(*texts):
        _pull(game, card)
        p.hand.append(card)


def equip(game: Game, seat: int, *texts: str) -> None:
    p = game.player(seat)
    for card in cards(*texts):
        _pull(game, card)
        slot = SLOT_INDEX[card.subtype]
        old = p.equip[slot]
        if old is not None:
            _pull(game, old)
            game.deck.insert(0, old)
        p.equip[slot] = card
        from engine.sanguosha.skills import EQUIPMENT_SKILLS, REGISTRY

        if card.name in EQUIPMENT_SKILLS:
            game.attach(p, REGISTRY[EQUIPMENT_SKILLS[card.name]]())
    changed(game)


def place(game: Game, seat: int, text: str, name: str | None = None) -> None:
    """Put a delayed trick in `seat`'s judgment area (last placed = judged first)."""
    card = parse_card(text)
    _pull(game, card)
    game.player(seat).judgment.append((card, name or card.name))


def deck_top(game: Game, *texts: str) -> None:
    """Make these the next cards drawn or judged, first one first."""
    for card in reversed(cards(*texts)):
        _pull(game, card)
        game.deck.append(card)


def set_hp(game: Game, seat: int, hp: int, max_hp: int | None = None) -> None:
    p = game.player(seat)
    p.max_hp = max_hp if max_hp is not None else max(p.max_hp, hp)
    p.hp = hp
    changed(game)


def set_identities(game: Game, *identities: str) -> None:
    """Identities by seat (seat 1 must stay the lord)."""
    assert identities[0] == "lord"
    for p, ident in zip(game.players, identities, strict=True):
        p.identity = ident
    game.role_counts = dict(Counter(identities))
    for ident in ("lord", "loyalist", "rebel", "spy"):
        game.role_counts.setdefault(ident, 0)
    changed(game)


def conserved(game: Game) -> bool:
    """Every card of the game is in exactly one zone."""
    found = list(game.deck) + game.discard_pile + game.processing
    for p in game.players:
        found += p.hand + [c for c in p.equip if c is not None] + [c for c, _ in p.judgment]
        for pile in p.piles.values():  # cards kept on a general (不屈, 屯田's fields)
            found += pile.cards()
    return Counter(found) == game.copies


def pass_windows(game: Game) -> list:
    """Everyone passes every open Nullification window; returns the events."""
    events: list = []
    while (prompt := game.pending()) is not None and prompt.kind is PromptKind.NULLIFY:
        events += game.submit(prompt.seats[0], Pass())
    return events


def pass_window(game: Game) -> list:
    """Everyone passes the one open Nullification window."""
    prompt = pending(game)
    assert prompt.kind is PromptKind.NULLIFY
    events: list = []
    for seat in prompt.seats:
        events += game.submit(seat, Pass())
    return events


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def of(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def random_step(game: Game, rng: random.Random, *, check: bool = True) -> list[Any]:
    """Submit one uniformly random legal action of whoever is asked (a window open to
    several seats goes to one of them); return its events. With `check`, `check()` must
    accept the action with the targets the listing gave it (`submit` trusts its own
    listing, so the two must agree)."""
    prompt = pending(game)
    seat = prompt.seat if prompt.seat is not None else rng.choice(prompt.seats)
    actions = game.legal_actions(seat)
    assert actions, prompt
    action = actions[rng.randrange(len(actions))]
    if check:
        assert game.check(prompt, seat, action) == actions.targets_of(action), action
    return game.submit(seat, action)


def self_play(
    game: Game,
    rng: random.Random,
    limit: int,
    after: Callable[[int, list[Any]], None] | None = None,
    *,
    check: bool = True,
    unended: str = "game did not end",
) -> int:
    """Play to the end with `random_step`; `after(steps, events)` runs after each
    action (the invariants of the caller). Returns the number of actions; `unended`
    is the assertion message should `limit` actions not end it."""
    steps = 0
    while game.outcome is None:
        events = random_step(game, rng, check=check)
        steps += 1
        assert steps < limit, unended
        if after is not None:
            after(steps, events)
    return steps


def random_playout(game: Game, seed: int = 0, limit: int = 100_000) -> int:
    """Play to the end with uniform random legal actions; returns the number of actions."""
    return self_play(game, random.Random(seed), limit, check=False)


def state_snapshot(game: Game) -> tuple:
    """Everything a refused action must leave untouched."""
    players = tuple(
        (
            p.hp,
            p.max_hp,
            p.alive,
            tuple(p.hand),
            tuple(p.equip),
            tuple(p.judgment),
            p.identity,
            p.revealed,
            tuple(s.id for s in p.skills),
            tuple(sorted(p.marks.items())),
        )
        for p in game.players
    )
    return (
        players,
        tuple(game.deck),
        tuple(game.discard_pile),
        tuple(game.processing),
        game.kills_used,
        game.phase,
        game.round,
        game.log_length,
        game.pending(),
        repr(game.view()),
        tuple(q.seat for q in game.extra_turns),
        game.rng.getstate(),
    )


def refused(game: Game, seat: int | None, action: object, reason: Reason) -> dict:
    """Submit `action`, assert it is refused for `reason` and nothing changed; its data."""
    before = state_snapshot(game)
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before
    return dict(info.value.data)
