"""Helpers for the modes' scenario tests: real digital games, driven by ordinary `submit`."""

from __future__ import annotations

from typing import Any

from engine.sanguosha import ChooseGeneral, Game, Respond, Settings
from engine.sanguosha.prompts import PromptKind
from tests.sanguosha.scenario import pending

from .selfplay import PLAYERS

K = PromptKind


def new(mode: str, seed: int = 0, mode_settings: dict | None = None, **kw: Any) -> Game:
    """A digital game of `mode` in its setup (every request asked: no auto-decline)."""
    kw.setdefault("auto_decline", False)
    settings = Settings(game_mode=mode, mode_settings=mode_settings or {}, **kw)
    return Game.new(players=PLAYERS[mode], seed=seed, settings=settings)


def first_legal(game: Game) -> list:
    prompt = pending(game)
    seat = prompt.seat if prompt.seat is not None else prompt.seats[0]
    return game.submit(seat, game.legal_actions(seat)[0])


def through_setup(game: Game) -> list:
    """Take the first legal choice at every setup step; returns the events."""
    events = list(game.start_events)
    while game.status == "setup":
        events += first_legal(game)
    return events


def until(game: Game, kind: PromptKind, seat: int | None = None, limit: int = 500) -> list:
    """Take the first legal choice until `kind` is pending (for `seat`); returns the events.

    Requests for cards are declined (the first legal answer of a request could be a card).
    """
    events: list = []
    for _ in range(limit):
        prompt = pending(game)
        if prompt.kind is kind and (seat is None or prompt.seat == seat):
            return events
        if prompt.kind is K.RESPOND:
            events += game.submit(prompt.seat, Respond(None))
        else:
            events += first_legal(game)
    raise AssertionError(f"no {kind} prompt in {limit} steps")


def pick(game: Game, general: str, seat: int | None = None) -> list:
    prompt = pending(game)
    return game.submit(seat if seat is not None else prompt.seat, ChooseGeneral(general))


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def of(events: list, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def wield(game: Game, seat: int, text: str) -> None:
    """Put a card into `seat`'s equipment the engine's own way (the mode's abilities apply)."""
    from engine.sanguosha import parse_card
    from tests.sanguosha.scenario import _pull

    card = parse_card(text)
    _pull(game, card)
    game.equip(game.player(seat), card)
