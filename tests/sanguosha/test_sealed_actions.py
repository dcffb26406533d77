"""Actions are `@sealed` values (engine/core/facts.py): immutable in fact, yet they
behave as the frozen dataclasses they were (compared by class and fields, always true,
unordered, understood by `dataclasses`), though a tuple holds their fields."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from engine.regicide import actions as regicide
from engine.regicide.cards import parse_card as poker
from engine.sanguosha import EndPlay, PlayCard, Respond, parse_action, parse_card
from engine.sanguosha.actions import Recast, UseSkill


def test_equal_only_to_the_same_class_with_the_same_fields() -> None:
    kill = parse_card("kill@S7")
    assert PlayCard(kill) == PlayCard(kill, ()) and hash(PlayCard(kill)) == hash(PlayCard(kill))
    assert Recast(kill) != Respond(kill)  # the same field, another decision
    assert PlayCard(kill) != (kill, ()) and (kill, ()) != PlayCard(kill)
    assert regicide.Play((poker("C8"),)) != regicide.Discard((poker("C8"),))
    assert len({Recast(kill), Respond(kill), Recast(kill)}) == 2


def test_a_value_without_fields_is_true_and_values_are_unordered() -> None:
    assert EndPlay() and regicide.Yield() and EndPlay() == EndPlay()
    with pytest.raises(TypeError):
        _ = PlayCard(parse_card("kill@S7")) < PlayCard(parse_card("kill@S8"))  # type: ignore[operator]


def test_dataclasses_copy_and_pickle_still_work() -> None:
    skill = UseSkill("rende", (parse_card("kill@S7"),), (2,))
    assert [f.name for f in dataclasses.fields(skill)] == ["skill", "cards", "targets"]
    assert dataclasses.replace(skill, targets=(3,)) == UseSkill("rende", skill.cards, (3,))
    assert dataclasses.asdict(skill)["skill"] == "rende"
    assert copy.deepcopy(skill) == skill and pickle.loads(pickle.dumps(skill)) == skill
    assert parse_action(skill.to_json()) == skill
    assert repr(skill) == "UseSkill(skill='rende', cards=(parse_card('kill@S7'),), targets=(2,))"
    match skill:
        case UseSkill(name, _, targets):
            assert (name, targets) == ("rende", (2,))
