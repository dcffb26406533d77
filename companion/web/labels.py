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

from companion.narration import Narrator
from companion.narration.messages import all_languages, languages

__all__ = ["UiTextError", "check_ui_text", "labels_for", "phone_words", "ui_text"]

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


@cache
def _phone_text() -> dict[str, dict[str, str]]:
    name = "phone.json"
    text = resources.files("companion.web.data").joinpath(name).read_text("utf-8")
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UiTextError(f"{name}: line {exc.lineno}: {exc.msg}") from None
    return check_ui_text(raw, name)


def phone_words(lang: str) -> dict[str, str]:
    """The phone reader page's words in `lang` (`data/phone.json`, checked like
    `ui.json`); English for a language it does not have."""
    words = _phone_text()
    return dict(words.get(lang, words["en"]))


def check_ui_text(raw: Any, file: str = _FILE) -> dict[str, dict[str, str]]:
    """Check the page's words: every narration language (`all_languages()`, Regicide's
    `vi` included) has exactly the keys of `en`, as text.

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
    for lang in all_languages():
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
    from companion.narration.names import game_names
    from engine.sanguosha import catalogue

    names = {g: game_names(lang, g) for g in ("card", "general", "skill", "identity")}
    cat = catalogue()
    narrator = Narrator(lang, "sanguosha")
    return {
        "generals": {
            g.id: {"name": names["general"][g.id], "kingdom": g.kingdom}
            for g in cat.generals.values()
        },
        "cards": {c.id: names["card"][c.id] for c in cat.cards.values()},
        "skills": {s.id: names["skill"][s.id] for s in cat.skills.values()},
        "identities": {i.id: names["identity"][i.id] for i in cat.identities.values()},
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
        # two-side modes: team names (先手/后手, A/B, cool/warm) and 3v3 roles
        "teams": {
            t: narrator.word("side", t) for t in ("first", "second", "A", "B", "cool", "warm")
        },
        "roles": {r: narrator.word("role", r) for r in ("marshal", "vanguard")},
        "causes": {c: narrator.word("cause", c) for c in ("judgment",)},
    }


def _regicide_names(lang: str) -> dict[str, Any]:
    # Regicide cards are written by suit and rank; the Jester is the one card with a name
    return {"cards": {"jester": Narrator(lang, "regicide").word("rg_card", "jester")}}


_NAMES = {"sanguosha": _sanguosha_names, "regicide": _regicide_names}


@cache
def labels_for(game: str, lang: str) -> dict[str, Any]:
    """The words the page needs for `game` in `lang` (JSON-ready): the page shows a
    game in every language its narration offers (`languages(game)`: Regicide's `vi`,
    not Three Kingdoms Kill's).

    >>> labels_for("regicide", "vi")["cards"]
    {'jester': 'Chú hề'}
    >>> labels_for("sanguosha", "vi")
    Traceback (most recent call last):
    ...
    ValueError: no sanguosha table view in language 'vi': expected one of zh-Hans, en, es

    Raises:
        ValueError: an unknown game, or a language the game is not narrated in.
    """
    if game not in _NAMES:
        raise ValueError(f"no table view for game {game!r}")
    offered = languages(game)
    if lang not in offered:
        raise ValueError(
            f"no {game} table view in language {lang!r}: expected one of {', '.join(offered)}"
        )
    from companion.voice.espeak import speech_rules

    out: dict[str, Any] = {"lang": lang, "game": game, "ui": ui_text()[lang]}
    out["speech"] = speech_rules(lang)
    out.update(_NAMES[game](lang))
    return out
