"""The README's reference tables name what a player hears and sees (issue 17, items 13
and 14): each skill by its token, its Chinese name and the English name the narration
uses, and the cards whose gestures are not "scan it, then the targets"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.narration.names import SanguoshaNames
from engine.sanguosha.settings import CHOICES, Settings

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text("utf-8")
SKILLS = json.loads((REPO / "engine/sanguosha/data/skills.json").read_text("utf-8"))["skills"]


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


@pytest.mark.parametrize("skill", SKILLS, ids=[s["id"] for s in SKILLS])
def test_every_skill_is_findable_by_its_token_and_its_narrated_name(skill: dict) -> None:
    """A player who hears "Shirk" finds liuli: the row starts with the token, the
    Chinese name and the English name the English narration says."""
    rows = _section("Generals' skills at the table").splitlines()
    narrated, zh = (
        SanguoshaNames("en").skill(skill["id"]),
        SanguoshaNames("zh-Hans").skill(skill["id"]),
    )
    assert any(row.startswith(f"| {skill['pinyin']} {zh} ({narrated})") for row in rows)


FLOWS = [
    "Dismantle",
    "Harvest",
    "Twin Swords",
    "Green Dragon Blade",
    "Kylin Bow",
    "Stone Axe",
    "Sky Halberd",
]


@pytest.mark.parametrize("card", FLOWS)
def test_the_cards_with_their_own_flow_have_a_row(card: str) -> None:
    rows = _section("Cards with their own flow").splitlines()
    assert any(re.match(rf"\| [^|]*\b{card}\b[^|]*\| \S", row) for row in rows), card


def test_the_survivors_identity_scans_at_game_over_are_described() -> None:
    text = " ".join(_section("Cards with their own flow").split())
    assert "every survivor whose identity is still hidden is asked to scan their identity card" in (
        text
    )


RULE_FLAGS = {"maneuvering": "--cards", "lord_bonus": "--lord-bonus"}
"""Settings a flag of their own sets, documented with that flag, not in a settings table."""


def _readme_value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("name", sorted(set(CHOICES) - set(RULE_FLAGS)))
def test_every_rule_setting_has_a_readme_row_with_its_default_and_other_value(name: str) -> None:
    """A table that asks "what does --rule X do" finds X with the default the engine
    really uses, first, then the other value."""
    default, other = CHOICES[name]
    assert getattr(Settings(), name) == default
    row = f"| `{name}` | `{_readme_value(default)}` | `{_readme_value(other)}` |"
    assert row in README, row


@pytest.mark.parametrize("name, flag", sorted(RULE_FLAGS.items()))
def test_the_settings_with_their_own_flag_are_documented_with_it(name: str, flag: str) -> None:
    assert getattr(Settings(), name) == CHOICES[name][0]
    assert flag in README
