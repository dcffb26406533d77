"""The 山 pack's skills (docs/forest-mountain.md §4): a scenario each, through `submit` on
real games; bad input refused with its reason and the state unchanged."""

import pytest

from companion.narration import Narrator
from engine.sanguosha import (
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
    PickCard,
    PlayCard,
    Reason,
    Respond,
    RevealCard,
    Settings,
    UseSkill,
    parse_card,
)
from engine.sanguosha.packs import general_problem, pack_lords
from engine.sanguosha.prompts import PromptKind
from tests.sanguosha.scenario import _pull

from .gesture_table import Readers
from .helpers import (
    conserved,
    deck_top,
    end_turn,
    equip,
    game_with,
    of,
    pass_all,
    place,
    prompt_is,
    refused,
    set_hand,
    set_hp,
    set_identities,
    skill_ids,
)

C = parse_card
MOUNTAIN = ("standard", "mountain")


def _kill(game, source, target):
    """`source` uses a Kill on `target`, who has no Dodge (not asked)."""
    set_hand(game, target)
    return game.submit(source, PlayCard(C("kill@S7"), (target,)))


def _die(game):
    """Everyone declines the Peach requests; the events until the last one."""
    events = []
    while game.pending() is not None and game.pending().reason == "dying":
        events += game.submit(game.pending().seat, Respond(None))
    return events


def _until(game, stop):
    """Play on (end each turn, NO to every offer) until the pending prompt passes `stop`."""
    while not stop(prompt := game.pending()):
        if prompt.kind is PromptKind.PLAY:
            end_turn(game)
        elif prompt.kind is PromptKind.DISCARD and not prompt.optional:
            game.submit(prompt.seat, Discard(tuple(game.player(prompt.seat).hand[: prompt.count])))
        else:
            game.submit(prompt.seat, Confirm(False))


def _said_as(prompt, skill):
    """The prompt is narrated in zh-Hans, en and es, naming `skill`, every field filled."""
    for lang in ("zh-Hans", "en", "es"):
        narrator = Narrator(lang)
        sentence = narrator.prompt(prompt.to_json())
        assert narrator.names.skill(skill) in sentence and "{" not in sentence, sentence
        assert not sentence.startswith("["), sentence


def _said(prompt, mark):
    """The prompt is narrated in zh-Hans, en and es with the skill's name and `mark`."""
    for lang in ("zh-Hans", "en", "es"):
        narrator = Narrator(lang)
        sentence = narrator.prompt(prompt.to_json())
        assert narrator.names.skill("beige") in sentence and mark in sentence, sentence
        assert "{" not in sentence, sentence


# --------------------------------------------------------------------------- 蔡文姬 悲歌
@pytest.mark.parametrize(
    ("judged", "effect"),
    [("peach@H3", "recover"), ("dodge@D3", "draw"), ("kill@C3", "discard"), ("kill@S8", "flip")],
)
def test_beige_after_a_kill_the_damaged_player_judges_and_the_suit_decides(judged, effect):
    """♥ the damaged player recovers 1, ♦ draws 2, ♣ the source discards 2 cards (hand or
    equipment), ♠ the source flips; 蔡文姬 discards one card first."""
    game = game_with(None, None, "caiwenji", None)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H4")
    equip(game, 1, "chitu@H5")
    set_hand(game, 3, "dodge@D5")
    deck_top(game, judged)
    _kill(game, 1, 2)
    assert game.player(2).hp == 3
    prompt = prompt_is(game, PromptKind.CONFIRM, 3, reason="beige")
    assert (prompt.target, prompt.source) == (2, 1)
    _said(prompt, "♣")
    game.submit(3, Confirm(True))
    prompt_is(game, PromptKind.DISCARD, 3, reason="beige")
    events = game.submit(3, Discard((C("dodge@D5"),)))
    assert [(e.seat, e.card, e.reason) for e in of(events, "judgment_revealed")] == [
        (2, judged, "beige")
    ]
    p1, p2 = game.player(1), game.player(2)
    if effect == "recover":
        assert p2.hp == 4
    elif effect == "draw":
        assert len(p2.hand) == 2 and p2.hp == 3
    elif effect == "discard":
        prompt = prompt_is(game, PromptKind.DISCARD, 1, reason="beige")
        assert prompt.count == 2 and not prompt.optional
        _said(prompt, "3")  # her seat, the source of the discard
        # an equipped card may go: one of each
        events = game.submit(1, Discard((C("chitu@H5"), C("dodge@D2"))))
        assert p1.hand == [C("peach@H4")] and C("chitu@H5") not in p1.equipment_cards()
        assert C("chitu@H5") in game.discard_pile
    else:
        assert p1.face_up is False and p2.hp == 3
        assert [(e.seat, e.face_up, e.reason) for e in of(events, "general_flipped")] == [
            (1, False, "beige")
        ]
    assert C("dodge@D5") in game.discard_pile and not game.player(3).hand
    assert conserved(game)


def test_beige_club_on_a_source_with_one_card_takes_it_all_and_a_wrong_count_is_refused():
    """♣ with 1 card left: the source discards that one; 2 cards named for 1 are refused
    with the numbers, nothing changed."""
    game = game_with(None, "caiwenji", None, None)
    set_hand(game, 1, "kill@S7", "dodge@D2")
    set_hand(game, 2, "peach@H4")
    deck_top(game, "kill@C3")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))  # 蔡文姬 herself is hit: she may use it for herself
    _said(prompt_is(game, PromptKind.CONFIRM, 2, reason="beige"), "♠")
    game.submit(2, Confirm(True))
    game.submit(2, Discard((C("peach@H4"),)))
    prompt = prompt_is(game, PromptKind.DISCARD, 1, reason="beige")
    assert prompt.count == 1
    out = refused(game, 1, Discard((C("dodge@D2"), C("kill@S8"))), Reason.WRONG_COUNT)
    assert out.data == {"expected": 1, "got": 2}
    game.submit(1, Discard((C("dodge@D2"),)))
    assert not game.player(1).hand and C("dodge@D2") in game.discard_pile


def test_beige_not_for_a_duel_nor_without_a_card_and_no_declines():
    """A Duel's damage is not a Kill's: not offered; with no card she is not asked; NO
    leaves everything as it was."""
    game = game_with(None, None, "caiwenji", None)
    set_hand(game, 1, "duel@SA", "kill@S7")
    set_hand(game, 2)
    set_hand(game, 3, "dodge@D5")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_all(game)
    assert game.player(2).hp == 3
    assert not (game.pending().kind is PromptKind.CONFIRM and game.pending().reason == "beige")
    deck = len(game.deck)
    _kill(game, 1, 2)
    prompt_is(game, PromptKind.CONFIRM, 3, reason="beige")
    game.submit(3, Confirm(False))
    assert len(game.deck) == deck and game.player(3).hand == [C("dodge@D5")]
    assert game.player(2).hp == 2
    empty = game_with(None, None, "caiwenji", None)
    set_hand(empty, 1, "kill@S7")
    set_hand(empty, 3)
    _kill(empty, 1, 2)
    assert empty.player(2).hp == 3
    assert not (empty.pending().kind is PromptKind.CONFIRM and empty.pending().reason == "beige")


# --------------------------------------------------------------------------- 蔡文姬 断肠
def test_duanchang_her_killer_loses_every_general_skill_but_equipment_works():
    """Killed by the lord 曹操 (奸雄 and the lord skill 护驾): he keeps none; his Zhuge
    Crossbow still works."""
    game = game_with("caocao", "caiwenji", None, None)
    set_identities(game, "lord", "rebel", "loyalist", "spy")  # no penalty discards
    equip(game, 1, "zhuge_crossbow@CA")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7", "kill@S8")
    assert {"jianxiong", "hujia"} <= set(skill_ids(game, 1))
    _kill(game, 1, 2)
    events = _die(game)
    assert not game.player(2).alive
    assert [(e.seat, e.lost, e.reason) for e in of(events, "skills_changed")] == [
        (1, ("jianxiong", "hujia"), "duanchang")
    ]
    assert skill_ids(game, 1) == ["zhuge_crossbow"]
    assert game.player(1).skills and game.can_use_now(game.player(1), "kill", (C("kill@S8"),))


def test_duanchang_no_killer_nothing_lost():
    """A death with no source (Lightning's damage has none): nobody loses a skill."""
    game = game_with("caocao", "caiwenji", None, None)
    set_hp(game, 2, 1)
    place(game, 2, "lightning@SA")
    deck_top(game, "kill@S8")  # ♠8: Lightning strikes
    events = end_turn(game)
    events += pass_all(game)  # nobody Nullifies the Lightning
    events += _die(game)
    assert not game.player(2).alive and not of(events, "skills_changed")
    assert {"jianxiong", "hujia"} <= set(skill_ids(game, 1))


def test_caiwenji_is_playable_in_a_mountain_game():
    """A 山 game offers her."""
    assert general_problem("caiwenji", MOUNTAIN) is None
    assert Settings(general_packs=MOUNTAIN).general_packs == MOUNTAIN


def test_beige_follows_each_hit_conducted_from_a_fire_kill():
    """A Fire Kill on chained players: 悲歌 is offered for the first hit and again for the
    hit the chain conducts (docs/forest-mountain.md §4.2)."""
    game = game_with(None, None, "caiwenji", None, maneuvering=True)
    set_hand(game, 1, "fire_kill@H4")
    set_hand(game, 3, "dodge@D5")
    for seat in (2, 4):
        game.player(seat).chained = True
    set_hand(game, 4)
    set_hand(game, 2)
    game.submit(1, PlayCard(C("fire_kill@H4"), (2,)))
    prompt = prompt_is(game, PromptKind.CONFIRM, 3, reason="beige")
    assert prompt.target == 2
    game.submit(3, Confirm(False))
    prompt = prompt_is(game, PromptKind.CONFIRM, 3, reason="beige")
    assert prompt.target == 4 and game.player(4).hp == 3


# --------------------------------------------------------------------------- 张昭张纮 直谏
def test_zhijian_equips_another_player_and_draws_any_number_of_times():
    """An equipment card from his hand into another player's empty slot, then he draws 1;
    again in the same phase. A Silver Lion put on a wounded player heals nobody."""
    game = game_with("zhangzhaozhanghong", None, None, None, maneuvering=True)
    set_hand(game, 1, "chitu@H5", "silver_lion@CA", "kill@S7")
    set_hp(game, 3, 2)
    hand = len(game.player(1).hand)
    events = game.submit(1, UseSkill("zhijian", (C("chitu@H5"),), (2,)))
    assert C("chitu@H5") in game.player(2).equipment_cards()
    assert [e.seat for e in of(events, "skill_invoked")] == [1]
    assert len(game.player(1).hand) == hand - 1 + 1
    game.submit(1, UseSkill("zhijian", (C("silver_lion@CA"),), (3,)))
    assert C("silver_lion@CA") in game.player(3).equipment_cards() and game.player(3).hp == 2
    assert game.distance(game.player(2), game.player(1)) == 1  # 赤兔 -1 for seat 2
    assert conserved(game)


def test_zhijian_refusals_leave_everything_unchanged():
    """Not an equipment card, an occupied slot (with what holds it), himself: refused."""
    game = game_with("zhangzhaozhanghong", None, None, None, maneuvering=True)
    set_hand(game, 1, "chitu@H5", "kill@S7", "zixing@DK")
    equip(game, 2, "dayuan@SK")
    out = refused(game, 1, UseSkill("zhijian", (C("kill@S7"),), (2,)), Reason.WRONG_KIND_OF_CARD)
    assert out.data == {"card": "kill@S7", "skill": "zhijian", "need": "equipment"}
    out = refused(game, 1, UseSkill("zhijian", (C("zixing@DK"),), (2,)), Reason.SLOT_OCCUPIED)
    assert out.data == {"card": "zixing@DK", "seat": 2, "held": "dayuan@SK", "skill": "zhijian"}
    for lang, word in (("en", "empty slot"), ("es", "casilla vacía"), ("zh-Hans", "空置")):
        assert word in Narrator(lang).refusal({"reason": "slot_occupied", **out.data})
    refused(game, 1, UseSkill("zhijian", (C("chitu@H5"),), (1,)), Reason.CANNOT_TARGET_SELF)


# --------------------------------------------------------------------------- 张昭张纮 固政
def _discard_phase(game, seat, hp, *hand):
    """`seat` (the current player) ends the play phase at `hp` health holding `hand`."""
    set_hand(game, seat, *hand)
    set_hp(game, seat, hp)
    game.submit(seat, EndPlay())
    return prompt_is(game, PromptKind.DISCARD, seat, reason="discard_phase")


@pytest.mark.parametrize("rule", ["optional", "automatic"])
def test_guzheng_gives_one_back_and_takes_the_rest(rule):
    """The lord discards 3: 张昭张纮 gives one back to him, then takes the other 2
    (asked first under `optional`; at once under `automatic`)."""
    game = game_with(None, "zhangzhaozhanghong", None, None, guzheng_take_rest=rule)
    _discard_phase(game, 1, 2, "kill@S7", "kill@S8", "dodge@D2", "peach@H3", "duel@SA")
    discarded = (C("kill@S7"), C("dodge@D2"), C("duel@SA"))
    game.submit(1, Discard(discarded))
    prompt_is(game, PromptKind.CONFIRM, 2, reason="guzheng")
    game.submit(2, Confirm(True))
    prompt = prompt_is(game, PromptKind.HARVEST_PICK, 2, reason="guzheng")
    assert set(prompt.options) == {"kill@S7", "dodge@D2", "duel@SA"}
    _said_as(prompt, "guzheng")
    out = refused(game, 2, PickCard(C("peach@H3")), Reason.NOT_OFFERED)
    assert out.data["choice"] == "peach@H3"
    hand = list(game.player(2).hand)
    events = game.submit(2, PickCard(C("dodge@D2")))
    assert [(e.seat, e.target, e.card) for e in of(events, "card_given")] == [(2, 1, "dodge@D2")]
    if rule == "optional":
        prompt = prompt_is(game, PromptKind.CONFIRM, 2, reason="guzheng")
        assert prompt.count == 2
        _said_as(prompt, "guzheng")
        events = game.submit(2, Confirm(True))
    assert C("dodge@D2") in game.player(1).hand
    assert game.player(2).hand[: len(hand) + 2] == hand + [C("kill@S7"), C("duel@SA")]
    assert not {C("kill@S7"), C("dodge@D2"), C("duel@SA")} & set(game.discard_pile)
    assert conserved(game)


def test_guzheng_declining_the_rest_and_not_in_his_own_discard_phase():
    """NO to the rest leaves them in the discard pile; in his own discard phase he is
    not asked."""
    game = game_with(None, "zhangzhaozhanghong", None, None)
    _discard_phase(game, 1, 1, "kill@S7", "kill@S8", "dodge@D2")
    game.submit(1, Discard((C("kill@S7"), C("kill@S8"))))
    game.submit(2, Confirm(True))
    game.submit(2, PickCard(C("kill@S8")))
    game.submit(2, Confirm(False))
    assert C("kill@S7") in game.discard_pile and C("kill@S8") in game.player(1).hand
    own = game_with("zhangzhaozhanghong", None, None, None)
    _discard_phase(own, 1, 1, "kill@S7", "kill@S8")
    own.submit(1, Discard((C("kill@S7"),)))
    assert not (own.pending().kind is PromptKind.CONFIRM and own.pending().reason == "guzheng")


def test_guzheng_not_offered_when_nothing_was_discarded():
    game = game_with(None, "zhangzhaozhanghong", None, None)
    set_hand(game, 1, "kill@S7")
    game.submit(1, EndPlay())
    assert not (game.pending().kind is PromptKind.CONFIRM and game.pending().reason == "guzheng")


# --------------------------------------------------------------------------- 姜维 挑衅
def test_tiaoxin_the_target_kills_him_or_loses_a_card():
    """A player with 姜维 in range must use a Kill on him (not counted toward that player's
    limit); one who declines loses a card 姜维 picks (here the equipped horse)."""
    game = game_with("jiangwei", None, None, None)
    set_hand(game, 2, "kill@S7", "dodge@D2")
    set_hand(game, 1)
    events = game.submit(1, UseSkill("tiaoxin", (), (2,)))
    prompt = prompt_is(game, PromptKind.RESPOND, 2, reason="tiaoxin")
    _said_as(prompt, "tiaoxin")
    events = game.submit(2, Respond(C("kill@S7")))
    assert [(e.seat, e.name) for e in of(events, "card_used")] == [(2, "kill")]
    assert game.player(1).hp == 3
    out = refused(game, 1, UseSkill("tiaoxin", (), (2,)), Reason.ONCE_PER_PHASE)
    assert out.data == {"skill": "tiaoxin", "seat": 1}
    other = game_with("jiangwei", None, None, None)
    set_hand(other, 2, "dodge@D2")
    equip(other, 2, "chitu@H5")
    other.submit(1, UseSkill("tiaoxin", (), (2,)))
    if other.pending().kind is PromptKind.RESPOND:
        other.submit(2, Respond(None))
    prompt = prompt_is(other, PromptKind.CHOOSE_CARD_FROM, 1, reason="tiaoxin")
    _said_as(prompt, "tiaoxin")
    other.submit(1, PickCard(C("chitu@H5")))
    assert C("chitu@H5") in other.discard_pile and other.player(2).hand == [C("dodge@D2")]
    assert conserved(other)


def test_tiaoxin_refused_on_a_player_who_cannot_reach_him():
    """Seat 3 is at distance 2 with range 1: refused with the numbers, nothing changed."""
    game = game_with("jiangwei", None, None, None)
    out = refused(game, 1, UseSkill("tiaoxin", (), (3,)), Reason.OUT_OF_RANGE)
    assert out.data == {
        "card": "tiaoxin", "source": 3, "target": 1, "distance": 2, "attack_range": 1
    }  # fmt: skip
    refused(game, 1, UseSkill("tiaoxin", (), (1,)), Reason.CANNOT_TARGET_SELF)


# --------------------------------------------------------------------------- 姜维 志继
@pytest.mark.parametrize("order", ["text", "maxhp_first"])
def test_zhiji_no_hand_cards_recover_or_draw_then_max_hp_and_guanxing(order):
    """At his preparation phase with no hand cards, wounded: he chooses to recover 1 or draw
    2, loses 1 max HP and gains 观星, which acts in that same preparation phase. Once only."""
    game = game_with(None, "jiangwei", None, None, zhiji_order=order)
    set_hp(game, 2, 2)
    set_hand(game, 2)
    end_turn(game)
    prompt = prompt_is(game, PromptKind.CHOOSE_OPTION, 2, reason="zhiji")
    assert prompt.options == ("recover_1", "draw_2")
    _said_as(prompt, "zhiji")
    events = game.submit(2, ChooseOption("recover_1"))
    p = game.player(2)
    assert (p.hp, p.max_hp) == (3, 3) and "guanxing" in skill_ids(game, 2)
    assert [(e.seat, e.skill) for e in of(events, "skill_awakened")] == [(2, "zhiji")]
    assert game.view()["seats"][1]["spent"] == ["zhiji"]
    prompt_is(game, PromptKind.CONFIRM, 2, reason="guanxing")  # same preparation phase


def test_zhiji_unwounded_draws_2_and_not_with_a_hand_card():
    game = game_with(None, "jiangwei", None, None)
    set_hand(game, 2)
    end_turn(game)
    p = game.player(2)
    assert (p.max_hp, p.hp) == (3, 3) and "guanxing" in skill_ids(game, 2)
    assert len(p.hand) >= 2
    kept = game_with(None, "jiangwei", None, None)
    set_hand(kept, 2, "kill@S7")
    end_turn(kept)
    assert kept.player(2).max_hp == 4 and "guanxing" not in skill_ids(kept, 2)


# --------------------------------------------------------------------------- 刘禅 享乐
def test_xiangle_the_kill_user_discards_a_basic_card_or_the_kill_misses_him():
    """Declined: the Kill has no effect on 刘禅 (no Dodge asked); a basic card discarded:
    the Kill goes on; a non-basic card is refused, nothing changed."""
    game = game_with(None, "liushan", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "peach@H3", "chitu@H5")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    prompt = prompt_is(game, PromptKind.DISCARD, 1, reason="xiangle")
    assert prompt.target == 2 and prompt.optional
    _said_as(prompt, "xiangle")
    out = refused(game, 1, Discard((C("chitu@H5"),)), Reason.WRONG_KIND_OF_CARD)
    assert out.data == {"card": "chitu@H5", "skill": "xiangle", "need": "basic"}
    for lang, word in (("en", "basic"), ("es", "básica"), ("zh-Hans", "基本牌")):
        assert word in Narrator(lang).refusal({"reason": "wrong_kind_of_card", **out.data})
    events = game.submit(1, Confirm(False))
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "xiangle")]
    assert game.player(2).hp == 3 and game.player(2).hand == [C("dodge@D2")]
    paid = game_with(None, "liushan", None, None)
    set_hand(paid, 1, "kill@S7", "peach@H3")
    set_hand(paid, 2, "dodge@D2")
    paid.submit(1, PlayCard(C("kill@S7"), (2,)))
    paid.submit(1, Discard((C("peach@H3"),)))
    prompt_is(paid, PromptKind.RESPOND, 2)  # the Kill goes on: he may Dodge
    assert C("peach@H3") in paid.discard_pile


def test_xiangle_a_kill_user_with_no_hand_card_cannot_pay():
    game = game_with(None, "liushan", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    events = game.submit(1, PlayCard(C("kill@S7"), (2,)))
    assert [(e.seat, e.by) for e in of(events, "effect_cancelled")] == [(2, "xiangle")]
    assert game.player(2).hp == 3


# --------------------------------------------------------------------------- 刘禅 放权
def test_fangquan_skips_play_then_another_player_takes_an_extra_turn():
    """He skips his play phase; at the end of his turn he discards a hand card and names
    seat 4, whose extra turn comes at once; then play goes on with seat 3."""
    game = game_with(None, "liushan", None, None)
    end_turn(game)
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, reason="fangquan")
    _said_as(prompt, "fangquan")
    events = game.submit(2, Confirm(True))
    assert ("play", "fangquan") in [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    while game.pending().kind is PromptKind.DISCARD and game.pending().reason == "discard_phase":
        events += game.submit(2, game.legal_actions(2)[0])
    prompt = prompt_is(game, PromptKind.DISCARD, 2, reason="fangquan")
    _said_as(prompt, "fangquan")
    card = game.player(2).hand[0]
    game.submit(2, Discard((card,)))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="fangquan")
    _said_as(prompt, "fangquan")
    events = game.submit(2, ChooseTarget(4))
    assert [(e.seat, e.reason) for e in of(events, "extra_turn_granted")] == [(4, "fangquan")]
    assert game.current.seat == 4 and card in game.discard_pile
    events = end_turn(game)
    assert [e.seat for e in of(events, "turn_started")][:1] == [3]


def test_fangquan_declined_plays_as_usual():
    game = game_with(None, "liushan", None, None)
    end_turn(game)
    game.submit(2, Confirm(False))
    prompt_is(game, PromptKind.PLAY, 2)


# --------------------------------------------------------------------------- 刘禅 若愚
def test_ruoyu_as_lord_with_the_lowest_hp_gains_max_hp_recovers_and_gains_jijiang():
    """The lord 刘禅 (3 HP, the others 4): at his preparation phase +1 max HP, +1 HP and
    激将; once only. Not the lord: never."""
    game = game_with("liushan", None, None, None)
    events = []
    for _ in range(4):
        events += end_turn(game)
    p = game.player(1)
    assert [(e.seat, e.skill) for e in of(events, "skill_awakened")] == [(1, "ruoyu")]
    assert (p.hp, p.max_hp) == (4, 4) and "jijiang" in skill_ids(game, 1)
    assert game.view()["seats"][0]["spent"] == ["ruoyu"]
    lowest = game_with(None, "liushan", None, None)
    set_hp(lowest, 2, 1)
    events = end_turn(lowest)
    assert not of(events, "skill_awakened") and "ruoyu" not in skill_ids(lowest, 2)


def test_liushan_is_the_mountain_lord_choice():
    assert pack_lords(MOUNTAIN) == ("caocao", "liubei", "sunquan", "liushan")


# --------------------------------------------------------------------------- 张郃 巧变
def test_qiaobian_skips_the_judgment_phase_and_the_indulgence_waits():
    """A hand card discarded before his judgment phase skips it: the Indulgence stays
    unjudged in his area (and would be judged next turn)."""
    game = game_with(None, "zhanghe", None, None)
    place(game, 2, "indulgence@H6")
    set_hand(game, 2, "kill@S7", "dodge@D2")
    end_turn(game)
    prompt = prompt_is(game, PromptKind.DISCARD, 2, reason="qiaobian")
    assert prompt.options == ("judgment",) and prompt.optional
    _said_as(prompt, "qiaobian")
    events = game.submit(2, Discard((C("kill@S7"),)))
    assert ("judgment", "qiaobian") in [(e.phase, e.reason) for e in of(events, "phase_skipped")]
    assert game.player(2).judgment and not of(events, "judgment_revealed")


def test_qiaobian_skipping_the_draw_phase_takes_a_hand_card_from_up_to_two_players():
    game = game_with(None, "zhanghe", None, None)
    set_hand(game, 2, "kill@S7", "dodge@D2")
    set_hand(game, 3, "peach@H3")
    set_hand(game, 4, "dodge@D3", "dodge@D4")
    set_hand(game, 1, "kill@S8")
    end_turn(game)
    game.submit(2, Confirm(False))  # not the judgment phase
    prompt_is(game, PromptKind.DISCARD, 2, reason="qiaobian")
    game.submit(2, Discard((C("kill@S7"),)))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="qiaobian")
    _said_as(prompt, "qiaobian")
    game.submit(2, ChooseTarget(3))
    events = game.submit(2, ChooseTarget(4))
    assert [(e.seat, e.source) for e in of(events, "card_taken")] == [(2, 3), (2, 4)]
    assert C("peach@H3") in game.player(2).hand and len(game.player(4).hand) == 1
    assert len(game.player(2).hand) == 3  # dodge, peach, one of seat 4's: no draw
    assert conserved(game)


def test_qiaobian_skipping_the_play_phase_moves_a_card_on_the_board():
    """Seat 3's horse moves to seat 4 (an empty slot); seat 1's occupied slot is refused
    with what holds it, nothing changed."""
    game = game_with("caocao", "zhanghe", None, None)
    set_hand(game, 2, "kill@S7", "dodge@D2", "dodge@D3", "peach@H3")
    equip(game, 3, "chitu@H5")
    equip(game, 1, "zixing@DK")
    end_turn(game)
    for _ in range(2):  # not the judgment nor the draw phase
        game.submit(2, Confirm(False))
    prompt_is(game, PromptKind.DISCARD, 2, reason="qiaobian")
    game.submit(2, Discard((C("kill@S7"),)))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="qiaobian")
    _said_as(prompt, "qiaobian")
    game.submit(2, ChooseTarget(3))
    prompt = prompt_is(game, PromptKind.HARVEST_PICK, 2, reason="qiaobian")
    _said_as(prompt, "qiaobian")
    game.submit(2, PickCard(C("chitu@H5")))
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="qiaobian")
    assert prompt.card == "chitu@H5" and 1 not in prompt.options
    _said_as(prompt, "qiaobian")
    out = refused(game, 2, ChooseTarget(1), Reason.SLOT_OCCUPIED)
    assert out.data == {"card": "chitu@H5", "seat": 1, "held": "zixing@DK"}
    events = game.submit(2, ChooseTarget(4))
    assert [(e.seat, e.target, e.card) for e in of(events, "card_moved_on_board")] == [
        (3, 4, "chitu@H5")
    ]
    assert C("chitu@H5") in game.player(4).equipment_cards()
    assert conserved(game)


def test_qiaobian_an_indulgence_cannot_move_to_luxun_nor_to_a_player_holding_one():
    """谦逊 keeps Indulgence off 陆逊; a seat already holding an Indulgence cannot take a
    second: both refused with the rule, nothing changed."""
    game = game_with(None, "zhanghe", None, "luxun", players=5)
    set_hand(game, 2, "kill@S7", "dodge@D2", "dodge@D3")
    place(game, 3, "indulgence@H6")
    place(game, 5, "indulgence@S6")
    end_turn(game)
    for _ in range(2):
        game.submit(2, Confirm(False))
    game.submit(2, Discard((C("kill@S7"),)))
    game.submit(2, ChooseTarget(3))
    game.submit(2, PickCard(C("indulgence@H6")))
    out = refused(game, 2, ChooseTarget(4), Reason.TARGET_PROHIBITED)
    assert out.data == {"card": "indulgence", "target": 4, "skill": "qianxun"}
    out = refused(game, 2, ChooseTarget(5), Reason.ALREADY_IN_AREA)
    assert out.data == {"card": "indulgence", "target": 5}
    game.submit(2, ChooseTarget(1))
    assert [n for _, n in game.player(1).judgment] == ["indulgence"]


# --------------------------------------------------------------------------- at the table
def _readers(*generals):
    return Readers(*generals, settings={"general_packs": list(MOUNTAIN)})


def test_beige_at_the_table_her_card_is_scanned_then_the_judgment():
    """Seat 1's Kill hits seat 4; 蔡文姬 says OK, scans the card she discards (a Kill still
    on the table is refused, nothing changed), seat 4 scans the judgment: ♦ draws 2."""
    t = _readers("huatuo", "caiwenji", "diaochan", "lvbu")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "lvbu")
    t.ok("no", 4)
    prompt_is(t.game, PromptKind.CONFIRM, 2, reason="beige")
    t.ok("ok", 2)
    prompt_is(t.game, PromptKind.DISCARD, 2, reason="beige")
    before = t.game.view()
    outcome = t.do("scan", 2, "kill@S7")
    assert not outcome.accepted and t.game.view() == before
    t.ok("scan", 2, "dodge@D2")
    prompt_is(t.game, PromptKind.JUDGMENT_CARD, 4, reason="beige")
    hand = len(t.game.player(4).hand)
    outcome = t.ok("scan", 4, "dodge@D3")
    assert [e.seat for e in t.events(outcome, "cards_drawn")] == [4]
    assert len(t.game.player(4).hand) == hand + 2 and t.game.player(4).hp == 3  # 4 max HP


def test_zhijian_at_the_table_token_card_and_general():
    """`skill:zhijian`, the equipment card from his hand, the other player's general, OK:
    it is equipped there and he draws 1."""
    t = _readers("zhangzhaozhanghong", "caiwenji", "diaochan", "daqiao")
    hand = len(t.game.player(1).hand)
    t.ok("scan", 1, "skill:zhijian")
    t.ok("scan", 1, "chitu@H5")
    t.ok("scan", 1, "diaochan")
    outcome = t.ok("ok", 1)
    assert [e.seat for e in t.events(outcome, "equipment_equipped")] == [3]
    assert C("chitu@H5") in t.game.player(3).equipment_cards()
    assert len(t.game.player(1).hand) == hand  # one laid down, one drawn


# --------------------------------------------------------------------------- 孙策 激昂 制霸
def test_jiang_draws_on_his_red_kill_and_when_a_duel_targets_him_not_a_black_kill():
    game = game_with("sunce", None, None, None)
    set_hand(game, 1, "kill@H10", "kill@S8")
    set_hand(game, 2)
    hand = len(game.player(1).hand)
    game.submit(1, PlayCard(C("kill@H10"), (2,)))
    prompt = prompt_is(game, PromptKind.CONFIRM, 1, reason="jiang")
    _said_as(prompt, "jiang")
    game.submit(1, Confirm(True))
    assert len(game.player(1).hand) == hand - 1 + 1
    black = game_with("sunce", None, None, None)
    set_hand(black, 1, "kill@S8")
    set_hand(black, 2)
    black.submit(1, PlayCard(C("kill@S8"), (2,)))
    assert not (black.pending().kind is PromptKind.CONFIRM and black.pending().reason == "jiang")
    duel = game_with("sunce", None, None, None)
    end_turn(duel)
    set_hand(duel, 2, "duel@SA")
    duel.submit(2, PlayCard(C("duel@SA"), (1,)))
    prompt_is(duel, PromptKind.CONFIRM, 1, reason="jiang")


def test_zhiba_a_wu_player_compares_with_the_lord_who_takes_both_cards_when_he_loses():
    game = game_with("sunce", "lvmeng", None, None)
    refused(game, 1, UseSkill("zhiba"), Reason.SKILL_NOT_AVAILABLE)  # the lord's own: lent
    end_turn(game)
    set_hand(game, 1, "dodge@HK")
    set_hand(game, 2, "kill@S7", "kill@S8")
    game.submit(2, UseSkill("zhiba", (), (1,)))
    game.submit(2, RevealCard(C("kill@S7")))
    events = game.submit(1, RevealCard(C("dodge@HK")))
    assert [e.won for e in of(events, "points_compared")] == [False]
    prompt = prompt_is(game, PromptKind.CONFIRM, 1, reason="zhiba")
    assert prompt.count == 2
    _said_as(prompt, "zhiba")
    events = game.submit(1, Confirm(True))
    assert {C("kill@S7"), C("dodge@HK")} <= set(game.player(1).hand)
    out = refused(game, 2, UseSkill("zhiba"), Reason.ONCE_PER_PHASE)
    assert out.data == {"skill": "zhiba", "seat": 2}
    assert conserved(game)


def test_zhiba_not_for_another_kingdom():
    """A Qun player is refused with the kingdoms."""
    game = game_with("sunce", "lvbu", None, None)
    end_turn(game)
    set_hand(game, 2, "kill@S7")
    out = refused(game, 2, UseSkill("zhiba"), Reason.WRONG_KINGDOM)
    assert out.data == {"skill": "zhiba", "seat": 2, "kingdom": "qun", "needed": "wu"}


def test_zhiba_once_hunzi_has_awakened_sunce_may_refuse_and_it_counts_as_used():
    game = game_with("sunce", "lvmeng", None, None)
    set_hp(game, 1, 1)
    _until(game, lambda p: p.reason == "yinghun")  # 魂姿 at his next preparation phase
    game.submit(1, Confirm(False))  # 英魂 declined
    assert "hunzi" in game.player(1).spent
    _until(game, lambda p: p.kind is PromptKind.PLAY and p.seat == 2)
    set_hand(game, 1, "dodge@HK")
    set_hand(game, 2, "kill@S7")
    game.submit(2, UseSkill("zhiba"))
    prompt = prompt_is(game, PromptKind.CONFIRM, 1, reason="zhiba")
    assert prompt.target == 2
    _said_as(prompt, "zhiba")
    events = game.submit(1, Confirm(False))
    assert not of(events, "points_compared") and game.player(2).hand == [C("kill@S7")]
    refused(game, 2, UseSkill("zhiba"), Reason.ONCE_PER_PHASE)


# --------------------------------------------------------------------------- 孙策 魂姿
def test_hunzi_at_hp_1_loses_max_hp_gains_yingzi_and_yinghun_which_acts_at_once():
    """At his preparation phase with HP 1: max HP 4 -> 3, 英姿 and 英魂; 英魂 (X = 2) is
    offered in that same preparation phase and 英姿 draws 1 more in the draw phase. Once."""
    game = game_with(None, "sunce", None, None)
    set_hp(game, 2, 1)
    events = end_turn(game)
    p = game.player(2)
    assert [(e.seat, e.skill, e.gained) for e in of(events, "skill_awakened")] == [
        (2, "hunzi", ("yingzi", "yinghun"))
    ]
    assert (p.hp, p.max_hp) == (1, 3)
    assert {"yingzi", "yinghun"} <= set(skill_ids(game, 2))
    assert game.view()["seats"][1]["spent"] == ["hunzi"]
    prompt = prompt_is(game, PromptKind.CHOOSE_TARGET, 2, reason="yinghun")
    _said_as(prompt, "yinghun")
    game.submit(2, ChooseTarget(3))
    prompt_is(game, PromptKind.CHOOSE_OPTION, 2, reason="yinghun")
    game.submit(2, ChooseOption("draw_x"))
    assert game.pending().seat == 3 and game.pending().count == 1  # drew 2, discards 1
    game.submit(3, Discard((game.player(3).hand[0],)))
    hand = len(p.hand)
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, reason="yingzi")
    events = game.submit(2, Confirm(True))
    assert len(p.hand) == hand + 3
    for _ in range(4):
        events = end_turn(game)
        while game.pending().reason == "yinghun":
            events += game.submit(2, Confirm(False))
    assert not of(events, "skill_awakened") and p.max_hp == 3


def test_hunzi_the_gained_yinghun_waits_for_the_next_preparation_phase_by_setting():
    """`awakened_skill_same_timing` off: 英魂 is not offered in the awakening's phase."""
    game = game_with(None, "sunce", None, None, awakened_skill_same_timing=False)
    set_hp(game, 2, 1)
    events = end_turn(game)
    assert of(events, "skill_awakened")
    prompt_is(game, PromptKind.CONFIRM, 2, reason="yingzi")


def test_hunzi_not_above_hp_1_and_never_by_hand():
    """With HP 2 nothing happens; asking for 魂姿 by hand is refused, nothing changed."""
    game = game_with(None, "sunce", None, None)
    set_hp(game, 2, 2)
    events = end_turn(game)
    assert not of(events, "skill_awakened") and game.player(2).max_hp == 4
    prompt_is(game, PromptKind.PLAY, 2)
    out = refused(game, 2, UseSkill("hunzi"), Reason.SKILL_NOT_AVAILABLE)
    assert out.data == {"skill": "hunzi", "seat": 2, "how": "awakening"}
    assert "hunzi" not in game.player(2).spent


def test_sunce_is_playable_in_a_mountain_game():
    assert general_problem("sunce", MOUNTAIN) is None


# --------------------------------------------------------------------------- 邓艾 屯田
def test_tuntian_a_dodge_outside_his_turn_judges_and_a_non_heart_becomes_a_field():
    """Seat 1's Kill on 邓艾: his Dodge is a loss outside his turn; OK, the judgment is not
    a ♥: it stays on his general as a field and his distance to every other player is -1."""
    game = game_with(None, "dengai", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    before = game.distance(game.player(2), game.player(4))
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    prompt = prompt_is(game, PromptKind.CONFIRM, 2, reason="tuntian")
    _said_as(prompt, "tuntian")
    deck_top(game, "kill@C9")
    events = game.submit(2, Confirm(True))
    assert [(e.seat, e.pile, e.cards) for e in of(events, "pile_changed")] == [
        (2, "tuntian", ("kill@C9",))
    ]
    assert (
        game.player(2).pile("tuntian") == [C("kill@C9")] and C("kill@C9") not in game.discard_pile
    )
    assert (before, game.distance(game.player(2), game.player(4))) == (2, 1)
    assert game.distance(game.player(4), game.player(2)) == 2  # only his distance changes
    assert game.view()["seats"][1]["piles"] and conserved(game)


def test_tuntian_a_heart_is_discarded_and_not_in_his_own_turn():
    game = game_with(None, "dengai", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(C("dodge@D2")))
    deck_top(game, "peach@H3")
    game.submit(2, Confirm(True))
    assert game.player(2).pile("tuntian") == [] and C("peach@H3") in game.discard_pile
    end_turn(game)
    set_hand(game, 2, "kill@S8")
    events = game.submit(2, PlayCard(C("kill@S8"), (3,)))  # his own turn: no offer
    assert not (game.pending().kind is PromptKind.CONFIRM and game.pending().reason == "tuntian")
    assert not of(events, "judgment_revealed")


def test_tuntian_once_per_move_two_cards_discarded_together_judge_once():
    """孙坚's 英魂 makes 邓艾 discard 2 at once: one move, one judgment."""
    game = game_with(None, "sunjian", "dengai", None)
    set_hp(game, 2, 2)  # X = 2
    end_turn(game)
    set_hand(game, 3, "kill@S7", "dodge@D2")
    deck_top(game, "dodge@D5")
    game.submit(2, ChooseTarget(3))
    game.submit(2, ChooseOption("discard_x"))
    game.submit(3, Discard((C("kill@S7"), C("dodge@D2"))))
    prompt_is(game, PromptKind.CONFIRM, 3, reason="tuntian")
    deck_top(game, "kill@S9")
    events = game.submit(3, Confirm(True))
    assert len(of(events, "judgment_revealed")) == 1
    assert game.player(3).pile("tuntian") == [C("kill@S9")]
    assert not (game.pending().kind is PromptKind.CONFIRM and game.pending().reason == "tuntian")


def _fields(game, seat, *texts):
    """Lay these cards on `seat`'s general as fields (taken from where they were)."""
    cards = [C(t) for t in texts]
    for card in cards:
        _pull(game, card)
    game.add_to_pile(game.player(seat), "tuntian", cards, True, "tuntian")


# --------------------------------------------------------------------------- 邓艾 凿险 急袭
def test_zaoxian_with_3_fields_loses_max_hp_and_gains_jixi_not_with_2():
    game = game_with(None, "dengai", None, None)
    _fields(game, 2, "kill@S9", "dodge@D5", "kill@C8")
    events = end_turn(game)
    assert [(e.seat, e.skill, e.gained) for e in of(events, "skill_awakened")] == [
        (2, "zaoxian", ("jixi",))
    ]
    assert game.player(2).max_hp == 3 and "jixi" in skill_ids(game, 2)
    assert game.view()["seats"][1]["spent"] == ["zaoxian"]
    two = game_with(None, "dengai", None, None)
    _fields(two, 2, "kill@S9", "dodge@D5")
    assert not of(end_turn(two), "skill_awakened") and "jixi" not in skill_ids(two, 2)


def _jixi_game(*generals, **settings):
    game = game_with("dengai", *generals, **settings)
    game.gain_skill(game.player(1), "jixi", "zaoxian")  # as after 凿险
    return game


def test_jixi_a_field_used_as_snatch_and_the_used_field_no_longer_counts():
    """Seat 4 is at distance 2 in 5 seats; two fields make it 0 (at least 1); using one
    of them leaves one: distance 1, in reach. With one field only, the Snatch is too far."""
    game = _jixi_game(None, None, None, None)
    _fields(game, 1, "kill@S9", "dodge@D5")
    set_hand(game, 4, "peach@H3")
    events = game.submit(1, UseSkill("jixi", (C("dodge@D5"),), (4,)))
    used = of(events, "card_used")
    assert [(e.name, e.cards, e.skill) for e in used] == [("snatch", ("dodge@D5",), "jixi")]
    assert game.player(1).pile("tuntian") == [C("kill@S9")]
    pass_all(game)
    game.submit(1, PickCard(None))  # 邓艾 takes the hand card unseen
    assert C("peach@H3") in game.player(1).hand and conserved(game)
    far = _jixi_game(None, None, None, None)
    _fields(far, 1, "kill@S9")
    set_hand(far, 3, "peach@H3")
    out = refused(far, 1, UseSkill("jixi", (C("kill@S9"),), (3,)), Reason.TOO_FAR)
    assert out.data["distance"] == 2 and out.data["max_distance"] == 1
    counted = _jixi_game(None, None, None, None, jixi_distance_counts_used_field=True)
    _fields(counted, 1, "kill@S9")
    set_hand(counted, 3, "peach@H3")
    events = counted.submit(1, UseSkill("jixi", (C("kill@S9"),), (3,)))  # the setting: 1
    assert [e.name for e in of(events, "card_used")] == ["snatch"]


def test_a_field_taken_off_for_jixi_is_narrated_with_its_verb_in_the_singular():
    """One field leaves his general as 急袭's Snatch: "Dodge ♦5 leaves", "la Esquiva ♦5
    sale" (it said "leave", "salen"); several still take the plural."""
    game = _jixi_game(None, None, None, None)
    _fields(game, 1, "kill@S9", "dodge@D5")
    set_hand(game, 4, "peach@H3")
    events = game.submit(1, UseSkill("jixi", (C("dodge@D5"),), (4,)))
    [left] = of(events, "pile_changed")
    both = left.to_json() | {"cards": ["kill@S9", "dodge@D5"], "total": 0}
    said = {
        lang: [Narrator(lang).event(e, game.view()) for e in (left.to_json(), both)]
        for lang in ("zh-Hans", "en", "es")
    }
    assert said == {
        "zh-Hans": [
            "1号位邓艾武将牌上的【闪】♦5被移去（屯田），还剩1张。",
            "1号位邓艾武将牌上的【杀】♠9和【闪】♦5被移去（屯田），还剩0张。",
        ],
        "en": [
            "Dodge ♦5 leaves Deng Ai (seat 1)'s general (Amass Fields): 1 left.",
            "Kill ♠9 and Dodge ♦5 leave Deng Ai (seat 1)'s general (Amass Fields): 0 left.",
        ],
        "es": [
            "La Esquiva ♦5 sale del general de Deng Ai (asiento 1) (Campos militares): ahora hay 1.",
            "El Ataque ♠9 y la Esquiva ♦5 salen del general de Deng Ai (asiento 1) (Campos "
            "militares): ahora hay 0.",
        ],
    }


def test_jixi_refused_without_a_field_with_another_card_and_black_on_jiaxu():
    game = _jixi_game("jiaxu")
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3")
    out = refused(game, 1, UseSkill("jixi", (C("kill@S7"),), (2,)), Reason.TOO_FEW_CARDS)
    assert out.data == {"skill": "jixi", "seat": 1, "needed": 1, "have": 0, "zone": "tuntian"}
    _fields(game, 1, "kill@S9")
    out = refused(game, 1, UseSkill("jixi", (C("kill@S7"),), (2,)), Reason.CARD_NOT_THERE)
    assert out.data == {"card": "kill@S7", "seat": 1, "zone": "tuntian"}
    out = refused(game, 1, UseSkill("jixi", (C("kill@S9"),), (2,)), Reason.TARGET_PROHIBITED)
    assert out.data["skill"] == "weimu"
    assert game.player(1).pile("tuntian") == [C("kill@S9")] and conserved(game)


def test_tuntian_and_jixi_at_the_table_the_judgment_scanned_then_the_field_as_snatch():
    """Seat 1's Kill on 邓艾: he scans his Dodge, OK for 屯田, scans the judgment (♣: a
    field). In his turn, after 凿险: `skill:jixi`, a card that is no field is refused,
    nothing changed; the field, seat 1's general, OK: a Snatch from the field."""
    t = _readers("huatuo", "dengai", "diaochan", "lvbu")
    t.ok("scan", 1, "kill@S7")
    t.ok("scan", 1, "dengai")
    t.ok("scan", 2, "dodge@D2")
    prompt_is(t.game, PromptKind.CONFIRM, 2, reason="tuntian")
    t.ok("ok", 2)
    prompt_is(t.game, PromptKind.JUDGMENT_CARD, 2, reason="tuntian")
    outcome = t.ok("scan", 2, "kill@C9")
    assert [e.cards for e in t.events(outcome, "pile_changed")] == [("kill@C9",)]
    t.end_turn(1)
    t.game.gain_skill(t.game.player(2), "jixi", "zaoxian")  # as after 凿险
    prompt_is(t.game, PromptKind.PLAY, 2)
    t.ok("scan", 2, "skill:jixi")
    before = t.game.view()
    outcome = t.do("scan", 2, "dodge@D3")
    assert not outcome.accepted and t.game.view() == before
    t.ok("scan", 2, "kill@C9")
    t.ok("scan", 2, "huatuo")
    outcome = t.ok("ok", 2)
    assert [(e.name, e.cards, e.skill) for e in t.events(outcome, "card_used")] == [
        ("snatch", ("kill@C9",), "jixi")
    ]
    assert t.game.player(2).pile("tuntian") == []
