"""左慈 entering play in the two-side modes (docs/forest-mountain.md §4.4, docs/modes.md):
his 2 starting 化身 cards come when his general enters play (`Point.ENTERED`), at game
start or as a later 1v1 general, in digital play and at the table (his private scans asked
as he enters); and the draft's general cards are in the game, so never 化身 cards."""

from __future__ import annotations

import json

import pytest

from companion.narration import Narrator
from companion.table.inputs import HOST, InputKind, TableInput
from companion.table.sanguosha import SanguoshaTable
from engine.sanguosha import ChooseOption, Game
from engine.sanguosha.reasons import Reason
from engine.sanguosha.skills.huashen import cards_of, unused_generals
from tests.sanguosha.scenario import pending, team_mode

from .helpers import K, first_legal, new, of, pick, until
from .table import DRAFT_1V1, POOL_1V1, ModeSeats
from .test_1v1 import _kill_opponent

PACKS = ("standard", "mountain")
LANGS = ("zh-Hans", "en", "es")


def _drafted(mode: str, zuoci_seat: int) -> Game:
    """A digital `mode` game of the first seed whose pool holds 左慈, set up with him
    drafted by the team of `zuoci_seat` and given to that seat (3v3), never picked as a
    first general (1v1: he is a reserve); every other choice the first legal one."""
    game = next(
        g
        for g in (new(mode, seed=seed, general_packs=PACKS) for seed in range(200))
        if "zuoci" in team_mode(g).pool
    )
    teams = team_mode(game)
    while game.status == "setup":
        prompt = pending(game)
        options = prompt.options if prompt.kind is K.CHOOSE_GENERAL else ()
        if "zuoci" not in options:
            first_legal(game)
            continue
        ours = prompt.seat is not None and teams.same_team(
            game.player(prompt.seat), game.player(zuoci_seat)
        )
        wanted = (prompt.reason == "draft" and ours) or (
            prompt.reason == "assign" and prompt.target == zuoci_seat
        )
        pick(game, "zuoci" if wanted else next(g for g in options if g != "zuoci"))
    return game


def test_a_1v1_zuoci_entering_later_gets_his_two_cards_and_shows_one() -> None:
    """Seat 2's first general dies in seat 1's turn and 左慈 enters from the reserves: he
    gets 2 化身 cards, none of them a general of the draft, and shows one (a private
    choice); then seat 1's turn goes on."""
    game = _drafted("1v1", 2)
    assert "zuoci" in team_mode(game).sides[2].reserves
    until(game, K.PLAY, seat=1)
    _kill_opponent(game, 1, 2)
    events = pick(game, "zuoci")
    assert of(events, "general_entered")[0].general == "zuoci"
    zuoci = game.player(2)
    mine = cards_of(zuoci)
    assert len(mine) == 2 and not set(mine) & team_mode(game).dealt()
    assert not set(mine) & {p.general for p in game.players}
    prompt = pending(game)
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.CHOOSE_OPTION, 2, "huashen")
    assert prompt.private and set(prompt.options) == set(mine)
    game.submit(2, ChooseOption(mine[0]))
    if pending(game).reason == "huashen_skill":
        first_legal(game)
    assert zuoci.marks["huashen"][0] == mine[0]
    assert pending(game).kind is K.PLAY and pending(game).seat == 1


def test_a_3v3_zuoci_gets_his_cards_at_game_start_never_a_drafted_general() -> None:
    """3v3: the 16 generals of the pool are all drafted, 3 of each team's 8 given to its
    seats; the other 5 are still the team's cards in the game, so neither they nor the
    others' generals can be 左慈's 化身 cards (docs/forest-mountain.md §4.4)."""
    game = _drafted("3v3", 2)
    zuoci = game.player(2)
    assert zuoci.general == "zuoci"
    dealt = team_mode(game).dealt()
    assert len(dealt) == 16 and zuoci.marks["huashen"][0] in cards_of(zuoci)
    assert len(cards_of(zuoci)) == 2 and not set(cards_of(zuoci)) & dealt
    unused = unused_generals(game)
    assert unused and not set(unused) & dealt


# ---------------------------------------------------------------- at the table
POOL = tuple("zuoci" if g == "sunshangxiang" else g for g in POOL_1V1)
PICKS = tuple((s, "zuoci" if g == "sunshangxiang" else g) for s, g in DRAFT_1V1)


@pytest.fixture
def entered() -> ModeSeats:
    """A 1v1 table whose seat 2 drafted 左慈 (his last pick): Hua Tuo, its first general,
    is killed in Zhang Fei's turn and 左慈 is scanned as the next."""
    t = ModeSeats("1v1", packs=PACKS, draft=(POOL, PICKS))
    t.ok(
        t.table.apply(TableInput(InputKind.CORRECT, {"op": "hp", "seat": 2, "hp": 1}, reader=HOST))
    )
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("huatuo", 1))
    t.ok(t.press("no", 2))  # no Dodge
    while t.pending["kind"] != "choose_general":  # no Peach from either
        t.ok(t.press("no", t.pending["seat"]))
    assert t.pending["reason"] == "replace"
    t.ok(t.scan("zuoci", 2))
    return t


def test_at_the_table_a_1v1_zuoci_scans_his_cards_privately_as_he_enters(
    entered: ModeSeats,
) -> None:
    """The next general 左慈 is asked at once for his 2 private scans; he lays one face up
    and the turn goes on; only the shown card is public."""
    t = entered
    assert (t.pending["kind"], t.pending["seat"], t.pending["reason"]) == (
        "choose_general",
        2,
        "huashen",
    )
    t.ok(t.scan("jiangwei", 2))
    t.ok(t.scan("caocao", 2))
    assert (t.pending["kind"], t.pending["reason"]) == ("choose_option", "huashen")
    assert "jiangwei" not in json.dumps(t.table.view())  # the public state, its pending too
    t.ok(t.scan("caocao", 2))  # laid face up: 奸雄 (护驾 is a lord skill)
    assert t.seat(2)["huashen"] == {"general": "caocao", "skill": "jianxiong"}
    assert (t.pending["kind"], t.pending["seat"]) == ("play", 1)
    assert "jiangwei" not in json.dumps(t.table.view())


@pytest.mark.parametrize(
    ("general", "holder"),
    [("lvbu", "his own reserve"), ("diaochan", "seat 1's reserve"), ("huatuo", "fallen")],
)
def test_at_the_table_a_card_of_the_draft_is_refused_unnamed(
    entered: ModeSeats, general: str, holder: str
) -> None:
    """A general card of the draft (a reserve of either seat, the fallen Hua Tuo) is in
    the game: his scan of it is refused without naming it (the 化身 draw is private), in
    the three languages, and nothing changes."""
    t = entered
    before = t.snapshot()
    outcome = t.scan(general, 2)
    refusal = outcome.to_json()["refusal"]
    assert not outcome.accepted and refusal["reason"] == Reason.HUASHEN_DEALT.value, holder
    left = refusal["left"]
    assert left == len(unused_generals(_engine(t)))
    assert general not in json.dumps(refusal)
    for lang in LANGS:
        narrator = Narrator(lang)
        sentence = narrator.refusal(refusal)
        assert str(left) in sentence and "{" not in sentence, sentence
        assert narrator.names.general(general) not in sentence, sentence
    assert t.snapshot() == before


def test_the_first_generals_still_get_their_cards_at_game_start() -> None:
    """左慈 as a 1v1 first general: his 2 scans are asked once both generals are revealed,
    before the first turn."""
    t = ModeSeats("1v1", "zhangfei", "zuoci", packs=PACKS, draft=(POOL, PICKS))
    assert (t.pending["kind"], t.pending["seat"], t.pending["reason"]) == (
        "choose_general",
        2,
        "huashen",
    )
    assert t.pending["count"] == 2
    before = t.snapshot()
    outcome = t.scan("zhangfei", 2)  # seat 1's general
    assert outcome.to_json()["refusal"]["reason"] == Reason.GENERAL_TAKEN.value
    assert t.snapshot() == before


def _engine(t: ModeSeats) -> Game:
    adapter = t.table.adapter
    assert isinstance(adapter, SanguoshaTable)
    return adapter.engine
