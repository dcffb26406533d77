"""`check()` (and so `action in legal_actions()`) changes nothing, not even the targets
it resolved; `submit` keeps those for the flow itself."""

from __future__ import annotations

from engine.sanguosha import PlayCard, parse_card

from .scenario import pending, set_hand, start


def test_asking_whether_a_kill_is_legal_leaves_the_game_as_it_was() -> None:
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    kill = parse_card("kill@S7")
    before = game.checked_targets
    assert PlayCard(kill, (2,)) in game.legal_actions(1)
    game.check(pending(game), 1, PlayCard(kill, (2,)))
    assert game.checked_targets == before


def test_check_returns_the_targets_it_resolved_and_submit_uses_them() -> None:
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    kill = parse_card("kill@S7")
    targets = game.check(pending(game), 1, PlayCard(kill, (2,)))
    assert [p.seat for p in targets or []] == [2]
    game.submit(1, PlayCard(kill, (2,)))
    assert pending(game).seats == (2,)  # seat 2 is asked for a Dodge: the Kill went to 2
