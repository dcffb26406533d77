"""Custom (blank) cards: a small JSON file that gives blank cards their own labels.

The physical set carries blank game, general and identity cards. A household writes
what it put on them into a file (example: `companion/data/custom_cards.example.json`,
format: docs/card-codes.md) and every entry gets a code in the custom set. Entries
carry an explicit `number` so that editing or reordering the file never changes the
code printed on an existing card.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.codes._check import MAX_ITEM
from companion.codes._errors import CodeTableError
from engine.core.cards import Rank, Suit, parse_rank, parse_suit
from engine.sanguosha.catalogue import catalogue

CUSTOM_KINDS = ("card", "general", "identity")
_ID = re.compile(r"[a-z][a-z0-9_]*")
_COMMON = {"number", "kind", "id", "zh", "en", "pinyin", "_comment"}
_KEYS = {
    "card": _COMMON | {"suit", "rank", "effect"},
    "general": _COMMON | {"kingdom", "gender", "max_hp", "skills"},
    "identity": _COMMON | {"effect"},
}


@dataclass(frozen=True, slots=True)
class CustomEntry:
    """One blank card as the file describes it.

    `effect` is the catalogue id whose rules it follows (a game card id for a game
    card, an identity for an identity card, empty for a general). `details` keeps a
    custom general's optional facts (kingdom, gender, max_hp, skills) for the engine.
    """

    number: int
    kind: str
    id: str
    zh: str
    en: str
    pinyin: str = ""
    effect: str = ""
    suit: Suit | None = None
    rank: Rank | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


def _str(file: str, entry: dict[str, Any], key: str, where: str, required: bool = True) -> str:
    value = entry.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise CodeTableError(file, f"{where}.{key}", "expected a non-empty string")
    return value.strip()


def _entry(file: str, raw: Any, where: str) -> CustomEntry:
    if not isinstance(raw, dict):
        raise CodeTableError(file, where, "expected an object")
    kind = raw.get("kind")
    if kind not in CUSTOM_KINDS:
        raise CodeTableError(file, f"{where}.kind", f"{kind!r} is not one of {CUSTOM_KINDS}")
    extra = sorted(set(raw) - _KEYS[kind])
    if extra:
        raise CodeTableError(file, where, f"unknown keys for a {kind}: {extra}")
    number = raw.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= MAX_ITEM:
        raise CodeTableError(file, f"{where}.number", f"expected an integer 1..{MAX_ITEM}")
    ident = _str(file, raw, "id", where)
    if not _ID.fullmatch(ident):
        raise CodeTableError(file, f"{where}.id", f"{ident!r}: use lower-case a-z, 0-9 and _")
    zh, en = _str(file, raw, "zh", where), _str(file, raw, "en", where)
    pinyin = _str(file, raw, "pinyin", where, required=False)
    cat = catalogue()
    if kind == "card":
        effect = _str(file, raw, "effect", where)
        if effect not in cat.cards:
            raise CodeTableError(file, f"{where}.effect", f"{effect!r} is not a game card id")
        try:
            suit = parse_suit(_str(file, raw, "suit", where))
            rank = parse_rank(_str(file, raw, "rank", where))
        except ValueError as exc:
            raise CodeTableError(file, where, str(exc)) from None
        return CustomEntry(
            number, kind, ident, zh=zh, en=en, pinyin=pinyin, effect=effect, suit=suit, rank=rank
        )
    if kind == "identity":
        effect = _str(file, raw, "effect", where)
        if effect not in cat.identities:
            raise CodeTableError(file, f"{where}.effect", f"{effect!r} is not an identity")
        return CustomEntry(number, kind, ident, pinyin=pinyin, effect=effect, zh=zh, en=en)
    details = {k: raw[k] for k in ("kingdom", "gender", "max_hp", "skills") if k in raw}
    unknown = [s for s in details.get("skills", []) if s not in cat.skills]
    if not isinstance(details.get("skills", []), list) or unknown:
        raise CodeTableError(file, f"{where}.skills", f"unknown skills {unknown}")
    return CustomEntry(number, kind, ident, pinyin=pinyin, details=details, zh=zh, en=en)


def parse_custom(data: Any, file: str = "custom cards") -> tuple[CustomEntry, ...]:
    """Validate the decoded JSON of a custom-cards file."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CodeTableError(file, "cards", "expected an object with a list 'cards'")
    entries = tuple(_entry(file, raw, f"cards[{i}]") for i, raw in enumerate(data["cards"]))
    for key in ("number", "id"):
        seen: set[Any] = set()
        for i, entry in enumerate(entries):
            value = getattr(entry, key)
            if value in seen:
                raise CodeTableError(file, f"cards[{i}].{key}", f"{value!r} is used twice")
            seen.add(value)
    return entries


def load_custom(path: str | Path) -> tuple[CustomEntry, ...]:
    """Read and validate a custom-cards file.

    Raises:
        CodeTableError: the file is unreadable, not JSON, or an entry is wrong.
    """
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise CodeTableError(str(path), "(file)", exc.strerror or str(exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodeTableError(str(path), f"line {exc.lineno}", exc.msg) from None
    return parse_custom(data, str(path))
