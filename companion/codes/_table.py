"""Load and validate the code table (`table.json`): which item of which set each
printed code names.

The table, not the catalogue's deck order, fixes the item numbers, so a printed label
keeps its meaning when the catalogue changes; at load every entry is checked against
the catalogue (`engine.sanguosha.catalogue`), and a bad entry raises
`CodeTableError` naming the file and the key.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

from companion.codes._check import ALPHABET, MAX_ITEM
from companion.codes._errors import CodeTableError
from companion.codes._model import KINDS
from engine.sanguosha.catalogue import catalogue, format_card, parse_card

FILE = "table.json"
POKER_TEXT = re.compile(r"[SHCD](10|[2-9AJQK])")
JESTER = "jester"


@dataclass(frozen=True, slots=True)
class SetSpec:
    """One card set of the table."""

    name: str
    letter: str
    kind: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CodeTable:
    """The whole validated table."""

    sets: tuple[SetSpec, ...]
    custom_letter: str
    token_tags: frozenset[str]
    poker_suits: dict[str, dict[str, str]]
    poker_ranks: dict[str, str]
    jester: dict[str, str]
    command_names: dict[str, dict[str, str]]


def _get(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise CodeTableError(FILE, f"{where}.{key}".lstrip("."), "missing")
    value = obj[key]
    if not isinstance(value, kind):
        raise CodeTableError(FILE, f"{where}.{key}".lstrip("."), f"expected {kind.__name__}")
    return value


def _check_item(kind: str, text: Any, where: str, commands: dict[str, Any]) -> None:
    cat = catalogue()
    ok = isinstance(text, str)
    if ok and kind == "card":
        try:
            ok = format_card(parse_card(text)) == text
        except ValueError:
            ok = False
    elif ok and kind == "general":
        ok = text in cat.generals
    elif ok and kind == "identity":
        ok = text in cat.identities
    elif ok and kind == "skill":
        ok = text in cat.skills
    elif ok and kind == "poker":
        ok = text == JESTER or POKER_TEXT.fullmatch(text) is not None
    elif ok and kind == "command":
        ok = text in commands
    if not ok:
        raise CodeTableError(FILE, where, f"{text!r} is not a known {kind}")


def _letter(value: Any, where: str, taken: set[str]) -> str:
    if not isinstance(value, str) or len(value) != 1 or value not in ALPHABET:
        raise CodeTableError(FILE, where, f"{value!r} is not one character of {ALPHABET}")
    if value in taken:
        raise CodeTableError(FILE, where, f"letter {value!r} is used twice")
    taken.add(value)
    return value


def parse_table(data: dict[str, Any]) -> CodeTable:
    """Validate the decoded JSON of the code table."""
    sets: list[SetSpec] = []
    commands = _get(data, "command_names", dict, "")
    for name, captions in commands.items():
        for key in ("zh", "en"):
            _get(captions, key, str, f"command_names.{name}")
    letters: set[str] = set()
    names: set[str] = set()
    for i, entry in enumerate(_get(data, "sets", list, "")):
        where = f"sets[{i}]"
        name = _get(entry, "name", str, where)
        if name in names:
            raise CodeTableError(FILE, f"{where}.name", f"set {name!r} appears twice")
        names.add(name)
        letter = _letter(_get(entry, "letter", str, where), f"{where}.letter", letters)
        kind = _get(entry, "kind", str, where)
        if kind not in KINDS:
            raise CodeTableError(FILE, f"{where}.kind", f"{kind!r} is not one of {KINDS}")
        items = _get(entry, "items", list, where)
        if not 1 <= len(items) <= MAX_ITEM:
            raise CodeTableError(FILE, f"{where}.items", f"needs 1 to {MAX_ITEM} entries")
        for j, text in enumerate(items):
            _check_item(kind, text, f"{where}.items[{j}]", commands)
        sets.append(SetSpec(name, letter, kind, tuple(items)))
    custom = _get(data, "custom", dict, "")
    custom_letter = _letter(_get(custom, "letter", str, "custom"), "custom.letter", letters)
    tags = frozenset(_get(data, "token_tags", list, ""))
    poker = _get(data, "poker_names", dict, "")
    suits = _get(poker, "suits", dict, "poker_names")
    ranks = _get(poker, "ranks", dict, "poker_names")
    jester = _get(poker, "jester", dict, "poker_names")
    for suit in "SHCD":
        for key in ("zh", "en"):
            _get(
                _get(suits, suit, dict, "poker_names.suits"), key, str, f"poker_names.suits.{suit}"
            )
    for key in ("zh", "en"):
        _get(jester, key, str, "poker_names.jester")
    return CodeTable(tuple(sets), custom_letter, tags, suits, ranks, jester, commands)


def load_table() -> CodeTable:
    """Read and validate the packaged code table."""
    text = resources.files("companion.codes").joinpath(FILE).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodeTableError(FILE, f"line {exc.lineno}", exc.msg) from None
    if not isinstance(data, dict):
        raise CodeTableError(FILE, "(top)", "expected an object")
    return parse_table(data)
