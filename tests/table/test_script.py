"""Table scripts as the companion reads them: reader lines, host corrections, reader layouts."""

from __future__ import annotations

import pytest

from companion.game.script import (
    HostLine,
    ScriptError,
    label_encoder,
    parse_host_line,
    parse_table_script,
    readers_for,
)
from hardware.sim.tokens import TagKind


def test_a_script_mixes_reader_lines_and_corrections() -> None:
    """Reader lines keep the simulator's meaning; `correct` lines become host corrections."""
    lines = parse_table_script("# setup\n@1 scan lord\ncorrect hand 2 5  # a miscount\nwait 5\n")
    assert [line.number for line in lines] == [2, 3, 4]
    assert isinstance(lines[1], HostLine) and lines[1].data == {"op": "hand", "seat": 2, "count": 5}


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("correct hp 3 2", {"op": "hp", "seat": 3, "hp": 2}),
        ("CORRECT hand 1 0", {"op": "hand", "seat": 1, "count": 0}),
        ("correct move peach@HQ to 4", {"op": "move", "card": "peach@HQ", "to": "hand", "seat": 4}),
        (
            "correct move chitu@H5 to 2 equipment",
            {"op": "move", "card": "chitu@H5", "to": "equipment", "seat": 2},
        ),
        ("correct move kill@S7 to discard", {"op": "move", "card": "kill@S7", "to": "discard"}),
    ],
)
def test_correction_lines(text: str, data: dict) -> None:
    """Each form of the `correct` grammar gives its correction data."""
    assert parse_host_line(text, 7) == HostLine(7, text, data)


@pytest.mark.parametrize(
    "text",
    [
        "correct",
        "correct hp 3",
        "correct hp x 2",
        "correct hp 0 2",
        "correct move kill@S7 3",
        "correct move kill@S7 to 3 pocket",
        "correct fly 3",
    ],  # fmt: skip
)
def test_a_malformed_correction_names_its_line(text: str) -> None:
    """A `correct` line outside the grammar raises ScriptError with its line number."""
    with pytest.raises(ScriptError, match="line 4"):
        parse_table_script("@1 scan lord\n\n# ok\n" + text + "\n")


def test_a_malformed_reader_line_names_its_line() -> None:
    """A malformed reader line anywhere in the script is reported with its number."""
    with pytest.raises(ScriptError, match="line 2"):
        parse_table_script("@1 scan lord\n@1 press maybe\n")


def test_readers_follow_the_script_unless_a_layout_is_forced() -> None:
    """`@N` lines get per-seat readers and `@*` a shared one; --shared/--per-seat override."""
    lines = parse_table_script("@2 scan guanyu\n@* press ok\ncorrect hp 1 1\nwait 5\n")
    assert readers_for(lines, 5) == [0, 2]
    assert readers_for(parse_table_script("@3 press ok\nwait 1\n"), 5) == [3]
    assert readers_for(lines, 4, "shared") == [0]
    assert readers_for(lines, 4, "per-seat") == [1, 2, 3, 4]
    with pytest.raises(ScriptError, match="beyond 2 players"):
        readers_for(parse_table_script("@3 press ok\n"), 2)


def test_labels_carry_codes_and_unknown_tokens_stay_text() -> None:
    """A known card's label carries its code; an unknown token is sent as its own text."""
    assert label_encoder("kill@S7").data == b"S0DX"
    unknown = label_encoder("blah")
    assert (unknown.kind, unknown.data) == (TagKind.TEXT, b"blah")
