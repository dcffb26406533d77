"""Properties of the Regicide table over random inputs, and a whole solo game to its win."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.table.games import make_table
from companion.table.outcome import Status
from tests.regicide_table.helpers import Game, to_input

CARDS = ["C2", "C4", "D4", "H4", "S4", "D5", "H9", "S10", "CA", "HA", "jester", "CJ", "SQ", "HK"]
LINES = (
    [f"@{w} scan {c}" for w in ("*", "1", "2") for c in CARDS]
    + [f"@{w} press {b}" for w in ("*", "1", "2") for b in ("ok", "no", "no long", "undo")]
    + ["@* select 1", "@* select 2", "@2 select 1", "correct hand 2 3", "correct hp 1 2"]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(LINES), max_size=40))
def test_refused_inputs_change_nothing_and_accepted_ones_replay(lines: list[str]) -> None:
    """Whatever the inputs, a refused or ignored one leaves the state exactly as it was, and
    a new table fed only the accepted ones (UNDO included) ends in the same state."""
    table = make_table("regicide", 2, 0, {})
    accepted = []
    for line in ["@* scan SJ", *lines]:
        before = table.view()
        outcome = table.apply(to_input(line))
        if outcome.status is Status.ACCEPTED:
            accepted.append(line)
        else:
            assert table.view() == before, line
    again = make_table("regicide", 2, 0, {})
    for line in accepted:
        assert again.apply(to_input(line)).status is Status.ACCEPTED, line
    assert again.view() == table.view()


NUMBERS = [f"{s}{r}" for s in "SHCD" for r in ("A", *map(str, range(2, 11)))]
VALUE = {c: 1 if c[1:] == "A" else int(c[1:]) for c in NUMBERS}
CASTLE = [f"{s}{r}" for r in "JQK" for s in "SHDC"]


def _next_line(game: Game) -> str:
    """A player who always plays the strongest card not on the table and pays with 10s;
    the host tops the hand count up, as if the draws had gone well."""
    view = game.view
    pending = view["pending"]
    if pending["kind"] == "reveal_enemy":
        return f"@* scan {CASTLE[12 - view['castle_left']]}"
    if view["hands"][0]["count"] < 3:
        return "correct hand 1 8"
    free = [c for c in NUMBERS if c not in view["in_play"]]
    if pending["kind"] == "pay_damage":
        return f"@* scan {max(free, key=VALUE.__getitem__)}"
    if "staged" in pending:
        return "@* press ok"
    immune = view["enemy"]["immune"]
    doubled = {c: VALUE[c] * (2 if c[0] == "C" and immune != "C" else 1) for c in free}
    return f"@* scan {max(free, key=doubled.__getitem__)}"


def test_a_solo_game_is_won_with_the_tier_announced() -> None:
    """Twelve enemies scanned from the castle and defeated end the game: the players win,
    with the solo tier for the Jesters used (none here: gold)."""
    game = Game(1, {"solo_jester_flips": 0})
    for _ in range(400):
        if game.view["status"] == "over":
            break
        assert game.apply(_next_line(game)).status is Status.ACCEPTED
    view = game.view
    assert (view["status"], view["winners"], view["winner_side"]) == ("over", [1], "players")
    assert view["result"] == {"outcome": "won", "tier": "gold", "jesters_used": 0}
    assert view["castle_left"] == 0 and view["pending"] is None
    assert game.said["en"][-2:] == [
        "Exact kill! ♣K is defeated.",
        "The last King falls: you win, a gold victory (no Jester used)!",
    ]
    assert game.said["vi"][-1] == (
        "Lá K cuối cùng đã gục ngã: bạn thắng, chiến thắng hạng Vàng (không dùng Chú hề)!"
    )
