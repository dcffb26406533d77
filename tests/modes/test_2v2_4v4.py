"""2v2 (docs/modes.md 3) and 4v4 (docs/modes.md 5, provisional): seats, offers, hands, rewards, victory."""

from engine.sanguosha import Confirm

from .helpers import K, first_legal, new, of, through_setup, until
from .test_1v1 import _kill_opponent


def test_2v2_seats_offers_hands_and_first_turn():
    """A-B-B-A; 3 offers each (no general twice); 4 cards each, S4 5; S1's first draw is 1."""
    game = new("2v2", seed=1)
    teams = [(e.seat, e.team) for e in of(game.start_events, "team_assigned")]
    assert teams == [(1, "A"), (2, "B"), (3, "B"), (4, "A")]
    offers = []
    while game.status == "setup":
        prompt = game.pending()
        assert prompt.reason == "offer" and len(prompt.options) == 3
        offers += prompt.options
        first_legal(game)
    assert len(set(offers)) == 12
    game2 = new("2v2", seed=1)
    events = through_setup(game2)
    start = {e.seat: e.count for e in of(events, "cards_drawn") if e.reason == "start"}
    assert start == {1: 4, 2: 4, 3: 4, 4: 5}
    assert all(p.hp == p.max_hp for p in game2.players)
    events += until(game2, K.PLAY, seat=1)
    (draw,) = [e for e in of(events, "cards_drawn") if e.reason == "draw_phase"]
    assert (draw.seat, draw.count) == (1, 1)


def test_2v2_offer_setting_and_redraw():
    """2v2.offer=6 offers 6; seat4_bonus=redraw: S4 starts with 4 and may redraw them once."""
    game = new("2v2", mode_settings={"2v2.offer": 6, "2v2.seat4_bonus": "redraw"})
    assert len(game.pending().options) == 6
    while game.pending().kind is K.CHOOSE_GENERAL:
        first_legal(game)
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (K.CONFIRM, 4, "redraw")
    assert len(game.player(4).hand) == 4
    events = game.submit(4, Confirm(True))
    (redrawn,) = of(events, "hand_redrawn")
    assert (redrawn.seat, redrawn.count) == (4, 4) and len(game.player(4).hand) == 4


def test_2v2_death_rewards_teammates_and_team_elimination_wins():
    """A death: each living teammate of the victim draws 1; a team wins when the other is dead."""
    game = new("2v2", seed=2)
    through_setup(game)
    until(game, K.PLAY, seat=1)
    hand_3 = len(game.player(3).hand)
    events = _kill_opponent(game, 1, 2)
    (reward,) = of(events, "mode_reward_given")
    assert (reward.seat, reward.victim, reward.count) == (3, 2, 1)
    assert len(game.player(3).hand) == hand_3 + 1
    assert not of(events, "reward_given")  # the identity reward does not apply
    horse = game.player(3).equip[2]
    if horse is not None:  # a +1 horse would keep S3 out of reach
        game.player(3).equip[2] = None
        game.discard_pile.append(horse)
        game.changed_outside()  # distances and listings made before are stale
    assert game.outcome is None
    events = _kill_opponent(game, 1, 3)
    assert game.outcome.side == "A" and set(game.outcome.winners) == {1, 4}
    assert game.outcome.reason.value == "team_eliminated"


def test_4v4_formation_lords_hands_redraws_and_victory():
    """ABBAABBA; one random lord per team with +1 HP; 4 cards, S8 5; S7 and S8 may redraw."""
    game = new("4v4", seed=3)
    assert game.view()["game_mode"]["provisional"] is True
    teams = "".join(e.team for e in of(game.start_events, "team_assigned"))
    assert teams == "ABBAABBA"
    leaders = [e.seat for e in of(game.start_events, "team_assigned") if e.leader]
    assert len(leaders) == 2 and {teams[s - 1] for s in leaders} == {"A", "B"}
    redraws = []
    while game.status == "setup":
        prompt = game.pending()
        if prompt.kind is K.CONFIRM:
            redraws.append(prompt.seat)
            game.submit(prompt.seat, Confirm(False))
        else:
            first_legal(game)
    assert redraws == [7, 8]
    assert [len(p.hand) for p in game.players][1:] == [4, 4, 4, 4, 4, 4, 5]
    for p in game.players:
        base = __import__("engine.sanguosha.catalogue", fromlist=["catalogue"]).catalogue()
        assert p.max_hp == base.generals[p.general].max_hp + (1 if p.seat in leaders else 0)
    other = game.view(1)
    assert other["seats"][0]["team"] == "A"


def test_4v4_formation_setting():
    game = new("4v4", mode_settings={"4v4.formation": "ABABABAB"})
    teams = "".join(e.team for e in of(game.start_events, "team_assigned"))
    assert teams == "ABABABAB"
