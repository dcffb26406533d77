"""The 山 pack's bad input (issue #26, "Bad input"): an awakening asked for by hand, 急袭
without a field, 挑衅 on a player who cannot reach 姜维, a skill 化身 does not give, 制霸
from another kingdom, 直谏, 固政, 巧变 and 享乐 given what their rule refuses. Each is
refused with its reason and data, the sentence names the rule with its numbers in en,
zh-Hans and es, and the game (its piles and spent skills too) and its view are exactly as
before. Real games put in position with the scenario helpers; nothing is mocked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.sanguosha import (
    ChooseGeneral,
    ChooseOption,
    ChooseTarget,
    Confirm,
    Discard,
    EndPlay,
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

from .helpers import (
    end_turn,
    equip,
    game_with,
    place,
    refused_and_said,
    set_hand,
    set_hp,
    state_snapshot,
    table_game,
)
from .test_mountain_pack import _fields

C = parse_card


def _everything(game: Game) -> tuple:
    """The state snapshot, the piles (fields, 化身 cards) and the spent skills."""
    piles = tuple(
        (p.seat, name, tuple(str(c) for c in pile.items))
        for p in game.players
        for name, pile in sorted(p.piles.items())
    )
    return state_snapshot(game), piles, tuple(tuple(p.spent) for p in game.players)


# --------------------------------------------------------------------------- positions
def _jiangwei_with_a_hand_card() -> Game:
    game = game_with("jiangwei", None, None, None)
    set_hand(game, 1, "kill@S7")
    return game


def _dengai_with_two_fields() -> Game:
    game = game_with("dengai", None, None, None)
    _fields(game, 1, "kill@S9", "dodge@D5")
    return game


def _sunce_at(hp: int) -> Callable[[], Game]:
    def make() -> Game:
        game = game_with("sunce", None, None, None)
        set_hp(game, 1, hp)
        return game

    return make


def _liushan_lord() -> Game:
    return game_with("liushan", None, None, None)


def _jixi(*fields: str) -> Callable[[], Game]:
    """邓艾 after 凿险 (急袭 gained), 贾诩 in seat 2, with these fields."""

    def make() -> Game:
        game = game_with("dengai", "jiaxu", None, None)
        game.gain_skill(game.player(1), "jixi", "zaoxian")
        set_hand(game, 1, "kill@S7")
        set_hand(game, 2, "peach@H3")
        if fields:
            _fields(game, 1, *fields)
        return game

    return make


def _jiangwei() -> Game:
    return game_with("jiangwei", None, None, None)


def _jiangwei_provoked_once() -> Game:
    game = game_with("jiangwei", None, None, None)
    set_hand(game, 1)
    set_hand(game, 2, "kill@S7", "dodge@D2")
    game.submit(1, UseSkill("tiaoxin", (), (2,)))
    game.submit(2, Respond(C("kill@S7")))
    return game


def _zuoci_drawn() -> Game:
    """At the table, 左慈 (seat 1) has scanned 贾诩 and 刘禅 as his 化身 cards."""
    settings = Settings(general_packs=("standard", "forest", "mountain"), huashen_draw="physical")
    game = table_game("zuoci", "machao", "zhaoyun", settings=settings)
    game.submit(1, ChooseGeneral("jiaxu"))
    game.submit(1, ChooseGeneral("liushan"))
    return game


def _zuoci_shows(general: str) -> Callable[[], Game]:
    def make() -> Game:
        game = _zuoci_drawn()
        game.submit(1, ChooseOption(general))
        return game

    return make


def _zhiba(general: str) -> Callable[[], Game]:
    """孙策 the lord; seat 2 (`general`) in his play phase."""

    def make() -> Game:
        game = game_with("sunce", general, None, None)
        end_turn(game)
        set_hand(game, 1, "dodge@HK")
        set_hand(game, 2, "kill@S7", "kill@S8")
        return game

    return make


def _sunce_in_his_play_phase() -> Game:
    game = game_with("sunce", "lvmeng", None, None)
    set_hand(game, 1, "dodge@HK")
    return game


def _zhiba_used() -> Game:
    game = _zhiba("lvmeng")()
    game.submit(2, UseSkill("zhiba", (), (1,)))
    game.submit(2, RevealCard(C("kill@S7")))
    game.submit(1, RevealCard(C("dodge@HK")))
    game.submit(1, Confirm(True))
    return game


def _zhangzhao() -> Game:
    game = game_with("zhangzhaozhanghong", None, None, None, maneuvering=True)
    set_hand(game, 1, "chitu@H5", "kill@S7", "zixing@DK")
    equip(game, 2, "dayuan@SK")
    return game


def _guzheng() -> Game:
    """The lord discards Kill ♠7, Dodge ♦2 and Duel ♠A; 张昭张纮 (seat 2) says OK to 固政."""
    game = game_with(None, "zhangzhaozhanghong", None, None)
    set_hand(game, 1, "kill@S7", "kill@S8", "dodge@D2", "peach@H3", "duel@SA")
    set_hp(game, 1, 2)
    game.submit(1, EndPlay())
    game.submit(1, Discard((C("kill@S7"), C("dodge@D2"), C("duel@SA"))))
    game.submit(2, Confirm(True))
    return game


def _qiaobian_horse() -> Game:
    game = game_with("caocao", "zhanghe", None, None)
    equip(game, 3, "chitu@H5")
    equip(game, 1, "zixing@DK")
    return _qiaobian_from(game, "chitu@H5")


def _qiaobian_indulgence() -> Game:
    game = game_with(None, "zhanghe", None, "luxun", players=5)
    place(game, 3, "indulgence@H6")
    place(game, 5, "indulgence@S6")
    return _qiaobian_from(game, "indulgence@H6")


def _qiaobian_from(game: Game, card: str) -> Game:
    """张郃 (seat 2) skips his play phase and picks `card` of seat 3 to move."""
    set_hand(game, 2, "kill@S7", "dodge@D2", "dodge@D3")
    end_turn(game)
    for _ in range(2):  # not the judgment nor the draw phase
        game.submit(2, Confirm(False))
    game.submit(2, Discard((C("kill@S7"),)))
    game.submit(2, ChooseTarget(3))
    game.submit(2, PickCard(C(card)))
    return game


def _xiangle() -> Game:
    """Seat 1's Kill on 刘禅: 享乐 asks seat 1 for a basic card."""
    game = game_with(None, "liushan", None, None)
    set_hand(game, 1, "kill@S7", "peach@H3", "chitu@H5")
    set_hand(game, 2, "dodge@D2")
    game.submit(1, PlayCard(C("kill@S7"), (2,)))
    return game


CASES = [
    (
        "zhiji_with_a_hand_card_by_hand",
        _jiangwei_with_a_hand_card,
        1,
        UseSkill("zhiji"),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "zhiji", "seat": 1, "how": "awakening"},
        {
            "en": "Carry On is an awakening skill, never started by hand: it awakens by itself at the start of Jiang Wei (seat 1)'s preparation phase if they have no hand cards.",
            "zh-Hans": "志继是觉醒技，不能主动发动：1号位姜维的准备阶段开始时，若其没有手牌，自动觉醒。",
            "es": "Continuar el legado es una habilidad de despertar y nunca se activa a mano: despierta sola al comienzo de la fase de preparación de Jiang Wei (asiento 1) si no tiene cartas en la mano.",
        },
    ),
    (
        "zaoxian_with_2_fields_by_hand",
        _dengai_with_two_fields,
        1,
        UseSkill("zaoxian"),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "zaoxian", "seat": 1, "how": "awakening"},
        {
            "en": "Break Through is an awakening skill, never started by hand: it awakens by itself at the start of Deng Ai (seat 1)'s preparation phase if they have 3 or more fields.",
            "zh-Hans": "凿险是觉醒技，不能主动发动：1号位邓艾的准备阶段开始时，若其武将牌上的“田”不少于3张，自动觉醒。",
            "es": "Abrir camino es una habilidad de despertar y nunca se activa a mano: despierta sola al comienzo de la fase de preparación de Deng Ai (asiento 1) si tiene 3 campos o más.",
        },
    ),
    (
        "hunzi_above_1_health_by_hand",
        _sunce_at(2),
        1,
        UseSkill("hunzi"),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "hunzi", "seat": 1, "how": "awakening"},
        {
            "en": "Soul Splendour is an awakening skill, never started by hand: it awakens by itself at the start of Sun Ce (seat 1)'s preparation phase if they have exactly 1 health.",
            "zh-Hans": "魂姿是觉醒技，不能主动发动：1号位孙策的准备阶段开始时，若其体力值为1，自动觉醒。",
            "es": "Alma gallarda es una habilidad de despertar y nunca se activa a mano: despierta sola al comienzo de la fase de preparación de Sun Ce (asiento 1) si tiene exactamente 1 de vida.",
        },
    ),
    (
        "ruoyu_by_hand",
        _liushan_lord,
        1,
        UseSkill("ruoyu"),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "ruoyu", "seat": 1, "how": "awakening"},
        {
            "en": "Feign Foolishness is an awakening lord skill, never started by hand: it awakens by itself at the start of Liu Shan (seat 1)'s preparation phase if they are the lord and no living player has less health than them.",
            "zh-Hans": "若愚是主公技、觉醒技，不能主动发动：1号位刘禅的准备阶段开始时，若其为主公且体力值为全场最少（或之一），自动觉醒。",
            "es": "Fingir necedad es una habilidad de despertar del señor y nunca se activa a mano: despierta sola al comienzo de la fase de preparación de Liu Shan (asiento 1) si es el señor y ningún jugador vivo tiene menos vida.",
        },
    ),
    (
        "jixi_without_a_field",
        _jixi(),
        1,
        UseSkill("jixi", (C("kill@S7"),), (2,)),
        Reason.TOO_FEW_CARDS,
        {"skill": "jixi", "seat": 1, "needed": 1, "have": 0, "zone": "tuntian"},
        {
            "en": "Sudden Strike uses one field as a Snatch: Deng Ai (seat 1) has 0 fields and needs 1.",
            "zh-Hans": "急袭须将一张“田”当【顺手牵羊】使用：1号位邓艾有0张“田”，需要1张。",
            "es": "Ataque súbito usa un campo como Hurto: Deng Ai (asiento 1) tiene 0 campos y necesita 1.",
        },
    ),
    (
        "jixi_with_a_card_not_a_field",
        _jixi("kill@S9"),
        1,
        UseSkill("jixi", (C("kill@S7"),), (2,)),
        Reason.CARD_NOT_THERE,
        {"card": "kill@S7", "seat": 1, "zone": "tuntian"},
        {
            "en": "Kill ♠7 is not among the fields of Deng Ai (seat 1): scan one of the cards lying on that general.",
            "zh-Hans": "【杀】♠7不是1号位邓艾的“田”：请扫描其武将牌上的一张牌。",
            "es": "El Ataque ♠7 no es uno de los campos de Deng Ai (asiento 1): escanea una carta puesta sobre su general.",
        },
    ),
    (
        "jixi_black_field_on_jiaxu",
        _jixi("kill@S9"),
        1,
        UseSkill("jixi", (C("kill@S9"),), (2,)),
        Reason.TARGET_PROHIBITED,
        {"card": "snatch", "target": 2, "skill": "weimu"},
        {
            "en": "Jia Xu (seat 2) cannot be targeted by Snatch (Curtain).",
            "zh-Hans": "2号位贾诩不能成为【顺手牵羊】的目标（帷幕）。",
            "es": "Jia Xu (asiento 2) no puede ser objetivo del Hurto (Cortina).",
        },
    ),
    (
        "tiaoxin_on_a_player_who_cannot_reach_him",
        _jiangwei,
        1,
        UseSkill("tiaoxin", (), (3,)),
        Reason.OUT_OF_RANGE,
        {"card": "tiaoxin", "source": 3, "target": 1, "distance": 2, "attack_range": 1},
        {
            "en": "Provoke needs a player whose attack range includes Jiang Wei (seat 1): seat 3 is at distance 2, with an attack range of 1.",
            "zh-Hans": "挑衅须指定攻击范围内含有1号位姜维的角色：3号位与1号位姜维的距离为2，其攻击范围为1。",
            "es": "Provocar necesita a un jugador cuyo alcance de ataque llegue a Jiang Wei (asiento 1): el asiento 3 está a distancia 2 y su alcance de ataque es 1.",
        },
    ),
    (
        "tiaoxin_a_second_time",
        _jiangwei_provoked_once,
        1,
        UseSkill("tiaoxin", (), (2,)),
        Reason.ONCE_PER_PHASE,
        {"skill": "tiaoxin", "seat": 1},
        {
            "en": "Provoke is once per play phase: Jiang Wei (seat 1) has already used it.",
            "zh-Hans": "挑衅每个出牌阶段限一次：1号位姜维本阶段已发动过。",
            "es": "Provocar se usa una vez por fase de juego: Jiang Wei (asiento 1) ya la ha usado.",
        },
    ),
    (
        "huashen_a_general_not_his",
        _zuoci_drawn,
        1,
        ChooseOption("caocao"),
        Reason.HUASHEN_NOT_YOURS,
        {"general": "caocao", "count": 2},
        {
            "en": "Cao Cao is not among your Incarnation cards (you have 2).",
            "zh-Hans": "曹操不在你的化身牌中（你有2张化身牌）。",
            "es": "Cao Cao no está entre tus cartas de Encarnación (tienes 2).",
        },
    ),
    (
        "huashen_a_limited_skill",
        _zuoci_shows("jiaxu"),
        1,
        ChooseOption("luanwu"),
        Reason.HUASHEN_SKILL_NOT_GIVEN,
        {"skill": "luanwu", "general": "jiaxu", "why": "limited", "skills": ["wansha", "weimu"]},
        {
            "en": "Incarnation does not give Chaos, a limited skill of Jia Xu: the skills it gives from Jia Xu are Unmitigated Murder and Curtain.",
            "zh-Hans": "化身不能获得乱武：它是贾诩的限定技；从贾诩可获得的技能为完杀和帷幕。",
            "es": "Encarnación no da Caos, una habilidad limitada de Jia Xu: las habilidades que da de Jia Xu son Asesinato implacable y Cortina.",
        },
    ),
    (
        "huashen_a_skill_not_of_the_shown_general",
        _zuoci_shows("jiaxu"),
        1,
        ChooseOption("rende"),
        Reason.HUASHEN_SKILL_NOT_GIVEN,
        {
            "skill": "rende",
            "general": "jiaxu",
            "why": "not_its_skill",
            "skills": ["wansha", "weimu"],
        },
        {
            "en": "Incarnation does not give Benevolence: it is not a skill of Jia Xu, and the skills it gives from Jia Xu are Unmitigated Murder and Curtain.",
            "zh-Hans": "化身不能获得仁德：它不是贾诩的技能；从贾诩可获得的技能为完杀和帷幕。",
            "es": "Encarnación no da Benevolencia: no es una habilidad de Jia Xu, y las habilidades que da de Jia Xu son Asesinato implacable y Cortina.",
        },
    ),
    (
        "huashen_a_lord_skill",
        _zuoci_shows("liushan"),
        1,
        ChooseOption("ruoyu"),
        Reason.HUASHEN_SKILL_NOT_GIVEN,
        {"skill": "ruoyu", "general": "liushan", "why": "lord", "skills": ["xiangle", "fangquan"]},
        {
            "en": "Incarnation does not give Feign Foolishness, a lord skill of Liu Shan: the skills it gives from Liu Shan are Enjoy Pleasures and Delegate Power.",
            "zh-Hans": "化身不能获得若愚：它是刘禅的主公技；从刘禅可获得的技能为享乐和放权。",
            "es": "Encarnación no da Fingir necedad, una habilidad de señor de Liu Shan: las habilidades que da de Liu Shan son Disfrutar y Delegar el poder.",
        },
    ),
    (
        "zhiba_by_sunce_himself",
        _sunce_in_his_play_phase,
        1,
        UseSkill("zhiba"),
        Reason.SKILL_NOT_AVAILABLE,
        {"skill": "zhiba", "seat": 1, "how": "lent"},
        {
            "en": "Hegemony is for the other Wu characters to use: each may compare points with "
            "Sun Ce (seat 1) once in their own play phase; Sun Ce (seat 1) cannot start it.",
            "zh-Hans": "制霸由其他吴势力角色在各自的出牌阶段发动，与1号位孙策拼点，每阶段限一次；"
            "1号位孙策自己不能发动。",
            "es": "Hegemonía la usan los demás personajes de Wu: cada uno puede comparar puntos "
            "con Sun Ce (asiento 1) una vez en su propia fase de juego; Sun Ce (asiento 1) no "
            "puede activarla.",
        },
    ),
    (
        "zhiba_from_another_kingdom",
        _zhiba("lvbu"),
        2,
        UseSkill("zhiba"),
        Reason.WRONG_KINGDOM,
        {"skill": "zhiba", "seat": 2, "kingdom": "qun", "needed": "wu"},
        {
            "en": "Hegemony is only for the other Wu characters: Lü Bu (seat 2) is Qun.",
            "zh-Hans": "只有其他吴势力角色才能发动制霸：2号位吕布是群势力。",
            "es": "Hegemonía es solo para los demás personajes de Wu: Lü Bu (asiento 2) es de Qun.",
        },
    ),
    (
        "zhiba_a_second_time",
        _zhiba_used,
        2,
        UseSkill("zhiba"),
        Reason.ONCE_PER_PHASE,
        {"skill": "zhiba", "seat": 2},
        {
            "en": "Hegemony is once per play phase: Lü Meng (seat 2) has already used it.",
            "zh-Hans": "制霸每个出牌阶段限一次：2号位吕蒙本阶段已发动过。",
            "es": "Hegemonía se usa una vez por fase de juego: Lü Meng (asiento 2) ya la ha usado.",
        },
    ),
    (
        "zhijian_not_an_equipment_card",
        _zhangzhao,
        1,
        UseSkill("zhijian", (C("kill@S7"),), (2,)),
        Reason.WRONG_KIND_OF_CARD,
        {"card": "kill@S7", "skill": "zhijian", "need": "equipment"},
        {
            "en": "Frank Counsel needs an equipment card; Kill ♠7 is not one.",
            "zh-Hans": "直谏需要一张装备牌；【杀】♠7不是。",
            "es": "Consejo franco necesita una carta de equipo; el Ataque ♠7 no lo es.",
        },
    ),
    (
        "zhijian_into_an_occupied_slot",
        _zhangzhao,
        1,
        UseSkill("zhijian", (C("zixing@DK"),), (2,)),
        Reason.SLOT_OCCUPIED,
        {"card": "zixing@DK", "seat": 2, "held": "dayuan@SK", "skill": "zhijian"},
        {
            "en": "Seat 2's equipment already holds Dayuan ♠K where Zixing ♦K would go: Frank Counsel puts equipment only into an empty slot.",
            "zh-Hans": "2号位的装备区已有【大宛】♠K，【紫骍】♦K无法置入：直谏只能将装备牌置入空置的装备栏。",
            "es": "El equipo del asiento 2 ya tiene Dayuan ♠K donde iría Zixing ♦K: Consejo franco solo pone equipo en una casilla vacía.",
        },
    ),
    (
        "zhijian_on_himself",
        _zhangzhao,
        1,
        UseSkill("zhijian", (C("chitu@H5"),), (1,)),
        Reason.CANNOT_TARGET_SELF,
        {"card": "zhijian"},
        {
            "en": "Frank Counsel cannot target its user.",
            "zh-Hans": "直谏不能以自己为目标。",
            "es": "Nadie puede usar Consejo franco sobre sí mismo.",
        },
    ),
    (
        "guzheng_a_card_not_discarded_in_that_phase",
        _guzheng,
        2,
        PickCard(C("peach@H3")),
        Reason.NOT_OFFERED,
        {"choice": "peach@H3", "options": ["kill@S7", "dodge@D2", "duel@SA"]},
        {
            "en": "Peach ♥3 is not one of the choices: Kill ♠7, Dodge ♦2 or Duel ♠A.",
            "zh-Hans": "【桃】♥3不在可选项中：【杀】♠7、【闪】♦2或【决斗】♠A。",
            "es": "Melocotón ♥3 no es una de las opciones: Ataque ♠7, Esquiva ♦2 o Duelo ♠A.",
        },
    ),
    (
        "qiaobian_onto_an_occupied_slot",
        _qiaobian_horse,
        2,
        ChooseTarget(1),
        Reason.SLOT_OCCUPIED,
        {"card": "chitu@H5", "seat": 1, "held": "zixing@DK"},
        {
            "en": "Cao Cao (seat 1)'s equipment already holds Zixing ♦K where Red Hare ♥5 would go: a card moved on the board replaces nothing.",
            "zh-Hans": "1号位曹操的装备区已有【紫骍】♦K，【赤兔】♥5无法移入：移动的牌不能替换原有的牌。",
            "es": "El equipo de Cao Cao (asiento 1) ya tiene Zixing ♦K donde iría Liebre Roja ♥5: una carta movida no reemplaza a ninguna.",
        },
    ),
    (
        "qiaobian_indulgence_onto_luxun",
        _qiaobian_indulgence,
        2,
        ChooseTarget(4),
        Reason.TARGET_PROHIBITED,
        {"card": "indulgence", "target": 4, "skill": "qianxun"},
        {
            "en": "Lu Xun (seat 4) cannot be targeted by Indulgence (Humility).",
            "zh-Hans": "4号位陆逊不能成为【乐不思蜀】的目标（谦逊）。",
            "es": "Lu Xun (asiento 4) no puede ser objetivo de los Placeres de Shu (Humildad).",
        },
    ),
    (
        "qiaobian_indulgence_onto_one_already_there",
        _qiaobian_indulgence,
        2,
        ChooseTarget(5),
        Reason.ALREADY_IN_AREA,
        {"card": "indulgence", "target": 5},
        {
            "en": "Seat 5's judgment area already holds Indulgence: no two delayed tricks of the same name.",
            "zh-Hans": "5号位的判定区已经有【乐不思蜀】：判定区内不能有两张同名的延时锦囊。",
            "es": "La zona de juicio del asiento 5 ya tiene unos Placeres de Shu: no caben dos trucos retardados con el mismo nombre.",
        },
    ),
    (
        "xiangle_a_card_not_basic",
        _xiangle,
        1,
        Discard((C("chitu@H5"),)),
        Reason.WRONG_KIND_OF_CARD,
        {"card": "chitu@H5", "skill": "xiangle", "need": "basic"},
        {
            "en": "Enjoy Pleasures needs a basic card; Red Hare ♥5 is not one.",
            "zh-Hans": "享乐需要一张基本牌；【赤兔】♥5不是。",
            "es": "Disfrutar necesita una carta básica; Liebre Roja ♥5 no lo es.",
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
    """The reason and its data, the sentence in en, zh-Hans and es; the state (piles and
    spent skills too) and the view unchanged."""
    refused_and_said(make(), seat, action, reason, data, said, _everything)
