"""Cao Cao: Jianxiong (奸雄) and the lord skill Hujia (护驾), docs/sanguosha.md 1b."""

from engine.sanguosha import Confirm, PlayCard, Respond, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    conserved,
    deck_top,
    end_turn,
    game_with,
    of,
    place,
    prompt_is,
    set_hand,
    skill_ids,
    table_game,
)

C = parse_card


def test_jianxiong_takes_the_kill_that_hurt_cao_cao():
    """Jianxiong: after you take damage, you may take the card that caused it into your hand."""
    game = game_with(None, "caocao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 2, "jianxiong")  # no hand card: not asked for a Dodge
    events = game.submit(2, Confirm(True))
    gained = of(events, "cards_gained")[0]
    assert (gained.seat, gained.cards, gained.reason) == (2, ("kill@S7",), "jianxiong")
    assert game.player(2).hand == [C("kill@S7")] and C("kill@S7") not in game.discard_pile
    assert conserved(game)


def test_jianxiong_takes_a_trick_used_on_several_players_mid_resolution():
    """Jianxiong: the card that caused the damage may be a Barbarian Invasion still resolving."""
    game = game_with(None, "caocao", None, None)
    set_hand(game, 1, "barbarian_invasion@SK")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    game.submit(1, PlayCard(C("barbarian_invasion@SK")))
    # nobody holds a card: no Nullification window, and 曹操 is not asked for a Kill
    prompt_is(game, PromptKind.CONFIRM, 2, "jianxiong")
    game.submit(2, Confirm(True))
    assert game.player(2).hand == [C("barbarian_invasion@SK")]
    while game.pending().seat != 1 or game.pending().kind is not PromptKind.PLAY:
        prompt = game.pending()
        game.submit(prompt.seats[0], game.legal_actions(prompt.seats[0])[-1])
    assert game.player(3).hp == 3 and game.player(4).hp == 3 and conserved(game)


def test_jianxiong_takes_the_lightning_that_struck():
    """The standard ruling: the Lightning card caused the damage, so Jianxiong may take it
    (it stays being resolved until the damage is over)."""
    game = game_with(None, "caocao", None, None)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8", "dodge@D2", "dodge@D3")  # ♠8 strikes
    set_hand(game, 1)
    events = end_turn(game)
    while game.pending().kind is PromptKind.NULLIFY:
        events += game.submit(game.pending().seats[0], game.legal_actions()[-1])
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 3)]
    assert game.pending().kind is PromptKind.CONFIRM and game.pending().reason == "jianxiong"
    game.submit(2, Confirm(True))
    assert C("lightning@SA") in game.player(2).hand
    assert C("lightning@SA") not in game.discard_pile


def test_declining_jianxiong_leaves_the_card_to_the_discard_pile():
    """Jianxiong is optional: NO and the Kill goes to the discard pile as usual."""
    game = game_with(None, "caocao", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt_is(game, PromptKind.CONFIRM, 2, "jianxiong")  # no hand card: not asked for a Dodge
    game.submit(2, Confirm(False))
    assert game.player(2).hand == [] and C("kill@S7") in game.discard_pile


def _lord_cao_cao_attacked(generals, *lord_hand):
    """Seat 2 (no general) Kills the lord Cao Cao in seat 1, who holds `lord_hand`; returns
    the game at the Dodge request."""
    game = game_with("caocao", None, *generals)
    set_hand(game, 1)
    end_turn(game)
    set_hand(game, 1, *lord_hand)
    set_hand(game, 2, "kill@S7")
    game.submit(2, PlayCard(C("kill@S7"), (1,)))
    return game


def test_hujia_asks_the_wei_characters_in_seat_order():
    """Hujia: the other Wei characters are asked in turn; the first who plays a Dodge saves the lord."""
    game = _lord_cao_cao_attacked(["simayi", "guanyu", "zhenji"])
    set_hand(game, 3, "dodge@D2")
    set_hand(game, 5, "dodge@D3")
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert prompt.options == ("hujia",) and prompt.need == "dodge"
    game.submit(1, UseSkill("hujia"))
    prompt = prompt_is(game, PromptKind.RESPOND, 3, "hujia")
    assert prompt.need == "dodge" and prompt.source == 1
    game.submit(3, Respond(None))
    prompt_is(game, PromptKind.RESPOND, 5, "hujia")  # Guan Yu (Shu) in seat 4 is skipped
    events = game.submit(5, Respond(C("dodge@D3")))
    assert [(e.seat, e.name, e.cards) for e in of(events, "card_played")] == [
        (5, "dodge", ("dodge@D3",))
    ]
    assert [(e.seat, e.name, e.skill) for e in of(events, "card_used")] == [(1, "dodge", "hujia")]
    assert not of(events, "damage_dealt") and game.player(1).hp == game.player(1).max_hp
    assert game.player(3).hand == [C("dodge@D2")] and conserved(game)


def test_hujia_when_nobody_answers_the_lord_may_still_decline():
    """Hujia: if no Wei character plays a Dodge, the lord is asked again and may take the hit."""
    # each holds a card that is no Dodge, so each is asked and presses NO
    game = _lord_cao_cao_attacked(["simayi"], "peach@H4")
    set_hand(game, 3, "peach@H3")
    game.submit(1, UseSkill("hujia"))
    game.submit(3, Respond(None))
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert prompt.options == ()  # already tried for this Dodge
    events = game.submit(1, Respond(None))
    assert [(e.source, e.target) for e in of(events, "damage_dealt")] == [(2, 1)]


def test_hujia_only_for_the_lord():
    """Hujia is a lord skill: a Cao Cao who is not the lord has no Hujia to offer."""
    game = game_with(None, "caocao", "simayi", None)
    assert skill_ids(game, 2) == ["jianxiong"]
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")  # no Dodge, but a hand card: he is asked
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game, PromptKind.RESPOND, 2).options == ()


def test_hujia_is_not_offered_without_another_wei_character():
    """Hujia asks the other Wei characters: with none alive it is not offered."""
    game = _lord_cao_cao_attacked(["guanyu", "lvbu"], "peach@H4")  # a hand card: he is asked
    assert prompt_is(game, PromptKind.RESPOND, 1).options == ()


def test_hujia_at_the_table_each_subject_scans_or_presses_no():
    """Hujia at the table: the asked Wei player scans a Dodge from a hand the companion never saw."""
    game = table_game("caocao", "liubei", "simayi", "xiahoudun")
    end_turn(game)
    game.submit(2, PlayCard(C("kill@S7"), (1,)))
    game.submit(1, UseSkill("hujia"))
    game.submit(3, Respond(None))
    prompt_is(game, PromptKind.RESPOND, 4, "hujia")
    before = len(game.player(4).hand)
    events = game.submit(4, Respond(C("dodge@D2")))
    assert not of(events, "damage_dealt") and len(game.player(4).hand) == before - 1
    assert C("dodge@D2") in game.discard_pile
