"""The committed perft-style counts (counts.toml) still hold (issue 32 item 3).

A failure lists what changed, per action of the position: if the change in what is
legal is meant, regenerate with `python tests/counts/perft.py --write` and commit
the new figures with the rule change, for a reviewer to accept.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.sanguosha import PlayCard, parse_card
from engine.sanguosha._legal import _LISTERS
from engine.sanguosha.prompts import PromptKind

from .perft import COUNTS, Position, compare, dumps, load

POSITIONS = load()


@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_the_counts_of_a_fixed_position_are_as_committed(pos: Position) -> None:
    diff = compare(pos)
    assert not diff, f"{pos.name} changed:\n" + "\n".join(diff)


def test_the_file_is_as_the_tool_writes_it_and_each_breakdown_adds_up() -> None:
    assert dumps(POSITIONS) == COUNTS.read_text(encoding="utf-8")
    for pos in POSITIONS:
        assert len(pos.counts) == pos.depth and sum(pos.divide.values()) == pos.counts[-1]
    games = {
        (p.game, p.settings.get("game_mode"), p.settings.get("maneuvering")) for p in POSITIONS
    }
    modes = {mode for _, mode, _ in games}
    assert {"1v1", "2v2", "3v3", "4v4", None} <= modes and ("sanguosha", None, True) in games
    assert any(p.game == "regicide" for p in POSITIONS)


def _stop_listing(monkeypatch: pytest.MonkeyPatch, card: str) -> None:
    """The play prompt's listing without the play of `card` (the rest as listed)."""
    gone = PlayCard(parse_card(card))
    play = _LISTERS[PromptKind.PLAY]

    def listing(*args: Any) -> Any:
        out = play(*args)
        out[:] = [a for a in out if a != gone]  # the same `Plays`, with its targets
        return out

    monkeypatch.setitem(_LISTERS, PromptKind.PLAY, listing)


def test_a_change_in_what_is_listed_shows_per_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that stops listing one Kill at the play prompt (a silent change): the
    counts change, and the breakdown names that Kill as no longer listed."""
    pos = next(p for p in POSITIONS if p.name == "identity, 5 players")
    _stop_listing(monkeypatch, "kill@D10")
    diff = compare(pos)
    assert diff[0].startswith(f"counts: committed {pos.counts}, now [{pos.counts[0] - 1}, ")
    was = pos.divide["@3 play_card kill@D10"]
    assert f"  @3 play_card kill@D10: committed {was}, now not listed" in diff


def test_an_opening_move_no_longer_listed_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = next(p for p in POSITIONS if p.name == "identity, 5 players")
    _stop_listing(monkeypatch, "kill@S9")  # the opening's sixth move
    (diff,) = compare(pos)
    assert diff.startswith("opening move 6 '@5 play_card kill@S9' is not listed; listed: @5 ")
