"""The interaction rows of docs/wind-fire.md §4 (风 and 火 skills with the standard and
军争 cards): a scenario per row through `submit` on real games."""

from engine.sanguosha import Pass, Settings, UseSkill, parse_card
from engine.sanguosha.prompts import PromptKind

from .helpers import conserved, equip, game_with, of, set_hand

C = parse_card
ALL = Settings(general_packs=("standard", "wind", "fire"), maneuvering=True, auto_decline=False)


def _mv(*generals, **kw):
    """A game with the 风 and 火 packs and the 军争 cards."""
    return game_with(*generals, settings=ALL, **kw)


def _pass_until_play(game) -> tuple[list, set[int]]:
    """Every open request passed until seat 1 plays again; the events and who was asked
    for something other than a Nullification."""
    events: list = []
    asked: set[int] = set()
    while (p := game.pending()) is not None and p.kind is not PromptKind.PLAY:
        if p.kind is not PromptKind.NULLIFY:
            asked.add(p.seats[0])
        events += game.submit(p.seats[0], Pass())
    return events, asked


def test_qiangxi_vs_vine_and_silver_lion():
    """docs/wind-fire.md §4, row "强袭 vs Vine / Silver Lion": not a Kill, so Vine is
    irrelevant, and the 1 damage stays 1 under Silver Lion."""
    for armour in ("vine@S2", "silver_lion@CA"):
        game = _mv("dianwei", None, None, None)
        equip(game, 2, armour)
        set_hand(game, 1, "kill@S7")
        events = game.submit(1, UseSkill("qiangxi", (), (2,)))
        assert [(e.target, e.amount) for e in of(events, "damage_dealt")] == [(2, 1)]
        assert game.player(2).hp == game.player(2).max_hp - 1 and conserved(game)


def test_luanji_arrow_barrage_vs_vine():
    """docs/wind-fire.md §4, row "乱击 vs Vine": the Arrow Barrage of 乱击 has no effect on
    a Vine wearer, who is not asked for a Kill and keeps all HP."""
    game = _mv("yuanshao", None, None, None)
    equip(game, 3, "vine@S2")
    set_hand(game, 1, "kill@S7", "kill@S8")
    for seat in (2, 3, 4):
        set_hand(game, seat)
    events = game.submit(1, UseSkill("luanji", (C("kill@S7"), C("kill@S8"))))
    more, asked = _pass_until_play(game)
    hit = sorted(e.target for e in of(events + more, "damage_dealt"))
    assert hit == [2, 4] and 3 not in asked
    assert game.player(3).hp == game.player(3).max_hp and conserved(game)


def test_xueyi_counts_living_qun_only():
    """docs/wind-fire.md §4, row "血裔": only living Qun generals raise the lord's hand
    limit; a Qun player's death lowers it by 2."""
    game = _mv("yuanshao", "lvbu", "caocao", "diaochan")
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 4
    game.player(2).alive = False
    game.reseat()
    assert game.hand_limit(game.player(1)) == game.player(1).hp + 2
