"""The Regicide table adapter: what each scan, press and dial turn means at each prompt,
who may answer, what UNDO may take back, and that a refused input changes nothing."""

from __future__ import annotations

import pytest

from companion.table.outcome import Signal, Status
from companion.table.regicide import settings_from
from tests.regicide_table.helpers import Game


def _started(players: int = 3, enemy: str = "CJ", **settings: object) -> Game:
    game = Game(players, dict(settings))
    assert game.apply(f"@* scan {enemy}").status is Status.ACCEPTED
    return game


def test_the_companion_asks_for_each_enemy_from_the_castle() -> None:
    """The first prompt asks to turn up and scan a Jack; a number card or a Queen is refused
    with the reason, a press is answered with what to do, and ♣J starts the game."""
    game = Game(3)
    assert game.pending == {"seat": 1, "kind": "reveal_enemy", "step": 1, "expected_rank": "J"}
    assert game.table.decision_signals() == [(1, Signal.JUDGMENT)]
    assert game.apply("@* press ok").refusal == {
        "reason": "regicide.scan_enemy",
        "expected_rank": "J",
    }
    assert game.last() == "First turn up the top card of the castle deck and scan it (a Jack)."
    assert game.apply("@* scan C8").refusal == {"reason": "not_a_royal", "card": "C8"}
    game.apply("@* scan SQ")
    assert game.last() == "♠Q cannot be next: the castle still has a Jack to reveal first."
    outcome = game.apply("@3 scan CJ")  # anyone may turn up the castle's top card
    assert outcome.status is Status.ACCEPTED and outcome.seat == 1
    assert game.view["enemy"]["card"] == "CJ" and game.pending["kind"] == "play"


def test_a_play_is_staged_card_by_card_then_played_with_ok() -> None:
    """Scanned cards are staged (the prompt names them and their value) and OK plays them."""
    game = _started()
    game.apply("@1 scan S4", "@1 scan H4")
    assert game.pending == {
        "seat": 1, "kind": "play", "step": 1, "can_yield": True,
        "staged": ["S4", "H4"], "staged_value": 8,
    }  # fmt: skip
    assert game.last() == (
        "Player 1: ♠4 and ♥4 (8) ready to play: OK plays, NO takes back, or scan another card."
    )
    outcome = game.apply("@1 press ok")
    assert outcome.action == {"kind": "play", "cards": ["S4", "H4"]}
    assert [e["kind"] for e in outcome.events][:3] == [
        "cards_played",
        "hearts_healed",
        "shield_raised",
    ]
    assert "staged" not in game.pending


@pytest.mark.parametrize(
    ("staged", "scan", "reason"),
    [
        (["S4", "H4"], "C4", "combo_over_ten"),
        (["S4"], "H5", "combo_mixed_ranks"),
        (["S4"], "jester", "jester_not_alone"),
        (["HA", "S7"], "D2", "ace_pair_too_many_cards"),
        (["S4"], "S4", "duplicate_card"),
        ([], "SK", "royal_not_defeated"),
        ([], "CJ", "royal_not_defeated"),
    ],
)
def test_a_card_that_cannot_join_the_play_is_refused_and_changes_nothing(
    staged: list[str], scan: str, reason: str
) -> None:
    """A scan that would make the staged play illegal is refused with the engine's reason,
    and the state (staged cards included) is exactly as before."""
    game = _started()
    for card in staged:
        game.apply(f"@1 scan {card}")
    before = game.view
    outcome = game.apply(f"@1 scan {scan}")
    assert outcome.status is Status.REFUSED and outcome.refusal is not None
    assert outcome.refusal["reason"] == reason
    assert outcome.refusal_source == "engine" and game.view == before


def test_no_takes_staged_cards_back_then_yields() -> None:
    """NO with cards staged takes them back; NO with nothing staged yields."""
    game = _started()
    game.apply("@1 scan C9")
    game.apply("@1 press no")
    assert game.said["en"][-2:] == [
        "Player 1 takes back ♣9.",
        "Player 1: scan the card or cards you play, then OK; or NO to yield.",
    ]
    outcome = game.apply("@1 press no")
    assert [e["kind"] for e in outcome.events] == ["yielded", "damage_to_pay"]
    assert game.pending == {
        "seat": 1,
        "kind": "pay_damage",
        "step": 4,
        "amount": 10,
        "paid": 0,
        "left": 10,
    }


SCAN_TO_PLAY = {
    "en": "Player 1: scan the cards you play first, then OK; NO yields.",
    "es": "Jugador 1: primero escanea las cartas que juegas y luego pulsa OK; NO para ceder.",
    "zh-Hans": "1号玩家：先扫描要打出的牌，再按确定；按取消则让过。",
    "vi": "Người chơi 1: hãy quét các lá bạn đánh trước rồi bấm OK; bấm NO là nhường.",
}
NOT_NOW = {
    "en": "Player 1: not now (waiting for a play or a yield).",
    "es": "Jugador 1: eso no se puede hacer ahora (toca jugar o ceder).",
    "zh-Hans": "1号玩家：这不是现在需要的操作（正在等待出牌或让过）。",
    "vi": "Người chơi 1: lúc này chưa thể làm thao tác đó (đang chờ đánh bài hoặc nhường).",
}


@pytest.mark.parametrize(
    "line, refusal, said",
    [
        (
            "@1 press ok",
            {"reason": "regicide.scan_to_play", "seat": 1, "can_yield": True},
            SCAN_TO_PLAY,
        ),
        ("@1 select 2", {"reason": "regicide.not_now", "seat": 1, "prompt": "play"}, NOT_NOW),
    ],
    ids=["ok_with_nothing_staged", "dial_at_the_play"],
)
def test_an_input_that_is_no_play_says_what_to_do(line: str, refusal: dict, said: dict) -> None:
    """OK before any card is scanned is refused with the gesture to use; the dial, which
    names no play, is refused as not what the play prompt waits for; nothing changes."""
    game = _started()
    before = game.view
    outcome = game.apply(line)
    assert outcome.status is Status.REFUSED and outcome.refusal == refusal
    assert game.view == before
    assert {lang: game.last(lang) for lang in said} == said


def test_only_the_asked_seat_decides_at_its_own_reader() -> None:
    """Another seat's reader is refused (nothing changes); the shared reader answers for the
    seat the engine waits for."""
    game = _started()
    before = game.view
    outcome = game.apply("@2 scan C8")
    assert outcome.refusal == {
        "reason": "not_your_decision",
        "seat": 2,
        "expected": 1,
        "prompt": "play",
    }
    assert game.last() == "Player 2 may not decide now: waiting for player 1."
    assert game.view == before
    assert game.apply("@* scan C8").seat == 1


def test_damage_is_paid_by_scanned_discards_and_a_held_no_declares_defeat() -> None:
    """Discards add up until the damage is paid; a short NO or OK only explains; a held NO
    says the hand cannot pay, and everyone loses."""
    game = _started()
    game.apply("@1 press no")  # yield: 10 to pay
    game.apply("@1 scan H3")
    assert game.said["en"][-2:] == [
        "Player 1 discards ♥3 (3): 3 of 10 paid.",
        "Player 1: 7 more to pay: scan your next discard.",
    ]
    assert game.apply("@1 press no").refusal == {"reason": "regicide.hold_no", "seat": 1, "left": 7}
    assert game.apply("@1 press ok").refusal == {
        "reason": "regicide.keep_paying",
        "seat": 1,
        "left": 7,
    }
    outcome = game.apply("@1 press no long")
    assert outcome.events[-1] == {"kind": "game_lost", "seat": 1, "reason": "cannot_pay",
                                  "amount": 10, "hand_value": None}  # fmt: skip
    assert game.view["status"] == "over" and game.view["winner_side"] == "castle"
    assert game.apply("@1 scan C8").refusal == {"reason": "game_over"}


def _jester_played() -> Game:
    game = _started()
    game.apply("@1 scan jester", "@1 press ok")
    assert game.pending == {"seat": 1, "kind": "choose_next", "step": 1, "choices": [1, 2, 3]}
    return game


def test_the_jesters_player_chooses_the_next_player_with_the_dial() -> None:
    """SELECT 3 on the dial gives player 3 the next turn; SELECT 0 does nothing."""
    game = _jester_played()
    assert game.apply("@1 select 0").status is Status.IGNORED
    game.apply("@1 select 3")
    assert game.said["en"][-3:-1] == ["Player 1 chooses player 3 to go next.", "Player 3's turn."]
    assert game.waiting["seat"] == 3


def test_or_the_chosen_player_presses_ok_on_their_own_reader() -> None:
    """With one reader per seat, OK on player 2's reader makes player 2 the next one; OK on
    the shared reader names nobody and is refused."""
    game = _jester_played()
    assert game.apply("@* press ok").refusal == {"reason": "regicide.choose_by_dial", "seat": 1}
    game.apply("@2 press ok")
    assert game.waiting["seat"] == 2 and game.waiting["kind"] == "play"


def test_solo_jester_flips_with_ok_or_by_scanning_a_jester() -> None:
    """Solo: OK flips a Jester (then the second may be flipped at once), NO goes on, a
    scanned Jester flips too; a flip shows new cards, so UNDO cannot take it back."""
    game = _started(players=1, enemy="SJ")
    assert game.pending == {
        "seat": 1, "kind": "jester_flip", "step": 1, "flips_left": 2, "hand": 8, "draws": 8,
    }  # fmt: skip
    assert game.apply("@* scan C8").refusal == {
        "reason": "regicide.flip_or_not", "seat": 1, "flips_left": 2,
    }  # fmt: skip
    outcome = game.apply("@* press ok")
    assert outcome.events[0]["kind"] == "jester_flipped" and game.pending["flips_left"] == 1
    assert game.apply("@* press undo").refusal == {"reason": "cannot_undo_hidden"}
    game.apply("@* press no")
    assert game.pending["kind"] == "play" and game.pending["can_yield"] is False
    assert game.apply("@* press no").refusal == {"reason": "solo_yield_forbidden"}
    game.apply("@* scan H2", "@* press ok")  # the enemy strikes: the flip is offered again
    assert game.pending == {
        "seat": 1, "kind": "jester_flip", "step": 4, "flips_left": 1, "hand": 7, "draws": 8,
        "amount": 10,
    }  # fmt: skip
    game.apply("@* scan jester")
    assert game.view["jester_flips_left"] == 0 and game.pending["kind"] == "pay_damage"


def test_a_solo_player_may_yield_under_the_house_setting() -> None:
    """With `solo_yield` on, NO at a solo play prompt yields."""
    game = _started(players=1, enemy="SJ", solo_yield=True, solo_jester_flips=0)
    assert game.apply("@* press no").events[0] == {"kind": "yielded", "seat": 1}


def test_undo_takes_back_a_play_unless_it_had_cards_drawn() -> None:
    """A Hearts play is taken back by UNDO (the state is as before its OK); a Diamonds play
    that had cards drawn is not; one against a Diamonds enemy drew nothing and is."""
    game = _started(players=2, enemy="CJ")
    game.apply("@1 scan H5")
    before = game.view
    game.apply("@1 press ok")
    assert game.apply("@1 press undo").status is Status.ACCEPTED
    assert game.view == before and game.last() == (
        "Player 1: ♥5 (5) ready to play: OK plays, NO takes back, or scan another card."
    )
    game.apply("@1 press no", "@1 scan D5", "@1 press ok")
    assert game.table.view()["hands"][0]["count"] == 7  # drew one back up to the limit
    assert game.apply("@1 press undo").refusal == {"reason": "cannot_undo_hidden"}
    immune = _started(players=2, enemy="DJ")
    immune.apply("@1 scan D5", "@1 press ok")
    assert immune.apply("@1 press undo").status is Status.ACCEPTED


def test_the_host_corrects_a_hand_count_and_nothing_else() -> None:
    """`correct hand 2 3` sets player 2's count; other corrections are refused, unchanged."""
    game = _started()
    outcome = game.apply("correct hand 2 3")
    assert outcome.events == [{"kind": "hand_count_corrected", "seat": 2, "counted": 6,
                               "corrected": 3, "cause": "host"}]  # fmt: skip
    assert game.last() == "Host correction: player 2 holds 3 cards (I counted 6)."
    assert game.apply("correct hand 2 9").refusal == {
        "reason": "bad_hand_count",
        "count": 9,
        "max_hand": 6,
    }
    before = game.view
    assert game.apply("correct hp 2 3").refusal == {"reason": "correction_unsupported", "op": "hp"}
    assert game.view == before


def test_a_card_of_the_other_game_is_refused() -> None:
    """A Three Kingdoms Kill card or general is not a card of the standard deck."""
    game = _started()
    assert game.apply("@1 scan kill@S7").refusal == {
        "reason": "regicide.not_this_deck",
        "code": "kill@S7",
    }
    assert game.apply("@1 scan caocao").status is Status.REFUSED
    assert game.last() == "“caocao” is not a card of the standard deck used for Regicide."


def test_settings_are_checked_by_name_and_type() -> None:
    """House settings use the engine's names and types; anything else is refused by name."""
    assert settings_from({"recruited_values": [11, 12, 13]}).recruited_values == (11, 12, 13)
    with pytest.raises(ValueError, match="'nullification_timeout_s' is not a Regicide setting"):
        settings_from({"nullification_timeout_s": 5})
    with pytest.raises(ValueError, match="solo_yield takes a bool"):
        settings_from({"solo_yield": "yes"})
    with pytest.raises(ValueError, match="diamonds must be one of"):
        settings_from({"diamonds": "all"})
