"""The public surface: views hide what they must, events and prompts serialise, reasons are used."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction, InvalidAction
from engine.regicide import (
    EVENT_KINDS,
    EVENT_TYPES,
    PROMPT_KINDS,
    REASONS,
    ChooseNext,
    Discard,
    Game,
    Play,
    RandomBot,
    Reason,
    Yield,
    parse_cards,
)
from engine.regicide.cards import ROYALS

from .helpers import pending, refuse


def _strings(value: object) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def test_public_view_never_shows_hands_or_the_tavern() -> None:
    """No hidden card (in a hand or the tavern) appears anywhere in the public view or in any event."""
    for seed in range(30):
        game = Game.new(players=4, seed=seed)
        bot = RandomBot(seed)
        while game.pending() is not None:
            events = bot.step(game)
            z = game.zones()
            hidden = {str(c) for c in z["tavern"]} | {
                str(c) for h in z["hands"].values() for c in h
            }
            hidden.discard("jester")  # the other Jester may be face up
            # a royal in the tavern or a hand was face up when it was defeated
            hidden -= {str(c) for c in ROYALS}
            seen = _strings(game.view()) | _strings(
                [e.to_json() for e in events if e.kind != "cards_played"]
            )
            assert not hidden & seen
            for seat in range(1, 5):
                own = game.view(seat)
                assert own["hand"] == sorted(own["hand"], key=lambda t: parse_cards(t)[0])
                others = {str(c) for s, h in z["hands"].items() if s != seat for c in h} - {
                    "jester"
                }
                assert not others & _strings(own)


def test_view_has_the_contract_fields() -> None:
    """The state JSON carries the fields of the public contract (docs/architecture.md)."""
    view = Game.new(players=1, seed=3).view()
    for key in (
        "game",
        "status",
        "winners",
        "turn",
        "pending",
        "enemy",
        "castle_left",
        "tavern_count",
        "discard_count",
        "hands",
        "jester_flips_left",
        "result",
        "log_length",
    ):
        assert key in view
    assert set(view["enemy"]) >= {"card", "hp_left", "attack", "shield", "immune"}
    assert view["game"] == "regicide" and view["log_length"] == 3
    json.dumps(view)


def test_kind_lists_are_complete_and_unique() -> None:
    """EVENT_KINDS, PROMPT_KINDS and REASONS list stable, distinct identifiers."""
    assert len(set(EVENT_KINDS)) == len(EVENT_KINDS) == len(EVENT_TYPES)
    assert set(PROMPT_KINDS) == {"play", "pay_damage", "choose_next", "jester_flip", "reveal_enemy"}
    assert len(set(REASONS)) == len(REASONS)
    assert all(re.fullmatch(r"[a-z_]+", k) for k in (*EVENT_KINDS, *PROMPT_KINDS, *REASONS))


def test_every_reason_is_raised_somewhere() -> None:
    """Each Reason member is used by the engine code (no dead refusal reasons)."""
    root = Path(__file__).resolve().parents[2] / "engine" / "regicide"
    code = "".join(p.read_text() for p in root.glob("*.py") if p.name != "reasons.py")
    unused = [r.name for r in Reason if f"Reason.{r.name}" not in code]
    assert unused == []


def test_refusal_carries_reason_and_data_as_json() -> None:
    """An IllegalAction names its reason and data, JSON-ready, for narration."""
    game = Game.from_position(2, enemy="SJ", hands={1: "H4 D4 C4", 2: "S2"}, tavern="")
    err = refuse(game, 1, Play(parse_cards("H4 D4 C4")), "combo_over_ten")
    assert isinstance(err, IllegalAction)
    assert err.to_json() == {"reason": "combo_over_ten", "total": 12, "limit": 10}
    err = refuse(game, 1, Play(parse_cards("H5")), "card_not_in_hand")
    assert err.to_json() == {"reason": "card_not_in_hand", "seat": 1, "card": "H5"}


def test_malformed_actions_are_invalid_and_change_nothing() -> None:
    """Not an action, an unknown seat or card: InvalidAction, state unchanged."""
    game = Game.new(players=2, seed=2)
    refuse(game, 1, "play C8", "unknown_action", InvalidAction)
    refuse(game, 0, Yield(), "no_such_seat", InvalidAction)
    refuse(game, True, Yield(), "no_such_seat", InvalidAction)
    refuse(game, 1, Discard(parse_cards("C8")), "unexpected_action")
    refuse(game, 1, ChooseNext(2), "unexpected_action")
    refuse(game, 1, Play((3.5,)), "unknown_card", InvalidAction)  # type: ignore[arg-type]  # ill-typed on purpose: it must be refused


def test_legal_actions_agree_with_submit() -> None:
    """Every listed action is accepted by submit, and `in` is false for refused ones."""
    for seed in range(60):
        game = Game.new(players=seed % 4 + 1, seed=seed)
        bot = RandomBot(seed)
        while game.pending() is not None:
            p = pending(game)
            legal = game.legal_actions()
            assert len(legal) == len(list(legal)) and bool(legal)
            for action in legal:
                assert game.is_legal(p.seat, action)
            assert not game.is_legal(p.seat % game.n + 1, next(iter(legal))) or game.n == 1
            bot.step(game)


def test_view_refuses_an_unknown_seat() -> None:
    """view(seat) accepts None or a seat 1..N only."""
    game = Game.new(players=2, seed=1)
    for bad in (0, 3, "1"):
        with pytest.raises(ValueError):
            game.view(bad)  # type: ignore[arg-type]  # ill-typed on purpose: it must be refused


def test_from_position_refuses_impossible_positions() -> None:
    """A position with a card twice, a non-royal enemy or an unknown seat raises ValueError."""
    with pytest.raises(ValueError, match="listed 2 times"):
        Game.from_position(2, enemy="SJ", hands={1: "C5", 2: "C5"})
    with pytest.raises(ValueError, match="enemy must be"):
        Game.from_position(2, enemy="S9", hands={1: "C5"})
    with pytest.raises(ValueError, match="seats outside"):
        Game.from_position(2, enemy="SJ", hands={3: "C5"})
    with pytest.raises(ValueError, match="flips_left"):
        Game.from_position(2, enemy="SJ", hands={1: "C5"}, flips_left=1)
    with pytest.raises(ValueError, match="rest must be"):
        Game.from_position(2, enemy="SJ", hands={1: "C5"}, rest="box")  # type: ignore[arg-type]  # ill-typed on purpose: it must be refused
    game = Game.from_position(2, enemy="SJ", hands={1: "C5"}, rest="tavern")
    assert game.view()["tavern_count"] == 40 - 1 and game.view()["discard_count"] == 0
