"""The table's door: each input resolved once into what it means (a card, a general, an
identity, a skill token, a playing card, a command, a seat, or nothing known), before
the table dispatches on it (`companion.table.resolve.resolve_input`)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.codes import all_codes, resolve_token
from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.resolve import Resolved, Scanned, resolve_input

LABEL = {ref.text: ref.code for ref in all_codes("commands")}
"""The printed code of each command label (`companion labels --set commands`)."""


def _scan(data: dict[str, Any]) -> TableInput:
    return TableInput(InputKind.SCAN, data, t=4.0, reader="r2", seat=2)


@pytest.mark.parametrize(
    ("code", "kind", "text"),
    [
        ("杀♠7", "card", "kill@S7"),
        ("关羽", "general", "guanyu"),
        ("主公", "identity", "lord"),
        ("skill:rende", "skill", "rende"),
        ("♣8", "poker", "C8"),
    ],
)
def test_a_scan_of_a_thing_is_what_it_names(code: str, kind: str, text: str) -> None:
    """A card, general, identity, skill token or playing card: named, the input as read."""
    inp = _scan({"code": code})
    resolved = resolve_input(inp)
    assert resolved.input is inp
    assert (resolved.scanned.kind, resolved.scanned.text) == (kind, text)  # type: ignore[union-attr]
    assert (resolved.unknown, resolved.label) == (None, False)


@pytest.mark.parametrize(
    ("code", "kind", "data"),
    [
        ("ok", InputKind.PRESS, {"button": "ok", "long": False}),
        ("undo", InputKind.PRESS, {"button": "undo", "long": False}),
        ("end_phase", InputKind.PRESS, {"button": "end", "long": False}),
        ("seat:3", InputKind.SELECT, {"seat": 3}),
    ],
)
def test_a_command_label_is_the_input_it_stands_for(
    code: str, kind: InputKind, data: dict[str, Any]
) -> None:
    """A command or seat label acts as the press or select it stands for, from the same
    reader, seat and time; it names no thing."""
    resolved = resolve_input(_scan({"code": LABEL[code]}))
    assert resolved.input == TableInput(kind, data, t=4.0, reader="r2", seat=2)
    assert (resolved.scanned, resolved.unknown, resolved.label) == (None, None, True)


def test_a_scan_that_names_nothing_says_why() -> None:
    """Unknown text and an unenrolled UID: the reason and what was read, nothing named."""
    text = resolve_input(_scan({"code": "blah"}))
    uid = resolve_input(_scan({"uid": "04a1b2c3"}))
    assert text.unknown is not None and (text.unknown.reason, text.unknown.value) == (
        "unknown_code",
        "blah",
    )
    assert uid.unknown is not None and (uid.unknown.reason, uid.unknown.value) == (
        "unknown_uid",
        "04A1B2C3",
    )
    assert (text.scanned, text.label, uid.scanned, uid.label) == (None, False, None, False)


def test_an_enrolled_uid_is_its_card() -> None:
    """A bare UID goes through the enrolment lookup."""
    resolved = resolve_input(_scan({"uid": "04a1b2c3"}), {"04A1B2C3": resolve_token("lord")}.get)
    assert resolved.scanned == Scanned("identity", "lord", resolve_token("lord").code)


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        (InputKind.PRESS, {"button": "ok", "long": False}),
        (InputKind.SELECT, {"seat": 1}),
        (InputKind.TICK, {}),
        (InputKind.BIND, {"reader": "r2", "seat": 2}),
    ],
)
def test_other_inputs_pass_as_they_are(kind: InputKind, data: dict[str, Any]) -> None:
    inp = TableInput(kind, data, t=1.0, reader="r2", seat=2)
    assert resolve_input(inp) == Resolved(inp)


def test_the_table_resolves_each_scan_once() -> None:
    """One UID scan, accepted and then undone (a replay), asks the enrolment lookup once:
    the table dispatches on what the door resolved, never resolving the scan again."""
    asked: list[str] = []

    def lookup(uid: str) -> Any:
        asked.append(uid)
        return resolve_token("lord")

    table = make_table("sanguosha", 5, 1, {}, lookup_uid=lookup)
    scan = TableInput(InputKind.SCAN, {"uid": "04A1B2C3"}, t=1.0, reader="r1", seat=1)
    assert table.apply(scan).accepted
    undo = TableInput(InputKind.PRESS, {"button": "undo", "long": False}, t=2.0, reader="r1")
    assert table.apply(undo).accepted
    assert asked == ["04A1B2C3"]
