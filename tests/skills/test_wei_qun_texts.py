"""The Wei and Qun skills' rule texts in skills.json (zh-Hans, en, es) and their registration."""

import re

import pytest

from engine.sanguosha import catalogue
from engine.sanguosha.skills import REGISTRY

PART_A = {
    "caocao": ("jianxiong", "hujia"),
    "simayi": ("fankui", "guicai"),
    "xiahoudun": ("ganglie",),
    "zhangliao": ("tuxi",),
    "xuchu": ("luoyi",),
    "guojia": ("tiandu", "yiji"),
    "zhenji": ("luoshen", "qingguo"),
    "huatuo": ("qingnang", "jijiu"),
    "lvbu": ("wushuang",),
    "diaochan": ("lijian", "biyue"),
}
SKILLS = sorted(s for skills in PART_A.values() for s in skills)


def test_the_wei_and_qun_generals_have_exactly_these_skills():
    """The 10 Wei and Qun generals carry the 17 skills of the original standard edition (1b)."""
    generals = {g: spec for g, spec in catalogue().generals.items() if spec.pack == "standard"}
    for general, skills in PART_A.items():
        spec = generals[general]
        assert spec.kingdom in ("wei", "qun")
        assert spec.skills + spec.lord_skills == skills
    assert {g for g, spec in generals.items() if spec.kingdom in ("wei", "qun")} == set(PART_A)


@pytest.mark.parametrize("skill", SKILLS)
def test_each_skill_has_its_text_in_three_languages_and_is_registered(skill):
    """Each skill's rule text exists in zh-Hans, en and es, and a rule class is registered."""
    spec = catalogue().skills[skill]
    assert set(spec.text) == {"zh-Hans", "en", "es"}
    assert re.search(r"[\u4e00-\u9fff]", spec.text["zh-Hans"])
    assert spec.text["en"] != spec.text["es"]
    assert REGISTRY[skill].id == skill
    assert ("compulsory" in spec.tags) == spec.text["en"].startswith("Compulsory")
    assert ("lord" in spec.tags) == spec.text["en"].startswith("Lord skill")
    assert ("compulsory" in spec.tags) == ("compulsory" in REGISTRY[skill].tags)
