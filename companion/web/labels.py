"""Every word the table page shows, in one language, sent once when a page connects.

The page never translates anything itself: it receives this dictionary and looks up
ids in it. Names of generals, cards and identities come from the engine catalogue
(through `companion.narration`), phase and side words from the narration catalogue,
and the page's own labels from `data/ui.json`. Sending them once keeps each update
small (ids only) and lets a phone in Spanish and a TV in Chinese show one game.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from companion.narration import LANGUAGES, Narrator

__all__ = ["UiTextError", "check_ui_text", "labels_for", "ui_text"]

_FILE = "ui.json"


class UiTextError(ValueError):
    """`ui.json` is malformed; the message names the language and the key."""


@cache
def ui_text() -> dict[str, dict[str, str]]:
    """The page's own words per language, from `data/ui.json` (checked by `check_ui_text`)."""
    text = resources.files("companion.web.data").joinpath(_FILE).read_text("utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UiTextError(f"{_FILE}: line {exc.lineno}: {exc.msg}") from None
    return check_ui_text(raw)


def check_ui_text(raw: Any, file: str = _FILE) -> dict[str, dict[str, str]]:
    """Check the page's words: every language has exactly the keys of `en`, as text.

    >>> check_ui_text({"en": {"a": "A"}, "zh-Hans": {"a": "甲"}, "es": {}})
    Traceback (most recent call last):
    ...
    companion.web.labels.UiTextError: ui.json: es: missing keys ['a'], unknown keys []

    Raises:
        UiTextError: a language or a key is missing or unknown, or a value is not text.
    """
    if not isinstance(raw, dict) or not isinstance(raw.get("en"), dict):
        raise UiTextError(f"{file}: en: expected an object of words")
    reference = raw["en"]
    out: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        words = raw.get(lang)
        if not isinstance(words, dict):
            raise UiTextError(f"{file}: {lang}: missing language")
        missing = sorted(set(reference) - set(words))
        extra = sorted(set(words) - set(reference))
        if missing or extra:
            raise UiTextError(f"{file}: {lang}: missing keys {missing}, unknown keys {extra}")
        for key, value in words.items():
            if not isinstance(value, str) or not value:
                raise UiTextError(f"{file}: {lang}.{key}: expected non-empty text")
        out[lang] = dict(words)
    return out


def _sanguosha_names(lang: str) -> dict[str, Any]:
    from companion.narration.names import catalogue_key
    from engine.sanguosha import catalogue

    key = catalogue_key(lang)
    cat = catalogue()
    narrator = Narrator(lang, "sanguosha")
    return {
        "generals": {
            g.id: {"name": getattr(g, key), "kingdom": g.kingdom} for g in cat.generals.values()
        },
        "cards": {c.id: getattr(c, key) for c in cat.cards.values()},
        "identities": {i.id: getattr(i, key) for i in cat.identities.values()},
        "phases": {
            p: narrator.word("phase", p)
            for p in ("preparation", "judgment", "draw", "play", "discard", "finish")
        },
        "prompts": {
            p: narrator.word("prompt", p)
            for p in (
                "choose_general",
                "play",
                "choose_target",
                "respond",
                "nullify",
                "discard",
                "judgment_card",
                "reveal_identity",
                "reveal_card",
                "choose_card_from",
                "harvest_pick",
                "confirm",
            )
        },  # fmt: skip
        "sides": {s: narrator.word("side", s) for s in ("lord", "rebel", "spy")},
        "causes": {c: narrator.word("cause", c) for c in ("judgment",)},
    }


@cache
def labels_for(game: str, lang: str) -> dict[str, Any]:
    """The words the page needs for `game` in `lang` (JSON-ready).

    Raises:
        ValueError: an unknown language or game.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {LANGUAGES}")
    out: dict[str, Any] = {"lang": lang, "game": game, "ui": ui_text()[lang]}
    if game == "sanguosha":
        out.update(_sanguosha_names(lang))
    elif game != "regicide":
        raise ValueError(f"no table view for game {game!r}")
    return out
