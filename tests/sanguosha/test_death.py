"""Dying, Peach requests, death processing, rewards, penalty and victory (docs/sanguosha.md 1d)."""

from engine.sanguosha import EndPlay, EndReason, PlayCard, Respond, parse_card
from engine.sanguosha.prompts import PromptKind

from .scenario import (
    conserved,
    equip,
    kinds,
    of,
    pass_windows,
    set_hand,
    set_hp,
    set_identities,
    start,
)

C = parse_card
DUELS = ("duel@SA", "duel@CA", "duel@DA")


def decline_all(game):
    """Every pending request is answered NO; returns the events."""
    events = []
    while game.pending() is not None and game.pending().kind in (
        PromptKind.RESPOND,
        PromptKind.NULLIFY,
    ):
        prompt = game.pending()
        events += game.submit(prompt.seats[0], Respond(None))
    return events


def duel_down(game, victim, duel):
    """Seat 1 Duels `victim` (at 1 HP, no Kill) and nobody saves them."""
    set_hand(game, 1, duel)
    set_hand(game, victim)
    set_hp(game, victim, 1)
    events = game.submit(1, PlayCard(C(duel), (victim,)))
    return events + decline_all(game)


def test_dying_asks_for_peaches_from_the_current_player_in_seat_order():
    """Dying: Peaches are asked from the current player on, in seat order, the dying one in turn (1d)."""
    game = start(players=4)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    # a card each that answers neither the Duel nor the Peach request, so both are asked
    set_hand(game, 1, "duel@SA", "dodge@H2")
    set_hand(game, 3, "dodge@D2")
    set_hp(game, 3, 1)
    game.submit(1, PlayCard(C("duel@SA"), (3,)))
    pass_windows(game)
    events = game.submit(3, Respond(None))
    assert of(events, "player_dying")[0].seat == 3
    asked = []
    while game.pending().kind is PromptKind.RESPOND:
        prompt = game.pending()
        assert (prompt.need, prompt.target, prompt.count) == ("peach", 3, 1)
        asked.append(prompt.seat)
        game.submit(prompt.seat, Respond(None))
    assert asked == [1, 2, 3, 4]


def test_peaches_until_saved():
    """A dying player at -1 HP needs 2 Peaches; one player may give both (1d)."""
    game = start(players=4)
    from .scenario import deck_top, place

    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8")
    set_hand(game, 2, "peach@H3", "peach@H4")
    set_hp(game, 2, 2)
    set_hand(game, 1)
    game.submit(1, EndPlay())
    events = pass_windows(game)
    assert of(events, "player_dying")[0].hp == -1
    prompt = game.pending()
    assert (prompt.seat, prompt.need, prompt.count) == (2, "peach", 2)
    events = game.submit(2, Respond(C("peach@H3")))
    assert of(events, "hp_recovered")[0].hp_after == 0
    assert game.pending().seat == 2 and game.pending().count == 1
    events = game.submit(2, Respond(C("peach@H4")))
    assert of(events, "player_rescued")[0].hp == 1 and game.player(2).alive


def test_death_order_reveal_bury_reward():
    """Death: died, identity revealed, cards buried, then the rebel reward of 3 cards (1d)."""
    game = start(players=4)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    equip(game, 3, "jueying@S5")
    events = duel_down(game, 3, "duel@SA")
    order = [
        k
        for k in kinds(events)
        if k
        in ("player_died", "identity_revealed", "cards_discarded", "reward_given", "cards_drawn")
    ]
    assert order == [
        "player_died",
        "identity_revealed",
        "cards_discarded",
        "reward_given",
        "cards_drawn",
    ]
    assert of(events, "identity_revealed")[0].identity == "rebel"
    assert of(events, "cards_discarded")[0].cards == ("jueying@S5",)
    reward = of(events, "reward_given")[0]
    assert (reward.seat, reward.victim, reward.count) == (1, 3, 3)
    assert len(game.player(1).hand) == 3 and game.view()["seats"][2]["identity"] == "rebel"
    assert conserved(game)


def test_rebel_killing_rebel_is_rewarded():
    """Whoever kills a rebel draws 3, even another rebel (1d)."""
    game = start(players=4, four_player_roles="1021")
    set_identities(game, "lord", "rebel", "rebel", "spy")
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 2, "twin_swords@S2")
    set_hand(game, 2, "kill@C3")
    set_hand(game, 3)
    set_hp(game, 3, 1)
    game.submit(1, PlayCard(C("borrowed_sword@CQ"), (2, 3)))
    pass_windows(game)
    game.submit(2, Respond(C("kill@C3")))
    events = decline_all(game)
    assert of(events, "player_died")[0].killer == 2
    assert of(events, "reward_given")[0].seat == 2 and len(game.player(2).hand) == 3


def test_lord_killing_a_loyalist_discards_hand_and_equipment():
    """The lord who kills a loyalist discards every hand and equipment card, not the judgment area (1d)."""
    game = start(players=4)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    equip(game, 1, "chitu@H5")
    from .scenario import place

    place(game, 1, "indulgence@S6")
    set_hand(game, 1, "duel@SA", "peach@H3")
    set_hand(game, 2)
    set_hp(game, 2, 1)
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    events = decline_all(game)
    assert of(events, "penalty_applied")[0].seat == 1
    assert game.player(1).hand == [] and game.player(1).equipment_cards() == []
    assert game.player(1).delayed_names() == ["indulgence"]


def test_lord_death_rebels_win_including_dead_rebels():
    """When the lord dies the rebels win, dead rebels included (1d Victory)."""
    game = start(players=5)
    set_identities(game, "lord", "loyalist", "rebel", "rebel", "spy")
    duel_down(game, 3, "duel@SA")
    set_hand(game, 1, "duel@CA")
    set_hand(game, 4, "kill@C2")
    set_hp(game, 1, 1)
    game.submit(1, PlayCard(C("duel@CA"), (4,)))
    pass_windows(game)
    # the lord, with no card left, is not asked for a Kill
    events = game.submit(4, Respond(C("kill@C2")))
    events += decline_all(game)
    over = of(events, "game_over")[0]
    assert (over.side, over.winners, over.reason) == ("rebel", (3, 4), "lord_died")
    assert game.outcome.reason is EndReason.LORD_DIED and game.pending() is None


def test_sole_surviving_spy_wins_alone():
    """The lord dying with only a spy left alive: the spy wins alone (1d Victory)."""
    game = start(players=3)
    set_identities(game, "lord", "rebel", "spy")
    duel_down(game, 2, "duel@SA")
    set_hand(game, 1, "duel@CA")
    set_hand(game, 3, "kill@C2")
    set_hp(game, 1, 1)
    game.submit(1, PlayCard(C("duel@CA"), (3,)))
    pass_windows(game)
    # the lord, with no card left, is not asked for a Kill
    events = game.submit(3, Respond(C("kill@C2"))) + decline_all(game)
    over = of(events, "game_over")[0]
    assert (over.side, over.winners, over.reason) == ("spy", (3,), "spy_sole_survivor")


def test_lord_dying_with_loyalist_and_spy_alive_is_a_rebel_win():
    """Every other case of the lord's death is a rebel win, even with no rebel alive (1d Victory)."""
    game = start(players=5)
    set_identities(game, "lord", "loyalist", "rebel", "rebel", "spy")
    duel_down(game, 3, "duel@SA")
    duel_down(game, 4, "duel@CA")
    assert game.outcome is None
    set_hand(game, 1, "duel@DA")
    set_hand(game, 5, "kill@C2")
    set_hp(game, 1, 1)
    game.submit(1, PlayCard(C("duel@DA"), (5,)))
    pass_windows(game)
    # the lord, with no card left, is not asked for a Kill
    events = game.submit(5, Respond(C("kill@C2"))) + decline_all(game)
    assert of(events, "game_over")[0].winners == (3, 4)


def test_lord_side_wins_with_dead_loyalists_and_no_last_reward():
    """All rebels and spies dead: lord and loyalists win, dead ones too; the game ends before the reward (1d)."""
    game = start(players=4)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    duel_down(game, 2, "duel@SA")
    duel_down(game, 4, "duel@CA")
    events = duel_down(game, 3, "duel@DA")
    over = of(events, "game_over")[0]
    assert (over.side, over.winners, over.reason) == ("lord", (1, 2), "rebels_and_spies_dead")
    assert "reward_given" not in kinds(events)
    assert game.player(3).hand == [] and conserved(game)


def test_death_of_the_current_player_ends_the_turn():
    """If the current player dies, the rest of the turn is skipped and the next player starts (1d)."""
    game = start(players=4)
    set_identities(game, "lord", "loyalist", "rebel", "spy")
    set_hand(game, 1, "duel@SA", "peach@H3")
    set_hand(game, 2, "kill@C2")
    set_hp(game, 1, 1)
    game.lord = game.player(2)  # keep the game going when seat 1 dies
    game.player(1).identity, game.player(2).identity = "loyalist", "lord"
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    game.submit(2, Respond(C("kill@C2")))
    events = game.submit(1, Respond(None)) + decline_all(game)
    assert of(events, "player_died")[0].seat == 1
    assert of(events, "turn_ended")[0].seat == 1
    assert of(events, "turn_started")[0].seat == 2
    assert "discard" not in [e.phase for e in of(events, "phase_started") if e.seat == 1]
