"""The allowlist file: round trip, atomic writes, refusals that name the key, lookups,
and its default place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.readers.allowlist import (
    Allowlist,
    AllowlistError,
    KnownReader,
    default_allowlist_path,
    host_keys_path,
)

A = KnownReader(0x7C0A0001, "f1:00:7c:0a:00:01", "TCR-0001", "2025-05-01T20:15:03Z")
B = KnownReader(0x7C0A0002, "F1:00:7C:0A:00:02", "TCR-0002")


def test_saved_entries_load_back(tmp_path: Path) -> None:
    """What is saved loads back equal, identities in upper case, and no temporary file
    is left beside it."""
    path = tmp_path / "deep" / "readers.json"
    Allowlist(path, [A, B]).save()
    loaded = Allowlist.load(path)
    assert loaded.readers == [A, B]
    assert loaded.by_identity("F1:00:7C:0A:00:01") == A and A.identity == "F1:00:7C:0A:00:01"
    assert loaded.by_id(0x7C0A0002) == B
    assert sorted(p.name for p in path.parent.iterdir()) == ["readers.json"]
    assert json.loads(path.read_text("utf-8"))["readers"][0]["reader_id"] == "7C0A0001"


def test_a_missing_file_is_an_empty_allowlist(tmp_path: Path) -> None:
    """A file that does not exist yet is an empty allowlist (nothing paired), and is
    not created by reading it."""
    path = tmp_path / "readers.json"
    assert Allowlist.load(path).readers == []
    assert not path.exists()


def test_saving_replaces_the_whole_file(tmp_path: Path) -> None:
    """A save after a removal writes the new list over the old file."""
    path = tmp_path / "readers.json"
    allowlist = Allowlist(path, [A, B])
    allowlist.save()
    allowlist.remove(A)
    allowlist.save()
    assert Allowlist.load(path).readers == [B]


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("not json", "not JSON"),
        ('{"version": 2, "readers": []}', "version"),
        ('{"version": 1, "readers": {}}', "readers: a list"),
        ('{"version": 1, "readers": [{"reader_id": "7C0A0001"}]}', "readers[0].identity"),
        (
            '{"version": 1, "readers": [{"reader_id": "XYZ", "identity": "F1:00:00:00:00:01", '
            '"name": "a"}]}',
            "readers[0].reader_id",
        ),
        (
            '{"version": 1, "readers": [{"reader_id": "00000001", "identity": "nowhere", '
            '"name": "a"}]}',
            "readers[0]: not a BLE identity address",
        ),
        (
            '{"version": 1, "readers": [{"reader_id": "00000001", "identity": '
            '"F1:00:00:00:00:01", "name": "a", "colour": "red"}]}',
            "readers[0]: unknown keys",
        ),
    ],
)
def test_a_bad_file_is_refused_naming_the_key(tmp_path: Path, text: str, where: str) -> None:
    """A file that is not an allowlist is refused with its path and the offending key."""
    path = tmp_path / "readers.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AllowlistError) as caught:
        Allowlist.load(path)
    assert str(path) in str(caught.value) and where in str(caught.value)


def test_conflicting_entries_are_refused_and_change_nothing() -> None:
    """An id paired at another identity, or an identity paired as another id, is
    refused and the allowlist stays as it was; pairing the same reader again replaces
    its entry."""
    allowlist = Allowlist(None, [A])
    for conflict in (
        KnownReader(A.reader_id, "F1:00:00:00:00:99", "TCR-0001"),
        KnownReader(0x12345678, A.identity, "TCR-5678"),
    ):
        with pytest.raises(AllowlistError, match="forget that one first"):
            allowlist.add(conflict)
        assert allowlist.readers == [A]
    again = KnownReader(A.reader_id, A.identity, A.name, "2025-06-01T00:00:00Z")
    allowlist.add(again)
    assert allowlist.readers == [again]


def test_a_reader_is_found_by_id_name_or_address() -> None:
    """`find` takes the id, the name or the identity address, in any case; a name two
    entries share, or an unknown one, is a KeyError."""
    twin = KnownReader(0x00000009, "F1:00:00:00:00:09", "TCR-0001")
    allowlist = Allowlist(None, [A, B, twin])
    assert allowlist.find("7c0a0002") == B
    assert allowlist.find("tcr-0002") == B
    assert allowlist.find("F1:00:7C:0A:00:02") == B
    with pytest.raises(KeyError, match="2 paired readers"):
        allowlist.find("TCR-0001")
    with pytest.raises(KeyError, match="no paired reader"):
        allowlist.find("TCR-FFFF")


def test_bad_entries_are_refused() -> None:
    """An entry with an id over 32 bits, an address that is not one, or no name is refused."""
    for args in (
        (1 << 32, "F1:00:00:00:00:01", "x"),
        (1, "F1:00:00:00:01", "x"),
        (1, "F1:00:00:00:00:01", ""),
    ):
        with pytest.raises(AllowlistError):
            KnownReader(*args)


def test_the_default_place_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`$COMPANION_READERS` wins; else `$XDG_DATA_HOME/table-companion/readers.json`;
    the host's bond keys live beside it."""
    monkeypatch.delenv("COMPANION_READERS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_allowlist_path() == tmp_path / "table-companion" / "readers.json"
    monkeypatch.setenv("COMPANION_READERS", str(tmp_path / "mine.json"))
    assert default_allowlist_path() == tmp_path / "mine.json"
    assert host_keys_path(tmp_path / "mine.json") == tmp_path / "mine.keys.json"
