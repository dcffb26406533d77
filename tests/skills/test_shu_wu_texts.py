"""The Shu and Wu skills' rule texts in skills.json (zh-Hans, en, es) and their registration."""

import re

import pytest

from engine.sanguosha import catalogue
from engine.sanguosha.skills import REGISTRY

PART_B = {
    "liubei": ("rende", "jijiang"),
    "guanyu": ("wusheng",),
    "zhangfei": ("paoxiao",),
    "zhugeliang": ("guanxing", "kongcheng"),
    "zhaoyun": ("longdan",),
    "machao": ("mashu", "tieqi"),
    "huangyueying": ("jizhi", "qicai"),
    "sunquan": ("zhiheng", "jiuyuan"),
    "ganning": ("qixi",),
    "lvmeng": ("keji",),
    "huanggai": ("kurou",),
    "zhouyu": ("yingzi", "fanjian"),
    "daqiao": ("guose", "liuli"),
    "luxun": ("qianxun", "lianying"),
    "sunshangxiang": ("jieyin", "xiaoji"),
}
SKILLS = sorted(s for skills in PART_B.values() for s in skills)


def test_the_shu_and_wu_generals_have_exactly_these_skills():
    """The 15 Shu and Wu generals carry these 24 skills of the original standard edition (1b)."""
    generals = {g: spec for g, spec in catalogue().generals.items() if spec.pack == "standard"}
    for general, skills in PART_B.items():
        spec = generals[general]
        assert spec.kingdom in ("shu", "wu")
        assert spec.skills + spec.lord_skills == skills
    assert {g for g, spec in generals.items() if spec.kingdom in ("shu", "wu")} == set(PART_B)
    assert len(SKILLS) == 24


@pytest.mark.parametrize("skill", SKILLS)
def test_each_skill_has_its_text_in_three_languages_and_a_rule(skill):
    """Each skill's rule text exists in zh-Hans, en and es, and a rule class is registered."""
    spec = catalogue().skills[skill]
    assert set(spec.text) == {"zh-Hans", "en", "es"}
    assert re.search(r"[\u4e00-\u9fff]", spec.text["zh-Hans"])
    assert not re.search(r"[\u4e00-\u9fff]", spec.text["en"] + spec.text["es"])
    assert REGISTRY[skill].id == skill
    compulsory = "compulsory" in spec.tags
    assert ("compulsory" in REGISTRY[skill].tags) is compulsory
