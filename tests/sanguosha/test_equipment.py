"""Equipment: replacement and every weapon, armor and horse effect (docs/sanguosha.md 1d, 1e)."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    Pass,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.state import WEAPON

from .scenario import conserved, deck_top, equip, kinds, of, pass_windows, set_hand, start

C = parse_card


def test_equipping_replaces_the_old_card():
    """A second card of a subtype replaces (discards) the first (1d)."""
    game = start(players=4)
    set_hand(game, 1, "twin_swords@S2", "kylin_bow@H5")
    events = game.submit(1, PlayCard(C("twin_swords@S2")))
    assert of(events, "equipment_equipped")[0].slot == "weapon"
    events = game.submit(1, PlayCard(C("kylin_bow@H5")))
    eq = of(events, "equipment_equipped")[0]
    assert (eq.card, eq.replaced) == ("kylin_bow@H5", "twin_swords@S2")
    assert of(events, "cards_discarded")[0].reason == "replaced"
    assert game.player(1).equip[WEAPON] == C("kylin_bow@H5") and conserved(game)


def test_zhuge_crossbow_lifts_the_kill_limit():
    """Zhuge Crossbow: unlimited Kills in the play phase (1e)."""
    game = start(players=4)
    equip(game, 1, "zhuge_crossbow@CA")
    set_hand(game, 1, "kill@S7", "kill@S8", "kill@S9")
    for card in ("kill@S7", "kill@S8", "kill@S9"):
        game.submit(1, PlayCard(C(card), (2,)))
        game.submit(2, Respond(None))
    assert game.kills_used == 3 and game.player(2).hp == 1


def test_qinggang_sword_ignores_armor():
    """Qinggang Sword: the target's armor is ignored (no Eight Diagrams judgment offered) (1e)."""
    game = start(players=4)
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "eight_diagrams@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert of(events, "skill_invoked")[0].skill == "qinggang_sword"
    assert game.pending().options == ()


def test_twin_swords_other_gender_discards_or_lets_draw():
    """Twin Swords: a Kill on the other gender: they discard a hand card or the user draws 1 (1e)."""
    game = start(players=4)
    game.player(2).gender = "female"
    equip(game, 1, "twin_swords@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert (game.pending().kind, game.pending().reason) == (PromptKind.CONFIRM, "twin_swords")
    game.submit(1, Confirm(True))
    prompt = game.pending()
    assert (prompt.kind, prompt.seat, prompt.count) == (PromptKind.DISCARD, 2, 1)
    events = game.submit(2, Pass())
    assert of(events, "cards_drawn")[0].seat == 1
    assert game.pending().need == "dodge"


def test_twin_swords_same_gender_does_nothing():
    """Twin Swords does not trigger on the same gender (1e)."""
    game = start(players=4)
    equip(game, 1, "twin_swords@S2")
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert game.pending().kind is PromptKind.RESPOND


def test_green_dragon_blade_follows_a_dodged_kill():
    """Green Dragon Blade: after a Dodge, another Kill on the same target, not counted (1e)."""
    game = start(players=4)
    equip(game, 1, "green_dragon_blade@S5")
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 3, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (3,)))
    game.submit(3, Respond(C("dodge@D2")))
    prompt = game.pending()
    assert (prompt.seat, prompt.need, prompt.reason, prompt.target) == (
        1,
        "kill",
        "green_dragon_blade",
        3,
    )
    events = game.submit(1, Respond(C("kill@S8")))  # seat 3, now empty-handed, is not asked
    assert of(events, "card_used")[0].targets == (3,)
    assert game.player(3).hp == 3 and game.kills_used == 1


def test_serpent_spear_uses_two_cards_as_a_kill():
    """Serpent Spear: two hand cards as a Kill; colour shared or none (1e)."""
    game = start(players=4)
    equip(game, 1, "serpent_spear@SQ")
    set_hand(game, 1, "peach@H3", "dodge@D2")
    assert UseSkill("serpent_spear", (C("peach@H3"), C("dodge@D2"))) in game.legal_actions()
    events = game.submit(1, UseSkill("serpent_spear", (C("peach@H3"), C("dodge@D2")), (2,)))
    used = of(events, "card_used")[0]
    assert (used.name, used.skill, used.cards) == (
        "kill",
        "serpent_spear",
        ("peach@H3", "dodge@D2"),
    )
    game.submit(2, Respond(None))
    assert game.player(2).hp == 3 and conserved(game)


def test_serpent_spear_refuses_one_card():
    """Serpent Spear needs exactly two hand cards."""
    game = start(players=4)
    equip(game, 1, "serpent_spear@SQ")
    set_hand(game, 1, "peach@H3")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("serpent_spear", (C("peach@H3"),), (2,)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # its own rule: two hand cards
    assert info.value.data == {"skill": "serpent_spear", "cards": ["peach@H3"], "as_card": "kill"}


def test_stone_axe_makes_a_dodged_kill_hit():
    """Stone Axe: after a Dodge, discard 2 other cards and the Kill hits anyway (1e)."""
    game = start(players=4)
    equip(game, 1, "stone_axe@D5", "chitu@H5")
    set_hand(game, 1, "kill@S7", "peach@H3")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt = game.pending()
    assert (prompt.kind, prompt.reason, prompt.count) == (PromptKind.DISCARD, "stone_axe", 2)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, Discard((C("peach@H3"), C("stone_axe@D5"))))
    assert info.value.reason is Reason.CARD_NOT_OWNED
    events = game.submit(1, Discard((C("peach@H3"), C("chitu@H5"))))
    assert of(events, "damage_dealt")[0].target == 2


def test_sky_halberd_last_card_takes_extra_targets():
    """Sky Halberd: a Kill that is the last hand card may take up to 2 extra targets (1d, 1e)."""
    game = start(players=5)
    equip(game, 1, "sky_halberd@DQ")
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7")))
    assert game.pending().count == 3
    game.submit(1, ChooseTarget(2))
    game.submit(1, ChooseTarget(4))
    events = game.submit(1, Confirm(True))
    assert of(events, "card_used")[0].targets == (2, 4)


def test_sky_halberd_needs_the_last_card():
    """Sky Halberd adds no target while other hand cards remain (1e)."""
    game = start(players=5)
    equip(game, 1, "sky_halberd@DQ")
    set_hand(game, 1, "kill@S7", "peach@H3")
    with pytest.raises(IllegalAction) as info:
        game.submit(1, PlayCard(C("kill@S7"), (2, 3)))
    assert info.value.reason is Reason.TOO_MANY_TARGETS


def test_kylin_bow_discards_a_horse_and_still_hurts():
    """Kylin Bow: when the Kill deals damage you may discard a target's horse; damage still happens (1e)."""
    game = start(players=5)
    equip(game, 1, "kylin_bow@H5")
    equip(game, 3, "jueying@S5")
    set_hand(game, 1, "kill@S7")
    game.submit(1, PlayCard(C("kill@S7"), (3,)))
    game.submit(3, Respond(None))
    prompt = game.pending()
    assert (prompt.kind, prompt.reason, prompt.options) == (
        PromptKind.CHOOSE_CARD_FROM,
        "kylin_bow",
        ("jueying@S5",),
    )
    events = game.submit(1, PickCard(C("jueying@S5")))
    assert kinds(events).index("cards_discarded") < kinds(events).index("damage_dealt")
    assert game.player(3).equipment_cards() == [] and game.player(3).hp == 3


def test_ice_sword_prevents_damage_and_discards_two():
    """Ice Sword (EX): instead of damage, discard 2 of the target's cards one at a time (1e)."""
    game = start(players=4, ex_cards=True)
    equip(game, 1, "ice_sword@S2")
    equip(game, 2, "chitu@H5")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(1, Confirm(True))
    game.submit(1, PickCard(C("chitu@H5")))
    events = game.submit(1, PickCard(None))
    assert of(events, "damage_prevented")[0].by == "ice_sword"
    assert "damage_dealt" not in kinds(events) and game.player(2).hp == 4
    assert not game.player(2).has_cards() and conserved(game)


def test_eight_diagrams_red_is_a_dodge_and_black_leaves_a_choice():
    """Eight Diagrams: judge when a Dodge is needed; red counts; else a real Dodge may follow (1d, 1e)."""
    game = start(players=4)
    equip(game, 2, "eight_diagrams@S2")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    deck_top(game, "kill@C2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    events = game.submit(2, UseSkill("eight_diagrams"))
    assert of(events, "judgment_settled")[0].success is False
    prompt = game.pending()
    assert prompt.seat == 2 and prompt.need == "dodge" and prompt.options == ()
    events = game.submit(2, Respond(C("dodge@D2")))
    assert "damage_dealt" not in kinds(events)


def test_renwang_shield_stops_black_kills_only():
    """Renwang Shield (EX): black Kills have no effect; red Kills are unaffected (1e)."""
    game = start(players=4, ex_cards=True)
    equip(game, 1, "zhuge_crossbow@CA")
    equip(game, 2, "renwang_shield@C2")
    set_hand(game, 1, "kill@S7", "kill@H10")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    cancelled = of(events, "effect_cancelled")[0]
    assert (cancelled.seat, cancelled.by) == (2, "renwang_shield")
    game.submit(1, PlayCard(C("kill@H10"), (2,)))
    assert game.pending().need == "dodge"


def test_qinggang_sword_pierces_renwang_shield():
    """Qinggang Sword ignores Renwang Shield too (1e)."""
    game = start(players=4, ex_cards=True)
    equip(game, 1, "qinggang_sword@S6")
    equip(game, 2, "renwang_shield@C2")
    set_hand(game, 1, "kill@S7")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert "effect_cancelled" not in kinds(events) and game.pending().need == "dodge"


def test_losing_the_weapon_removes_its_ability():
    """An equipment ability leaves with the card (Dismantle the Crossbow: one Kill again)."""
    game = start(players=4)
    equip(game, 2, "zhuge_crossbow@CA")
    set_hand(game, 1, "dismantle@S3")
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    pass_windows(game)
    game.submit(1, PickCard(C("zhuge_crossbow@CA")))
    assert [s.id for s in game.player(2).skills] == []
    assert game.kill_limit(game.player(2)) == 1
