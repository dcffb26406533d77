"""A player with no hand card is not asked for a response he provably cannot make (issue
#31, item 17): the game says so in one line and goes on, in both modes, since a hand
count is public. A seat that could still answer (Eight Diagrams, 武圣 with a red
equipped card, the lord's 护驾) is asked as before. Real games; nothing is mocked."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from engine.sanguosha import Game, PlayCard, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    end_turn,
    equip,
    game_with,
    of,
    pass_windows,
    prompt_is,
    set_hand,
    table_game,
)

C = parse_card


def _kill_at_empty_hand(game: Game) -> list:
    if not game.table:  # at the table, the scan shows which of the unseen cards it is
        set_hand(game, 1, "kill@S7")
    set_hand(game, 2)
    return game.submit(1, PlayCard(C("kill@S7"), (2,)))


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "Seat 2 has no hand cards: no Dodge against the Kill."),
        ("es", "El asiento 2 no tiene cartas en la mano: ninguna Esquiva contra el Ataque."),
        ("zh-Hans", "2号位没有手牌，无法使用【闪】抵消【杀】。"),
    ],
)
def test_a_kill_at_a_seat_without_hand_cards_asks_nobody_and_says_so(
    lang: str, sentence: str
) -> None:
    game = game_with(None, None, None, None, auto_decline=True)
    events = _kill_at_empty_hand(game)
    skipped = of(events, "no_card_to_respond")
    assert [(e.seat, e.need, e.against) for e in skipped] == [(2, "dodge", "kill")]
    assert not of(events, "response_declined")
    assert game.player(2).hp == game.player(2).max_hp - 1
    prompt_is(game, PromptKind.PLAY, 1)
    assert Narrator(lang).event(skipped[0].to_json(), game.view()) == sentence


def test_at_the_table_the_empty_hand_is_not_asked_either() -> None:
    game = table_game("caocao", "liubei", "sunquan", "guanyu")
    hp = game.player(2).hp
    events = _kill_at_empty_hand(game)
    assert [e.seat for e in of(events, "no_card_to_respond")] == [2]
    assert game.player(2).hp == hp - 1
    prompt_is(game, PromptKind.PLAY, 1)


def test_with_every_request_asked_the_empty_hand_is_still_skipped() -> None:
    """`auto_decline` off asks every request a hand could answer: not one no hand can."""
    game = game_with(None, None, None, None)
    events = _kill_at_empty_hand(game)
    assert [e.seat for e in of(events, "no_card_to_respond")] == [2]
    prompt_is(game, PromptKind.PLAY, 1)


def test_a_seat_with_a_hand_card_is_still_asked() -> None:
    game = table_game("caocao", "liubei", "sunquan", "guanyu")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "dodge"


def test_eight_diagrams_with_no_hand_card_is_still_asked() -> None:
    game = game_with(None, None, None, None, auto_decline=True)
    equip(game, 2, "eight_diagrams@S2")
    _kill_at_empty_hand(game)
    assert "eight_diagrams" in prompt_is(game, PromptKind.RESPOND, 2).options


def test_wusheng_with_a_red_equipped_card_is_still_asked_for_a_kill() -> None:
    """武圣 may turn a red equipped card into a Kill: an empty hand is no proof."""
    game = game_with(None, "guanyu", None, None, auto_decline=True)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2)
    equip(game, 2, "chitu@H5")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)  # the Duel's Nullification window, which leaves out seat 2
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "kill"


def test_the_lord_with_no_hand_card_may_still_call_hujia() -> None:
    """曹操 has no card, but 护驾 lets a Wei character play the Dodge for him."""
    game = game_with("caocao", "liubei", "xiahoudun", None, auto_decline=True)
    end_turn(game)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3, "dodge@H2")
    game.submit(2, PlayCard(C("kill@S7"), (1,)))
    assert "hujia" in prompt_is(game, PromptKind.RESPOND, 1).options


def test_a_nullification_window_leaves_out_the_seats_with_no_hand_card() -> None:
    game = table_game("caocao", "liubei", "sunquan", "guanyu")
    set_hand(game, 3)
    game.submit(1, PlayCard(C("dismantle@S3"), (2,)))
    window = prompt_is(game, PromptKind.NULLIFY)
    assert window.seats == (1, 2, 4)
