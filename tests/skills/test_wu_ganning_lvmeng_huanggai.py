"""Gan Ning: Qixi (奇袭); Lü Meng: Keji (克己); Huang Gai: Kurou (苦肉), docs/sanguosha.md 1b."""

import pytest

from engine.core.errors import IllegalAction
from engine.sanguosha import (
    Confirm,
    EndPlay,
    PickCard,
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
    pass_window,
    pass_windows,
    prompt_is,
    set_hand,
    set_hp,
    set_identities,
    table_game,
)

C = parse_card


def test_qixi_uses_a_black_card_as_dismantle():
    """Qixi: any black card, from hand or equipment, may be used as Dismantle."""
    game = game_with("ganning", None, None, None)
    set_hand(game, 1)
    equip(game, 1, "eight_diagrams@S2")
    equip(game, 3, "chitu@H5")
    events = game.submit(1, UseSkill("qixi", (C("eight_diagrams@S2"),), (3,)))
    used = of(events, "card_used")[0]
    assert (used.name, used.cards, used.skill) == ("dismantle", ("eight_diagrams@S2",), "qixi")
    pass_window(game)
    events = game.submit(1, PickCard(C("chitu@H5")))
    assert game.player(3).equip[3] is None and conserved(game)


def test_qixi_refuses_red_cards():
    """Qixi turns only black cards into Dismantle."""
    game = game_with("ganning", None, None, None)
    set_hand(game, 1, "peach@H3", "kill@C2")
    assert UseSkill("qixi", (C("kill@C2"),)) in game.legal_actions()
    assert UseSkill("qixi", (C("peach@H3"),)) not in game.legal_actions()
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("qixi", (C("peach@H3"),), (2,)))
    assert info.value.reason is Reason.NOT_CONVERTIBLE  # red


def test_qixi_at_the_table_uses_the_scanned_black_card():
    """Qixi at the table: the token and a scanned black hand card dismantle a target's card."""
    game = table_game("ganning", "lvbu", "diaochan", "caocao")
    before = len(game.player(1).hand)
    game.submit(1, UseSkill("qixi", (C("kill@C2"),), (3,)))
    pass_window(game)
    prompt_is(game, PromptKind.CHOOSE_CARD_FROM, 1, "dismantle")
    assert len(game.player(1).hand) == before - 1


def test_keji_skips_the_discard_phase_without_a_kill():
    """Keji: if Lü Meng used or played no Kill in his play phase he may skip his discard phase."""
    game = game_with("lvmeng", None, None, None)
    set_hand(game, 1, "dodge@D2", "dodge@D3", "peach@H3", "kill@S7", "kill@S8", "kill@S9")
    game.submit(1, EndPlay())
    prompt_is(game, PromptKind.CONFIRM, 1, "keji")
    events = game.submit(1, Confirm(True))
    assert [(e.seat, e.phase) for e in of(events, "phase_skipped")] == [(1, "discard")]
    assert len(game.player(1).hand) == 6


def test_keji_not_after_a_kill_used_or_played():
    """Keji is not offered after a Kill used in the play phase, nor after one played in a Duel."""
    game = game_with("lvmeng", None, None, None)
    set_hand(
        game, 1, "kill@S7", "dodge@D2", "dodge@D3", "dodge@D4", "peach@H3", "peach@H4", "peach@H6"
    )
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    game.submit(1, EndPlay())
    prompt_is(game, PromptKind.DISCARD, 1, "discard_phase")
    game = game_with("lvmeng", None, None, None)
    set_hand(
        game,
        1,
        "duel@SA",
        "kill@S8",
        "dodge@D2",
        "dodge@D3",
        "dodge@D4",
        "peach@H3",
        "peach@H4",
        "peach@H6",
    )
    set_hand(game, 2, "kill@S9")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    game.submit(2, Respond(C("kill@S9")))
    game.submit(1, Respond(C("kill@S8")))  # seat 2, now empty-handed, is not asked again
    game.submit(1, EndPlay())
    prompt_is(game, PromptKind.DISCARD, 1, "discard_phase")


def test_keji_not_offered_when_nothing_would_be_discarded():
    """Keji has nothing to skip when Lü Meng's hand is within his hand limit."""
    game = game_with("lvmeng", None, None, None)
    set_hand(game, 1, "dodge@D2")
    events = game.submit(1, EndPlay())
    assert game.pending().seat == 2 and not of(events, "phase_skipped")


def test_kurou_loses_one_hp_and_draws_two_any_number_of_times():
    """Kurou: in his play phase Huang Gai may lose 1 HP and then draw 2, as often as he likes."""
    game = game_with("huanggai", None, None, None)
    set_hand(game, 1)
    for hp in (3, 2):
        events = game.submit(1, UseSkill("kurou"))
        lost = of(events, "hp_lost")[0]
        assert (lost.seat, lost.hp_after) == (1, hp) and not of(events, "damage_dealt")
    assert len(game.player(1).hand) == 4
    with pytest.raises(IllegalAction) as info:
        game.submit(1, UseSkill("kurou", (C("kill@S7"),)))
    assert info.value.reason is Reason.WRONG_COUNT


def test_kurou_at_one_hp_enters_dying_first():
    """Kurou at 1 HP: Huang Gai is dying before he draws, and draws 2 only once saved."""
    game = game_with("huanggai", None, None, None)
    set_hp(game, 1, 1)
    set_hand(game, 1, "peach@H3")
    events = game.submit(1, UseSkill("kurou"))
    assert of(events, "player_dying") and not of(events, "cards_drawn")
    assert prompt_is(game, PromptKind.RESPOND, 1).need == "peach"
    events = game.submit(1, Respond(C("peach@H3")))
    assert of(events, "player_rescued") and of(events, "cards_drawn")[0].count == 2
    assert game.player(1).hp == 1 and len(game.player(1).hand) == 2


def test_kurou_unsaved_dies_without_a_killer_or_a_draw():
    """Kurou's HP loss is not damage: unsaved, Huang Gai dies with no killer and draws nothing."""
    game = game_with("huanggai", None, None, None)
    set_identities(game, "lord", "rebel", "loyalist", "spy")
    set_hp(game, 1, 1)
    set_hand(game, 1)
    events = game.submit(1, UseSkill("kurou"))
    # Huang Gai holds no hand card: he is not asked for a Peach, the others are
    assert [(e.seat, e.need) for e in of(events, "no_card_to_respond")] == [(1, "peach")]
    for seat in (2, 3, 4):
        events += game.submit(seat, Respond(None))
    assert of(events, "player_died")[0].killer is None
    assert not of(events, "cards_drawn") and not of(events, "reward_given")
    assert game.outcome is not None and game.outcome.side == "rebel"
