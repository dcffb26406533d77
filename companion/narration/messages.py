"""Message catalogues: one JSON file per language under `companion/narration/data/`.

Each file (`messages.<lang>.json`) has the same sections and keys:

- `format`: how a seat, a list and a card are written in that language;
- `names`: words for phases, buttons, zones, prompt kinds, sides, ...;
- `event`, `prompt`, `reason`: one message per engine event kind, prompt kind and
  refusal reason of each game, keyed `<game>.<kind>` (a message is a template or a
  list of template variants, see `templates.py`);
- `table`: the table layer's own messages (staging, undo, timeouts, corrections).

A game may also have its own files, `<game>.<lang>.json` (Regicide's), overlaid on
the shared one by `catalogue(lang, game)`; a language only a game offers (Regicide's
`vi`) has every section in that game's file.

`glossary.<lang>.json` holds the names players read and hear: every card, general,
skill and identity (`card`, `general`, `skill`, `identity`, id -> name; the engine's
data keeps only ids and rules), the phases and zones (the `phase` and `zone` word
groups, read into `names` here) and, for Spanish, each card's definite article
(`articles`). The narration, the table page, the card codes and the printed labels
all read them from there: one file per language, so a name is written one way
everywhere.

`fields.json` gives each placeholder name its default type. Files are validated when
first loaded: a malformed template, an unknown placeholder type, or a file with keys
the others lack raises `MessageError` naming the file and the key.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from companion.narration.names import LANGUAGES
from companion.narration.templates import Template, fields_of

__all__ = [
    "FIELD_TYPES",
    "MessageError",
    "all_languages",
    "catalogue",
    "field_types",
    "glossary",
    "languages",
    "message",
    "messages",
    "validate",
]

SECTIONS = ("format", "names", "event", "prompt", "reason", "table")
FIELD_TYPES = (
    "seat",
    "seats",
    "card",
    "cards",
    "card_name",
    "general",
    "skill",
    "identity",
    "number",
    "text",
    "bool",
    "seatno",
    "ncards",
    "cause",
    "choices",
    "verb_choices",
    *("phase", "button", "zone", "action", "actions", "prompt", "side", "nature", "setting"),
    "self_target",
    "values",
    "suit",
    "reader",
    "kingdom",
    "gender",
    "pack",
    "card_kind",
    "option",
    *("the_card", "the_cards", "the_card_name", "a_card_name", "no_card_name"),
)
"""Every placeholder type the narrator knows how to write (`the_card`, `the_cards`,
`the_card_name`: a card with its definite article where the language has one, es
"el Ataque ♠7", from the glossary's `articles`; `a_card_name`, `no_card_name`: a card
asked for or missing, es "un Ataque", "ningún Ataque", the glossary's `indefinite` and
`negative` forms of that article; `verb_choices`: numbered options that are actions,
"1 to lose 1 health, or 2 to ..." (`names.choice_to`); `option`: one option as a choice
names it, a physical card with its suit and rank)."""
GLOSSARY_GROUPS = ("phase", "zone")
"""The word groups a language's glossary file holds (and its catalogue does not)."""
ARTICLE_GROUPS = ("articles", "indefinite", "negative", "number", "general_number")
"""A card's definite article (card id -> article), the indefinite and negative
forms of each article (es "el" -> "un", "ningún"), which articles are plural
(`number`: es "los" -> "plural") and which generals are (`general_number`: 张昭张纮,
two people, "Zhang Zhao & Zhang Hong invoke"); empty where a language has none."""
NAME_GROUPS = ("card", "general", "skill", "identity")
"""The glossary's groups of game names, id -> name, one per kind of thing named."""


class MessageError(ValueError):
    """A message file is malformed; the message names the file and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        super().__init__(f"{file}: {key}: {problem}")
        self.file, self.key = file, key


def _read(file: str) -> dict[str, Any]:
    text = resources.files("companion.narration.data").joinpath(file).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MessageError(file, f"line {exc.lineno}", exc.msg) from None
    if not isinstance(data, dict):
        raise MessageError(file, "(top)", "expected an object")
    return data


@cache
def field_types() -> dict[str, str]:
    """Placeholder name -> type, from `fields.json`."""
    data = _read("fields.json")
    fields = data.get("fields")
    if not isinstance(fields, dict):
        raise MessageError("fields.json", "fields", "expected an object")
    for name, kind in fields.items():
        if kind not in FIELD_TYPES:
            raise MessageError("fields.json", f"fields.{name}", f"unknown type {kind!r}")
    return dict(fields)


def _is_agreement(spec: str) -> bool:
    """A verb that agrees with a card, `{card:está|están}`: its singular and plural
    forms, chosen by the card's article (the glossary's `number`)."""
    forms = spec.split("|")
    return len(forms) == 2 and all(forms)


def _check_template(file: str, key: str, message: Any, words: frozenset[str]) -> None:
    if isinstance(message, dict):
        by, cases = message.get("by"), message.get("cases")
        if not (isinstance(by, str) or (isinstance(by, list) and by)) or not isinstance(
            cases, dict
        ):
            raise MessageError(file, key, "a message by case needs 'by' and 'cases'")
        if "default" not in message:
            raise MessageError(file, key, "a message by case needs a 'default'")
        for case, sub in [*cases.items(), ("default", message["default"])]:
            if isinstance(sub, dict):
                raise MessageError(file, f"{key}.{case}", "cases do not nest")
            _check_template(file, f"{key}.{case}", sub, words)
        return
    variants = [message] if isinstance(message, str) else message
    if (
        not isinstance(variants, list)
        or not variants
        or not all(isinstance(v, str) for v in variants)
    ):
        raise MessageError(file, key, "expected a template or a non-empty list of templates")
    types = field_types()
    for variant in variants:
        try:
            fields = fields_of(variant)
        except ValueError as exc:
            raise MessageError(file, key, str(exc)) from None
        for name, spec in fields:
            if _is_agreement(spec):
                continue
            if spec and spec not in FIELD_TYPES and spec not in words:
                raise MessageError(file, key, f"{{{name}:{spec}}}: unknown type {spec!r}")
            if not spec and name not in types:
                raise MessageError(file, key, f"{{{name}}} has no type in fields.json")


@cache
def messages(lang: str) -> dict[str, dict[str, Any]]:
    """The validated catalogue of one language.

    Raises:
        ValueError: an unknown language.
        MessageError: the file is malformed.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {LANGUAGES}")
    file = f"messages.{lang}.json"
    data = _read(file)
    names = data.get("names")
    if isinstance(names, dict):
        words = glossary(lang)
        for group in GLOSSARY_GROUPS:
            if group in names:
                raise MessageError(file, f"names.{group}", f"belongs in glossary.{lang}.json")
            names[group] = words[group]
    return validate(file, data)


@cache
def glossary(lang: str) -> dict[str, dict[str, str]]:
    """The glossary of one language (`glossary.<lang>.json`): the names of the cards,
    generals, skills and identities (id -> name), the phase and zone names, and
    `articles` (card id -> its definite article; empty where the language has none).

    Raises:
        MessageError: the file is malformed.
    """
    file = f"glossary.{lang}.json"
    data = _read(file)
    out: dict[str, dict[str, str]] = {}
    for group in (*NAME_GROUPS, *GLOSSARY_GROUPS, *ARTICLE_GROUPS):
        words = data.get(group, {} if group in ARTICLE_GROUPS else None)
        if not isinstance(words, dict) or not all(isinstance(w, str) for w in words.values()):
            raise MessageError(file, group, "expected an object of strings")
        out[group] = dict(words)
    return out


@cache
def _own_files() -> dict[str, tuple[str, ...]]:
    """Game -> the languages of its own catalogues (`<game>.<lang>.json`)."""
    out: dict[str, list[str]] = {}
    for entry in resources.files("companion.narration.data").iterdir():
        parts = entry.name.split(".")
        if len(parts) == 3 and parts[2] == "json" and parts[0] != "messages":
            out.setdefault(parts[0], []).append(parts[1])
    return {game: tuple(sorted(langs)) for game, langs in out.items()}


def languages(game: str) -> tuple[str, ...]:
    """The languages `game` is narrated in: the shared ones, then the ones only its own
    catalogues offer (Regicide adds `vi`).

    >>> languages("sanguosha")
    ('zh-Hans', 'en', 'es')
    """
    own = _own_files().get(game, ())
    return LANGUAGES + tuple(lang for lang in own if lang not in LANGUAGES)


def all_languages() -> tuple[str, ...]:
    """Every language some game is narrated in (the `--lang` choices)."""
    extra = sorted({lang for langs in _own_files().values() for lang in langs} - set(LANGUAGES))
    return LANGUAGES + tuple(extra)


@cache
def catalogue(lang: str, game: str) -> dict[str, dict[str, Any]]:
    """The validated catalogue `game` is narrated with in `lang`: the shared one
    (`messages.<lang>.json`, when the language has one) overlaid with the game's own
    file (`<game>.<lang>.json`, when there is one). The overlay adds messages and word
    groups and may override formats (a Regicide seat is "player 2"); a language that
    only a game offers needs every section in that game's file.

    Raises:
        ValueError: `game` is not narrated in `lang`.
        MessageError: a file is malformed.
    """
    offered = languages(game)
    if lang not in offered:
        raise ValueError(f"{game} has no narration in {lang!r}: expected one of {offered}")
    base = messages(lang) if lang in LANGUAGES else {}
    if lang not in _own_files().get(game, ()):
        return base
    file = f"{game}.{lang}.json"
    own = _read(file)
    merged: dict[str, Any] = {}
    for section in SECTIONS:
        body = dict(base.get(section, {}))
        extra = own.get(section, {})
        if not isinstance(extra, dict):
            raise MessageError(file, section, "expected an object")
        for key, value in extra.items():
            if section == "names" and isinstance(value, dict):
                value = {**body.get(key, {}), **value}
            body[key] = value
        merged[section] = body
    return validate(file, merged)


def validate(file: str, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Check one catalogue's sections and templates; return it without `_` keys.

    Raises:
        MessageError: naming `file` and the offending key.
    """
    out: dict[str, dict[str, Any]] = {}
    for section in SECTIONS:
        body = data.get(section)
        if not isinstance(body, dict):
            raise MessageError(file, section, "missing section")
        out[section] = {k: v for k, v in body.items() if not k.startswith("_")}
    words = frozenset(out["names"])
    for section in ("event", "prompt", "reason", "table"):
        for key, message in out[section].items():
            _check_template(file, f"{section}.{key}", message, words)
    for key in ("seat", "seat_bare", "list_sep", "list_last", "none", "one_card", "n_cards"):
        if not isinstance(out["format"].get(key), str):
            raise MessageError(file, f"format.{key}", "expected a string")
    vocative = out["format"].get("seat_vocative")  # optional: a bare seat spoken to
    if vocative is not None and (not isinstance(vocative, str) or "{n}" not in vocative):
        raise MessageError(file, "format.seat_vocative", "expected a string with {n}")
    verbs = out["format"].get("plural_verbs")  # optional: the verb of a plural subject
    if verbs is not None and not isinstance(verbs, dict):
        raise MessageError(file, "format.plural_verbs", "expected an object")
    plural = out["format"].get("seats_bare")  # optional: bare seats as one plural
    if plural is not None and (not isinstance(plural, str) or "{list}" not in plural):
        raise MessageError(file, "format.seats_bare", "expected a string with {list}")
    for group, words in out["names"].items():
        if not isinstance(words, dict) or not all(isinstance(w, str) for w in words.values()):
            raise MessageError(file, f"names.{group}", "expected an object of strings")
    return out


def message(lang: str, section: str, key: str) -> Template | None:
    """One message, or `None` when the catalogue has no such key."""
    return messages(lang)[section].get(key)
