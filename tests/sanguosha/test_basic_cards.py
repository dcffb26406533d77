"""Kill, Dodge, Peach; distance, attack range and the Kill limit (docs/sanguosha.md 1a, 1d)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    EndPlay,
    PlayCard,
    Reason,
    Respond,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .scenario import conserved, equip, kinds, of, pass_windows, set_hand, set_hp, start

C = parse_card


def test_kill_hits_when_not_dodged():
    """Kill: the target must use a Dodge or take 1 damage from the user (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.need, prompt.source) == (
        PromptKind.RESPOND,
        2,
        "dodge",
        1,
    )
    events = game.submit(2, Respond(None))
    damage = of(events, "damage_dealt")[0]
    assert (damage.source, damage.target, damage.amount, damage.card) == (1, 2, 1, "kill")
    assert (damage.hp_before, damage.hp_after) == (4, 3)
    assert game.player(2).hp == 3 and conserved(game)


def test_dodge_against_kill_is_used():
    """Use vs play: a Dodge against a Kill is *used* (card_used), and cancels it (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, Respond(C("dodge@D2")))
    used = of(events, "card_used")[0]
    assert (used.seat, used.name, used.against) == (2, "dodge", "kill")
    assert "damage_dealt" not in kinds(events) and game.player(2).hp == 4


def test_dodge_cannot_be_played_in_the_play_phase():
    """Dodge is only ever an answer: using it from the play prompt is refused."""
    game = start(players=4)
    set_hand(game, 1, "dodge@D2")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("dodge@D2")))
    assert info.value.reason is Reason.NOT_PLAYABLE_NOW


def test_wrong_card_as_answer_is_refused():
    """A response must be the card asked for: a Peach does not answer a Kill."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    with pytest.raises(IllegalAction) as info:
        game.submit(2, Respond(C("peach@H3")))
    assert info.value.reason is Reason.WRONG_CARD
    assert info.value.data == {"card": "peach@H3", "need": "dodge"}


def test_one_kill_per_play_phase():
    """Only one Kill may be used per play phase (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))  # seat 2 holds no card: no Dodge asked
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S8"), (4,)))
    assert info.value.reason is Reason.KILL_LIMIT
    assert info.value.data == {"used": 1, "limit": 1}
    assert PlayCard(C("kill@S8")) not in game.legal_actions()


def test_kill_played_in_response_does_not_count():
    """Kills played as responses (Duel, Barbarian Invasion) do not count toward the limit (1d)."""
    game = start(players=4)
    set_hand(game, 1, "duel@SA", "kill@S7", "kill@S8")
    set_hand(game, 2, "kill@C2")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    game.submit(2, Respond(C("kill@C2")))
    events = game.submit(1, Respond(C("kill@S7")))  # seat 2, now empty-handed, is not asked
    assert of(events, "card_played")[0].seat == 1
    assert of(events, "damage_dealt")[0].target == 2
    assert game.kills_used == 0
    game.submit(1, PlayCard(C("kill@S8"), (2,)))
    assert game.kills_used == 1


def test_kill_cannot_target_self():
    """A Kill cannot target its user (1d)."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S7"), (1,)))
    assert info.value.reason is Reason.CANNOT_TARGET_SELF


def test_distance_counts_the_shorter_way_over_living_players():
    """Distance is the shorter seat count, both ways, over living players only (1d)."""
    game = start(players=6)
    one, four, six = game.player(1), game.player(4), game.player(6)
    assert game.distance(one, four) == 3 and game.distance(one, six) == 1
    assert game.distance(one, one) == 0
    game.player(2).alive = False
    game.player(3).alive = False
    game.reseat()
    assert game.distance(one, four) == 1


def test_horses_change_distance_but_not_attack_range():
    """+1 horse adds 1 to others' distance to you; -1 horse subtracts 1 from yours; never below 1 (1d)."""
    game = start(players=6)
    one, two, three = game.player(1), game.player(2), game.player(3)
    equip(game, 2, "jueying@S5")
    assert game.distance(one, two) == 2 and game.distance(two, one) == 1
    equip(game, 1, "chitu@H5")
    assert game.distance(one, three) == 1 and game.distance(one, two) == 1
    assert game.attack_range(one) == 1


def test_weapon_replaces_the_base_attack_range():
    """Attack range is 1 without a weapon, else the weapon's range, not 1 + range (1d)."""
    game = start(players=6)
    one = game.player(1)
    assert game.attack_range(one) == 1
    equip(game, 1, "kylin_bow@H5")
    assert game.attack_range(one) == 5
    equip(game, 1, "twin_swords@S2")
    assert game.attack_range(one) == 2


def test_kill_in_range_with_weapon():
    """A target is in range if distance <= attack range: a range-2 weapon reaches 2 seats (1d)."""
    game = start(players=5)
    set_hand(game, 1, "kill@S7")
    equip(game, 1, "qinggang_sword@S6")
    game.submit(1, PlayCard(C("kill@S7"), (3,)))
    assert game.pending().seat == 3


def test_staged_kill_asks_for_targets():
    """PlayCard without targets stages the card; the engine lists only legal targets."""
    game = start(players=5)
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7")))
    prompt = game.pending()
    assert prompt.kind is PromptKind.CHOOSE_TARGET and prompt.options == (2, 5)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, ChooseTarget(3))
    assert info.value.reason is Reason.OUT_OF_RANGE
    events = game.submit(1, ChooseTarget(5))
    assert of(events, "card_used")[0].targets == (5,)


def test_cancelling_a_staged_card_changes_nothing():
    """NO while a card is staged cancels it: the card stays in hand."""
    game = start(players=4)
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7")))
    assert game.submit(1, Confirm(False)) == []
    assert game.player(1).hand == [C("kill@S7")] and game.pending().kind is PromptKind.PLAY


def test_peach_heals_self_when_wounded():
    """Peach: in the play phase, on yourself, only when wounded (1d)."""
    game = start(players=4)
    set_hand(game, 1, "peach@H3", "peach@H4")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("peach@H3")))
    assert info.value.reason is Reason.NOT_WOUNDED
    set_hp(game, 1, 2)
    events = game.submit(1, PlayCard(C("peach@H3")))
    rec = of(events, "hp_recovered")[0]
    assert (rec.seat, rec.amount, rec.hp_before, rec.hp_after) == (1, 1, 2, 3)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("peach@H4"), (2,)))
    assert info.value.reason is Reason.MUST_TARGET_SELF


def test_end_play_moves_on_to_discard():
    """EndPlay ends the play phase."""
    game = start(players=4)
    set_hand(game, 1)
    events = game.submit(1, EndPlay())
    assert ("discard", "finish") == tuple(
        e.phase for e in of(events, "phase_started") if e.seat == 1
    )
