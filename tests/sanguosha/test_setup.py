"""Setup: roles, seating, health, general offers, starting hands (docs/sanguosha.md 1c)."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha import (
    ChooseGeneral,
    Game,
    Reason,
    RevealIdentity,
    Settings,
    catalogue,
    role_counts,
)
from engine.sanguosha.prompts import PromptKind

from .scenario import kinds


def choose_all(game):
    events = []
    while game.pending().kind is PromptKind.CHOOSE_GENERAL:
        prompt = game.pending()
        events += game.submit(prompt.seat, ChooseGeneral(prompt.options[0]))
    return events


@pytest.mark.parametrize("players", range(2, 11))
def test_identities_follow_the_role_table(players):
    """Each player count deals the role table's identities; only the lord is revealed (1c)."""
    game = Game.new(players=players, seed=players)
    dealt = Counter(p.identity for p in game.players)
    assert dealt == Counter({k: v for k, v in role_counts(players).items() if v})
    public = [s["identity"] for s in game.view()["seats"]]
    assert public.count("lord") == 1 and public.count(None) == players - 1


@pytest.mark.parametrize(
    ("players", "settings", "expected"),
    [
        (4, Settings(four_player_roles="1021"), {"lord": 1, "rebel": 2, "spy": 1}),
        (4, Settings(), {"lord": 1, "loyalist": 1, "rebel": 1, "spy": 1}),
        (8, Settings(two_spies=True), {"lord": 1, "loyalist": 2, "rebel": 3, "spy": 2}),
        (7, Settings(two_spies=True), {"lord": 1, "loyalist": 2, "rebel": 3, "spy": 1}),
    ],
)
def test_role_variants(players, settings, expected):
    """The 4-player and two-spy variants are settings (1c)."""
    game = Game.new(players=players, seed=1, settings=settings)
    assert Counter(p.identity for p in game.players) == expected


def test_general_offers():
    """The lord sees Cao Cao, Liu Bei, Sun Quan and 2 random; others 3 each from the other 24 (1c)."""
    game = Game.new(players=8, seed=4)
    lord_offer = game.pending().options
    assert lord_offer[:3] == ("caocao", "liubei", "sunquan") and len(set(lord_offer)) == 5
    game.submit(game.lord.seat, ChooseGeneral("liubei"))
    offers = []
    while game.pending().kind is PromptKind.CHOOSE_GENERAL:
        prompt = game.pending()
        offers.append(prompt.options)
        game.submit(prompt.seat, ChooseGeneral(prompt.options[-1]))
    flat = [g for o in offers for g in o]
    assert all(len(o) == 3 for o in offers) and len(set(flat)) == len(flat) == 21
    assert "liubei" not in flat


def test_ten_players_get_two_offers_each():
    """With 10 players the others are offered 2 generals each (1c)."""
    game = Game.new(players=10, seed=4)
    game.submit(game.lord.seat, ChooseGeneral(game.pending().options[0]))
    assert len(game.pending().options) == 2


def test_offered_general_only():
    """A general that was not offered is refused; an unknown one is invalid."""
    game = Game.new(players=5, seed=4)
    seat = game.pending().seat
    outside = next(g for g in ("zhugeliang", "lvbu", "diaochan") if g not in game.pending().options)
    with pytest.raises(IllegalAction) as info:
        game.submit(seat, ChooseGeneral(outside))
    assert info.value.reason is Reason.GENERAL_NOT_OFFERED  # names the generals offered
    assert info.value.data == {"general": outside, "options": list(game.pending().options)}
    with pytest.raises(InvalidAction) as info:
        game.submit(seat, ChooseGeneral("napoleon"))
    assert info.value.reason is Reason.UNKNOWN_GENERAL


@pytest.mark.parametrize(("players", "bonus"), [(4, 0), (5, 1), (8, 1)])
def test_lord_extra_hp_only_with_more_than_four_players(players, bonus):
    """The lord gets +1 max HP only with more than 4 players (1c)."""
    game = Game.new(players=players, seed=9)
    game.submit(game.lord.seat, ChooseGeneral("caocao"))
    choose_all(game)
    assert (game.lord.hp, game.lord.max_hp) == (4 + bonus, 4 + bonus)
    for p in game.players:
        if p is not game.lord:
            assert p.hp == p.max_hp == catalogue().generals[p.general].max_hp


@pytest.mark.parametrize(("players", "lord_hp"), [(4, 4), (5, 5)])
def test_no_generals_variant(players, lord_hp):
    """Without generals everyone has 4 HP and no skills; the lord 5 with 5 or more players (1c)."""
    game = Game.new(players=players, seed=2, settings=Settings(no_generals=True))
    assert game.lord.max_hp == lord_hp
    assert all(p.max_hp == 4 and not p.skills for p in game.players if p is not game.lord)
    assert game.pending().kind is PromptKind.PLAY


def test_four_starting_cards_and_the_lord_starts():
    """Everyone draws 4, and the lord takes the first turn (1c)."""
    game = Game.new(players=6, seed=3)
    events = choose_all(game)
    start = [e for e in events if e.kind == "cards_drawn" and e.reason == "start"]
    assert [e.count for e in start] == [4] * 6
    assert start[0].seat == game.lord.seat
    assert game.current is game.lord and game.round == 1
    assert sum(len(p.hand) for p in game.players) == 4 * 6 + 2


def test_table_setup_lord_scans_then_generals():
    """Table setup: whoever scans the lord card is the lord; then generals are scanned (docs/product.md)."""
    game = Game.new(players=5, mode="table")
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.seats) == (
        PromptKind.REVEAL_IDENTITY,
        None,
        (1, 2, 3, 4, 5),
    )
    with pytest.raises(IllegalAction) as info:
        game.submit(2, RevealIdentity("rebel"))
    assert info.value.reason is Reason.NOT_OFFERED
    game.submit(3, RevealIdentity("lord"))
    assert game.pending().seat == 3
    game.submit(3, ChooseGeneral("sunquan"))
    for seat, general in ((1, "zhouyu"), (5, "lvbu"), (2, "huatuo")):
        game.submit(seat, ChooseGeneral(general))
    with pytest.raises(IllegalAction) as info:
        game.submit(4, ChooseGeneral("lvbu"))
    assert info.value.reason is Reason.GENERAL_TAKEN
    events = game.submit(4, ChooseGeneral("diaochan"))
    assert [e.max_hp for e in events if e.kind == "health_set"] == [3, 3, 5, 3, 4]
    assert kinds(events).count("cards_drawn") == 6
    view = game.view()
    assert [s["identity"] for s in view["seats"]] == [None, None, "lord", None, None]
    assert view["turn"] == {"seat": 3, "phase": "play", "round": 1}
    assert all(s["hand_count"] == 4 for s in view["seats"] if s["seat"] != 3)
