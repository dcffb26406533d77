"""The catalogue data files: the 104 + 4 cards, 25 generals, 40 skills, identities, role tables."""

import json
from collections import Counter
from importlib import resources

import pytest

from engine.core.cards import Rank, Suit
from engine.core.errors import InvalidAction
from engine.sanguosha.catalogue import (
    CatalogueError,
    _load_cards,
    _load_generals,
    _load_roles,
    _load_skills,
    catalogue,
    format_card,
    parse_card,
    role_counts,
)
from engine.sanguosha.reasons import Reason


def _data(file):
    return json.loads(resources.files("engine.sanguosha.data").joinpath(file).read_text("utf-8"))


def test_deck_composition_matches_reference():
    """The deck holds 53 basic, 34 trick and 17 equipment cards (docs/sanguosha.md 1a)."""
    deck = catalogue().deck
    types = Counter(card.type for card in deck)
    assert types == {"basic": 53, "trick": 34, "equipment": 17}
    names = Counter(card.name for card in deck)
    assert (names["kill"], names["dodge"], names["peach"]) == (30, 15, 8)
    assert names["nullification"] == 3 and names["lightning"] == 1


def test_every_suit_rank_pair_occurs_twice():
    """Each of the 52 suit+rank pairs occurs exactly twice, 26 cards per suit (1a)."""
    pairs = Counter((card.suit, card.rank) for card in catalogue().deck)
    assert len(pairs) == 52 and set(pairs.values()) == {2}
    assert Counter(card.suit for card in catalogue().deck) == {s: 26 for s in Suit}


def test_ex_cards():
    """The EX pack adds Ice Sword, Renwang Shield, a second Lightning and a fourth Nullification."""
    ex = {format_card(c) for c in catalogue().ex_deck}
    assert ex == {"ice_sword@S2", "renwang_shield@C2", "lightning@HQ", "nullification@DQ"}


def test_weapon_ranges():
    """Weapon ranges follow section 1e (Crossbow 1 ... Kylin Bow 5) and docs/maneuvering.md 1."""
    cards = catalogue().cards
    ranges = {n: s.range for n, s in cards.items() if s.subtype == "weapon"}
    assert ranges == {
        "zhuge_crossbow": 1,
        "qinggang_sword": 2,
        "twin_swords": 2,
        "green_dragon_blade": 3,
        "serpent_spear": 3,
        "stone_axe": 3,
        "sky_halberd": 4,
        "kylin_bow": 5,
        "ice_sword": 2,
        "guding_blade": 2,
        "zhuque_fan": 4,
    }


def test_card_text_round_trips_for_every_card():
    """format_card and parse_card round-trip, and repr rebuilds the value, for all 108 cards."""
    for card in catalogue().deck + catalogue().ex_deck:
        assert parse_card(format_card(card)) is card
        assert eval(repr(card), {"parse_card": parse_card}) is card


def test_parse_card_accepts_pinyin_and_holds_no_names():
    """The engine reads ids and their pinyin, with suit symbols; the names people read
    (杀, Kill, Ataque) are the companion's glossaries, which its card codes accept."""
    with pytest.raises(InvalidAction):
        parse_card("过河拆桥♥Q")
    assert parse_card("guohe chaiqiao@HQ") is parse_card("dismantle@HQ")
    assert parse_card("wuxiekeji ♣K") is parse_card("nullification@CK")
    assert parse_card("kill@S7").suit is Suit.SPADE and parse_card("kill@S7").rank is Rank.SEVEN


@pytest.mark.parametrize("text", ["kill@HA", "sword@S2", "kill", "kill@S1", "", "@S7"])
def test_parse_card_refuses_unknown_cards(text):
    """A text that names no real card is an InvalidAction with reason unknown_card."""
    with pytest.raises(InvalidAction) as info:
        parse_card(text)
    assert info.value.reason is Reason.UNKNOWN_CARD


def test_generals():
    """25 standard generals: Wei 7, Shu 7, Wu 8, Qun 3; the three lords carry one lord skill
    each (1b). The 风 and 火 packs add 8 each (docs/wind-fire.md §1), their lords 张角 and 袁绍; the
    林 and 山 packs 8 more each (docs/forest-mountain.md §3, §4)."""
    cat = catalogue()
    gens = {g.id: g for g in cat.generals.values() if g.pack == "standard"}
    assert len(gens) == 25
    assert Counter(g.kingdom for g in gens.values()) == {"wei": 7, "shu": 7, "wu": 8, "qun": 3}
    lords = {g.id: g.lord_skills for g in gens.values() if g.lord_skills}
    assert lords == {"caocao": ("hujia",), "liubei": ("jijiang",), "sunquan": ("jiuyuan",)}
    assert gens["zhugeliang"].max_hp == 3 and gens["zhenji"].gender == "female"
    skills = [s for g in gens.values() for s in g.skills + g.lord_skills]
    assert len(skills) == 40
    first = ("standard", "wind", "fire")  # the 林 and 山 packs: their own tests
    packs = Counter(g.pack for g in cat.generals.values())
    assert {p: packs[p] for p in first} == {"standard": 25, "wind": 8, "fire": 8}
    assert cat.packs["wind"].lords == ("zhangjiao",) and cat.packs["fire"].lords == ("yuanshao",)
    assert cat.packs["standard"].lords == cat.lord_candidates == ("caocao", "liubei", "sunquan")
    every = {s for g in cat.generals.values() if g.pack in first for s in g.skills + g.lord_skills}
    assert len(every) == 40 + 24 and every <= set(cat.skills)  # 马术 is in both packs
    later = {s for g in cat.generals.values() if g.pack not in first for s in g.skills}
    later |= {s for g in cat.generals.values() if g.pack not in first for s in g.lord_skills}
    # the rest are the 3v3 versions' (docs/modes.md §4.3; 神戟 comes with 战神)
    rest = set(cat.skills) - every - later - {"jixi"}  # 急袭 comes with 凿险
    assert rest == {"ganglie_3v3", "zhongyi", "jiuzhu", "zhanshen", "shenji"}
    new = {g.id: g for g in cat.generals.values() if g.pack in first[1:]}
    assert new["xiaoqiao"].gender == "female" and new["yuanshao"].lord_skills == ("xueyi",)
    assert sum(g.max_hp for g in new.values()) == 4 * 10 + 3 * 6
    forest = {g.id: g for g in cat.generals.values() if g.pack == "forest"}
    assert forest["dongzhuo"].max_hp == 8 and forest["zhurong"].gender == "female"
    assert forest["caopi"].lord_skills == ("songwei",) and forest["dongzhuo"].lord_skills == (
        "baonue",
    )
    assert sum(g.max_hp for g in forest.values()) == 8 + 4 * 4 + 3 * 3
    assert cat.packs["forest"].lords == ("caopi",)


def test_mountain_generals():
    """The 山 pack's 8 generals (docs/forest-mountain.md §4.1): kingdoms, genders, HP and
    skills as printed; 蔡文姬 a woman; 刘禅 and 孙策 carry a lord skill each."""
    cat = catalogue()
    gens = {g.id: g for g in cat.generals.values() if g.pack == "mountain"}
    assert list(gens) == [
        "zhanghe", "dengai", "jiangwei", "liushan", "sunce", "zhangzhaozhanghong", "zuoci",
        "caiwenji",
    ]  # fmt: skip
    kingdoms = Counter(g.kingdom for g in gens.values())
    assert kingdoms == {"wei": 2, "shu": 2, "wu": 2, "qun": 2}
    assert [g.id for g in gens.values() if g.gender == "female"] == ["caiwenji"]
    assert {g.id: g.max_hp for g in gens.values() if g.max_hp != 4} == {
        "liushan": 3,
        "zhangzhaozhanghong": 3,
        "zuoci": 3,
        "caiwenji": 3,
    }
    lords = {g.id: g.lord_skills for g in gens.values() if g.lord_skills}
    assert lords == {"liushan": ("ruoyu",), "sunce": ("zhiba",)}
    skills = {s for g in gens.values() for s in g.skills + g.lord_skills}
    assert len(skills) == 17 and skills <= set(cat.skills) and "jixi" in cat.skills
    awakening = {s for s in skills if "awakening" in cat.skills[s].tags}
    assert awakening == {"zaoxian", "zhiji", "ruoyu", "hunzi"}


def test_role_tables():
    """Role tables for 2-10 players with the 4-player and two-spy variants (1c)."""
    assert role_counts(2) == {"lord": 1, "loyalist": 0, "rebel": 1, "spy": 0}
    assert role_counts(4) == {"lord": 1, "loyalist": 1, "rebel": 1, "spy": 1}
    assert role_counts(4, "1021") == {"lord": 1, "loyalist": 0, "rebel": 2, "spy": 1}
    assert role_counts(10) == {"lord": 1, "loyalist": 3, "rebel": 5, "spy": 1}
    assert role_counts(10, two_spies=True) == {"lord": 1, "loyalist": 3, "rebel": 4, "spy": 2}
    assert role_counts(7, two_spies=True) == role_counts(7)
    for n in range(2, 11):
        assert sum(role_counts(n).values()) == n


def test_bad_card_file_names_file_and_key():
    """A malformed card entry is refused with an error naming the file and the key."""
    data = _data("cards.json")
    data["cards"][0]["subtype"] = "weapon"
    with pytest.raises(CatalogueError, match=r"cards.json: cards\[kill\].subtype"):
        _load_cards(data)
    data = _data("cards.json")
    data["deck"][5] = "kill@HA"
    with pytest.raises(
        CatalogueError,
        match=r"cards.json: deck: every suit\+rank occurs twice; not so for \['HA', 'S3'\]",
    ):
        _load_cards(data)


def test_bad_general_and_role_files_are_refused():
    """An unknown skill id or role counts that do not add up are refused, naming the key."""
    skills = _load_skills(_data("skills.json"))
    data = _data("generals.json")
    data["generals"][1]["skills"] = ["fankui", "nosuchskill"]
    with pytest.raises(CatalogueError, match=r"generals.json: generals\[simayi\].skills"):
        _load_generals(data, skills)
    roles = _data("roles.json")
    roles["standard"]["5"]["rebel"] = 3
    with pytest.raises(CatalogueError, match=r"roles.json: standard.5"):
        _load_roles(roles)


def test_bad_skill_text_is_refused():
    """A skill's rule text needs exactly zh-Hans, en and es, each non-empty; errors name the key."""
    data = _data("skills.json")
    data["skills"][0]["text"] = {"zh-Hans": "文", "en": "Text"}
    with pytest.raises(CatalogueError, match=r"skills.json: skills\[jianxiong\].text: expected"):
        _load_skills(data)
    data["skills"][0]["text"] = {"zh-Hans": "文", "en": " ", "es": "Texto"}
    with pytest.raises(CatalogueError, match=r"skills\[jianxiong\].text.en: empty"):
        _load_skills(data)
    data["skills"][0]["text"] = {"zh-Hans": "文", "en": "Text", "es": "Texto"}
    assert _load_skills(data)["jianxiong"].text["es"] == "Texto"
