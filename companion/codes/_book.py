"""The codebook: every code, every card, and the aliases people type.

A `Codebook` is immutable; it is built from the packaged code table plus, optionally,
the entries of a custom-cards file. Tokens follow the table-script grammar (README,
docs/catalogue-ids.md): catalogue ids, Chinese names, pinyin with or
without spaces and English names, suits as `S H C D` or `♠♥♣♦`; a `/N` suffix picks the
N-th copy of a card that exists more than once (`kill@S8/2`, `rebel/3`, `jester/2`). `/`,
not `#`: a table script's `#` starts a comment (`#N` is still read where no comment can
be, as in `resolve_token("kill@S8#2")`).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping

from companion.codes._check import ALPHABET, CODE_LENGTH, check_character, is_valid, make_code
from companion.codes._custom import CustomEntry
from companion.codes._errors import (
    CheckCharacterError,
    CodeTableError,
    InvalidCodeError,
    UnknownCodeError,
    UnknownTokenError,
)
from companion.codes._model import CardNames, CardRef
from companion.codes._table import JESTER, CodeTable
from companion.narration.names import game_names
from engine.core.cards import format_suit_rank, parse_rank, parse_suit
from engine.sanguosha.catalogue import GeneralSpec, IdentitySpec, SkillSpec, catalogue

_COPY = re.compile(r"(.*\S)\s*[/#]\s*(\d+)")
_SKILL = re.compile(r"(?:skill|技能)\s*[:：]\s*(.+)", re.IGNORECASE)
_SUIT_RANK = r"([SHCDshcd♠♥♣♦])\s*(10|[2-9AJQKajqk])"
_POKER = re.compile(_SUIT_RANK)
_POKER_RANK_FIRST = re.compile(r"(10|[2-9AJQKajqk])\s*([SHCDshcd♠♥♣♦])")  # JC, 10S, J♣
_CARD = re.compile(r"(.+?)\s*@?\s*" + _SUIT_RANK)
_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
_FORMS = (
    "expected a game card (kill@S7, 杀♠7, sha@S7), a general (caocao, 曹操, cao cao), an "
    "identity (lord, 主公), a skill token (skill:rende), a poker card (C8, ♣8, jester) or "
    "a card code; add /N for the N-th copy (kill@S8/2)"
)


def normalise(name: str) -> str:
    """Fold a name for alias lookup: case, spaces, `_`, `-`, apostrophes, `·`; ü as v.

    >>> normalise("Lü Bu"), normalise("cao_cao"), normalise("Le Bu Si Shu")
    ('lvbu', 'caocao', 'lebusishu')
    """
    folded = re.sub(r"[\s_\-'’·]", "", unicodedata.normalize("NFC", name)).lower()
    return folded.replace("ü", "v")


def _variants(name: str) -> set[str]:
    base = normalise(name)
    return {base, base.replace("v", "u")} if "ü" in name.lower() else {base}


class _Aliases:
    """An alias map that remembers names claimed by two different targets."""

    def __init__(self) -> None:
        self.targets: dict[str, str] = {}
        self.ambiguous: dict[str, set[str]] = {}

    def add(self, names: Iterable[str], target: str) -> None:
        for name in names:
            for alias in _variants(name):
                if not alias:
                    continue
                if alias in self.ambiguous:
                    self.ambiguous[alias].add(target)
                elif self.targets.get(alias, target) != target:
                    self.ambiguous[alias] = {self.targets.pop(alias), target}
                else:
                    self.targets[alias] = target

    def get(self, name: str, token: str) -> str | None:
        alias = normalise(name)
        if alias in self.ambiguous:
            choices = ", ".join(sorted(self.ambiguous[alias]))
            raise UnknownTokenError(token, f"{name!r} is ambiguous: it could be {choices}")
        return self.targets.get(alias)


class Codebook:
    """Every card set's codes, with lookups in both directions."""

    def __init__(self, table: CodeTable, custom: tuple[CustomEntry, ...] = ()) -> None:
        self.table = table
        self.custom = {entry.id: entry for entry in custom}
        self._by_code: dict[str, CardRef] = {}
        self._by_set: dict[str, list[CardRef]] = {}
        self._copies: dict[tuple[str, str], list[CardRef]] = {}
        self._set_of_letter = {s.letter: s.name for s in table.sets}
        self._set_of_letter[table.custom_letter] = "custom"
        for spec in table.sets:
            for number, text in enumerate(spec.items, start=1):
                ident = text.split("@")[0].removeprefix("skill:")
                self._add(
                    spec.name, spec.letter, number, ident, _token_text(spec.kind, text), spec.kind
                )
        for entry in sorted(custom, key=lambda e: e.number):
            self._add(
                "custom",
                table.custom_letter,
                entry.number,
                entry.id,
                _custom_text(entry),
                entry.kind,
            )
        self._build_aliases(custom)

    def _add(
        self, set_name: str, letter: str, number: int, ident: str, text: str, kind: str
    ) -> None:
        key = _copy_key(set_name, ident, text, kind)
        copies = self._copies.setdefault(key, [])
        ref = CardRef(set_name, ident, text, len(copies) + 1, make_code(letter, number), kind)
        copies.append(ref)
        self._by_code[ref.code] = ref
        self._by_set.setdefault(set_name, []).append(ref)

    def _build_aliases(self, custom: tuple[CustomEntry, ...]) -> None:
        cat = catalogue()
        self._cards, self._whole, self._skills = _Aliases(), _Aliases(), _Aliases()
        for spec in cat.cards.values():
            self._cards.add((spec.id, *_zh_en("card", spec.id), spec.pinyin), "card:" + spec.id)
        for g in cat.generals.values():
            self._whole.add((g.id, *_zh_en("general", g.id), g.pinyin), "generals:" + g.id)
        for i in cat.identities.values():
            self._whole.add((i.id, *_zh_en("identity", i.id), i.pinyin), "identities:" + i.id)
        self._whole.add((JESTER, "joker", self.table.jester["zh"]), "poker:" + JESTER)
        for s in cat.skills.values():
            self._skills.add((s.id, *_zh_en("skill", s.id), s.pinyin), "skills:skill:" + s.id)
        for n, entry in enumerate(custom):
            names = (entry.id, entry.zh, entry.pinyin, entry.en)
            taken = [
                a
                for a in names
                if a
                and (self._cards.targets.get(normalise(a)) or self._whole.targets.get(normalise(a)))
            ]
            if taken:
                raise CodeTableError(
                    "custom cards", f"cards[{n}]", f"names {taken} already name a catalogue card"
                )
            self._whole.add(names, "custom:" + entry.id)
            if entry.kind == "card":
                self._cards.add(names, "custom:" + entry.id)

    # -- lookups ---------------------------------------------------------------

    def set_names(self) -> tuple[str, ...]:
        """The sets in table order, `custom` last when custom cards are loaded."""
        return tuple(self._by_set)

    def all_codes(self, set_name: str) -> list[CardRef]:
        """Every card of `set_name` (or of every set for `all`), in item order.

        Raises:
            ValueError: unknown set name.
        """
        if set_name == "all":  # every card; command labels are no card
            return [ref for refs in self._by_set.values() for ref in refs if ref.kind != "command"]
        known = {s.name for s in self.table.sets} | {"custom"}
        if set_name not in known:
            raise ValueError(
                f"unknown card set {set_name!r}; expected one of {sorted(known)} or all"
            )
        return list(self._by_set.get(set_name, []))

    def copy_count(self, ref: CardRef) -> int:
        """How many cards of `ref`'s set share its text (2 for `kill@S8`)."""
        return len(self._copies[_copy_key(ref.set, ref.id, ref.text, ref.kind)])

    def decode_code(self, code: str) -> CardRef:
        """The card a printed or NDEF code names.

        Raises:
            InvalidCodeError: wrong length or characters outside the alphabet.
            CheckCharacterError: the check character does not match (misread label).
            UnknownCodeError: a valid code that names no loaded card.
        """
        if not isinstance(code, str) or len(code) != CODE_LENGTH:
            raise InvalidCodeError(
                str(code),
                f"a card code is {CODE_LENGTH} characters: set letter, 2-character item, check character",
            )
        bad = sorted({ch for ch in code if ch not in ALPHABET})
        if bad:
            hint = " (codes are upper-case)" if any(ch.upper() in ALPHABET for ch in bad) else ""
            raise InvalidCodeError(code, f"characters {bad} are not in the code alphabet{hint}")
        if not is_valid(code):
            expected = check_character(code[:-1])
            raise CheckCharacterError(
                code,
                f"check character {code[-1]!r} should be {expected!r}: the label was misread or mistyped",
            )
        ref = self._by_code.get(code)
        if ref is None:
            set_name = self._set_of_letter.get(code[0])
            if set_name is None:
                raise UnknownCodeError(code, f"no card set has the letter {code[0]!r}")
            if set_name == "custom":
                raise UnknownCodeError(
                    code,
                    "no loaded custom card has this code; load the custom-cards file (--custom FILE)",
                )
            size = len(self._by_set[set_name])
            raise UnknownCodeError(code, f"the {set_name} set has items 1 to {size} only")
        return ref

    def resolve_token(self, token: str) -> CardRef:
        """The card a table-script token names (the first copy unless `/N` is given).

        Raises:
            UnknownTokenError: the token names no card, is ambiguous, or the copy
                number is out of range.
        """
        if not isinstance(token, str) or not token.strip():
            raise UnknownTokenError(str(token), "empty token")
        text = token.strip()
        if text in self._by_code:
            return self._by_code[text]
        copy = 1
        if m := _COPY.fullmatch(text):
            text, copy = m.group(1), int(m.group(2))
        key = self._key_of(text, token)
        refs = self._copies.get(key)
        if not refs and key[0] == "skills":
            raise UnknownTokenError(
                token, f"{key[1]!r} has no token: only skills a player starts have one"
            )
        if not refs:
            where = "any game-card set" if key[0] == GAME_CARDS else f"the {key[0]} set"
            raise UnknownTokenError(token, f"{key[1]!r} is not in {where}")
        if not 1 <= copy <= len(refs):
            raise UnknownTokenError(token, f"there are {len(refs)} copies, not a copy {copy}")
        return refs[copy - 1]

    def _key_of(self, text: str, token: str) -> tuple[str, str]:
        if m := _SKILL.fullmatch(text):
            target = self._skills.get(m.group(1), token)
            if target is None:
                raise UnknownTokenError(token, f"{m.group(1)!r} is not a skill")
            return _split(target)
        if m := _POKER.fullmatch(text):
            return "poker", _suit_rank(m.group(1), m.group(2))
        if m := _POKER_RANK_FIRST.fullmatch(text):  # as players and rulebooks write them
            return "poker", _suit_rank(m.group(2), m.group(1))
        target = self._whole.get(text, token)
        if target is not None:
            return _split(target)
        if m := _CARD.fullmatch(text):
            target = self._cards.get(m.group(1), token)
            if target is not None:
                set_name, ident = _split(target)
                suit_rank = _suit_rank(m.group(2), m.group(3))
                if set_name == "custom":
                    entry = self.custom[ident]
                    if _custom_text(entry).split("@")[1] != suit_rank:
                        raise UnknownTokenError(token, f"custom card {ident!r} is not {suit_rank}")
                    return "custom", ident
                return GAME_CARDS, f"{ident}@{suit_rank}"
        raise UnknownTokenError(token, _FORMS)

    def suggest(self, token: str) -> str | None:
        """The token of the card whose name is closest to `token` (a typo: `caocoa`,
        `kil@S7`), or None when nothing is close.

        >>> from companion.codes import codebook
        >>> codebook().suggest("caocoa"), codebook().suggest("kil@S7"), codebook().suggest("xyz")
        ('caocao', 'kill@S7', None)
        """
        text = token.strip()
        if m := _COPY.fullmatch(text):
            text = m.group(1)
        if m := _SKILL.fullmatch(text):
            return _closest(m.group(1), self._skills, lambda t: _split(t)[1])
        if m := _CARD.fullmatch(text):
            rest = _suit_rank(m.group(2), m.group(3))
            found = _closest(m.group(1), self._cards, lambda t: _split(t)[1])
            return None if found is None else f"{found}@{rest}"
        return _closest(text, self._whole, lambda t: _split(t)[1])

    def encode_token(self, token: str) -> str:
        """The code printed on the card a token names (see `resolve_token`)."""
        return self.resolve_token(token).code

    def names(self, ref: CardRef) -> CardNames:
        """The Chinese and English names (and suit and rank) to show for `ref`."""
        cat = catalogue()
        if ref.set == "custom":
            entry = self.custom[ref.id]
            suit_rank = _symbols(ref.text.split("@")[1]) if entry.kind == "card" else ""
            return CardNames(entry.zh, entry.en, entry.pinyin, suit_rank)
        if ref.kind == "card":
            spec = cat.cards[ref.id]
            zh, en = _zh_en("card", ref.id)
            return CardNames(zh, en, spec.pinyin, _symbols(ref.text.split("@")[1]))
        if ref.kind == "command":
            captions = self.table.command_names[ref.text]
            return CardNames(captions["zh"], captions["en"], "", "")
        if ref.kind == "poker":
            if ref.id == JESTER:
                return CardNames(self.table.jester["zh"], self.table.jester["en"], "", "")
            suit = self.table.poker_suits[ref.text[0]]
            rank = ref.text[1:]
            en = f"{self.table.poker_ranks[rank]} of {suit['en']}"
            return CardNames(f"{suit['zh']}{rank}", en, "", _symbols(ref.text))
        specs: dict[str, Mapping[str, GeneralSpec | IdentitySpec | SkillSpec]] = {
            "general": cat.generals,
            "identity": cat.identities,
            "skill": cat.skills,
        }
        named = specs[ref.kind][ref.id]
        return CardNames(*_zh_en(ref.kind, ref.id), named.pinyin, "")


def _zh_en(group: str, ident: str) -> tuple[str, str]:
    """The Chinese and English names of a card, general, identity or skill, from the
    narration's glossaries (one source for every name players read)."""
    return game_names("zh-Hans", group)[ident], game_names("en", group)[ident]


def _closest(name: str, aliases: _Aliases, token_of: Callable[[str], str]) -> str | None:
    """The token of the alias nearest to `name` (difflib's ratio 0.75 or more)."""
    found = difflib.get_close_matches(normalise(name), list(aliases.targets), n=1, cutoff=0.75)
    return token_of(aliases.targets[found[0]]) if found else None


GAME_CARDS = "card"
"""Copies of a game card are numbered across the game-card sets, in set order: the
standard `dodge@D6` is copy 1 and the Maneuvering one copy 2 (`dodge@D6/2`)."""


def _copy_key(set_name: str, ident: str, text: str, kind: str) -> tuple[str, str]:
    if set_name == "custom":
        return "custom", ident
    if kind in _SHARED:  # a pack's general cards and tokens are read like the standard ones
        return _SHARED[kind], text
    return (GAME_CARDS if kind == "card" else set_name), text


_SHARED = {"card": GAME_CARDS, "general": "generals", "skill": "skills"}


def _split(target: str) -> tuple[str, str]:
    set_name, _, text = target.partition(":")
    return set_name, text


def _suit_rank(suit: str, rank: str) -> str:
    return format_suit_rank(parse_suit(suit), parse_rank(rank))


def _symbols(suit_rank: str) -> str:
    return _SYMBOL[suit_rank[0]] + suit_rank[1:]


def _token_text(kind: str, text: str) -> str:
    return "skill:" + text if kind == "skill" else text


def _custom_text(entry: CustomEntry) -> str:
    if entry.kind == "card":
        if entry.suit is None or entry.rank is None:
            raise CodeTableError("custom cards", entry.id, "a game card needs a suit and a rank")
        return f"{entry.effect}@{format_suit_rank(entry.suit, entry.rank)}"
    return entry.effect if entry.kind == "identity" else entry.id
