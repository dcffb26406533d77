"""Card codes: the short text on a printed label or NFC tag that names one physical card.

A code is 4 characters, `<set letter><item: 2 base-31 digits><check character>`
(`S0DX` is `kill@S7`), from a 31-symbol alphabet in QR alphanumeric mode; the check character
catches every single changed character and every swap of adjacent characters. The
format, the sets and the custom-cards file are documented in docs/card-codes.md.

>>> encode_token("kill@S7")
'S0DX'
>>> decode_code("S0DX")
decode_code('S0DX')
>>> ref = resolve_token("杀♠8#2"); ref.text, ref.copy
('kill@S8', 2)

The module-level functions use a shared default codebook. It includes the custom
cards of the file named by the `COMPANION_CUSTOM_CARDS` environment variable, or of
the file last given to `use_custom` (the `--custom FILE` option).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from companion.codes._book import Codebook, normalise
from companion.codes._check import ALPHABET, CODE_LENGTH, check_character, is_valid, make_code
from companion.codes._custom import CustomEntry, load_custom, parse_custom
from companion.codes._errors import (
    CheckCharacterError,
    CodeError,
    CodeTableError,
    InvalidCodeError,
    UnknownCodeError,
    UnknownTokenError,
)
from companion.codes._model import SET_NAMES, CardNames, CardRef
from companion.codes._table import load_table

__all__ = [
    "ALPHABET",
    "CODE_LENGTH",
    "CUSTOM_ENV",
    "SET_NAMES",
    "CardNames",
    "CardRef",
    "CheckCharacterError",
    "CodeError",
    "CodeTableError",
    "Codebook",
    "CustomEntry",
    "InvalidCodeError",
    "UnknownCodeError",
    "UnknownTokenError",
    "all_codes",
    "build_codebook",
    "check_character",
    "codebook",
    "decode_code",
    "encode_token",
    "game_card_text",
    "is_valid",
    "load_custom",
    "make_code",
    "normalise",
    "parse_custom",
    "resolve_token",
    "use_custom",
]

CUSTOM_ENV = "COMPANION_CUSTOM_CARDS"

_default: Codebook | None = None


@cache
def _table():
    return load_table()


def codebook() -> Codebook:
    """The shared codebook, built on first use (with `$COMPANION_CUSTOM_CARDS` if set)."""
    global _default
    if _default is None:
        path = os.environ.get(CUSTOM_ENV)
        _default = Codebook(_table(), load_custom(path) if path else ())
    return _default


def build_codebook(custom: str | Path | None = None) -> Codebook:
    """A new codebook with the custom cards of `custom` (None: none); the shared one is
    untouched.

    Raises:
        CodeTableError: the custom-cards file is unreadable or malformed.
    """
    return Codebook(_table(), load_custom(custom) if custom is not None else ())


def use_custom(path: str | Path | None) -> Codebook:
    """Make the shared codebook know the custom cards of `path` (None: none).

    Raises:
        CodeTableError: the file is unreadable or malformed; the codebook is unchanged.
    """
    global _default
    book = build_codebook(path)
    _default = book
    return book


def encode_token(token: str) -> str:
    """The code of the card a table-script token names (`kill@S7` -> `S0DX`).

    Raises:
        UnknownTokenError: no card has that name, suit and rank (or copy).
    """
    return codebook().encode_token(token)


def decode_code(code: str) -> CardRef:
    """The card a code names.

    Raises:
        InvalidCodeError: malformed; CheckCharacterError: misread; UnknownCodeError:
            names no loaded card.
    """
    return codebook().decode_code(code)


def resolve_token(token: str) -> CardRef:
    """The card a token names: ids, Chinese, pinyin, English, codes; `/N` for a copy."""
    return codebook().resolve_token(token)


def game_card_text(token: str) -> str:
    """The text (`kill@S7`) of the game card a typed token names, in any spelling
    `resolve_token` reads (the engine itself reads only ids and pinyin); the token
    unchanged when it names no game card, so the engine refuses it as typed.

    >>> game_card_text("青釭剑♠6"), game_card_text("caocao"), game_card_text("zzz")
    ('qinggang_sword@S6', 'caocao', 'zzz')
    """
    try:
        ref = resolve_token(token)
    except CodeError:
        return token
    return ref.text if ref.kind == "card" and ref.set != "custom" else token


def all_codes(set_name: str) -> list[CardRef]:
    """Every card of a set (`sanguosha`, `generals`, `identities`, `skills`, `poker`,
    `custom`, or `all` of those), or the command labels (`commands`), each with its code."""
    return codebook().all_codes(set_name)
