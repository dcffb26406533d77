"""Every engine event kind and prompt kind has a sentence in every language, and renders."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.narration import LANGUAGES, Narrator, messages
from engine.sanguosha.events import EVENT_KINDS, EVENT_TYPES
from engine.sanguosha.prompts import PROMPT_KINDS, Prompt, PromptKind

VIEW = {
    "seats": [{"seat": s, "general": g} for s, g in [(1, "caocao"), (2, "guanyu"), (3, "lvbu")]]
}

# A plausible value for each field name the engine's events and prompts use.
SAMPLES: dict[str, Any] = {
    "seat": 2,
    "source": 1,
    "target": 3,
    "victim": 3,
    "killer": 1,
    "by": 1,
    "cards": ["kill@S7"],
    "card": "kill@S7",
    "name": "kill",
    "targets": [3],
    "skill": "wusheng",
    "against": "kill",
    "need": "dodge",
    "identity": "rebel",
    "inferred": False,
    "general": "guanyu",
    "hp": 3,
    "max_hp": 4,
    "amount": 1,
    "hp_before": 3,
    "hp_after": 2,
    "count": 2,
    "round": 1,
    "phase": "play",
    "reason": "draw_phase",
    "nature": "normal",
    "success": True,
    "players": 5,
    "mode": "table",
    "seed": 1,
    "unseen": 1,
    "zone": "hand",
    "slot": "weapon",
    "replaced": None,
    "winners": [1, 2],
    "side": "lord",
    "before": 3,
    "after": 4,
    "face_up": False,
    "won": True,
    "target_card": "dodge@D2",
    "pile": "wusheng",
    "added": True,
    "total": 1,
    "to": "discard",
    "gained": ["wusheng"],
    "lost": [],
    "kingdom": "shu",
    "gender": "female",
    "target_count": 3,
    "held": "chitu@H5",
}


def _sample_event(kind: str) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(EVENT_TYPES[kind]):
        out[f.name] = SAMPLES.get(f.name, "x")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_kind_has_a_sentence(lang: str) -> None:
    """Each of the engine's event kinds has a message in every narration language."""
    missing = sorted(k for k in EVENT_KINDS if f"sanguosha.{k}" not in messages(lang)["event"])
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_kind_has_a_sentence(lang: str) -> None:
    """Each of the engine's prompt kinds has a message in every narration language."""
    missing = sorted(k for k in PROMPT_KINDS if f"sanguosha.{k}" not in messages(lang)["prompt"])
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(EVENT_KINDS))
def test_every_event_renders_without_placeholders(lang: str, kind: str) -> None:
    """An event with every field filled renders to a sentence with no placeholder or raw id left."""
    sentence = Narrator(lang).event(_sample_event(kind), VIEW)
    assert sentence and "{" not in sentence and "None" not in sentence
    assert not sentence.startswith("[")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", sorted(PROMPT_KINDS))
def test_every_prompt_renders_without_placeholders(lang: str, kind: str) -> None:
    """A prompt as the engine writes it renders to a sentence with no placeholder left."""
    prompt = Prompt(
        PromptKind(kind),
        seat=2,
        seats=(2, 3),
        need="dodge",
        source=1,
        target=2,
        card="kill@S7",
        reason="eight_diagrams",
        count=2,
        timeout_s=5.0,
    )
    sentence = Narrator(lang).prompt(prompt.to_json(), VIEW)
    assert sentence and "{" not in sentence and "None" not in sentence


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_awakening_skill_says_its_own_condition_when_started_by_hand(lang: str) -> None:
    """An awakening skill started by hand is refused (`how` awakening) with a sentence that
    names its condition: each registered one has its own case, the generic sentence is
    only the fallback for a pack still to come."""
    from engine.sanguosha.skills import REGISTRY

    awakenings = sorted(  # the engine's own: a test may register one of its own
        s
        for s, cls in REGISTRY.items()
        if "awakening" in cls.tags and cls.__module__.startswith("engine.")
    )
    cases = messages(lang)["reason"]["sanguosha.skill_not_available"]["cases"]
    assert awakenings and [s for s in awakenings if f"awakening.{s}" not in cases] == []
    said = {
        skill: Narrator(lang).refusal(
            {"reason": "skill_not_available", "skill": skill, "seat": 2, "how": "awakening"}, VIEW
        )
        for skill in awakenings
    }
    assert len(set(said.values())) == len(awakenings)
    assert all(s and "{" not in s for s in said.values())
