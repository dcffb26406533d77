"""于吉's 蛊惑 (docs/wind-fire.md §3.2, §4, §5): each outcome of the questions, as a use, an
answer and a Nullification, both settings, the table's gestures; bad input refused with
its reason in three languages and nothing changed; the face-down card never named early."""

from __future__ import annotations

import json

import pytest

from companion.narration import Narrator
from engine.core.errors import ActionError
from engine.sanguosha import (
    ChooseTarget,
    Confirm,
    Game,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    RevealCard,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.actions import ChooseOption
from engine.sanguosha.prompts import PromptKind

from .helpers import (
    end_turn,
    game_with,
    of,
    pass_all,
    prompt_is,
    set_hand,
    set_hp,
    state_snapshot,
    table_game,
)

C = parse_card
WIND = ("standard", "wind")
LANGS = ("en", "zh-Hans", "es")


def _game(*others: str | None, settings: Settings | None = None, **kw: object) -> Game:
    """于吉 (seat 1, the lord) in his play phase; then the other seats, no general."""
    settings = settings or Settings(general_packs=WIND, auto_decline=False, **kw)  # type: ignore[arg-type]
    return game_with("yuji", *(others or (None, None)), settings=settings)


def _declare(game: Game, card: str, name: str, *targets: int) -> list:
    """于吉 lays `card` down as `name` on `targets` (staged one by one)."""
    events = game.submit(1, UseSkill("guhuo", (C(card),)))
    events += game.submit(1, ChooseOption(name))
    for seat in targets:
        events += game.submit(1, ChooseTarget(seat))
    return events


def _answers(game: Game, *questions: bool) -> list:
    """The asked seats answer in turn: True questions (NO), False believes (OK)."""
    events: list = []
    for questioned in questions:
        prompt = prompt_is(game, PromptKind.CONFIRM, None, reason="guhuo")
        assert prompt.source == 1
        events += game.submit(prompt.seat, Confirm(not questioned))
    return events


def _refused(game: Game, seat: int, action: object, reason: Reason, data: dict) -> str:
    """Refused with `reason` and `data`, state and view unchanged; the English sentence
    (every language narrates it)."""
    state, view = state_snapshot(game), game.view()
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert (info.value.reason, dict(info.value.data)) == (reason, data)
    assert state_snapshot(game) == state and game.view() == view
    said = {lang: Narrator(lang).refusal(info.value.to_json(), view) for lang in LANGS}
    assert all(said.values()) and len(set(said.values())) == 3
    return said["en"]


# --------------------------------------------------------------------------- outcomes
def test_guhuo_nobody_questions_a_false_card_it_resolves_as_declared() -> None:
    game = _game()
    set_hand(game, 1, "dodge@D2", "peach@H3")
    set_hand(game, 2, "kill@S7")
    events = _declare(game, "dodge@D2", "kill", 2)
    assert of(events, "card_declared")[0].name == "kill"
    assert len(game.player(1).hand) == 1  # laid face down
    events = _answers(game, False, False)
    (turned,) = of(events, "declaration_revealed")
    assert (turned.card, turned.genuine, turned.questioners, turned.resolves) == (
        "dodge@D2",
        False,
        (),
        True,
    )
    used = of(events, "card_used")
    assert [(e.name, e.cards, e.skill) for e in used] == [("kill", ("dodge@D2",), "guhuo")]
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "dodge"
    assert game.kills_used == 1  # counts for the Kill limit as a Kill


def test_guhuo_a_true_heart_questioned_resolves_and_each_questioner_loses_1() -> None:
    game = _game()
    set_hand(game, 1, "peach@H3")
    set_hp(game, 1, 2)
    _declare(game, "peach@H3", "peach")
    events = _answers(game, True, True)
    assert [(e.seat, e.amount) for e in of(events, "hp_lost")] == [(2, 1), (3, 1)]
    assert of(events, "declaration_revealed")[0].resolves
    assert game.player(1).hp == 3  # the Peach resolved


def test_guhuo_a_true_card_not_a_heart_questioned_is_discarded_and_fails() -> None:
    game = _game()
    set_hand(game, 1, "kill@S7")
    _declare(game, "kill@S7", "kill", 2)
    events = _answers(game, False, True)
    assert [e.seat for e in of(events, "hp_lost")] == [3]
    assert not of(events, "card_used") and not of(events, "declaration_revealed")[0].resolves
    assert C("kill@S7") in game.discard_pile
    assert game.kills_used == 0  # guhuo_failed_kill_counts=false: the Kill was never used


def test_guhuo_failed_kill_counts_setting_uses_up_the_kill() -> None:
    game = _game(guhuo_failed_kill_counts=True)
    set_hand(game, 1, "kill@S7", "kill@S8")
    _declare(game, "kill@S7", "kill", 2)
    _answers(game, True, False)
    assert game.kills_used == 1
    with pytest.raises(ActionError) as info:
        game.submit(1, PlayCard(C("kill@S8"), (2,)))
    assert info.value.reason is Reason.KILL_LIMIT


def test_guhuo_a_false_card_with_two_questioners_each_draws_1() -> None:
    game = _game()
    set_hand(game, 1, "dodge@D2")
    hands = [len(game.player(s).hand) for s in (2, 3)]
    _declare(game, "dodge@D2", "ex_nihilo")
    events = _answers(game, True, True)
    assert [(e.seat, e.count) for e in of(events, "cards_drawn")] == [(2, 1), (3, 1)]
    assert [len(game.player(s).hand) for s in (2, 3)] == [h + 1 for h in hands]
    assert of(events, "declaration_revealed")[0].questioners == (2, 3)
    assert C("dodge@D2") in game.discard_pile and not of(events, "card_used")


def _killed_by_seat_2(settings: Settings | None = None) -> Game:
    """Seat 2's turn: its Kill on 于吉, who is asked for a Dodge."""
    game = _game(settings=settings)
    end_turn(game)
    set_hand(game, 1, "peach@H3", "kill@S7")
    set_hand(game, 2, "kill@S8")
    game.submit(2, PlayCard(C("kill@S8"), (1,)))
    assert prompt_is(game, PromptKind.RESPOND, 1).need == "dodge"
    return game


def test_guhuo_as_a_response_dodge_to_a_kill() -> None:
    game = _killed_by_seat_2()
    events = game.submit(1, UseSkill("guhuo", (C("peach@H3"),)))
    assert [(e.name, e.against) for e in of(events, "card_declared")] == [("dodge", "kill")]
    events = _answers(game, False, False)
    used = [(e.name, e.cards, e.skill) for e in of(events, "card_used")]
    assert used == [("dodge", ("peach@H3",), "guhuo")]
    assert game.player(1).hp == 3 and not of(events, "damage_dealt")


def test_guhuo_a_failed_response_counts_as_no_response() -> None:
    game = _killed_by_seat_2()
    game.submit(1, UseSkill("guhuo", (C("peach@H3"),)))
    events = _answers(game, True, False)
    assert not of(events, "declaration_revealed")[0].resolves
    assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(1, 1)]
    assert game.player(1).hp == 2


def test_guhuo_as_nullification() -> None:
    game = _game()
    end_turn(game)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dismantle@S3")
    game.submit(2, PlayCard(C("dismantle@S3"), (1,)))
    prompt_is(game, PromptKind.NULLIFY, None)
    events = game.submit(1, UseSkill("guhuo", (C("kill@S7"),)))
    assert [(e.name, e.against) for e in of(events, "card_declared")] == [
        ("nullification", "dismantle")
    ]
    events = _answers(game, False, False)
    events += pass_all(game)
    assert [e.name for e in of(events, "card_used")] == ["nullification"]
    assert of(events, "card_nullified")


def test_guhuo_as_wine_fire_kill_iron_chain_fire_attack_allowed_recast_refused() -> None:
    """docs/wind-fire.md §4: Wine, Fire Kill, Iron Chain and Fire Attack may be declared;
    an Iron Chain declared is used on targets, never recast."""
    game = _game(maneuvering=True)
    set_hand(game, 1, "dodge@D2", "dodge@D3", "peach@H3", "kill@S7")
    prompt = _declare(game, "dodge@D2", "wine") and game.pending()
    events = _answers(game, False, False)
    assert [e.name for e in of(events, "card_used")] == ["wine"] and game.player(1).wine
    _declare(game, "dodge@D3", "fire_kill", 2)
    events = _answers(game, False, False)
    events += game.submit(2, Respond(None))
    assert [e.nature for e in of(events, "damage_dealt")] == ["fire"]
    game.submit(1, UseSkill("guhuo", (C("peach@H3"),)))
    game.submit(1, ChooseOption("iron_chain"))
    said = _refused(
        game, 1, Confirm(True), Reason.RECAST_DECLARED, {"card": "iron_chain", "skill": "guhuo"}
    )
    assert (
        said
        == "A card declared with Bewitch is used as Iron Chain, never recast: choose its targets."
    )
    game.submit(1, ChooseTarget(2))
    game.submit(1, Confirm(True))
    events = _answers(game, False, False) + pass_all(game)
    assert [e.name for e in of(events, "card_used")] == ["iron_chain"] and game.player(2).chained
    _declare(game, "kill@S7", "fire_attack", 3)
    events = _answers(game, False, False)
    assert [e.name for e in of(events, "card_used")] == ["fire_attack"]
    assert prompt is not None


@pytest.mark.parametrize(("match", "genuine"), [("exact_name", False), ("any_kill", True)])
def test_guhuo_kill_match_setting(match: str, genuine: bool) -> None:
    """`guhuo_kill_match`: a Fire Kill declared as a Kill is true only with `any_kill`,
    and then resolves with its own fire."""
    game = _game(maneuvering=True, guhuo_kill_match=match)
    set_hand(game, 1, "fire_kill@H4")
    _declare(game, "fire_kill@H4", "kill", 2)
    events = _answers(game, True, False)
    turned = of(events, "declaration_revealed")[0]
    assert (turned.genuine, turned.resolves) == (genuine, genuine)
    if genuine:
        events += game.submit(2, Respond(None))
        assert [e.nature for e in of(events, "damage_dealt")] == ["fire"]
    else:
        assert [e.seat for e in of(events, "cards_drawn")] == [2]


# --------------------------------------------------------------------------- who is asked
def test_guhuo_a_player_at_0_hp_is_not_asked_and_his_answer_is_refused() -> None:
    game = _game(None, None, None)
    set_hand(game, 1, "dodge@D2")
    set_hp(game, 3, 0)  # 不屈's 周泰, playing on at 0 HP
    _declare(game, "dodge@D2", "ex_nihilo")
    prompt_is(game, PromptKind.CONFIRM, 2, reason="guhuo")
    said = _refused(
        game,
        3,
        Confirm(False),
        Reason.NOT_ASKED_TO_QUESTION,
        {"seat": 3, "source": 1, "hp": 0, "why": "hp"},
    )
    assert (
        said
        == "Seat 3 is at 0 health: a player at 0 or less is not asked to question Yu Ji (seat 1)'s card."
    )
    _refused(
        game,
        1,
        Confirm(False),
        Reason.NOT_ASKED_TO_QUESTION,
        {"seat": 1, "source": 1, "hp": 3, "why": "own"},
    )
    events = game.submit(2, Confirm(True))
    asked = [e.seat for e in of(events, "declaration_answered")]
    events += game.submit(4, Confirm(True))
    asked += [e.seat for e in of(events, "declaration_answered")][len(asked) :]
    assert asked == [2, 4] and of(events, "declaration_revealed")[0].resolves


# --------------------------------------------------------------------------- refusals
def test_guhuo_refuses_a_delayed_trick_equipment_and_an_illegal_use() -> None:
    game = _game()
    set_hand(game, 1, "dodge@D2")
    game.submit(1, UseSkill("guhuo", (C("dodge@D2"),)))
    data: dict[str, object] = {"card": "indulgence", "skill": "guhuo", "why": "delayed"}
    said = _refused(game, 1, ChooseOption("indulgence"), Reason.NOT_DECLARABLE, data)
    assert said == (
        "Bewitch declares only a basic card or a non-delayed trick: Indulgence is a delayed trick."
    )
    data = {"card": "chitu", "skill": "guhuo", "why": "equipment"}
    _refused(game, 1, ChooseOption("chitu"), Reason.NOT_DECLARABLE, data)
    data = {"seat": 1, "hp": 3, "max_hp": 3, "card": "peach"}
    _refused(game, 1, ChooseOption("peach"), Reason.NOT_WOUNDED, data)
    data = {"card": "dodge", "phase": "play"}
    _refused(game, 1, ChooseOption("dodge"), Reason.NOT_PLAYABLE_NOW, data)
    assert ChooseOption("peach") not in game.legal_actions(1)


# --------------------------------------------------------------------------- the table
def _table() -> Game:
    return table_game("yuji", "caocao", "liubei", settings=Settings(general_packs=WIND))


def test_guhuo_at_the_table_declare_answer_then_scan_and_nothing_named_early() -> None:
    game = _table()
    hand = len(game.player(1).hand)
    _refused(
        game,
        1,
        UseSkill("guhuo", (C("kill@S7"),)),
        Reason.CARD_FACE_DOWN,
        {"skill": "guhuo", "seat": 1},
    )
    seen: list = game.submit(1, UseSkill("guhuo"))
    seen += game.submit(1, ChooseOption("kill"))
    seen += game.submit(1, ChooseTarget(2))
    assert len(game.player(1).hand) == hand - 1
    views = [json.dumps(game.view(), ensure_ascii=False)]
    seen += game.submit(2, Confirm(False))  # NO: question it
    views.append(json.dumps(game.view(), ensure_ascii=False))
    seen += game.submit(3, Confirm(True))
    prompt = prompt_is(game, PromptKind.REVEAL_CARD, 1, reason="guhuo")
    assert prompt.as_card == "kill"
    views.append(json.dumps(game.view(), ensure_ascii=False))
    # nothing public named the face-down card before it was turned: no card text at all
    texts = [json.dumps(e.to_json(), ensure_ascii=False) for e in seen] + views
    texts += [Narrator(lang).event(e.to_json(), game.view()) for e in seen for lang in LANGS]
    assert not any("@" in t for t in texts)
    events = game.submit(1, RevealCard(C("kill@S7")))
    turned = of(events, "declaration_revealed")[0]
    assert (turned.card, turned.genuine, turned.resolves) == ("kill@S7", True, False)
    assert [e.seat for e in of(events, "hp_lost")] == [2]


def test_guhuo_at_the_table_a_scan_of_a_card_known_elsewhere_is_refused() -> None:
    game = _table()
    game.submit(1, UseSkill("guhuo"))
    game.submit(1, ChooseOption("ex_nihilo"))
    game.submit(2, Confirm(True))
    game.submit(3, Confirm(False))
    game.discard_pile.append(C("ex_nihilo@H7"))  # the only copy, face up on the discard pile
    game.changed_outside()
    data = {"card": "ex_nihilo@H7", "zone": "discard", "seat": None}
    _refused(game, 1, RevealCard(C("ex_nihilo@H7")), Reason.CARD_ELSEWHERE, data)


def test_guhuo_at_the_table_as_a_dodge_offered_in_the_request_and_as_a_nullification() -> None:
    game = _table()
    end_turn(game)
    game.submit(2, PlayCard(C("kill@S7"), (1,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 1)
    assert (prompt.need, prompt.options) == ("dodge", ("guhuo",))
    events = game.submit(1, UseSkill("guhuo"))
    assert [(e.name, e.against) for e in of(events, "card_declared")] == [("dodge", "kill")]
    game.submit(2, Confirm(True))
    game.submit(3, Confirm(True))
    events = game.submit(1, RevealCard(C("kill@S8")))  # false, but nobody questioned it
    assert [(e.name, e.cards) for e in of(events, "card_used")] == [("dodge", ("kill@S8",))]
    assert game.player(1).hp == 3
    events = game.submit(2, PlayCard(C("dismantle@S3"), (1,)))
    assert prompt_is(game, PromptKind.NULLIFY, None)
    events = game.submit(1, UseSkill("guhuo"))
    assert [e.name for e in of(events, "card_declared")] == ["nullification"]
    game.submit(2, Confirm(False))
    game.submit(3, Confirm(True))
    events = game.submit(1, RevealCard(C("dodge@D2")))  # false: questioned, it fails
    assert not of(events, "declaration_revealed")[0].resolves
    assert [e.seat for e in of(events, "cards_drawn")] == [2]


def test_guhuo_dying_declares_a_wine_for_himself_from_a_peach_or_wine_choice() -> None:
    """A dying 于吉's own rescue request takes a Peach or a Wine: he picks which card he
    declares, and a believed one rescues him as that card."""
    game = _game(maneuvering=True)
    end_turn(game)
    set_hp(game, 1, 1)
    set_hand(game, 1, "dodge@D2")
    set_hand(game, 2, "kill@S7")
    set_hand(game, 3)
    game.submit(2, PlayCard(C("kill@S7"), (1,)))
    game.submit(1, Respond(None))  # no Dodge: 0 HP, dying
    assert prompt_is(game, PromptKind.RESPOND, 1).need == "peach|wine"
    game.submit(1, UseSkill("guhuo", (C("dodge@D2"),)))
    assert prompt_is(game, PromptKind.CHOOSE_OPTION, 1, reason="guhuo").options == ("peach", "wine")
    game.submit(1, ChooseOption("wine"))
    events = _answers(game, False, False)
    assert [(e.name, e.cards) for e in of(events, "card_used")] == [("wine", ("dodge@D2",))]
    assert of(events, "player_rescued") and game.player(1).hp == 1


def _seat_2_dies_questioning_a_true_nullification(game: Game) -> list:
    """In an open Nullification window 于吉 declares a Nullification with a true ♠ one;
    seat 2 (at 1 health) questions it, nobody saves him, and he dies. The events."""
    game.submit(1, UseSkill("guhuo", (C("nullification@SJ"),)))
    events = _answers(game, True, False)
    while (prompt := game.pending()) is not None and prompt.kind is PromptKind.RESPOND:
        events += game.submit(prompt.seat, Respond(None))  # no Peach for the dying seat 2
    events += pass_all(game)
    assert [e.seat for e in of(events, "player_died")] == [2]
    return events


def test_a_trick_does_nothing_for_a_user_who_died_questioning_a_declared_nullification() -> None:
    """Seat 2, at 1 health, uses Ex Nihilo; 于吉 declares a Nullification with a true ♠ one;
    seat 2 questions it and dies of the HP loss. The ♠ does not resolve, the window closes,
    and Ex Nihilo draws nothing for the dead (before the fix: 2 cards to a dead seat)."""
    game = _game()
    end_turn(game)
    set_hand(game, 1, "nullification@SJ")
    set_hand(game, 2, "ex_nihilo@H7")
    set_hand(game, 3)
    set_hp(game, 2, 1)
    game.submit(2, PlayCard(C("ex_nihilo@H7"), ()))
    events = _seat_2_dies_questioning_a_true_nullification(game)
    assert [e.reason for e in of(events, "cards_drawn")] == ["draw_phase"]  # seat 3's turn
    assert not game.player(2).hand and game.current is game.player(3)


def test_no_judgment_for_a_holder_who_died_questioning_a_declared_nullification() -> None:
    """Seat 2, at 1 health, starts his turn with Indulgence in his judgment area; 于吉
    declares a Nullification of it with a true ♠ one; seat 2 questions it and dies of the
    HP loss. No judgment is flipped for the dead (before the fix: one was), and the
    Indulgence goes to the discard pile."""
    game = _game()
    set_hand(game, 1, "nullification@SJ")
    set_hand(game, 3)
    indulgence = C("indulgence@H6")
    game.player(2).judgment.append((indulgence, "indulgence"))
    set_hp(game, 2, 1)
    end_turn(game)
    prompt_is(game, PromptKind.NULLIFY, None)
    events = _seat_2_dies_questioning_a_true_nullification(game)
    assert not of(events, "judgment_revealed")
    assert indulgence in game.discard_pile and not game.player(2).judgment
    assert game.current is game.player(3)


@pytest.mark.parametrize(
    ("card", "questioned", "dismantled"),
    [
        ("dismantle@S3", False, True),  # believed: the black Dismantle resolves on 贾诩
        ("dismantle@S3", True, False),  # questioned and true but ♠: discarded, no use
        ("dismantle@HQ", True, True),  # questioned and true ♥: it resolves
    ],
)
def test_a_declared_black_trick_may_aim_at_jiaxu_weimu(
    card: str, questioned: bool, dismantled: bool
) -> None:
    """帷幕 bars black tricks, but a declared 蛊惑 card has no colour until it is turned
    (docs/wind-fire.md §3.2): 于吉 may aim a Dismantle at 贾诩, and once turned the card
    resolves by 蛊惑's own rule, whatever its colour."""
    game = game_with(
        "yuji", "jiaxu", None, settings=Settings(general_packs=("standard", "wind", "forest"))
    )
    set_hand(game, 1, card)
    set_hand(game, 2, "peach@H3")
    _declare(game, card, "dismantle", 2)
    events = _answers(game, questioned, False)
    events += pass_all(game)
    prompt = game.pending()
    if prompt is not None and prompt.kind is PromptKind.CHOOSE_CARD_FROM:
        events += game.submit(1, PickCard(None))  # his hand card, unseen
    assert bool(of(events, "card_used")) is dismantled
    assert (not game.player(2).hand) is dismantled
