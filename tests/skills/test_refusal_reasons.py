"""Skills' refusals name the rule that forbids the action (issue #17 item 9), in digital
games put in position with the scenario helpers; each refused action changes nothing."""

from __future__ import annotations

import pytest

from companion.narration import Narrator
from engine.core.errors import ActionError
from engine.sanguosha import Confirm, Game, PlayCard, Reason, Respond, UseSkill, parse_card
from tests.sanguosha.scenario import refused

from .helpers import (
    deck_top,
    equip,
    game_with,
    pass_windows,
    pending,
    set_hand,
    set_hp,
    state_snapshot,
)

C = parse_card


def test_a_dodge_after_a_red_tieqi_judgment_is_refused_by_tieqi() -> None:
    """Digital mode: after Tieqi's red judgment the Kill hits without asking for a Dodge;
    a Dodge submitted then names Tieqi, with the card it could not answer."""
    game = game_with("machao", None, None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "dodge@H2")
    deck_top(game, "peach@H3")  # the judgment: red
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(1, Confirm(True))  # Tieqi
    assert game.player(2).hp == game.player(2).max_hp - 1
    data = refused(game, 2, Respond(C("dodge@H2")), Reason.CANNOT_RESPOND)
    assert data == {
        "seat": 2,
        "card": "dodge@H2",
        "need": "dodge",
        "against": "kill",
        "skill": "tieqi",
    }


# --------------------------------------------------------------------------- the audit
# Each refusal names the rule that forbids the action, with its numbers; before the
# audit these were "cannot use X now", "not a valid target", "does not answer".


def _jieyin() -> Game:
    """Sun Shangxiang (seat 1); Da Qiao (2, wounded) and Guan Yu (3, wounded)."""
    game = game_with("sunshangxiang", "daqiao", "guanyu", None)
    set_hp(game, 2, 2)
    set_hp(game, 3, 3)
    set_hand(game, 1, "kill@S7", "dodge@D2", "peach@H3", "peach@H4")
    return game


def _jieyin_used() -> Game:
    game = _jieyin()
    game.submit(1, UseSkill("jieyin", (C("kill@S7"), C("dodge@D2")), (3,)))
    return game


def _one_hand_card() -> Game:
    game = _jieyin()
    set_hand(game, 1, "kill@S7")
    return game


def _wusheng() -> Game:
    game = game_with("guanyu", None, None, None)
    set_hand(game, 1, "dismantle@S3")
    return game


def _nobody_wounded() -> Game:
    game = game_with("huatuo", None, None, None)
    set_hand(game, 1, "kill@S7")
    return game


def _borrowed_sword() -> Game:
    """Seat 3 holds a weapon, but nobody is in its range: seats 2 and 4 ride +1 horses."""
    game = game_with(None, None, None, None, None)
    set_hand(game, 1, "borrowed_sword@CQ")
    equip(game, 3, "zhuge_crossbow@CA")
    equip(game, 2, "dilu@C5")
    equip(game, 4, "zhuahuang_feidian@HK")
    return game


AUDIT = [
    (
        _jieyin,
        UseSkill("jieyin", (C("kill@S7"), C("dodge@D2")), (2,)),
        Reason.NOT_MALE,
        {"skill": "jieyin", "target": 2},
        {
            "en": "Marriage chooses men only: Da Qiao (seat 2) is not male.",
            "es": "Matrimonio solo elige a hombres: Da Qiao (asiento 2) no es un personaje "
            "masculino.",
            "zh-Hans": "结姻只能选择男性角色：2号位大乔不是男性。",
        },
    ),
    (
        _jieyin_used,
        UseSkill("jieyin", (C("peach@H3"), C("peach@H4")), (3,)),
        Reason.ONCE_PER_PHASE,
        {"skill": "jieyin", "seat": 1},
        {
            "en": "Marriage is once per play phase: Sun Shangxiang (seat 1) has already used it.",
            "es": "Matrimonio se usa una vez por fase de juego: Sun Shangxiang (asiento 1) ya la "
            "ha usado.",
            "zh-Hans": "结姻每个出牌阶段限一次：1号位孙尚香本阶段已发动过。",
        },
    ),
    (
        _one_hand_card,
        UseSkill("jieyin", (C("kill@S7"),), (3,)),
        Reason.TOO_FEW_CARDS,
        {"skill": "jieyin", "seat": 1, "needed": 2, "have": 1, "zone": "hand"},
        {
            "en": "Marriage needs 2 cards in hand: Sun Shangxiang (seat 1) has 1.",
            "es": "Matrimonio necesita 2 cartas en la mano: Sun Shangxiang (asiento 1) tiene 1.",
            "zh-Hans": "结姻需要2张手牌：1号位孙尚香只有1张。",
        },
    ),
    (
        _wusheng,
        UseSkill("wusheng", (C("dismantle@S3"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "wusheng", "cards": ["dismantle@S3"], "as_card": "kill"},
        {
            "en": "Warrior Saint uses one red card (hand or equipment) as a Kill, not "
            "Dismantle ♠3.",
            "es": "Santo guerrero usa una carta roja (de la mano o equipada) como Ataque, no "
            "Desmantelar ♠3.",
            "zh-Hans": "武圣：可将一张红色牌（手牌或装备区）当【杀】使用或打出，【过河拆桥】♠3不行。",
        },
    ),
    (
        _nobody_wounded,
        UseSkill("qingnang", (C("kill@S7"),), (2,)),
        Reason.NOT_ENOUGH_TARGETS,
        {"skill": "qingnang", "needed": 1, "available": 0},
        {
            "en": "Green Salve needs a wounded player: everyone is at full health.",
            "es": "Bálsamo verde necesita a un jugador herido: todos tienen la vida completa.",
            "zh-Hans": "青囊需要一名已受伤的角色：所有角色体力都是满的。",
        },
    ),
    (
        _wusheng,
        UseSkill("rende", (C("dismantle@S3"),), (2,)),
        Reason.SKILL_NOT_OWNED,
        {"skill": "rende", "seat": 1},
        {
            "en": "Guan Yu (seat 1) does not have Benevolence: the token is refused and "
            "nothing changes.",
            "es": "Guan Yu (asiento 1) no tiene Benevolencia: la ficha se rechaza y no cambia "
            "nada.",
            "zh-Hans": "1号位关羽没有技能仁德：此技能标记无效，未作处理。",
        },
    ),
    (
        _borrowed_sword,
        PlayCard(C("borrowed_sword@CQ"), (3, 2)),
        Reason.NO_KILL_TARGET,
        {"card": "borrowed_sword", "target": 3},
        {
            "en": "Seat 3 has nobody in attack range to Kill, so Borrowed Sword cannot target "
            "them.",
            "es": "El asiento 3 no tiene a nadie a su alcance de ataque para usar un Ataque, así "
            "que no puede ser objetivo de la Espada prestada.",
            "zh-Hans": "3号位攻击范围内没有可以【杀】的角色，不能成为【借刀杀人】的目标。",
        },
    ),
]


@pytest.mark.parametrize(
    "make, action, reason, data, said", AUDIT, ids=[case[2].value for case in AUDIT]
)
def test_audited_refusals_name_their_rule(make, action, reason, data, said) -> None:
    """The refusal, its data and its sentence in the three languages; nothing changes."""
    game = make()
    before = state_snapshot(game)
    with pytest.raises(ActionError) as info:
        game.submit(1, action)
    assert (info.value.reason, dict(info.value.data)) == (reason, data)
    assert state_snapshot(game) == before
    for lang, sentence in said.items():
        assert Narrator(lang).refusal(info.value.to_json(), game.view()) == sentence


def test_a_provider_skill_asked_for_another_card_says_what_it_gives() -> None:
    """Eight Diagrams gives a Dodge: offered at a Duel's Kill request it is refused with
    that, not "cannot use it now"."""
    game = game_with(None, None, None, None)
    set_hand(game, 1, "duel@SA")
    set_hand(game, 2, "peach@H3")  # no Kill, but a card: he is asked
    equip(game, 2, "eight_diagrams@S2")
    game.submit(1, PlayCard(C("duel@SA"), (2,)))
    pass_windows(game)
    assert (pending(game).seat, pending(game).need) == (2, "kill")
    data = refused(game, 2, UseSkill("eight_diagrams"), Reason.SKILL_WRONG_NEED)
    assert data == {"skill": "eight_diagrams", "need": "kill", "gives": ["dodge"]}
    sentence = Narrator("en").refusal({"reason": "skill_wrong_need", **data})
    assert sentence == "Eight Diagrams answers with Dodge, not Kill."


NOT_PLAYABLE = {
    "en": "A Dodge is only an answer (to a Kill, or played against Arrow Barrage): it cannot "
    "be played now (play phase).",
    "es": "Una Esquiva solo sirve para responder (a un Ataque, o jugada contra Lluvia de "
    "flechas): no se puede jugar ahora (fase de juego).",
    "zh-Hans": "【闪】只能用于响应（抵消【杀】或【万箭齐发】）：现在（出牌阶段）不能使用。",
}


@pytest.mark.parametrize("lang", sorted(NOT_PLAYABLE))
def test_a_dodge_in_the_play_phase_says_it_is_only_an_answer(lang: str) -> None:
    game = game_with(None, None, None, None)
    set_hand(game, 1, "dodge@D2")
    data = refused(game, 1, PlayCard(C("dodge@D2")), Reason.NOT_PLAYABLE_NOW)
    sentence = Narrator(lang).refusal({"reason": "not_playable_now", **data})
    assert sentence == NOT_PLAYABLE[lang]


BY_ITSELF = {
    "en": "Without Equal is compulsory: it works by itself, never by hand.",
    "es": "Sin igual es obligatoria: actúa por sí sola, nunca a mano.",
    "zh-Hans": "无双是锁定技：自动生效，不能主动发动。",
}


@pytest.mark.parametrize("lang", sorted(BY_ITSELF))
def test_a_compulsory_skill_used_by_hand_says_it_works_by_itself(lang: str) -> None:
    """Not "cannot use it now": a compulsory skill is never started by hand."""
    game = game_with("lvbu", None, None, None)
    data = refused(game, 1, UseSkill("wushuang"), Reason.SKILL_NOT_AVAILABLE)
    assert data == {"skill": "wushuang", "seat": 1, "how": "compulsory"}
    assert Narrator(lang).refusal({"reason": "skill_not_available", **data}) == BY_ITSELF[lang]


def test_a_card_that_picks_its_own_targets_refuses_chosen_ones() -> None:
    """Barbarian Invasion targets every other player by itself: a target given is refused
    for that, not as "not a valid target"."""
    game = game_with(None, None, None, None)
    set_hand(game, 1, "barbarian_invasion@S7")
    data = refused(game, 1, PlayCard(C("barbarian_invasion@S7"), (2,)), Reason.AUTO_TARGETS)
    assert data == {"card": "barbarian_invasion", "target": 2}


TAKES_ONE = {
    "en": "Kill takes only 1 target, not 2.",
    "es": "El Ataque admite un solo objetivo, no 2.",
    "zh-Hans": "【杀】只能指定1个目标，而不是2个。",
}


@pytest.mark.parametrize("lang", sorted(TAKES_ONE))
def test_too_many_targets_for_a_one_target_card(lang: str) -> None:
    game = game_with(None, None, None, None)
    set_hand(game, 1, "kill@S7")
    data = refused(game, 1, PlayCard(C("kill@S7"), (2, 4)), Reason.TOO_MANY_TARGETS)
    assert Narrator(lang).refusal({"reason": "too_many_targets", **data}) == TAKES_ONE[lang]
