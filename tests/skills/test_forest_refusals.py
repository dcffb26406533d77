"""The 林 pack's bad input (issue #26, "Bad input"): each refusal names its rule with its
numbers in the three languages, and the game state and view are exactly as before. Real
games put in position with the scenario helpers; nothing is mocked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.sanguosha import Game, PlayCard, Reason, UseSkill, parse_card

from .helpers import game_with, refused_and_said, set_hand

C = parse_card


def _xuhuang(maneuvering: bool, players: int = 5) -> Callable[[], Game]:
    def make() -> Game:
        game = game_with("xuhuang", players=players, maneuvering=maneuvering)
        set_hand(game, 1, "kill@S7", "peach@H3")
        return game

    return make


def _dongzhuo() -> Game:
    game = game_with("dongzhuo", None, None, None, maneuvering=True)
    set_hand(game, 1, "kill@C7", "kill@S8")
    return game


def _lusu(empty: bool) -> Callable[[], Game]:
    def make() -> Game:
        game = game_with("lusu", None, None, None)
        set_hand(game, 1, "kill@S7", "kill@S8")
        set_hand(game, 2, "dodge@D2", "dodge@D3", "kill@C7")
        set_hand(game, 3, *(() if empty else ("kill@C8",)))
        if empty:
            set_hand(game, 2)
        return game

    return make


def _weimu() -> Game:
    game = game_with(None, "jiaxu", None, None)
    set_hand(game, 1, "dismantle@S3")
    return game


def _luanwu_spent() -> Game:
    game = game_with("jiaxu", None, None, None)
    game.player(1).spent.append("luanwu")
    return game


CASES = [
    (
        "weimu_black_trick",
        _weimu,
        1,
        PlayCard(C("dismantle@S3"), (2,)),
        Reason.TARGET_PROHIBITED,
        {"card": "dismantle", "target": 2, "skill": "weimu"},
        {
            "en": "Jia Xu (seat 2) cannot be targeted by Dismantle (Curtain).",
            "zh-Hans": "2号位贾诩不能成为【过河拆桥】的目标（帷幕）。",
            "es": "Jia Xu (asiento 2) no puede ser objetivo de Desmantelar (Cortina).",
        },
    ),
    (
        "luanwu_spent",
        _luanwu_spent,
        1,
        UseSkill("luanwu"),
        Reason.SKILL_SPENT,
        {"skill": "luanwu", "seat": 1},
        {
            "en": "Chaos is once per game: Jia Xu (seat 1) has already used it.",
            "zh-Hans": "乱武每局游戏限一次：1号位贾诩已经发动过。",
            "es": "Caos se usa una vez por partida: Jia Xu (asiento 1) ya la ha usado.",
        },
    ),
    (
        "dimeng_wrong_number_of_discards",
        _lusu(empty=False),
        1,
        UseSkill("dimeng", (C("kill@S7"),), (2, 3)),
        Reason.WRONG_COUNT,
        {"expected": 2, "got": 1, "why": "dimeng", "skill": "dimeng"},
        {
            "en": "Alliance discards as many cards as the two hand counts differ: 2 cards, not 1.",
            "zh-Hans": "缔盟须弃置与两名角色手牌数之差等量的牌：2张牌，而不是1张。",
            "es": "Alianza descarta tantas cartas como la diferencia entre las dos manos: 2 cartas, "
            "no 1.",
        },
    ),
    (
        "dimeng_two_empty_hands",
        _lusu(empty=True),
        1,
        UseSkill("dimeng", (), (2, 3)),
        Reason.NO_HAND_CARDS,
        {"card": "dimeng", "target": 2},
        {
            "en": "Seat 2 and the other player chosen both have no hand card: Alliance would "
            "swap nothing.",
            "zh-Hans": "2号位与另一名所选角色都没有手牌：缔盟无牌可交换。",
            "es": "El asiento 2 y el otro jugador elegido no tienen cartas en la mano: Alianza no "
            "intercambiaría nada.",
        },
    ),
    (
        "jiuchi_not_a_spade",
        _dongzhuo,
        1,
        UseSkill("jiuchi", (C("kill@C7"),)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "jiuchi", "cards": ["kill@C7"], "as_card": "wine"},
        {
            "en": "Lake of Wine uses one ♠ hand card as a Wine, not Kill ♣7.",
            "zh-Hans": "酒池：可将一张黑桃手牌当【酒】使用，【杀】♣7不行。",
            "es": "Lago de vino usa una carta de picas de la mano como Vino, no el Ataque ♣7.",
        },
    ),
    (
        "duanliang_red_card",
        _xuhuang(maneuvering=True),
        1,
        UseSkill("duanliang", (C("peach@H3"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "duanliang", "cards": ["peach@H3"], "as_card": "supply_shortage"},
        {
            "en": "Cut Supplies uses one black basic or equipment card (hand or equipment) "
            "as a Supply Shortage, not Peach ♥3.",
            "zh-Hans": "断粮：可将一张黑色基本牌或黑色装备牌当【兵粮寸断】使用，【桃】♥3不行。",
            "es": "Cortar suministros usa una carta negra básica o de equipo (de la mano o "
            "equipada) como Escasez de víveres, no el Melocotón ♥3.",
        },
    ),
    (
        "duanliang_without_the_maneuvering_cards",
        _xuhuang(maneuvering=False),
        1,
        UseSkill("duanliang", (C("kill@S7"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {
            "skill": "duanliang",
            "cards": ["kill@S7"],
            "as_card": "supply_shortage",
            "why": "maneuvering",
        },
        {
            "en": "Cut Supplies makes a Supply Shortage, a Maneuvering card, and this game is "
            "played without them (the setting jiuchi_duanliang_without_maneuvering=on allows "
            "it).",
            "zh-Hans": "断粮当【兵粮寸断】使用，【兵粮寸断】是军争牌，而本局不用军争牌"
            "（开局时的设置可允许断粮不需军争牌）。",
            "es": "Cortar suministros crea una Escasez de víveres, una carta de Maniobras, y "
            "esta partida se juega sin ellas (el ajuste jiuchi_duanliang_without_maneuvering=on "
            "lo permite).",
        },
    ),
    (
        "duanliang_beyond_distance_2",
        _xuhuang(maneuvering=True, players=7),
        1,
        UseSkill("duanliang", (C("kill@S7"),), (4,)),
        Reason.TOO_FAR,
        {"card": "supply_shortage", "source": 1, "target": 4, "distance": 3, "max_distance": 2},
        {
            "en": "Seat 4 is too far for Supply Shortage: distance 3, at most 2.",
            "zh-Hans": "4号位太远，不能使用【兵粮寸断】：距离3，最多2。",
            "es": "El asiento 4 está demasiado lejos para la Escasez de víveres: distancia 3, "
            "como máximo 2.",
        },
    ),
]


@pytest.mark.parametrize(
    "name, make, seat, action, reason, data, said", CASES, ids=[c[0] for c in CASES]
)
def test_refused_with_its_rule_and_nothing_changes(
    name: str,
    make: Callable[[], Game],
    seat: int,
    action: object,
    reason: Reason,
    data: dict,
    said: dict,
) -> None:
    """The reason and its data, the sentence in en, zh-Hans and es; state and view unchanged."""
    refused_and_said(make(), seat, action, reason, data, said)
