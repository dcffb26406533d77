"""Helpers for skill scenarios: real games where chosen seats play chosen generals.

Digital games start from `tests/sanguosha/scenario.start` (the lord in seat 1, at
the lord's first play prompt) and then give seats their generals, with the
generals' real registered skills, max HP and kingdom: nothing is mocked. Table
games go through the table's own setup (lord identity scan, general scans).
Re-exports the scenario helpers so a test imports from one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.sanguosha import (
    ChooseGeneral,
    Confirm,
    Discard,
    EndPlay,
    Game,
    Pass,
    RevealIdentity,
    Settings,
)
from engine.sanguosha.actions import Action
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.prompts import Prompt, PromptKind
from tests.sanguosha.scenario import (  # tests/sanguosha/scenario.py
    cards,
    conserved,
    deck_top,
    equip,
    kinds,
    of,
    pass_window,
    pass_windows,
    pending,
    place,
    random_playout,
    set_hand,
    set_hp,
    set_identities,
    start,
    state_snapshot,
)

__all__ = [
    "answer",
    "cards",
    "conserved",
    "deck_top",
    "decline",
    "end_turn",
    "equip",
    "game_with",
    "give_general",
    "kinds",
    "of",
    "pass_all",
    "pending",
    "pass_window",
    "pass_windows",
    "place",
    "prompt_is",
    "refused",
    "refused_and_said",
    "random_playout",
    "set_hand",
    "set_hp",
    "set_identities",
    "skill_ids",
    "start",
    "state_snapshot",
    "table_game",
]


def give_general(game: Game, seat: int, general: str | None, full_hp: bool = True) -> None:
    """Make `seat` play `general` (None: no general): its skills, kingdom, gender and HP.

    Lord skills come only when `seat` is the lord (the engine's own `general_skills`).
    """
    p = game.player(seat)
    game.changed_outside()  # listings and distances made before are stale
    for skill in game.general_skills(p):
        game.detach(p, skill.id)
    if general is None:
        p.general, p.kingdom, p.gender = None, "", "male"
        return
    spec = catalogue().generals[general]
    p.general, p.gender, p.kingdom = general, spec.gender, spec.kingdom
    for skill in game.general_skills(p):
        game.attach(p, skill)
    if full_hp:
        p.max_hp = p.hp = spec.max_hp + (1 if p is game.lord and game.n > 4 else 0)


def game_with(
    *generals: str | None, players: int | None = None, settings: Settings | None = None, **kw
) -> Game:
    """A digital game at the lord's (seat 1's) first play prompt; seat i+1 plays `generals[i]`.

    Seats beyond `generals` play no general. Requests are always asked
    (`auto_decline=False`) so tests see every prompt.
    """
    game = start(players=players or max(len(generals), 2), settings=settings, **kw)
    for seat, general in enumerate(generals, start=1):
        give_general(game, seat, general)
    return game


def table_game(*generals: str, seed: int = 0, settings: Settings | None = None) -> Game:
    """A table-mode game: seat 1 scans the lord identity, then seat i+1 scans `generals[i]`.

    Returns the game at its first prompt after setup (everyone has drawn 4 unseen cards).
    """
    game = Game.new(players=len(generals), mode="table", seed=seed, settings=settings)
    game.submit(1, RevealIdentity("lord"))
    for seat, general in enumerate(generals, start=1):
        game.submit(seat, ChooseGeneral(general))
    return game


def skill_ids(game: Game, seat: int) -> list[str]:
    return [s.id for s in game.player(seat).skills]


def prompt_is(
    game: Game, kind: PromptKind, seat: int | None = None, reason: str | None = None
) -> Prompt:
    """Assert the pending prompt's kind (and seat, reason when given) and return it."""
    prompt = game.pending()
    assert prompt is not None and prompt.kind is kind, prompt
    if seat is not None:
        assert prompt.seat == seat, prompt
    if reason is not None:
        assert prompt.reason == reason, prompt
    return prompt


def answer(game: Game, *steps: tuple[int | None, Action]) -> list:
    """Submit several (seat, action) steps in order; returns all their events."""
    events: list = []
    for seat, action in steps:
        events += game.submit(seat, action)
    return events


def decline(game: Game, reasons: Iterable[str]) -> list:
    """Answer NO to consecutive confirm prompts whose reason is in `reasons`."""
    events: list = []
    wanted = set(reasons)
    while (p := game.pending()) is not None and p.kind is PromptKind.CONFIRM and p.reason in wanted:
        events += game.submit(p.seat, Confirm(False))
    return events


def pass_all(game: Game) -> list:
    """Everyone passes open Nullification windows."""
    events: list = []
    while (p := game.pending()) is not None and p.kind is PromptKind.NULLIFY:
        events += game.submit(p.seats[0], Pass())
    return events


def end_turn(game: Game) -> list:
    """The current player ends the play phase and discards what they must.

    Digital mode discards the first hand cards; table mode discards unseen (OK).
    Returns the events up to the next prompt that is not that discard.
    """
    assert game.current is not None, "no one's turn: the game is over"
    seat = game.current.seat
    events = game.submit(seat, EndPlay())
    while (p := game.pending()) is not None and p.kind is PromptKind.DISCARD and p.seat == seat:
        if game.table:
            events += game.submit(seat, Confirm(True))
        else:
            events += game.submit(seat, Discard(tuple(game.player(seat).hand[: p.count])))
    return events


def refused(game: Game, seat: int, action: Action, reason: object) -> Exception:
    """Submit `action`, which must be refused for `reason` with the state and the view
    exactly as before; returns the refusal."""
    import pytest

    from engine.core.errors import IllegalAction

    before, view = state_snapshot(game), game.view()
    with pytest.raises(IllegalAction) as info:
        game.submit(seat, action)
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before and game.view() == view
    return info.value


def refused_and_said(
    game: Game,
    seat: int,
    action: object,
    reason: object,
    data: dict,
    said: dict[str, str],
    snapshot: Callable[[Game], object] = state_snapshot,
) -> None:
    """`action` is refused for `reason` with exactly `data`, narrated as `said` (by
    language), with `snapshot(game)` and the view exactly as before (the packs' refusal
    tables)."""
    import pytest

    from companion.narration import Narrator
    from engine.core.errors import ActionError

    state, view = snapshot(game), game.view()
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert (info.value.reason, dict(info.value.data)) == (reason, data)
    assert snapshot(game) == state
    assert game.view() == view
    for lang, sentence in said.items():
        assert Narrator(lang).refusal(info.value.to_json(), game.view()) == sentence
