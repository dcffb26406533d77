"""Da Qiao: Guose (国色) and Liuli (流离), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Discard,
    PlayCard,
    Reason,
    Respond,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    equip,
    game_with,
    of,
    prompt_is,
    set_hand,
    state_snapshot,
    table_game,
)

C = parse_card


def test_guose_uses_a_diamond_as_indulgence():
    """Guose: any ♦ card, from hand or equipment, may be used as Indulgence."""
    game = game_with("daqiao", None, None, None)
    set_hand(game, 1, "dodge@D2")
    equip(game, 1, "zixing@DK")
    events = game.submit(1, UseSkill("guose", (C("zixing@DK"),), (2,)))
    placed = of(events, "delayed_trick_placed")[0]
    assert (placed.target, placed.name, placed.card) == (2, "indulgence", "zixing@DK")
    game.submit(1, UseSkill("guose", (C("dodge@D2"),), (3,)))
    assert game.player(3).judgment == [(C("dodge@D2"), "indulgence")] and conserved(game)


def test_guose_refuses_other_suits_and_a_second_indulgence():
    """Guose turns only ♦ cards into Indulgence, which still follows Indulgence's own rules."""
    game = game_with("daqiao", None, None, None)
    set_hand(game, 1, "peach@H3", "dodge@D2", "dodge@D3")
    before = state_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("guose", (C("peach@H3"),), (2,)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # not a diamond
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("guose", (C("dodge@D2"),), (1,)))
    assert info.value.reason is Reason.CANNOT_TARGET_SELF
    assert state_snapshot(game) == before
    game.submit(1, UseSkill("guose", (C("dodge@D2"),), (2,)))
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("guose", (C("dodge@D3"),), (2,)))
    assert info.value.reason is Reason.ALREADY_IN_AREA


def test_liuli_redirects_within_her_range_never_to_the_user():
    """Liuli: Da Qiao discards a card and a player in her attack range, not the Kill's user,
    becomes the target instead."""
    game = game_with(None, "daqiao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "liuli")
    assert prompt.options == (3,) and prompt.optional
    for seat, reason in ((1, Reason.CARD_USER), (4, Reason.OUT_OF_RANGE)):
        # the user; a player at distance 2: each refused with the rule that forbids it
        with pytest.raises(IllegalAction) as info:
            game.submit(2, ChooseTarget(seat))
        assert info.value.reason is reason
    assert info.value.data["distance"] == 2 and info.value.data["attack_range"] == 1
    game.submit(2, ChooseTarget(3))
    prompt = prompt_is(game, PromptKind.DISCARD, 2, "liuli")
    assert (prompt.count, prompt.target, prompt.optional) == (1, 3, True)
    events = game.submit(2, Discard((C("peach@H3"),)))
    assert [(e.skill, e.targets) for e in of(events, "skill_invoked")] == [("liuli", (3,))]
    assert of(events, "cards_discarded")[0].cards == ("peach@H3",)
    prompt_is(game, PromptKind.RESPOND, 3)
    game.submit(3, Respond(None))
    assert game.player(3).hp == 3 and game.player(2).hp == 3 and conserved(game)


def test_liuli_range_counts_her_weapon_but_not_if_she_discards_it():
    """Liuli uses Da Qiao's own attack range: a weapon widens it, so it cannot be the discard
    that makes the chosen player reachable (rangefix)."""
    game = game_with(None, "daqiao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    equip(game, 2, "qinggang_sword@S6")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert game.pending().options == (3, 4, 5)
    game.submit(2, ChooseTarget(4))
    assert Discard((C("qinggang_sword@S6"),)) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(2, Discard((C("qinggang_sword@S6"),)))
    assert info.value.reason is Reason.CARD_NOT_OWNED
    game.submit(2, Discard((C("dodge@D2"),)))
    prompt_is(game, PromptKind.RESPOND, 4)


def test_liuli_declined_or_impossible_leaves_the_kill_on_her():
    """Liuli is optional, needs a card to discard and a legal new target (not a Kongcheng player
    with no hand cards)."""
    game = game_with(None, "daqiao", "zhugeliang", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8")
    set_hand(game, 2, "dodge@D2")
    set_hand(game, 3)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.RESPOND, 2)  # only Zhuge Liang is in range: Kongcheng
    game = game_with(None, "daqiao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, ChooseTarget(3))
    game.submit(2, Confirm(False))  # NO at the discard: nothing happened
    prompt_is(game, PromptKind.RESPOND, 2)
    assert game.player(2).hand == [C("dodge@D2")]
    game = game_with(None, "daqiao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))  # nothing to discard: no Liuli
    assert not of(events, "skill_invoked")
    # with no hand card she is not asked for a Dodge either: the Kill lands on her
    assert [(e.seat, e.need) for e in of(events, "no_card_to_respond")] == [(2, "dodge")]
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(1, 2)]
    prompt_is(game, PromptKind.PLAY, 1)


def test_liuli_at_the_table_discards_a_hand_card_unseen():
    """Liuli at the table: Da Qiao names the new target, then OK discards a hand card unseen
    (or she scans the card she discards)."""
    game = table_game("caocao", "daqiao", "diaochan", "lvbu")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CHOOSE_TARGET, 2, "liuli")
    game.submit(2, ChooseTarget(3))
    before = len(game.player(2).hand)
    events = game.submit(2, Confirm(True))
    discarded = of(events, "cards_discarded")[0]
    assert (discarded.cards, discarded.unseen) == ((), 1)
    assert len(game.player(2).hand) == before - 1
    prompt_is(game, PromptKind.RESPOND, 3)


def test_liuli_redirects_before_the_users_target_skills_apply():
    """Liuli acts as Da Qiao becomes the target, so Lü Bu's Wushuang then asks the new target
    for two Dodges."""
    game = game_with("lvbu", "daqiao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    set_hand(game, 3, "dodge@D2", "dodge@D3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, ChooseTarget(3))
    game.submit(2, Discard((C("peach@H3"),)))
    assert prompt_is(game, PromptKind.RESPOND, 3).count == 2
    game.submit(3, Respond(C("dodge@D2")))
    game.submit(3, Respond(C("dodge@D3")))
    assert game.player(3).hp == 4 and game.player(2).hp == 3


def test_guose_at_the_table_uses_the_scanned_diamond():
    """Guose at the table: the token and a scanned ♦ hand card place an Indulgence."""
    game = table_game("daqiao", "lvbu", "diaochan", "caocao")
    before = len(game.player(1).hand)
    events = game.submit(1, UseSkill("guose", (C("kill@D6"),), (3,)))
    assert of(events, "delayed_trick_placed")[0].card == "kill@D6"
    assert len(game.player(1).hand) == before - 1
