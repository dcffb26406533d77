"""1v1 (docs/modes.md 2.1, 2.2): draft, first general, reserves, replacement, victory, settings."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import ChooseGeneral, EndPlay, PlayCard, Respond, UseSkill, parse_card
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.reasons import Reason
from tests.sanguosha.scenario import set_hand, set_hp, state_snapshot

from .helpers import K, first_legal, kinds, new, of, pick, through_setup, until


def test_seats_teams_and_draft_pattern():
    """S1 moves first, S2 second; 12 face-up generals, S2 drafts first in 1-2-2-2-2-2-1; 6 each."""
    game = new("1v1")
    teams = of(game.start_events, "team_assigned")
    assert [(e.seat, e.team, e.team_name, e.leader) for e in teams] == [
        (1, "A", "first", True),
        (2, "B", "second", True),
    ]
    (pool,) = of(game.start_events, "draft_pool_revealed")
    assert len(pool.generals) == 12 and len(set(pool.generals)) == 12
    order = []
    while game.pending().reason == "draft":
        order.append(game.pending().seat)
        first_legal(game)
    assert order == [2, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2]
    mode = game.team_mode
    assert len(mode.sides[1].drafted) == len(mode.sides[2].drafted) == 6
    assert mode.pool == []


def test_bad_picks_are_refused_and_change_nothing():
    """Out of turn, outside the pool, already taken, a second pick in a 1-pick step: refused."""
    game = new("1v1")
    pool = list(game.team_mode.pool)
    outside = next(g for g in catalogue().generals if g not in pool)
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as exc:
        game.submit(1, ChooseGeneral(pool[0]))  # S2 drafts first
    assert exc.value.reason is Reason.WRONG_SEAT
    with pytest.raises(IllegalAction) as exc:
        game.submit(2, ChooseGeneral(outside))
    assert exc.value.reason is Reason.NOT_IN_POOL and exc.value.data["general"] == outside
    assert state_snapshot(game) == before
    pick(game, pool[0])  # S2's one pick
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as exc:
        game.submit(2, ChooseGeneral(pool[1]))  # a second pick in a 1-pick step
    assert exc.value.reason is Reason.WRONG_SEAT and exc.value.data["expected"] == [1]
    with pytest.raises(IllegalAction) as exc:
        game.submit(1, ChooseGeneral(pool[0]))  # S2 has it
    assert exc.value.reason is Reason.GENERAL_TAKEN and exc.value.data["seat"] == 2
    assert state_snapshot(game) == before


def test_first_generals_secret_then_revealed_together_with_printed_hp_and_hands():
    """Each picks a first general unseen; both revealed at once; printed HP; min(max HP, 5) cards."""
    game = new("1v1", seed=3)
    events = []
    while game.pending().reason == "draft":
        events += first_legal(game)
    assert game.pending().reason == "first" and game.pending().seat == 1
    assert game.view()["pending"].get("options") is None  # the public view hides the choice
    events += first_legal(game)
    assert of(events, "general_drafted")[-1].general is None
    assert not of(events, "general_chosen")
    events += through_setup(game)
    chosen = of(events, "general_chosen")
    assert [e.seat for e in chosen] == [1, 2]
    for p in game.players:
        spec = catalogue().generals[p.general]
        assert p.max_hp == p.hp == spec.max_hp
        assert len(p.hand) == min(spec.max_hp, 5) or p.seat == 1  # S1 has drawn in turn 1
    assert [e.count for e in of(events, "reserves_set")] == [5, 5]
    assert len(game.cards) == 104


def test_first_turn_draws_one_fewer_then_two():
    """先手's first draw phase draws 1 card; 后手's draws 2."""
    game = new("1v1", seed=4)
    events = through_setup(game)
    events += until(game, K.PLAY, seat=1)
    draws = [e for e in of(events, "cards_drawn") if e.reason == "draw_phase"]
    assert [(e.seat, e.count) for e in draws] == [(1, 1)]
    events = game.submit(1, EndPlay())
    events += until(game, K.PLAY, seat=2)
    draws = [e for e in of(events, "cards_drawn") if e.reason == "draw_phase"]
    assert [(e.seat, e.count) for e in draws] == [(2, 2)]


def _at_play(seed: int = 5):
    game = new("1v1", seed=seed)
    through_setup(game)
    until(game, K.PLAY, seat=1)
    return game


def _kill_opponent(game, killer: int, victim: int, weapon: bool = False) -> list:
    """`killer` kills `victim` (1 HP, no Dodge, no Peach) with a Kill; returns the events.

    The killer's weapon is taken off (a Green Dragon would ask more) unless `weapon`.
    """
    set_hand(game, killer, "kill@S7")
    set_hand(game, victim)
    game.kills_used = 0
    set_hp(game, victim, 1)
    if not weapon:
        game.player(killer).equip[0] = None
        game.changed_outside()  # distances and listings made before are stale
    events = game.submit(killer, PlayCard(parse_card("kill@S7"), (victim,)))
    while game.pending() is not None and game.pending().kind in (K.RESPOND, K.CONFIRM):
        prompt = game.pending()
        if prompt.kind is K.RESPOND:
            events += game.submit(prompt.seat, Respond(None))
        else:
            events += first_legal(game)
    return events


def test_death_in_opponents_turn_replacement_enters_after_the_card_and_turn_goes_on():
    """S2's general dies in S1's turn: no reward; S2 picks any reserve; full HP; draws min(HP,5)."""
    game = _at_play()
    p2 = game.player(2)
    old = p2.general
    events = _kill_opponent(game, 1, 2)
    assert "player_died" in kinds(events)
    assert not of(events, "mode_reward_given") and not of(events, "reward_given")
    (fell,) = of(events, "general_fell")
    assert (fell.seat, fell.general, fell.fallen, fell.lives) == (2, old, 1, 3)
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.CHOOSE_GENERAL, 2, "replace")
    reserves = list(game.team_mode.sides[2].reserves)
    assert set(prompt.options) == set(reserves) and len(reserves) == 5
    hand_1 = len(game.player(1).hand)
    events = pick(game, reserves[-1])
    assert p2.alive and p2.general == reserves[-1]
    spec = catalogue().generals[reserves[-1]]
    assert p2.hp == p2.max_hp == spec.max_hp and len(p2.hand) == min(spec.max_hp, 5)
    (entered,) = of(events, "general_entered")
    assert (entered.seat, entered.general, entered.reserves) == (2, reserves[-1], 4)
    assert game.pending().kind is K.PLAY and game.pending().seat == 1  # S1's turn goes on
    assert len(game.player(1).hand) == hand_1


def test_death_in_own_turn_ends_that_turn():
    """A general dying in its owner's turn: the turn ends at once; the new one waits for its turn."""
    game = _at_play(seed=6)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "kill@S7")
    set_hp(game, 1, 1)
    events = game.submit(1, PlayCard(parse_card("duel@SA"), (2,)))
    while game.pending().kind in (K.NULLIFY, K.RESPOND):
        prompt = game.pending()
        if prompt.seat == 2 and prompt.need == "kill":
            events += game.submit(2, Respond(parse_card("kill@S7")))
        else:
            seat = prompt.seat or prompt.seats[0]
            events += game.submit(seat, game.legal_actions(seat)[-1])  # pass, decline
    after = kinds(events)[kinds(events).index("player_died") :]
    assert "turn_ended" in after and "phase_started" not in after  # no discard phase, no finish
    assert game.pending().kind is K.CHOOSE_GENERAL and game.pending().seat == 1
    events = first_legal(game)
    assert of(events, "general_entered")[0].seat == 1
    events += until(game, K.PLAY, seat=2)
    assert of(events, "turn_started")[-1].seat == 2


def test_reserve_already_used_is_refused():
    """The general that fell cannot come back: RESERVE_USED, nothing changed."""
    game = _at_play(seed=7)
    old = game.player(2).general
    _kill_opponent(game, 1, 2)
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as exc:
        game.submit(2, ChooseGeneral(old))
    assert exc.value.reason is Reason.RESERVE_USED
    other = game.team_mode.sides[1].reserves[0]
    with pytest.raises(IllegalAction) as exc:
        game.submit(2, ChooseGeneral(other))
    assert exc.value.reason is Reason.NOT_IN_RESERVES
    assert state_snapshot(game) == before


def test_third_death_loses_two_never_end_the_game():
    """Two deaths never end the game; the third does, and the opponent wins."""
    game = _at_play(seed=8)
    for _ in range(2):
        _kill_opponent(game, 1, 2)
        assert game.outcome is None
        first_legal(game)  # S2's next general
        assert game.pending().kind is K.PLAY
    events = _kill_opponent(game, 1, 2)
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.side, game.outcome.reason.value) == (
        (1,),
        "A",
        "generals_fallen",
    )
    assert of(events, "general_fell")[-1].fallen == 3


def test_view_hides_reserves_but_counts_them():
    game = _at_play()
    public = game.view()["seats"][1]
    assert public["reserves_count"] == 5 and "reserves" not in public
    own = game.view(2)["seats"][1]
    assert own["reserves"] == game.team_mode.sides[2].reserves


def test_lijian_impossible_in_1v1():
    """离间 needs two male characters other than Diao Chan: there is only one other."""
    for seed in range(400):
        game = new("1v1", seed=seed)
        if "diaochan" in game.team_mode.pool:
            break
    else:  # pragma: no cover
        raise AssertionError("no seed puts Diao Chan in the pool")
    while game.status == "setup":
        prompt = game.pending()
        if prompt.reason == "first" and "diaochan" in prompt.options:
            pick(game, "diaochan")
        else:
            first_legal(game)
    seat = next(p.seat for p in game.players if p.general == "diaochan")
    until(game, K.PLAY, seat=seat)
    card = game.player(seat).hand[0]
    with pytest.raises(IllegalAction) as exc:
        game.submit(seat, UseSkill("lijian", (card,), (3 - seat, 3 - seat)))
    assert exc.value.reason is Reason.NOT_ENOUGH_TARGETS
    other = game.player(3 - seat)
    males = 1 if other.gender == "male" else 0
    assert (exc.value.data["needed"], exc.value.data["available"]) == (2, males)
    assert not any(a.kind == "use_skill" and a.skill == "lijian" for a in game.legal_actions())


def test_2013_rule_three_hidden_six_open_maxhp_hands():
    """2013: 3 hidden each, 6 face up drafted 1-2-2-1 by S2 first; hand = max HP."""
    game = new("1v1", seed=2, mode_settings={"1v1.rule": "2013"})
    hidden = [e for e in of(game.start_events, "general_drafted") if e.reason == "hidden"]
    assert [e.seat for e in hidden] == [2, 2, 2, 1, 1, 1] and all(e.general is None for e in hidden)
    (pool,) = of(game.start_events, "draft_pool_revealed")
    assert len(pool.generals) == 6
    order = []
    while game.pending().reason == "draft":
        order.append(game.pending().seat)
        first_legal(game)
    assert order == [2, 1, 1, 2, 2, 1]
    assert game.view()["seats"][0]["hidden_count"] == 3
    through_setup(game)
    p2 = game.player(2)
    assert len(p2.hand) == p2.max_hp
    assert len(game.team_mode.sides[2].reserves) == 5


def test_noname_start_hand():
    """1v1.start_hand=noname: 先手 3, 后手 4 (and a replacement draws 4)."""
    game = new("1v1", seed=1, mode_settings={"1v1.start_hand": "noname"})
    events = through_setup(game)
    start = {e.seat: e.count for e in of(events, "cards_drawn") if e.reason == "start"}
    assert start == {1: 3, 2: 4}


def test_v11_dismantle_equipment_or_a_seen_hand_card_never_the_judgment_area():
    """1v1.dismantle=v11: the user chooses an equipped card, or sees the whole hand and
    picks one of it; delayed tricks stay."""
    from engine.sanguosha import ChooseOption, PickCard
    from tests.sanguosha.scenario import equip, pass_windows, place

    game = new("1v1", seed=5, mode_settings={"1v1.dismantle": "v11"})
    through_setup(game)
    until(game, K.PLAY, seat=1)
    set_hand(game, 1, "dismantle@S3", "dismantle@S4")
    set_hand(game, 2, "kill@C2", "dodge@D2")
    equip(game, 2, "eight_diagrams@S2")
    place(game, 2, "indulgence@S6")
    game.submit(1, PlayCard(parse_card("dismantle@S3"), (2,)))
    pass_windows(game)
    prompt = game.pending()
    assert (prompt.kind, prompt.reason, prompt.options) == (
        K.CHOOSE_OPTION,
        "dismantle_v11",
        ("equipment", "hand"),
    )
    game.submit(1, ChooseOption("hand"))
    prompt = game.pending()
    assert prompt.kind is K.CHOOSE_CARD_FROM and set(prompt.options) == {"kill@C2", "dodge@D2"}
    assert "options" not in game.view()["pending"]  # the hand is seen by the user only
    events = game.submit(1, PickCard(parse_card("dodge@D2")))
    assert of(events, "cards_discarded")[0].cards == ("dodge@D2",)
    assert game.player(2).hand == [parse_card("kill@C2")]
    game.submit(1, PlayCard(parse_card("dismantle@S4"), (2,)))
    pass_windows(game)
    game.submit(1, ChooseOption("equipment"))
    assert game.pending().options == ("eight_diagrams@S2",)
    game.submit(1, PickCard(parse_card("eight_diagrams@S2")))
    p2 = game.player(2)
    assert p2.equip == [None] * 4 and p2.delayed_names() == ["indulgence"]
