"""3v3 统帅三军 (docs/modes.md 4): seats, draft, assignment, HP, hands, deck, cards, order, victory."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    EndPlay,
    PlayCard,
    parse_card,
)
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.reasons import Reason
from tests.sanguosha.scenario import set_hand, state_snapshot

from .helpers import K, first_legal, new, of, through_setup, until, wield
from .test_1v1 import _kill_opponent


def test_seats_roles_draft_and_assignment():
    """Cool S1-S3, warm S4-S6, marshals S2/S5; 16 face up; warm drafts first 1-2-...-2-1."""
    game = new("3v3", seed=1)
    seats = [
        (e.seat, e.team + "/" + e.team_name, e.role, e.leader)
        for e in of(game.start_events, "team_assigned")
    ]
    assert seats == [
        (1, "A/cool", "vanguard", False),
        (2, "A/cool", "marshal", True),
        (3, "A/cool", "vanguard", False),
        (4, "B/warm", "vanguard", False),
        (5, "B/warm", "marshal", True),
        (6, "B/warm", "vanguard", False),
    ]
    (pool,) = of(game.start_events, "draft_pool_revealed")
    assert len(pool.generals) == 16
    order = []
    while game.pending().reason == "draft":
        order.append(game.pending().seat)
        first_legal(game)
    assert order == [5] + [2, 2, 5, 5] * 3 + [2, 2, 5]
    assert len(game.team_mode.sides[2].drafted) == len(game.team_mode.sides[5].drafted) == 8
    # the warm marshal assigns first, to S4, S5, S6; then the cool one to S1, S2, S3
    targets = []
    events = []
    while game.pending().reason == "assign":
        prompt = game.pending()
        targets.append((prompt.seat, prompt.target))
        events += first_legal(game)
        if len(targets) < 6:
            assert not of(events, "general_chosen")  # revealed together at the end
    assert targets == [(5, 4), (5, 5), (5, 6), (2, 1), (2, 2), (2, 3)]
    assert [e.seat for e in of(events, "general_chosen")] == [1, 2, 3, 4, 5, 6]
    warm = set(game.team_mode.sides[5].drafted)
    assert {game.player(s).general for s in (4, 5, 6)} <= warm


def test_assign_refuses_another_teams_or_given_general():
    game = new("3v3", seed=2)
    while game.pending().reason == "draft":
        first_legal(game)
    cool = game.team_mode.sides[2].drafted
    warm = game.team_mode.sides[5].drafted
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as exc:
        game.submit(5, ChooseGeneral(cool[0]))
    assert exc.value.reason is Reason.GENERAL_NOT_OFFERED
    assert state_snapshot(game) == before
    game.submit(5, ChooseGeneral(warm[0]))
    with pytest.raises(IllegalAction) as exc:
        game.submit(5, ChooseGeneral(warm[0]))
    assert exc.value.reason is Reason.GENERAL_TAKEN and exc.value.data["seat"] == 4


def test_marshal_bonus_hands_deck_and_no_lord_skills():
    """Marshals +1 max HP and HP; 4 cards each, the warm marshal 5; 103 cards, no Lightning."""
    game = new("3v3", seed=3)
    events = through_setup(game)
    for p in game.players:
        printed = catalogue().generals[p.general].max_hp
        assert p.max_hp == p.hp == printed + (1 if p.seat in (2, 5) else 0)
        lord_skills = catalogue().generals[p.general].lord_skills
        assert not {s.id for s in p.skills} & set(lord_skills)
    start = {e.seat: e.count for e in of(events, "cards_drawn") if e.reason == "start"}
    assert start == {1: 4, 2: 4, 3: 4, 4: 4, 5: 5, 6: 4}
    assert len(game.cards) == 103 and not any(c.name == "lightning" for c in game.cards)
    draws = [e for e in of(events, "cards_drawn") if e.reason == "draw_phase"]
    assert all(e.count == 2 for e in draws)  # no first-turn reduction


def _playing(seed: int = 4, **kw):
    game = new("3v3", seed=seed, **kw)
    through_setup(game)
    return game


def test_action_units_cool_first_marshal_chooses_vanguards_pair():
    """Cool's marshal picks a vanguard: both cool vanguards act, then warm, then cool's marshal."""
    game = _playing()
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.CHOOSE_TARGET, 2, "action_unit")
    assert set(prompt.options) == {1, 2, 3}
    events = game.submit(2, ChooseTarget(3))
    (unit,) = of(events, "unit_started")
    assert (unit.team, unit.team_name, unit.seats) == ("A", "cool", (3, 1))
    assert game.view()["game_mode"]["unit"] == {"team": "A", "seats": [3, 1]}
    turns = [e.seat for e in of(events, "turn_started")]
    rounds = []
    for _ in range(2000):
        prompt = game.pending()
        if prompt.kind is K.CHOOSE_TARGET and prompt.reason == "action_unit":
            if len(turns) >= 6:
                break
            choice = 5 if 5 in prompt.options else prompt.options[0]
            events = game.submit(prompt.seat, ChooseTarget(choice))
        elif prompt.kind is K.PLAY:
            events = game.submit(prompt.seat, EndPlay())
        elif prompt.kind is K.RESPOND:
            events = game.submit(prompt.seat, game.legal_actions(prompt.seat)[-1])
        else:
            events = first_legal(game)
        turns += [e.seat for e in of(events, "turn_started")]
        rounds += [e.round for e in of(events, "round_started")]
    assert turns == [3, 1, 5, 2, 4, 6]
    assert rounds == [2] and game.pending().seat == 2  # a new round: cool's unit first again
    assert game.view()["seats"][0]["acted"] is False


def test_vanguard_kill_draws_two_marshal_death_ends_the_game():
    """Killing a vanguard: the killer draws 2 (even its own team's). The marshal's death:
    his team loses at once; all three of the other team win."""
    game = _playing(seed=5)
    game.submit(2, ChooseTarget(2))  # the cool marshal acts first
    until(game, K.PLAY, seat=2)
    events = _kill_opponent(game, 2, 1)  # S1 sits next to S2
    (reward,) = of(events, "mode_reward_given")
    assert (reward.seat, reward.victim, reward.count) == (2, 1, 2)
    assert game.outcome is None
    game.kills_used = 0
    wield(game, 2, "kylin_bow@H5")  # range 5 reaches the warm marshal
    for q in game.players:
        q.equip[2] = None  # no +1 horse in the way
    game.changed_outside()  # distances and listings made before are stale
    events = _kill_opponent(game, 2, 5, weapon=True)
    assert not of(events, "mode_reward_given")  # the game ended first
    assert game.outcome.side == "A" and set(game.outcome.winners) == {1, 2, 3}
    assert game.view()["winner_side"] == "A"  # the team id, as every seat's `team`
    assert of(events, "game_over")[0].side == "cool"  # narrated by the team's name
    assert game.outcome.reason.value == "leader_died"


def test_crossbow_plus_three():
    """连弩: four Kills in the play phase with the Crossbow, then the limit."""
    game = _playing(seed=6)
    game.submit(2, ChooseTarget(2))
    until(game, K.PLAY, seat=2)
    wield(game, 2, "zhuge_crossbow@CA")
    assert game.kill_limit(game.player(2)) == 4
    game.kills_used = 4
    set_hand(game, 2, "kill@S7")
    with pytest.raises(IllegalAction) as exc:
        game.submit(2, PlayCard(parse_card("kill@S7"), (1,)))
    assert exc.value.reason is Reason.KILL_LIMIT and exc.value.data["limit"] == 4


def test_crossbow_standard_setting_is_unlimited():
    game = _playing(seed=6, mode_settings={"3v3.crossbow": "standard"})
    game.submit(2, ChooseTarget(2))
    until(game, K.PLAY, seat=2)
    wield(game, 2, "zhuge_crossbow@CA")
    assert game.kill_limit(game.player(2)) > 100


def test_ex_nihilo_draws_three_when_outnumbered():
    game = _playing(seed=7)
    game.submit(2, ChooseTarget(2))
    until(game, K.PLAY, seat=2)
    set_hand(game, 2, "ex_nihilo@H7")
    events = game.submit(2, PlayCard(parse_card("ex_nihilo@H7")))
    events += until(game, K.PLAY, seat=2)
    assert [e.count for e in of(events, "cards_drawn") if e.reason == "ex_nihilo"] == [2]
    game.player(1).hp = 0
    game.player(1).alive = False
    game.reseat()
    set_hand(game, 2, "ex_nihilo@H8")
    events = game.submit(2, PlayCard(parse_card("ex_nihilo@H8")))
    events += until(game, K.PLAY, seat=2)
    assert [e.count for e in of(events, "cards_drawn") if e.reason == "ex_nihilo"] == [3]


def test_aoe_direction_chosen_by_user():
    """Barbarian Invasion: the user picks the direction; clockwise reverses the targets' order."""
    game = _playing(seed=8)
    game.submit(2, ChooseTarget(2))
    until(game, K.PLAY, seat=2)
    set_hand(game, 2, "barbarian_invasion@S7")
    game.submit(2, PlayCard(parse_card("barbarian_invasion@S7")))
    prompt = game.pending()
    assert (prompt.kind, prompt.reason) == (K.CHOOSE_OPTION, "aoe_direction")
    assert prompt.options == ("counterclockwise", "clockwise")
    events = game.submit(2, ChooseOption("clockwise"))
    assert of(events, "option_chosen")[0].option == "clockwise"
    asked = []
    for _ in range(60):
        prompt = game.pending()
        if prompt.kind is K.RESPOND and prompt.reason == "barbarian_invasion":
            asked.append(prompt.seat)
        if prompt.kind is K.PLAY:
            break
        first_legal(game) if prompt.kind is not K.RESPOND else game.submit(
            prompt.seat, game.legal_actions(prompt.seat)[-1]
        )
    assert asked == [1, 6, 5, 4, 3]


def test_qs2013_choices_of_draft_and_action_order():
    """qs2013: the warm marshal picks who drafts first, the cool one who acts first; 4 cards each."""
    game = new("3v3", seed=9, mode_settings={"3v3.rule": "qs2013"})
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.CHOOSE_OPTION, 5, "draft_first")
    game.submit(5, ChooseOption("cool"))
    assert game.pending().seat == 2 and game.pending().reason == "draft"
    events = []
    while game.pending().kind is not K.CHOOSE_OPTION:
        events += first_legal(game)
    assert (game.pending().seat, game.pending().reason) == (2, "act_first")
    start = {e.seat: e.count for e in of(events, "cards_drawn") if e.reason == "start"}
    assert set(start.values()) == {4}
    events = game.submit(2, ChooseOption("warm"))
    assert of(events, "turn_started")[0].seat == 5  # that team's marshal takes the first turn
