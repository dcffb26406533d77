"""The 风 and 火 packs' bad input (issue #25, "Bad input"): each refusal names its rule
with its numbers in the three languages, and the game state and view are exactly as
before. Real games put in position with the scenario helpers; nothing is mocked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.narration import Narrator
from engine.core.errors import ActionError
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

from .helpers import game_with, prompt_is, set_hand, set_hp, state_snapshot

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
    game = make()
    state, view = state_snapshot(game), game.view()
    with pytest.raises(ActionError) as info:
        game.submit(seat, action)  # type: ignore[arg-type]
    assert (info.value.reason, dict(info.value.data)) == (reason, data)
    assert state_snapshot(game) == state
    assert game.view() == view
    for lang, sentence in said.items():
        assert Narrator(lang).refusal(info.value.to_json(), game.view()) == sentence
