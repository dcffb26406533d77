"""Custom (blank) cards: loading, codes, tokens, and refusal of bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import codes
from companion.codes import CodeTableError, UnknownCodeError, all_codes, decode_code


def test_custom_cards_get_codes_and_tokens(example_custom: Path) -> None:
    """Once the file is loaded, each custom card encodes and decodes like any other."""
    codes.use_custom(example_custom)
    refs = all_codes("custom")
    assert [r.id for r in refs] == ["spare_kill", "spare_peach", "zhugejin", "spare_rebel"]
    assert [r.kind for r in refs] == ["card", "card", "general", "identity"]
    for ref in refs:
        assert decode_code(ref.code) == ref
        assert codes.encode_token(ref.id) == ref.code
    assert codes.resolve_token("spare_kill@♠7").text == "kill@S7"
    assert codes.resolve_token("诸葛瑾").text == "zhugejin"
    assert codes.resolve_token("spare_rebel").text == "rebel"


def test_custom_codes_are_unknown_until_loaded(example_custom: Path) -> None:
    """A custom card's code is refused, with a hint to load the file, when it is not loaded."""
    code = codes.use_custom(example_custom).all_codes("custom")[0].code
    codes.use_custom(None)
    with pytest.raises(UnknownCodeError, match="--custom"):
        decode_code(code)


def test_environment_variable_loads_custom_cards(
    example_custom: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """COMPANION_CUSTOM_CARDS names the file the shared codebook loads on first use."""
    monkeypatch.setenv(codes.CUSTOM_ENV, str(example_custom))
    codes._default = None
    assert len(all_codes("custom")) == 4


def _write(tmp_path: Path, cards: list[dict]) -> Path:
    path = tmp_path / "custom.json"
    path.write_text(json.dumps({"cards": cards}), "utf-8")
    return path


GOOD = {"number": 7, "kind": "card", "id": "x", "zh": "x", "en": "X", "suit": "S",
        "rank": "7", "effect": "kill"}  # fmt: skip


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"number": 0}, "number"),
        ({"number": 961}, "number"),
        ({"effect": "fireball"}, "not a game card id"),
        ({"suit": "X"}, "unknown suit"),
        ({"kind": "monster"}, "kind"),
        ({"id": "Bad Id"}, "lower-case"),
        ({"colour": "red"}, "unknown keys"),
        ({"zh": "杀", "id": "y"}, "already name a catalogue card"),
    ],
)
def test_bad_custom_files_are_refused_and_change_nothing(
    tmp_path: Path, change: dict, fragment: str
) -> None:
    """A malformed entry raises CodeTableError naming the key; the codebook stays as it was."""
    before = codes.codebook()
    with pytest.raises(CodeTableError, match=fragment):
        codes.use_custom(_write(tmp_path, [GOOD | change]))
    assert codes.codebook() is before


def test_duplicate_numbers_are_refused(tmp_path: Path) -> None:
    """Two custom cards with the same number (the same printed code) are refused."""
    with pytest.raises(CodeTableError, match="used twice"):
        codes.use_custom(_write(tmp_path, [GOOD, GOOD | {"id": "other", "zh": "y", "en": "Y"}]))


def test_unreadable_custom_file_is_refused(tmp_path: Path) -> None:
    """A missing or non-JSON file raises CodeTableError naming the file."""
    with pytest.raises(CodeTableError, match="missing.json"):
        codes.use_custom(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", "utf-8")
    with pytest.raises(CodeTableError, match="bad.json"):
        codes.use_custom(bad)
