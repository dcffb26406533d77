"""The Maneuvering expansion's cards (docs/maneuvering.md sections 1-3): deck, Kills with a
nature, Wine, Iron Chain and recasting, Fire Attack, Supply Shortage, Hualiu."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    Game,
    Pass,
    PlayCard,
    Reason,
    Respond,
    RevealCard,
    Settings,
    parse_card,
)
from engine.sanguosha.actions import Recast
from engine.sanguosha.catalogue import catalogue, deck_for
from engine.sanguosha.prompts import PromptKind

from .scenario import (
    conserved,
    deck_top,
    equip,
    of,
    pass_window,
    pass_windows,
    pending,
    place,
    set_hand,
    set_hp,
    start,
    state_snapshot,
)

C = parse_card


def mv(players: int = 4, **kw) -> Game:
    return start(players=players, maneuvering=True, **kw)


def refused(game: Game, seat, action, reason: Reason) -> IllegalAction:
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(seat, action)
    assert info.value.reason is reason, info.value
    assert state_snapshot(game) == before
    return info.value


# ------------------------------------------------------------------ the deck
def test_the_52_cards_every_suit_rank_once():
    """52 cards, each suit+rank once; 32 basic, 14 tricks, 6 equipment (1)."""
    cards = catalogue().maneuvering_deck
    assert len(cards) == 52
    assert set(Counter((c.suit, c.rank) for c in cards).values()) == {1}
    assert Counter(c.type for c in cards) == {"basic": 32, "trick": 14, "equipment": 6}
    names = Counter(c.name for c in cards)
    assert (names["thunder_kill"], names["fire_kill"], names["wine"]) == (9, 5, 5)
    assert {str(c) for c in cards if c.name == "nullification"} == {
        "nullification@SK",
        "nullification@HA",
        "nullification@HK",
    }


def test_deck_sizes_and_repeated_copies():
    """156 cards (160 with EX), each suit+rank three times; repeated standard cards are copies."""
    deck = deck_for(False, True)
    assert len(deck) == 156 and len(deck_for(True, True)) == 160
    assert set(Counter((c.suit, c.rank) for c in deck).values()) == {3}
    copies = Counter(deck)
    assert copies[C("dodge@D6")] == 2 and copies[C("dodge@DJ")] == 3
    assert copies[C("peach@H6")] == 2
    kills = sum(n for c, n in copies.items() if c.true_name == "kill")
    assert kills == 44
    game = Game.new(players=5, seed=3, settings=Settings(maneuvering=True))
    assert len(game.cards) == 156


def test_older_nullification_list_setting():
    """`nullification_copies="SK HK HK"`: no ♥A Nullification, two ♥K (6)."""
    deck = Counter(deck_for(False, True, "SK HK HK"))
    assert deck[C("nullification@HA")] == 0 and deck[C("nullification@HK")] == 2
    assert sum(deck.values()) == 156


def test_cards_outside_the_game_are_refused():
    """A standard game refuses an expansion card, like an EX card without EX."""
    game = start(players=4)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    assert info.value.reason is Reason.CARD_NOT_IN_GAME


def test_readers_names():
    """Pinyin names the new cards (1); the Chinese names people read are the
    companion's glossary, and its card codes accept them (tests/labels/test_codes.py)."""
    assert C("lei sha S5") is C("thunder_kill@S5") and C("jiu ♦9") is C("wine@D9")
    assert C("tiesuo lianhuan@CK") is C("iron_chain@CK")
    assert C("baiyin shizi@CA").subtype == "armor" and C("hualiu@DK").subtype == "plus_horse"


# ------------------------------------------------------------------ Fire and Thunder Kills
def test_fire_kill_deals_fire_and_counts_as_the_kill_of_the_phase():
    """A Fire Kill deals 1 fire damage and uses up the one Kill of the phase (2, 3.2)."""
    game = mv()
    set_hand(game, 1, "fire_kill@H4", "thunder_kill@S5")
    set_hand(game, 2)
    events = game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))  # no Dodge asked of seat 2
    dmg = of(events, "damage_dealt")[0]
    assert (dmg.nature, dmg.card, dmg.amount) == ("fire", "kill", 1)
    assert game.kills_used == 1
    refused(game, 1, PlayCard(C("thunder_kill@S5"), (2,)), Reason.KILL_LIMIT)


def test_thunder_kill_is_dodged_like_any_kill():
    """A Dodge cancels a Thunder Kill; it needs attack range like any Kill."""
    game = mv()
    set_hand(game, 1, "thunder_kill@S5")
    set_hand(game, 2, "dodge@H8")
    refused(game, 1, PlayCard(C("thunder_kill@S5"), (3,)), Reason.OUT_OF_RANGE)
    game.submit(1, PlayCard(C("thunder_kill@S5"), (2,)))
    events = game.submit(2, Respond(C("dodge@H8")))
    assert not of(events, "damage_dealt") and game.player(2).hp == game.player(2).max_hp


def test_elemental_kills_answer_duels_and_barbarians():
    """A Fire or Thunder Kill may be played whenever a Kill is asked for (2)."""
    game = mv()
    set_hand(game, 1, "barbarian_invasion@SK")
    set_hand(game, 2, "thunder_kill@C5")
    game.submit(1, PlayCard(C("barbarian_invasion@SK")))
    pass_windows(game)
    assert game.pending().need == "kill" and game.pending().seat == 2
    events = game.submit(2, Respond(C("thunder_kill@C5")))
    played = of(events, "card_played")[0]
    assert (played.name, played.cards) == ("kill", ("thunder_kill@C5",))


# ------------------------------------------------------------------ Wine
def test_wine_adds_one_to_the_next_kill_and_is_public():
    """Wine: the next Kill used this turn deals +1; the pending Wine shows in the view (3.1, 5)."""
    game = mv()
    set_hand(game, 1, "wine@S3", "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("wine@S3")))
    assert game.view()["seats"][0]["wine"] == 1
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no Dodge asked of seat 2
    assert game.view()["seats"][0]["wine"] == 0
    assert of(events, "damage_dealt")[0].amount == 2


def test_wine_is_consumed_by_a_dodged_kill():
    """The Wine goes into the Kill when it is used, even if it is dodged (3.1)."""
    game = mv()
    equip(game, 1, "zhuge_crossbow@CA")
    set_hand(game, 1, "wine@S3", "kill@S7", "kill@S8")
    set_hand(game, 2, "dodge@H8")
    game.submit(1, PlayCard(C("wine@S3")))
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert of(events, "wine_applied")[0].bonus == 1
    game.submit(2, Respond(C("dodge@H8")))
    events = game.submit(1, PlayCard(C("kill@S8"), (2,)))  # seat 2, now empty-handed
    assert of(events, "damage_dealt")[0].amount == 1


def test_wine_twice_in_a_turn_is_refused():
    """Once per turn (3.1): the second Wine is refused with the limit."""
    game = mv()
    set_hand(game, 1, "wine@S3", "wine@S9")
    game.submit(1, PlayCard(C("wine@S3")))
    err = refused(game, 1, PlayCard(C("wine@S9")), Reason.WINE_LIMIT)
    assert err.data == {"seat": 1, "limit": 1}


def test_unused_wine_ends_with_the_turn():
    """`wine_expiry="turn_end"`: an unused Wine ends at the end of the turn (3.1)."""
    game = mv()
    set_hand(game, 1, "wine@S3")
    game.submit(1, PlayCard(C("wine@S3")))
    events = game.submit(1, EndPlay())
    assert of(events, "wine_expired")[0].seat == 1 and game.player(1).wine == 0


def test_wine_expiry_phase_end_setting():
    """`wine_expiry="phase_end"`: it ends with the play phase, before the discard phase."""
    game = mv(wine_expiry="phase_end")
    set_hand(game, 1, "wine@S3", "kill@S7", "kill@S8", "kill@S9")
    set_hp(game, 1, 1)
    game.submit(1, PlayCard(C("wine@S3")))
    events = game.submit(1, EndPlay())
    assert of(events, "wine_expired") and game.pending().kind is PromptKind.DISCARD


def test_dying_player_drinks_wine_to_survive():
    """While dying, the dying player may use a Wine on themself: recover 1 (3.1, FK-rule)."""
    game = mv()
    set_hand(game, 1, "kill@S7", "dodge@D2")  # a card that is no Peach: the lord is asked
    set_hand(game, 2, "wine@C3")
    set_hp(game, 2, 1)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (PromptKind.RESPOND, 1, "dying")
    assert prompt.need == "peach"
    game.submit(1, Respond(None))
    prompt = game.pending()
    assert (prompt.seat, prompt.need) == (2, "peach|wine")
    events = game.submit(2, Respond(C("wine@C3")))
    used = of(events, "card_used")[0]
    assert (used.name, used.targets) == ("wine", (2,))
    assert of(events, "player_rescued")[0].hp == 1 and game.player(2).wine == 0
    assert not game.player(2).wine_used and conserved(game)


def test_wine_cannot_save_someone_else():
    """Another player's Wine is refused while someone is dying (3.1)."""
    game = mv()
    set_hand(game, 1, "kill@S7", "wine@S3")
    set_hand(game, 2)
    set_hp(game, 2, 1)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # no Dodge asked of seat 2
    err = refused(game, 1, Respond(C("wine@S3")), Reason.WINE_SELF_ONLY)
    assert err.data == {"card": "wine@S3", "target": 2}


def end_lord_turn(game: Game) -> None:
    game.submit(1, EndPlay())
    while pending(game).kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: pending(game).count])))


def test_rescue_wine_and_the_limit():
    """A rescue Wine does not count toward the limit by default; the setting makes it count.

    Lightning strikes seat 2 (3 thunder at 1 HP: -2), who drinks three Wines in its own turn.
    """
    for counts in (False, True):
        game = mv(rescue_wine_counts_toward_limit=counts)
        place(game, 2, "lightning@SA")
        set_hand(game, 2, "wine@S3", "wine@S9", "wine@C9", "wine@D9")
        set_hp(game, 2, 1)
        end_lord_turn(game)
        deck_top(game, "kill@S7")  # ♠7: Lightning strikes
        pass_windows(game)
        prompt = game.pending()
        assert (prompt.seat, prompt.need, prompt.count) == (2, "peach|wine", 3)
        for card in ("wine@S3", "wine@S9", "wine@C9"):
            events = game.submit(2, Respond(C(card)))
        assert of(events, "player_rescued")[0].hp == 1
        assert game.player(2).wine_used is counts
        assert game.pending().kind is PromptKind.PLAY and game.pending().seat == 2
        if counts:
            refused(game, 2, PlayCard(C("wine@D9")), Reason.WINE_LIMIT)
        else:
            game.submit(2, PlayCard(C("wine@D9")))
            assert game.player(2).wine == 1


# ------------------------------------------------------------------ Iron Chain
def test_iron_chain_toggles_up_to_two_players_yourself_included():
    """Iron Chain: 1-2 targets, yourself allowed, no distance; each toggles (3.3)."""
    game = mv()
    set_hand(game, 1, "iron_chain@SJ", "iron_chain@SQ")
    game.submit(1, PlayCard(C("iron_chain@SJ"), (1, 3)))
    events = pass_windows(game)
    changed = [(e.seat, e.chained) for e in of(events, "chain_changed")]
    assert changed == [(1, True), (3, True)]
    assert [s["chained"] for s in game.view()["seats"]] == [True, False, True, False]
    game.submit(1, PlayCard(C("iron_chain@SQ"), (3,)))
    pass_windows(game)
    assert not game.player(3).chained and game.player(1).chained


def test_iron_chain_is_nullified_per_target():
    """A Nullification stops Iron Chain for one target only (3.3)."""
    game = mv()
    set_hand(game, 1, "iron_chain@SJ")
    set_hand(game, 3, "nullification@SK")
    game.submit(1, PlayCard(C("iron_chain@SJ"), (2, 3)))
    pass_window(game)  # seat 2 is chained
    game.submit(3, Respond(C("nullification@SK")))
    pass_windows(game)
    assert game.player(2).chained and not game.player(3).chained


def test_recast_draws_one_and_is_no_use():
    """Recast: the card goes to the discard pile, draw 1; no Nullification window (3.3)."""
    game = mv()
    set_hand(game, 1, "iron_chain@SJ")
    deck_top(game, "peach@H3")
    events = game.submit(1, Recast(C("iron_chain@SJ")))
    assert [e.kind for e in events][:2] == ["card_recast", "cards_drawn"]
    assert not of(events, "card_used") and game.player(1).hand == [C("peach@H3")]
    assert game.discard_pile[-1] is C("iron_chain@SJ") and conserved(game)
    assert game.pending().kind is PromptKind.PLAY


def test_recast_by_ok_with_no_target():
    """At the table: scan Iron Chain, then OK with no target chosen recasts it (3.3)."""
    game = mv()
    set_hand(game, 1, "iron_chain@SJ")
    game.submit(1, PlayCard(C("iron_chain@SJ")))
    assert game.pending().kind is PromptKind.CHOOSE_TARGET
    events = game.submit(1, Confirm(True))
    assert of(events, "card_recast")[0].card == "iron_chain@SJ"


def test_recast_refused_outside_your_play_phase_or_for_other_cards():
    """Recasting in another prompt or with another card is refused with the reason."""
    game = mv()
    set_hand(game, 1, "kill@S7", "iron_chain@SJ")
    set_hand(game, 2, "iron_chain@CK")
    refused(game, 1, Recast(C("kill@S7")), Reason.NOT_RECASTABLE)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    err = refused(game, 2, Recast(C("iron_chain@CK")), Reason.RECAST_NOT_NOW)
    assert err.data == {"card": "iron_chain@CK", "prompt": "respond"}


def test_staged_kill_still_needs_a_target():
    """OK with no target is a recast only for a recastable card."""
    game = mv()
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7")))
    refused(game, 1, Confirm(True), Reason.NEEDS_TARGET)


# ------------------------------------------------------------------ Fire Attack
def fire_attack_game():
    game = mv()
    set_hand(game, 1, "fire_attack@H2", "peach@H3", "kill@S7")
    set_hand(game, 3, "dodge@H8", "kill@C7")
    game.submit(1, PlayCard(C("fire_attack@H2"), (3,)))
    pass_windows(game)
    return game


def test_fire_attack_shown_card_and_matching_discard_deal_fire():
    """The target shows a hand card; a discard of its suit deals 1 fire damage (3.5)."""
    game = fire_attack_game()
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.reason) == (PromptKind.REVEAL_CARD, 3, "fire_attack")
    refused(game, 3, RevealCard(C("peach@H3")), Reason.CARD_NOT_IN_HAND)
    events = game.submit(3, RevealCard(C("dodge@H8")))
    assert of(events, "card_shown")[0].card == "dodge@H8"
    assert C("dodge@H8") in game.player(3).hand
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.card) == (PromptKind.DISCARD, 1, "dodge@H8")
    err = refused(game, 1, Discard((C("kill@S7"),)), Reason.WRONG_SUIT)
    assert err.data == {"card": "kill@S7", "suit": "heart"}
    events = game.submit(1, Discard((C("peach@H3"),)))
    dmg = of(events, "damage_dealt")[0]
    assert (dmg.source, dmg.target, dmg.nature, dmg.card) == (1, 3, "fire", "fire_attack")
    assert conserved(game)


def test_fire_attack_declined_does_nothing():
    game = fire_attack_game()
    game.submit(3, RevealCard(C("kill@C7")))
    events = game.submit(1, Pass())
    assert not of(events, "damage_dealt") and len(game.player(3).hand) == 2


def test_fire_attack_needs_a_target_with_hand_cards():
    """No hand card to show: refused; on yourself the Fire Attack itself does not count."""
    game = mv()
    set_hand(game, 1, "fire_attack@H2")
    set_hand(game, 3)
    err = refused(game, 1, PlayCard(C("fire_attack@H2"), (3,)), Reason.NO_HAND_CARDS)
    assert err.data == {"card": "fire_attack", "target": 3}
    refused(game, 1, PlayCard(C("fire_attack@H2"), (1,)), Reason.NO_HAND_CARDS)


def test_fire_attack_on_yourself():
    """Fire Attack may target yourself when you have another hand card (3.5)."""
    game = mv()
    set_hand(game, 1, "fire_attack@H2", "peach@H3", "dodge@H8")
    game.submit(1, PlayCard(C("fire_attack@H2"), (1,)))
    pass_windows(game)
    game.submit(1, RevealCard(C("peach@H3")))
    events = game.submit(1, Discard((C("dodge@H8"),)))
    assert of(events, "damage_dealt")[0].target == 1


# ------------------------------------------------------------------ Supply Shortage
def test_supply_shortage_distance_and_skip_draw():
    """Supply Shortage: distance 1 or less; judged not ♣: the draw phase is skipped (3.6)."""
    game = mv()
    set_hand(game, 1, "supply_shortage@S10")
    err = refused(game, 1, PlayCard(C("supply_shortage@S10"), (3,)), Reason.TOO_FAR)
    assert err.data["distance"] == 2 and err.data["max_distance"] == 1
    refused(game, 1, PlayCard(C("supply_shortage@S10"), (1,)), Reason.CANNOT_TARGET_SELF)
    events = game.submit(1, PlayCard(C("supply_shortage@S10"), (2,)))
    assert of(events, "delayed_trick_placed")[0].target == 2
    game.submit(1, EndPlay())
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: game.pending().count])))
    deck_top(game, "kill@H10")
    events = pass_windows(game)
    skipped = of(events, "phase_skipped")
    assert skipped and (skipped[0].phase, skipped[0].reason) == ("draw", "supply_shortage")
    assert not [e for e in of(events, "cards_drawn") if e.seat == 2]


def test_supply_shortage_club_does_nothing():
    game = mv()
    place(game, 2, "supply_shortage@C4")
    game.submit(1, EndPlay())
    while game.pending().kind is PromptKind.DISCARD:
        game.submit(1, Discard(tuple(game.player(1).hand[: game.pending().count])))
    deck_top(game, "kill@C9", "kill@C10", "kill@CJ")
    events = pass_windows(game)
    assert not of(events, "phase_skipped")
    assert of(events, "cards_drawn")[0].count == 2


def test_supply_shortage_one_per_area():
    game = mv()
    place(game, 2, "supply_shortage@C4")
    set_hand(game, 1, "supply_shortage@S10")
    refused(game, 1, PlayCard(C("supply_shortage@S10"), (2,)), Reason.ALREADY_IN_AREA)


# ------------------------------------------------------------------ Hualiu
def test_hualiu_is_a_plus_horse():
    """Hualiu: others' distance to you +1 (3.7)."""
    game = mv()
    equip(game, 2, "hualiu@DK")
    set_hand(game, 1, "kill@S7")
    err = refused(game, 1, PlayCard(C("kill@S7"), (2,)), Reason.OUT_OF_RANGE)
    assert err.data["distance"] == 2


def test_view_standard_game_has_no_chain_keys():
    """Without the expansion the view is unchanged."""
    game = start(players=4)
    assert "chained" not in game.view()["seats"][0]


def test_choose_target_staging_for_iron_chain():
    """Iron Chain staged: choose up to two, then OK (one target is enough)."""
    game = mv()
    set_hand(game, 1, "iron_chain@SJ")
    game.submit(1, PlayCard(C("iron_chain@SJ")))
    game.submit(1, ChooseTarget(4))
    game.submit(1, Confirm(True))
    pass_windows(game)
    assert game.player(4).chained


def test_wine_adds_to_each_target_of_a_halberd_kill():
    """The +1 applies to each target of the Kill it went into (Sky Halberd, 3.1)."""
    game = mv()
    equip(game, 1, "sky_halberd@DQ")
    set_hand(game, 1, "wine@S3", "kill@S7")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    game.submit(1, PlayCard(C("wine@S3")))
    # the three targets hold no card: no Dodge is asked of them
    events = game.submit(1, PlayCard(C("kill@S7"), (2, 3, 4)))
    while game.pending().kind is PromptKind.RESPOND:
        events += game.submit(game.pending().seat, Respond(None))
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 2), (3, 2), (4, 2)]


def test_green_dragon_follow_up_gets_no_wine():
    """A follow-up Kill (Green Dragon Blade) gets no bonus: the Wine went into the first."""
    game = mv()
    equip(game, 1, "green_dragon_blade@S5")
    set_hand(game, 1, "wine@S3", "kill@S7", "kill@S8")
    set_hand(game, 2, "dodge@H8")
    game.submit(1, PlayCard(C("wine@S3")))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@H8")))
    assert game.pending().reason == "green_dragon_blade"
    events = game.submit(1, Respond(C("kill@S8")))  # seat 2, now empty-handed, is not asked
    assert of(events, "damage_dealt")[0].amount == 1
