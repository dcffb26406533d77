"""The packs' shared mechanisms (docs/wind-fire.md §2, docs/forest-mountain.md §2),
driven through `submit` by the test skills of `mechanism_skills.py`: the state, the
view and the events after each step, and every refusal with the state unchanged."""

from __future__ import annotations

import json

from engine.sanguosha import (
    Confirm,
    Game,
    PlayCard,
    Reason,
    RevealCard,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind
from engine.sanguosha.skills import REGISTRY
from engine.sanguosha.skills.shu import Jijiang
from tests.sanguosha.scenario import refused

from . import mechanism_skills
from .helpers import (
    conserved,
    end_turn,
    equip,
    game_with,
    kinds,
    of,
    pending,
    place,
    prompt_is,
    set_hand,
    set_hp,
    skill_ids,
    table_game,
)

C = parse_card


def _give(game: Game, seat: int, *skills: str) -> None:
    game.changed_outside()
    p = game.player(seat)
    for skill in skills:
        cls = REGISTRY[skill] if skill in REGISTRY else getattr(mechanism_skills, skill)
        game.attach(p, cls())


def _again(game: Game, seat: int) -> None:
    """The test skills are once per turn (for self-play): allow one more use."""
    game.changed_outside()
    game.player(seat).marks.clear()


def _seat(game: Game, seat: int, viewer: int | None = None) -> dict:
    return game.view(viewer)["seats"][seat - 1]


# --------------------------------------------------------------------------- 1. face-down
def test_a_face_down_seat_turns_face_up_instead_of_taking_its_turn() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_flip")
    events = game.submit(1, UseSkill("test_flip", (), (2,)))
    assert [(e.seat, e.face_up, e.reason) for e in of(events, "general_flipped")] == [
        (2, False, "test_flip")
    ]
    assert _seat(game, 2)["face_up"] is False and game.player(2).face_up is False
    events = end_turn(game)
    flipped = of(events, "general_flipped")
    assert [(e.seat, e.face_up, e.reason) for e in flipped] == [(2, True, "turn_skipped")]
    assert [e.seat for e in of(events, "turn_started")] == [3]  # seat 2's turn did not happen
    assert not [e for e in of(events, "phase_started") if e.seat == 2]
    assert _seat(game, 2)["face_up"] is True and game.current is game.player(3)


def test_flip_refuses_a_bad_target_and_changes_nothing() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_flip")
    refused(game, 1, UseSkill("test_flip", (), (1,)), Reason.CANNOT_TARGET_SELF)
    refused(game, 1, UseSkill("test_flip", ()), Reason.NEEDS_TARGET)


# --------------------------------------------------------------------------- 2. point comparison
def _compare() -> Game:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_compare")
    set_hand(game, 1, "kill@S8", "duel@SA")
    set_hand(game, 2, "dodge@D8", "peach@HQ")
    return game


def test_point_comparison_higher_rank_wins_and_both_cards_are_discarded() -> None:
    game = _compare()
    game.submit(1, UseSkill("test_compare", (), (2,)))
    prompt = prompt_is(game, PromptKind.REVEAL_CARD, 1, "points")
    assert (prompt.source, prompt.skill) == (1, "test_compare")
    game.submit(1, RevealCard(C("kill@S8")))
    # the initiator's card lies face down: nothing says which it is
    assert "kill@S8" not in json.dumps(game.view()) and _seat(game, 1)["hand_count"] == 1
    prompt_is(game, PromptKind.REVEAL_CARD, 2, "points")
    events = game.submit(2, RevealCard(C("peach@HQ")))
    (cmp,) = of(events, "points_compared")
    assert (cmp.seat, cmp.target, cmp.card, cmp.target_card, cmp.won) == (
        1, 2, "kill@S8", "peach@HQ", False
    )  # fmt: skip
    assert game.player(1).marks["test_compare"] is False
    assert game.discard_pile[-2:] == [C("kill@S8"), C("peach@HQ")]
    assert (len(game.player(1).hand), len(game.player(2).hand)) == (1, 1)
    assert conserved(game)


def test_a_tie_is_not_a_win_for_the_initiator() -> None:
    game = _compare()
    game.submit(1, UseSkill("test_compare", (), (2,)))
    game.submit(1, RevealCard(C("kill@S8")))
    events = game.submit(2, RevealCard(C("dodge@D8")))
    assert of(events, "points_compared")[0].won is False
    game = _compare()
    game.submit(1, UseSkill("test_compare", (), (2,)))
    game.submit(1, RevealCard(C("duel@SA")))
    game.submit(2, RevealCard(C("dodge@D8")))
    assert game.player(1).marks["test_compare"] is False  # A = 1 < 8
    game = _compare()
    set_hand(game, 1, "kill@S9")
    game.submit(1, UseSkill("test_compare", (), (2,)))
    game.submit(1, RevealCard(C("kill@S9")))
    game.submit(2, RevealCard(C("dodge@D8")))
    assert game.player(1).marks["test_compare"] is True


def test_point_comparison_refusals_change_nothing() -> None:
    game = _compare()
    set_hand(game, 3)
    data = refused(game, 1, UseSkill("test_compare", (), (3,)), Reason.NO_HAND_CARDS)
    assert data == {"card": "test_compare", "target": 3}
    game.submit(1, UseSkill("test_compare", (), (2,)))
    refused(game, 1, RevealCard(C("peach@HQ")), Reason.CARD_NOT_IN_HAND)
    game.submit(1, RevealCard(C("kill@S8")))
    refused(game, 2, RevealCard(C("kill@S8")), Reason.DUPLICATE_CARD)
    refused(game, 2, RevealCard(C("duel@SA")), Reason.CARD_NOT_IN_HAND)
    assert RevealCard(C("dodge@D8")) in game.legal_actions()
    assert RevealCard(C("kill@S8")) not in game.legal_actions()


def test_point_comparison_at_the_table_scans_both_and_refuses_a_second_scan() -> None:
    game = table_game("liubei", "guanyu", "zhangfei", "zhaoyun")
    while pending(game).kind is not PromptKind.PLAY:
        p = pending(game)
        game.submit(
            p.seat, Confirm(False) if p.kind is PromptKind.CONFIRM else game.legal_actions()[0]
        )
    seat = pending(game).seat
    assert seat is not None  # the play prompt is one seat's
    other = seat % 4 + 1
    _give(game, seat, "test_compare")
    game.submit(seat, UseSkill("test_compare", (), (other,)))
    game.submit(seat, RevealCard(C("duel@SA")))  # unique: one copy in the deck
    refused(game, other, RevealCard(C("duel@SA")), Reason.DUPLICATE_CARD)
    hands = len(game.player(seat).hand), len(game.player(other).hand)
    events = game.submit(other, RevealCard(C("lightning@SA")))
    assert of(events, "points_compared")[0].won is False  # A against A: a tie
    assert (len(game.player(seat).hand), len(game.player(other).hand)) == (hands[0], hands[1] - 1)
    assert C("duel@SA") in game.discard_pile and C("lightning@SA") in game.discard_pile


# --------------------------------------------------------------------------- 3. cards on a general
def test_a_public_pile_is_shown_counted_kept_out_of_the_hand_and_discarded_at_death() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_pile", "TestFields")
    from .helpers import deck_top

    deck_top(game, "peach@H3", "dodge@D2")
    before = game.distance(game.player(1), game.player(3))
    hand = len(game.player(1).hand)
    events = game.submit(1, UseSkill("test_pile"))
    (pile,) = of(events, "pile_changed")
    assert (pile.seat, pile.pile, pile.added, pile.cards, pile.total) == (
        1, "test_pile", True, ("peach@H3",), 1
    )  # fmt: skip
    assert _seat(game, 1)["piles"] == {
        "test_pile": {"count": 1, "public": True, "items": ["peach@H3"]}
    }
    assert len(game.player(1).hand) == hand and game.hand_limit(game.player(1)) == game.player(1).hp
    assert game.distance(game.player(1), game.player(3)) == before - 1  # the distance hook
    assert conserved(game)
    game.bury(game.player(1))
    assert game.player(1).piles == {} and C("peach@H3") in game.discard_pile
    assert conserved(game)


def test_at_the_table_a_card_kept_on_a_general_cannot_be_scanned_from_a_hand() -> None:
    game = table_game("liubei", "guanyu", "zhangfei", "zhaoyun")
    while pending(game).kind is not PromptKind.PLAY:
        p = pending(game)
        no = Confirm(False) if p.kind is PromptKind.CONFIRM else game.legal_actions()[0]
        game.submit(p.seat, no)
    seat = pending(game).seat
    assert seat is not None  # the play prompt is one seat's
    other = game.player(seat % 4 + 1)
    game.pop_deck()  # the card turned over from the deck onto the general
    game.add_to_pile(other, "test_pile", [C("duel@SA")], True, "test")
    game.changed_outside()
    data = refused(game, seat, PlayCard(C("duel@SA"), (other.seat,)), Reason.CARD_ELSEWHERE)
    assert data == {"card": "duel@SA", "zone": "general", "seat": other.seat}


def test_a_private_pile_shows_only_its_count_to_everyone_else() -> None:
    game = game_with(None, None, None, None)
    game.add_to_pile(game.player(2), "test_generals", ["zhangliao", "xuchu"], False, "test")
    assert _seat(game, 2)["piles"] == {"test_generals": {"count": 2, "public": False}}
    assert "zhangliao" not in json.dumps(game.view()) and "zhangliao" not in json.dumps(
        game.view(3)
    )
    assert _seat(game, 2, 2)["piles"]["test_generals"]["items"] == ["zhangliao", "xuchu"]
    game.remove_from_pile(game.player(2), "test_generals", ["xuchu"], "gone", "test")
    assert _seat(game, 2, 2)["piles"]["test_generals"] == {
        "count": 1, "public": False, "items": ["zhangliao"]
    }  # fmt: skip
    assert conserved(game)


# --------------------------------------------------------------------------- 4. limited, awakening
def test_a_limited_skill_is_once_per_game_and_shown_as_spent() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_limited")
    assert UseSkill("test_limited") in game.legal_actions()
    game.submit(1, UseSkill("test_limited"))
    assert _seat(game, 1)["spent"] == ["test_limited"]
    assert UseSkill("test_limited") not in game.legal_actions()
    data = refused(game, 1, UseSkill("test_limited"), Reason.SKILL_SPENT)
    assert data == {"skill": "test_limited", "seat": 1}
    assert "test_limited" in skill_ids(game, 1)  # still his, spent


def _awakening(same_timing: bool = True) -> Game:
    settings = Settings(
        no_generals=True, auto_decline=False, awakened_skill_same_timing=same_timing
    )
    game = game_with(None, None, None, None, settings=settings)
    _give(game, 2, "test_awaken")
    set_hp(game, 2, 1, 4)
    return game


def test_an_awakening_fires_once_loses_max_hp_and_its_skill_acts_in_the_same_phase() -> None:
    game = _awakening()
    events = end_turn(game)
    (woke,) = of(events, "skill_awakened")
    assert (woke.seat, woke.skill, woke.gained) == (2, "test_awaken", ("guanxing",))
    (maxhp,) = of(events, "max_hp_changed")
    assert (maxhp.before, maxhp.max_hp, maxhp.hp) == (4, 3, 1)
    assert "guanxing" in skill_ids(game, 2) and _seat(game, 2)["spent"] == ["test_awaken"]
    prompt_is(game, PromptKind.CONFIRM, 2, "guanxing")  # the same preparation phase
    game.submit(2, Confirm(False))
    while game.current is not game.player(2) or pending(game).kind is not PromptKind.PLAY:
        p = pending(game)
        game.submit(
            p.seat, Confirm(False) if p.kind is PromptKind.CONFIRM else game.legal_actions()[0]
        )
    events = end_turn(game)
    for _ in range(3):  # round to seat 2 again: no second awakening
        while pending(game).kind is not PromptKind.PLAY:
            p = pending(game)
            events += game.submit(
                p.seat, Confirm(False) if p.kind is PromptKind.CONFIRM else game.legal_actions()[0]
            )
        events += end_turn(game)
    assert not of(events, "skill_awakened") and game.player(2).max_hp == 3


def test_with_same_timing_off_the_gained_skill_waits_for_the_next_moment() -> None:
    game = _awakening(same_timing=False)
    events = end_turn(game)
    assert of(events, "skill_awakened")
    assert pending(game).reason != "guanxing"


# --------------------------------------------------------------------------- 5. max HP
def test_losing_max_hp_caps_hp_and_zero_max_hp_kills_at_once_with_no_killer() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_max_hp")
    set_hp(game, 2, 4, 4)
    events = game.submit(1, UseSkill("test_max_hp", (), (2,)))
    assert (game.player(2).hp, game.player(2).max_hp) == (3, 3)
    assert _seat(game, 2)["max_hp"] == 3 and of(events, "max_hp_changed")[0].hp == 3
    set_hp(game, 3, 1, 1)
    _again(game, 1)
    events = game.submit(1, UseSkill("test_max_hp", (), (3,)))
    assert not of(events, "player_dying")
    (died,) = of(events, "player_died")
    assert (died.seat, died.killer) == (3, None) and not game.player(3).alive
    assert conserved(game)


# --------------------------------------------------------------------------- 6. extra turns
def test_an_extra_turn_comes_right_after_and_play_resumes_after_the_original_player() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_extra_turn")
    events = game.submit(1, UseSkill("test_extra_turn", (), (3,)))
    assert [(e.seat, e.reason) for e in of(events, "extra_turn_granted")] == [
        (3, "test_extra_turn")
    ]
    events = end_turn(game)
    assert [e.seat for e in of(events, "turn_started")] == [3]
    round_ = game.round
    events = end_turn(game)
    assert [e.seat for e in of(events, "turn_started")] == [2] and game.round == round_


def test_a_face_down_player_given_an_extra_turn_turns_face_up_instead() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_extra_turn", "test_flip")
    game.submit(1, UseSkill("test_flip", (), (3,)))
    game.submit(1, UseSkill("test_extra_turn", (), (3,)))
    events = end_turn(game)
    assert [e.seat for e in of(events, "general_flipped")] == [3]
    assert [e.seat for e in of(events, "turn_started")] == [2]


# --------------------------------------------------------------------------- 7. hidden cards, board
def test_swapping_hands_swaps_the_counts_and_giving_moves_cards_face_down() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_swap", "test_give")
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3, "dodge@D2", "peach@H3", "duel@SA")
    events = game.submit(1, UseSkill("test_swap", (), (2, 3)))
    (swap,) = of(events, "hands_swapped")
    assert (swap.count, swap.target_count) == (1, 3)
    assert (_seat(game, 2)["hand_count"], _seat(game, 3)["hand_count"]) == (3, 1)
    assert "kill@S7" not in json.dumps(events[0].to_json())
    hand = list(game.player(1).hand)
    events = game.submit(1, UseSkill("test_give", (hand[0],), (4,)))
    assert [(e.seat, e.target, e.count) for e in of(events, "hand_cards_given")] == [(1, 4, 1)]
    assert hand[0] in game.player(4).hand and conserved(game)


def test_giving_a_count_of_cards_face_down_moves_that_many() -> None:
    """At the table (or by count) the gift is the last N cards of the hand; 0 gives none."""
    game = game_with(None, None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3")
    game.changed_outside()
    list(game.give_hand_cards(game.player(1), game.player(2), 0, "test"))
    assert len(game.player(1).hand) == 3
    before = len(game.player(2).hand)
    list(game.give_hand_cards(game.player(1), game.player(2), 2, "test"))
    assert game.player(1).hand == [C("kill@S7")] and len(game.player(2).hand) == before + 2
    assert conserved(game)


def test_moving_a_card_on_the_board_checks_the_destination() -> None:
    game = game_with(None, None, "luxun", None, maneuvering=True)
    _give(game, 1, "test_move")
    equip(game, 2, "silver_lion@CA")
    equip(game, 4, "vine@C2")
    place(game, 2, "indulgence@H6")
    place(game, 4, "indulgence@S6")
    set_hp(game, 2, 2, 4)
    refused(game, 1, UseSkill("test_move", (C("silver_lion@CA"),), (2, 4)), Reason.SLOT_OCCUPIED)
    refused(game, 1, UseSkill("test_move", (C("indulgence@H6"),), (2, 4)), Reason.ALREADY_IN_AREA)
    refused(game, 1, UseSkill("test_move", (C("indulgence@H6"),), (2, 3)), Reason.TARGET_PROHIBITED)
    refused(game, 1, UseSkill("test_move", (C("kill@S7"),), (2, 3)), Reason.CARD_NOT_THERE)
    events = game.submit(1, UseSkill("test_move", (C("silver_lion@CA"),), (2, 3)))
    assert kinds(events).count("card_moved_on_board") == 1 and not of(events, "card_used")
    assert game.player(3).equip[1] == C("silver_lion@CA") and game.player(2).equip[1] is None
    assert game.player(2).hp == 3  # a Silver Lion leaving its owner heals him
    _again(game, 1)
    events = game.submit(1, UseSkill("test_move", (C("indulgence@H6"),), (2, 1)))
    assert game.player(1).delayed_names() == ["indulgence"] and not game.player(2).judgment
    assert conserved(game)


# --------------------------------------------------------------------------- 8. skills, kingdom
def test_skills_lost_keep_equipment_and_a_changed_kingdom_is_read_by_every_check() -> None:
    game = game_with("liubei", "guanyu", "caocao", None)
    _give(game, 1, "test_strip")
    equip(game, 2, "qinggang_sword@S6")
    assert "qinggang_sword" in skill_ids(game, 2) or skill_ids(game, 2)
    equipment_skills = [s for s in skill_ids(game, 2) if s != "wusheng"]
    jijiang = game.skill_of(game.player(1), "jijiang")
    assert isinstance(jijiang, Jijiang)
    assert [q.seat for q in jijiang.subjects(game, game.player(1))] == [2]
    events = game.submit(1, UseSkill("test_strip", (), (3,)))
    assert of(events, "skills_changed")[0].lost == ("jianxiong",)  # hujia: the lord's only
    assert _seat(game, 3)["kingdom"] == "shu" and _seat(game, 3)["gender"] == "female"
    assert [q.seat for q in jijiang.subjects(game, game.player(1))] == [2, 3]
    _again(game, 1)
    events = game.submit(1, UseSkill("test_strip", (), (2,)))
    assert skill_ids(game, 2) == equipment_skills and "wusheng" not in skill_ids(game, 2)


# --------------------------------------------------------------------------- 9. conversions
def test_two_hand_cards_used_as_one_card_keep_their_common_suit() -> None:
    game = game_with(None, None, None, None)
    _give(game, 1, "test_pair", "test_heart")
    set_hand(game, 1, "kill@S7", "kill@S8", "peach@H3")
    equip(game, 1, "chitu@H5")
    pair = (C("kill@S7"), C("kill@S8"))
    assert UseSkill("test_pair", pair) in game.legal_actions()
    refused(game, 1, UseSkill("test_pair", (C("kill@S7"), C("peach@H3"))), Reason.NOT_CONVERTIBLE)
    refused(game, 1, UseSkill("test_pair", (C("peach@H3"), C("chitu@H5"))), Reason.NOT_CONVERTIBLE)
    assert UseSkill("test_heart", (C("chitu@H5"),)) in game.legal_actions()  # hand or equipment
    events = game.submit(1, UseSkill("test_pair", pair))
    (used,) = of(events, "card_used")
    assert (used.name, used.cards, used.skill) == (
        "arrow_barrage",
        ("kill@S7", "kill@S8"),
        "test_pair",
    )
    assert conserved(game)
