"""Damage types, chains and armor (docs/maneuvering.md 3.4, 3.7): propagation order, only the
first damage propagates, Vine against each damage type, Silver Lion, Guding Blade, Zhuque Fan."""

from engine.sanguosha import (
    Confirm,
    Discard,
    EndPlay,
    Game,
    PickCard,
    PlayCard,
    Respond,
    RevealCard,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .scenario import (
    conserved,
    deck_top,
    equip,
    of,
    pass_windows,
    pending,
    place,
    set_hand,
    set_hp,
    set_identities,
    start,
)

C = parse_card


def mv(players: int = 4, **kw) -> Game:
    game = start(players=players, maneuvering=True, **kw)
    set_identities(game, "lord", *(["rebel"] * (players - 1)))
    return game


def chain(game: Game, *seats: int) -> None:
    for seat in seats:
        game.player(seat).chained = True


def hits(events: list) -> list[tuple]:
    return [(e.target, e.amount, e.nature, e.conducted) for e in of(events, "damage_dealt")]


def kill(game: Game, card: str, target: int, *hand: str) -> list:
    """Seat 1 uses `card` on `target` (holding `hand`, no Dodge); returns the events."""
    set_hand(game, 1, card)
    set_hand(game, target, *hand)
    events = game.submit(1, PlayCard(C(card), (target,)))
    if pending(game).kind is PromptKind.RESPOND and pending(game).need == "dodge":
        events += game.submit(target, Respond(None))
    return events


# ------------------------------------------------------------------ chains
def test_chain_conducts_from_the_current_player_in_seat_order():
    """Fire to a chained player: they are reset and hit, then every other chained player
    from the current player on, each reset as hit (3.4 steps 2 and 4)."""
    game = mv()
    chain(game, 1, 2, 3, 4)
    events = kill(game, "fire_kill@H4", 4)
    assert hits(events) == [
        (4, 1, "fire", False),
        (1, 1, "fire", True),
        (2, 1, "fire", True),
        (3, 1, "fire", True),
    ]
    assert not any(p.chained for p in game.players)
    resets = [(e.seat, e.chained, e.reason) for e in of(events, "chain_changed")]
    assert resets == [(s, False, "damage") for s in (4, 1, 2, 3)]
    assert [e.source for e in of(events, "damage_dealt")] == [1, 1, 1, 1]


def test_only_the_first_damage_propagates():
    """A conducted damage never propagates again: seat 2's Vine makes its conducted hit 2,
    and seat 4 still takes the first target's 1 (3.4 step 5)."""
    game = mv()
    chain(game, 2, 3, 4)
    equip(game, 2, "vine@S2")
    events = kill(game, "fire_kill@H4", 4)
    assert [(t, a) for t, a, _, _ in hits(events)] == [(4, 1), (2, 2), (3, 1)]


def test_normal_damage_neither_propagates_nor_resets():
    game = mv()
    chain(game, 2, 3)
    events = kill(game, "kill@S7", 2)
    assert hits(events) == [(2, 1, "normal", False)]
    assert game.player(3).chained and game.player(2).chained


def test_chain_amount_as_dealt_and_before_target_armor():
    """The conducted amount is what the first target took (its Vine +1 included); the
    setting `chain_amount="before_target_armor"` conducts the amount before its armor."""
    for setting, conducted in (("as_dealt", 2), ("before_target_armor", 1)):
        game = mv(chain_amount=setting)
        chain(game, 2, 3)
        equip(game, 2, "vine@C2")
        events = kill(game, "fire_kill@H4", 2)
        assert [(t, a) for t, a, _, _ in hits(events)] == [(2, 2), (3, conducted)]


def test_source_bonuses_are_not_added_again_each_target_keeps_its_armor():
    """Wine's +1 is in the conducted amount (it is what was dealt) but not added again;
    a conducted Silver Lion holder takes 1 (3.4 amounts)."""
    game = mv()
    chain(game, 2, 3, 4)
    equip(game, 4, "silver_lion@CA")
    set_hand(game, 1, "wine@S3", "thunder_kill@S5")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S3")))
    events = game.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))  # no Dodge asked of seat 2
    assert [(t, a) for t, a, _, _ in hits(events)] == [(2, 2), (3, 2), (4, 1)]


def test_dying_resolves_before_the_next_conducted_hit():
    """Each hit's dying is resolved before the next chained player is hit (3.4 step 4)."""
    game = mv()
    chain(game, 2, 3, 4)
    set_hp(game, 3, 1)
    set_hand(game, 3)
    events = kill(game, "fire_kill@H4", 2)
    # seat 3 is dying: everyone declines a Peach, from the current player (seat 1) on
    while game.pending().kind is PromptKind.RESPOND and game.pending().reason == "dying":
        events += game.submit(game.pending().seat, Respond(None))
    order = [
        (e.kind, getattr(e, "target", getattr(e, "seat", None)))
        for e in events
        if e.kind in ("damage_dealt", "player_dying", "player_died")
    ]
    assert order == [
        ("damage_dealt", 2),
        ("damage_dealt", 3),
        ("player_dying", 3),
        ("player_died", 3),
        ("damage_dealt", 4),
    ]
    assert conserved(game)


def test_a_dead_source_conducts_with_no_source():
    """When the source died during the propagation, later hits have no source (3.4)."""
    game = mv()
    game.submit(1, EndPlay())
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: game.pending().count])))
    while game.pending().kind is not PromptKind.PLAY:
        p = game.pending()
        game.submit(p.seats[0], Confirm(False) if p.kind is PromptKind.CONFIRM else None)
    assert game.current.seat == 2
    chain(game, 2, 3, 4)
    set_hp(game, 2, 1)
    set_hand(game, 2, "fire_kill@H4")
    set_hand(game, 3)
    events = game.submit(2, PlayCard(C("fire_kill@H4"), (3,)))  # no Dodge asked of seat 3
    while game.pending().kind is PromptKind.RESPOND and game.pending().reason == "dying":
        events += game.submit(game.pending().seat, Respond(None))
    dealt = [(e.source, e.target) for e in of(events, "damage_dealt")]
    assert dealt == [(2, 3), (2, 2), (None, 4)]
    assert of(events, "player_died")[0].killer == 2


def test_game_over_during_propagation_stops_it():
    """The lord dies from a conducted hit: the game ends, nobody else is hit (3.4)."""
    game = mv()
    chain(game, 1, 2, 4)
    set_hp(game, 1, 1)
    events = kill(game, "fire_kill@H4", 2)
    while game.pending() is not None:
        events += game.submit(game.pending().seat, Respond(None))
    assert [e.target for e in of(events, "damage_dealt")] == [2, 1]
    assert game.outcome is not None and game.outcome.side == "rebel"
    assert game.player(4).chained


def test_lightning_thunder_propagates_with_no_source():
    game = mv()
    place(game, 2, "lightning@SA")
    chain(game, 2, 4)
    game.submit(1, EndPlay())
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: game.pending().count])))
    deck_top(game, "kill@S7")
    events = pass_windows(game)
    dealt = [(e.source, e.target, e.amount, e.nature) for e in of(events, "damage_dealt")]
    assert dealt == [(None, 2, 3, "thunder"), (None, 4, 3, "thunder")]


# ------------------------------------------------------------------ Vine
def test_vine_voids_normal_kill_barbarians_and_arrows():
    """Vine: normal Kill, Barbarian Invasion and Arrow Barrage have no effect, no response asked."""
    game = mv()
    equip(game, 2, "vine@S2")
    set_hand(game, 2, "dodge@H8")
    set_hand(game, 1, "kill@S7", "barbarian_invasion@SK", "arrow_barrage@HA")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert (of(events, "effect_cancelled")[0].seat, of(events, "effect_cancelled")[0].by) == (
        2,
        "vine",
    )
    assert game.pending().kind is PromptKind.PLAY
    for card in ("barbarian_invasion@SK", "arrow_barrage@HA"):
        game.submit(1, PlayCard(C(card)))
        asked = []
        while game.pending().kind is not PromptKind.PLAY:
            p = game.pending()
            if p.kind is PromptKind.NULLIFY:
                pass_windows(game)
                continue
            asked.append(p.seat)
            game.submit(p.seat, Respond(None))
        assert 2 not in asked
    assert game.player(2).hp == game.player(2).max_hp


def test_vine_fire_plus_one_thunder_unchanged():
    game = mv()
    equip(game, 2, "vine@S2")
    assert hits(kill(game, "fire_kill@H4", 2))[0][1] == 2
    game = mv()
    equip(game, 2, "vine@S2")
    assert hits(kill(game, "thunder_kill@S5", 2))[0][1] == 1


def test_vine_and_wine_fire_kill():
    """Wine +1 comes before the armor: a Wine Fire Kill on Vine deals 3 (3.1, 3.4 step 1)."""
    game = mv()
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "wine@S3", "fire_kill@H4")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S3")))
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))  # no Dodge asked of seat 2
    assert hits(events)[0][1] == 3


def test_vine_against_fire_attack_and_duel():
    """Fire Attack's fire +1 on Vine; a Duel's normal damage is unaffected."""
    game = mv()
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "fire_attack@H2", "peach@H3")
    set_hand(game, 2, "dodge@H8")
    game.submit(1, PlayCard(C("fire_attack@H2"), (2,)))
    pass_windows(game)
    game.submit(2, RevealCard(C("dodge@H8")))
    events = game.submit(1, Discard((C("peach@H3"),)))
    assert hits(events)[0][:3] == (2, 2, "fire")
    game = mv()
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    events = pass_windows(game)  # then seat 2, with no card, is not asked for a Kill
    assert hits(events)[0][:2] == (2, 1)


def test_qinggang_sword_ignores_vine_and_silver_lion():
    """Qinggang: a normal Kill hits a Vine holder; a Fire Kill gets no +1; Silver Lion no cap."""
    game = mv()
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "vine@S2")
    events = kill(game, "kill@S7", 2)
    assert hits(events) == [(2, 1, "normal", False)]
    game = mv()
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "vine@S2")
    assert hits(kill(game, "fire_kill@H4", 2))[0][1] == 1
    game = mv()
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "silver_lion@CA")
    set_hand(game, 1, "wine@S3", "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S3")))
    assert hits(game.submit(1, PlayCard(C("kill@S7"), (2,))))[0][1] == 2  # no Dodge asked


def test_qinggang_conducted_hit_keeps_the_third_partys_armor():
    """A chained third party hit by conduction keeps its armor (3.7)."""
    game = mv()
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "vine@S2")
    equip(game, 3, "vine@C2")
    chain(game, 2, 3)
    events = kill(game, "fire_kill@H4", 2)
    assert [(t, a) for t, a, _, _ in hits(events)] == [(2, 1), (3, 2)]


# ------------------------------------------------------------------ Silver Lion
def test_silver_lion_caps_damage_at_one():
    game = mv()
    equip(game, 2, "silver_lion@CA")
    set_hand(game, 1, "wine@S3", "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S3")))
    assert hits(game.submit(1, PlayCard(C("kill@S7"), (2,))))[0][1] == 1  # no Dodge asked


def test_silver_lion_heals_when_dismantled_or_replaced():
    """Leaving the equipment area, for any reason, heals 1 if wounded (3.7)."""
    game = mv()
    equip(game, 2, "silver_lion@CA")
    set_hp(game, 2, 2)
    set_hand(game, 1, "dismantle@S3")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_windows(game)
    events = game.submit(1, PickCard(C("silver_lion@CA")))
    rec = of(events, "hp_recovered")[0]
    assert (rec.seat, rec.card, rec.hp_after) == (2, "silver_lion", 3)
    game = mv()
    equip(game, 1, "silver_lion@CA")
    set_hp(game, 1, 3)
    set_hand(game, 1, "eight_diagrams@S2")
    events = game.submit(1, PlayCard(C("eight_diagrams@S2")))
    assert of(events, "hp_recovered")[0].hp_after == 4 and conserved(game)


def test_silver_lion_no_heal_at_full_health():
    game = mv()
    equip(game, 1, "silver_lion@CA")
    set_hand(game, 1, "vine@S2")
    events = game.submit(1, PlayCard(C("vine@S2")))
    assert not of(events, "hp_recovered")


# ------------------------------------------------------------------ weapons
def test_guding_blade_on_an_empty_hand():
    """Guding Blade: +1 to a Kill's damage on a target with no hand cards (3.7)."""
    game = mv()
    equip(game, 1, "guding_blade@SA")
    assert hits(kill(game, "kill@S7", 2))[0][1] == 2
    game = mv()
    equip(game, 1, "guding_blade@SA")
    events = kill(game, "kill@S7", 2, "peach@H3")
    assert hits(events)[0][1] == 1


def test_guding_blade_not_for_duels_nor_conducted_hits():
    game = mv()
    equip(game, 1, "guding_blade@SA")
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    # the window closes, and seat 2, with no card, is not asked for a Kill
    assert hits(pass_windows(game))[0][1] == 1
    game = mv()
    equip(game, 1, "guding_blade@SA")
    chain(game, 2, 3)
    set_hand(game, 3)
    events = kill(game, "fire_kill@H4", 2)
    assert [(t, a) for t, a, _, _ in hits(events)] == [(2, 2), (3, 2)]


def test_zhuque_fan_makes_a_normal_kill_fire():
    """Zhuque Fan: after using a normal Kill you may make it fire (3.7)."""
    game = mv()
    equip(game, 1, "zhuque_fan@DA")
    equip(game, 3, "vine@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 3)
    game.submit(1, PlayCard(C("kill@S7"), (3,)))  # range 4
    prompt = game.pending()
    assert (prompt.kind, prompt.reason) == (PromptKind.CONFIRM, "zhuque_fan")
    events = game.submit(1, Confirm(True))  # seat 3 holds no card: no Dodge asked
    assert hits(events)[0][:3] == (3, 2, "fire")


def test_zhuque_fan_declined_or_not_offered_for_elemental_kills():
    game = mv()
    equip(game, 1, "zhuque_fan@DA")
    set_hand(game, 1, "thunder_kill@S5")
    set_hand(game, 2, "peach@H3")  # a card, so that the Dodge is asked at all
    game.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))
    assert game.pending().need == "dodge"
    game = mv()
    equip(game, 1, "zhuque_fan@DA")
    equip(game, 2, "vine@S2")
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(1, Confirm(False))
    assert of(events, "effect_cancelled")[0].by == "vine"
