"""Choosing the packs of generals (`Settings.general_packs`, `--generals`; docs/wind-fire.md §1).

A standard game is exactly as before the packs existed; a game names the packs it plays
with, the lord is offered the lords of those packs, and a general of a pack not named is
refused at setup with its reason, nothing changed.
"""

import argparse

import pytest

from companion.game.options import _general_packs, house_settings
from engine.core.errors import IllegalAction, InvalidAction
from engine.sanguosha import ChooseGeneral, Game, Reason, RevealIdentity, Settings, catalogue
from engine.sanguosha.packs import pack_generals, pack_lords
from engine.sanguosha.skills import REGISTRY

STANDARD = tuple(g.id for g in catalogue().generals.values() if g.pack == "standard")


def _table(packs: tuple[str, ...]) -> Game:
    game = Game.new(players=5, mode="table", seed=0, settings=Settings(general_packs=packs))
    game.submit(1, RevealIdentity("lord"))
    return game


def test_default_is_the_standard_pack():
    """No pack named: the 25 standard generals, in the catalogue's order, and the three
    standard lords offered first (so a seeded standard game is as it was)."""
    assert Settings().general_packs == ("standard",)
    assert pack_generals(("standard",)) == STANDARD and len(STANDARD) == 25
    game = Game.new(players=5, mode="digital", seed=1)
    offer = game.pending().options
    assert offer[:3] == ("caocao", "liubei", "sunquan") and set(offer) <= set(STANDARD)
    assert game.view()["general_packs"] == ["standard"]
    table = _table(("standard",))
    listed = {a.general for a in table.legal_actions(1)}
    assert listed == set(STANDARD)


def test_packs_add_their_generals_and_lords():
    """With 风 and 火 the lord is offered 张角 and 袁绍 besides the standard three (once
    their skills are built), and the pool holds the playable generals of the packs."""
    packs = ("standard", "wind", "fire")
    playable = pack_generals(packs)
    assert playable[:25] == STANDARD
    assert all(catalogue().generals[g].pack in packs for g in playable)
    lords = pack_lords(packs)
    assert lords[:3] == ("caocao", "liubei", "sunquan")
    assert lords[3:] == ("zhangjiao", "yuanshao")
    game = Game.new(players=5, mode="digital", seed=1, settings=Settings(general_packs=packs))
    assert game.pending().options[: len(lords)] == lords
    assert game.view()["general_packs"] == list(packs)
    # the order given does not matter: kept in the catalogue's order
    s = Settings(general_packs=("fire", "standard", "wind"))
    s.validate()
    assert s.general_packs == packs and s.to_json()["general_packs"] == list(packs)


def test_general_of_a_pack_not_named_is_refused():
    """At the table, a 风 general scanned in a standard game: refused, naming the general,
    its pack and the game's packs; the state is exactly as before."""
    game = _table(("standard",))
    before = repr(game.view())
    for general in ("xiahouyuan", "zhangjiao", "yuanshao"):
        with pytest.raises(IllegalAction) as info:
            game.submit(1, ChooseGeneral(general))
        assert info.value.reason is Reason.GENERAL_PACK_NOT_CHOSEN
        pack = catalogue().generals[general].pack
        assert info.value.data == {"general": general, "pack": pack, "packs": ["standard"]}
        assert repr(game.view()) == before
    game.submit(1, ChooseGeneral("caocao"))
    assert game.players[0].general == "caocao"


def test_every_general_of_every_pack_has_all_its_skills_built():
    """Every general the data lists plays: each of its skills, lord skills too, has hooks
    (the 57 of the standard set and the four 神话再临 packs)."""
    cat = catalogue()
    missing = {
        g.id: [s for s in g.skills + g.lord_skills if s not in REGISTRY]
        for g in cat.generals.values()
    }
    assert {g: m for g, m in missing.items() if m} == {}
    assert len(pack_generals(tuple(cat.packs))) == 57


@pytest.mark.parametrize(
    ("packs", "reason", "data"),
    [
        (("wind",), Reason.PACKS_NEED_STANDARD, {"packs": ["wind"]}),
        (
            ("standard", "wind", "wind"),
            Reason.PACKS_NEED_STANDARD,
            {"packs": ["standard", "wind", "wind"]},
        ),
        (
            ("standard", "earth"),
            Reason.BAD_SETTINGS,
            {
                "setting": "general_packs",
                "value": "earth",
                "accepted": ["standard", "wind", "fire", "forest", "mountain"],
            },
        ),
    ],
)
def test_bad_packs_refused(packs, reason, data):
    """The standard pack always, each pack once, only known packs."""
    with pytest.raises(InvalidAction) as info:
        Game.new(players=5, mode="digital", seed=1, settings=Settings(general_packs=packs))
    assert info.value.reason is reason and info.value.data == data


def test_generals_flag():
    """`--generals standard,wind,fire` sets the packs; standard alone sets nothing (so a
    standard game's recorded settings are as before); a list without standard is refused."""
    assert _general_packs("standard,wind,fire") == ("standard", "wind", "fire")
    for text in ("wind", "standard,earth"):
        with pytest.raises(argparse.ArgumentTypeError):
            _general_packs(text)
    args = argparse.Namespace(
        nullification_timeout=None,
        four_player_roles=None,
        two_spies=False,
        ex_cards=False,
        no_generals=False,
        generals=("standard", "wind"),
    )
    assert house_settings(args) == {"general_packs": ["standard", "wind"]}
    args.generals = ("standard",)
    assert house_settings(args) == {}
