"""The 风 and 火 packs' bad input (issue #25, "Bad input"): each refusal names its rule
with its numbers in the three languages, and the game state and view are exactly as
before. Real games put in position with the scenario helpers; nothing is mocked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.sanguosha import (
    ChooseGeneral,
    Game,
    PlayCard,
    Reason,
    Respond,
    RevealIdentity,
    UseSkill,
    parse_card,
)
from engine.sanguosha.prompts import PromptKind

from .helpers import game_with, prompt_is, refused_and_said, set_hand, set_hp

C = parse_card


def _dianwei() -> Game:
    """Dian Wei (seat 1) in his play phase, a weapon and a Kill in hand."""
    game = game_with("dianwei", None, None, None)
    set_hand(game, 1, "qinggang_sword@S6", "kill@S7")
    return game


def _qiangxi_used() -> Game:
    game = _dianwei()
    game.submit(1, UseSkill("qiangxi", (), (2,)))
    return game


def _fire_not_named() -> Game:
    """A table game with the standard generals only, at seat 1's general scan."""
    game = Game.new(players=4, mode="table", seed=0)
    game.submit(1, RevealIdentity("lord"))
    return game


def _niepan_spent() -> Game:
    """庞统 (seat 2, 涅槃 already used) dying at 0 health, asked for a Peach."""
    game = game_with(None, "pangtong", None, None)
    game.player(2).spent.append("niepan")
    set_hp(game, 2, 1)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "kill@S8")  # neither Dodge nor Peach, but a hand card: he is asked
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    game.submit(2, Respond(None))
    # the lord, now empty-handed, is not asked for a Peach
    assert prompt_is(game, PromptKind.RESPOND, 2).need == "peach"
    return game


def _yuanshao() -> Game:
    game = game_with("yuanshao", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@H2")
    return game


def _wolong(maneuvering: bool) -> Callable[[], Game]:
    def make() -> Game:
        game = game_with("wolong", None, None, None, maneuvering=maneuvering)
        set_hand(game, 1, "kill@S7", "dodge@H2")
        return game

    return make


def _yanliang_wenchou() -> Game:
    """颜良文丑 in a play phase whose draw phase drew as usual: no 双雄 judgment."""
    game = game_with("yanliangwenchou", None, None, None)
    set_hand(game, 1, "kill@S7", "dodge@H2")
    return game


def _taishici_asked() -> Game:
    """太史慈 (seat 2), in seat 1's play phase, asked for a Dodge."""
    game = game_with(None, "taishici", None, None)
    set_hand(game, 1, "kill@S7")
    set_hand(game, 2, "peach@H3", "kill@C2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    return game


CASES: list[tuple[str, Callable[[], Game], int, object, Reason, dict, dict]] = [
    (
        "niepan_second_time",
        _niepan_spent,
        2,
        UseSkill("niepan"),
        Reason.SKILL_SPENT,
        {"skill": "niepan", "seat": 2},
        {
            "en": "Nirvana is once per game: Pang Tong (seat 2) has already used it.",
            "zh-Hans": "涅槃每局游戏限一次：2号位庞统已经发动过。",
            "es": "Renacer se usa una vez por partida: Pang Tong (asiento 2) ya la ha usado.",
        },
    ),
    (
        "qiangxi_twice",
        _qiangxi_used,
        1,
        UseSkill("qiangxi", (C("qinggang_sword@S6"),), (2,)),
        Reason.ONCE_PER_PHASE,
        {"skill": "qiangxi", "seat": 1},
        {
            "en": "Assault is once per play phase: Dian Wei (seat 1) has already used it.",
            "zh-Hans": "强袭每个出牌阶段限一次：1号位典韦本阶段已发动过。",
            "es": "Asalto se usa una vez por fase de juego: Dian Wei (asiento 1) ya la ha usado.",
        },
    ),
    (
        "qiangxi_not_a_weapon",
        _dianwei,
        1,
        UseSkill("qiangxi", (C("kill@S7"),), (2,)),
        Reason.NOT_A_WEAPON,
        {"card": "kill@S7", "skill": "qiangxi"},
        {
            "en": "Assault discards a weapon card; Kill ♠7 is not one.",
            "zh-Hans": "强袭需弃置一张武器牌；【杀】♠7不是武器牌。",
            "es": "Asalto descarta una carta de arma; el Ataque ♠7 no lo es.",
        },
    ),
    (
        "pack_not_named",
        _fire_not_named,
        1,
        ChooseGeneral("dianwei"),
        Reason.GENERAL_PACK_NOT_CHOSEN,
        {"general": "dianwei", "pack": "fire", "packs": ["standard"]},
        {
            "en": "Dian Wei is in the Fire (火) pack, which this game does not play with; it "
            "plays with the standard generals (start it with --generals to add a pack).",
            "zh-Hans": "典韦属于火扩展包，本局未使用该扩展包；本局使用：标准版（开局时用 "
            "--generals 加入扩展包）。",
            "es": "Dian Wei es del pack Fuego (火), que esta partida no usa; se juega con los "
            "generales estándar (empieza la partida con --generals para añadir un pack).",
        },
    ),
    (
        "luanji_mixed_suits",
        _yuanshao,
        1,
        UseSkill("luanji", (C("kill@S7"), C("dodge@H2"))),
        Reason.NOT_CONVERTIBLE,
        {"skill": "luanji", "cards": ["kill@S7", "dodge@H2"], "as_card": "arrow_barrage"},
        {
            "en": "Chaotic Volley uses two hand cards of the same suit as an Arrow Barrage, "
            "not Kill ♠7 and Dodge ♥2.",
            "zh-Hans": "乱击：可将两张花色相同的手牌当【万箭齐发】使用，【杀】♠7和【闪】♥2不行。",
            "es": "Andanada caótica usa dos cartas de la mano del mismo palo como Lluvia de "
            "flechas, no el Ataque ♠7 y la Esquiva ♥2.",
        },
    ),
    (
        "huoji_black_card",
        _wolong(maneuvering=True),
        1,
        UseSkill("huoji", (C("kill@S7"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "huoji", "cards": ["kill@S7"], "as_card": "fire_attack"},
        {
            "en": "Fire Stratagem uses one red hand card as a Fire Attack, not Kill ♠7.",
            "zh-Hans": "火计：可将一张红色手牌当【火攻】使用，【杀】♠7不行。",
            "es": "Estratagema de fuego usa una carta roja de la mano como Incendio, no el "
            "Ataque ♠7.",
        },
    ),
    (
        "huoji_without_the_maneuvering_cards",
        _wolong(maneuvering=False),
        1,
        UseSkill("huoji", (C("dodge@H2"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "huoji", "cards": ["dodge@H2"], "as_card": "fire_attack", "why": "maneuvering"},
        {
            "en": "Fire Stratagem makes a Fire Attack, a Maneuvering card, and this game "
            "is played without them (the setting huoji_without_maneuvering=on allows it).",
            "zh-Hans": "火计当【火攻】使用，【火攻】是军争牌，而本局不用军争牌"
            "（开局时的设置可允许火计不需军争牌）。",
            "es": "Estratagema de fuego crea un Incendio, una carta de Maniobras, y esta "
            "partida se juega sin ellas (el ajuste huoji_without_maneuvering=on lo permite).",
        },
    ),
    (
        "shuangxiong_not_chosen_this_turn",
        _yanliang_wenchou,
        1,
        UseSkill("shuangxiong", (C("kill@S7"),), (2,)),
        Reason.NOT_CONVERTIBLE,
        {"skill": "shuangxiong", "cards": ["kill@S7"], "as_card": "duel", "why": "not_judged"},
        {
            "en": "Twin Heroes makes a Duel only in a turn when its owner judged instead of "
            "drawing, and there was no such judgment this turn.",
            "zh-Hans": "双雄：须在本回合摸牌阶段放弃摸牌并进行判定，才能将手牌当【决斗】使用；"
            "本回合没有进行该判定。",
            "es": "Dos héroes crea un Duelo solo en un turno en que su dueño hizo un juicio en "
            "lugar de robar, y en este turno no lo hubo.",
        },
    ),
    (
        "tianyi_out_of_the_play_phase",
        _taishici_asked,
        2,
        UseSkill("tianyi", (), (1,)),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "tianyi", "seat": 2, "how": "own_play_phase"},
        {
            "en": "Taishi Ci (seat 2) can use Heavenly Righteousness only in their own play phase.",
            "zh-Hans": "2号位太史慈只能在自己的出牌阶段发动天义。",
            "es": "Taishi Ci (asiento 2) solo puede usar Justicia celestial en su propia fase de "
            "juego.",
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
