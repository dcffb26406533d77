"""The catalogue: cards, generals, skills, identities and role tables, from package data.

The facts live in `engine/sanguosha/data/*.json` (sources cited in each file's
`_comment`) and are validated once, when first loaded: a bad file raises
`CatalogueError` naming the file and the key. Physical cards are `Card` values,
written `id@<suit><rank>` (`kill@S7`); `parse_card` and `format_card` round-trip,
and `repr` rebuilds the value:

>>> card = parse_card("kill@S7")
>>> card, format_card(card), card.subtype, card.color.value
(parse_card('kill@S7'), 'kill@S7', 'basic', 'black')
>>> parse_card("sha@s7") is card, parse_card("sha ♠7") is card
(True, True)

The data holds ids and rules only (and the pinyin, an ASCII spelling a script may
type for the id); the names people read and hear, in every language, are the
companion's glossaries (`companion/narration/data/glossary.<lang>.json`), and the
companion's card codes accept those names too (`杀♠7`).

Both copies of a card that occurs twice (`kill@S8`) are the same value: copies are
interchangeable in every rule. That holds across card sets too: the Maneuvering
expansion repeats six standard cards (`dodge@D6` `D7` `D8` `D10` `DJ`, `peach@H6`),
and a copy from either set is the same card for every rule and every scan.

A card counts as its `true_name` for every rule (FreeKill's trueName): a Fire Kill
(`fire_kill@H4`) is a Kill whose damage is fire:

>>> fire = parse_card("huo sha@H4")
>>> fire.name, fire.true_name, fire.nature
('fire_kill', 'kill', 'fire')
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from engine.core.cards import Color, Rank, Suit, format_suit_rank, parse_rank, parse_suit
from engine.core.errors import InvalidAction
from engine.sanguosha.reasons import Reason

CARD_TYPES = ("basic", "trick", "equipment")
SUBTYPES = {
    "basic": ("basic",),
    "trick": ("instant", "delayed"),
    "equipment": ("weapon", "armor", "plus_horse", "minus_horse"),
}
EQUIP_SLOTS = ("weapon", "armor", "plus_horse", "minus_horse")
IDENTITIES = ("lord", "loyalist", "rebel", "spy")
GENDERS = ("male", "female")
_NAME_KEYS = ("pinyin",)
NATURES = ("normal", "fire", "thunder")
"""Damage types (docs/maneuvering.md section 2); fire and thunder are elemental."""
CARD_SETS = ("standard", "maneuvering")
"""The decks a game may use (`Settings.maneuvering` adds the second to the first)."""


class CatalogueError(ValueError):
    """A data file is malformed; the message names the file and the key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key = file, key
        super().__init__(f"{file}: {key}: {problem}")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What every copy of a card name shares."""

    id: str
    pinyin: str
    type: str
    subtype: str
    range: int | None
    counts_as: str = ""  # the card it is for every rule ("kill" for a Fire Kill), else its id
    nature: str = "normal"  # the damage type it deals (fire, thunder), for Kills


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One physical game card. Build it with `parse_card`; the value is interned.

    Interned values compare (and hash) by identity, which keeps zone operations
    cheap; copying or pickling goes through `parse_card`, so it keeps identity.
    """

    name: str
    suit: Suit
    rank: Rank
    subtype: str = field(compare=False, repr=False, default="")
    color: Color = field(compare=False, repr=False, default=Color.NONE)
    text: str = field(compare=False, repr=False, default="")
    true_name: str = field(compare=False, repr=False, default="")
    """The card id it is for every rule: `kill` for `fire_kill`; else its own name."""
    nature: str = field(compare=False, repr=False, default="normal")
    """The damage type it deals when used as its `true_name` (a Fire Kill's fire)."""

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(
                self, "text", f"{self.name}@{format_suit_rank(self.suit, self.rank)}"
            )
        if not self.true_name:
            object.__setattr__(self, "true_name", self.name)

    def __repr__(self) -> str:
        return f"parse_card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[Any, ...]:
        if _INTERNED.get((self.name, self.suit, self.rank)) is self:
            return (parse_card, (format_card(self),))
        return (Card, (self.name, self.suit, self.rank, self.subtype, self.color))

    @property
    def type(self) -> str:
        return catalogue().cards[self.name].type

    @property
    def spec(self) -> CardSpec:
        return catalogue().cards[self.name]


@dataclass(frozen=True, slots=True)
class GeneralSpec:
    id: str
    pinyin: str
    kingdom: str
    gender: str
    max_hp: int
    skills: tuple[str, ...]
    lord_skills: tuple[str, ...]
    pack: str = "standard"
    """The box it comes in (`Catalogue.packs`): a game names the packs it plays with."""


@dataclass(frozen=True, slots=True)
class PackSpec:
    """A box of generals (标准版, 风, 火, 林, 山) and the lords the rulebook offers from it."""

    id: str
    zh: str
    en: str
    es: str
    lords: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SkillSpec:
    id: str
    pinyin: str
    tags: frozenset[str]
    text: dict[str, str] = field(default_factory=dict, compare=False)
    """The rule text by language (zh-Hans, en, es); empty until the skill is written."""


@dataclass(frozen=True, slots=True)
class IdentitySpec:
    id: str
    pinyin: str


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Everything loaded from the data files."""

    cards: dict[str, CardSpec]
    deck: tuple[Card, ...]
    ex_deck: tuple[Card, ...]
    maneuvering_deck: tuple[Card, ...]
    generals: dict[str, GeneralSpec]
    lord_candidates: tuple[str, ...]  # the standard pack's lords (Cao Cao, Liu Bei, Sun Quan)
    packs: dict[str, PackSpec]
    skills: dict[str, SkillSpec]
    identities: dict[str, IdentitySpec]
    roles: dict[str, dict[str, dict[str, int]]]
    aliases: dict[str, str]  # normalised id / pinyin -> card id


def _read(file: str) -> dict[str, Any]:
    text = resources.files("engine.sanguosha.data").joinpath(file).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogueError(file, f"line {exc.lineno}", exc.msg) from None
    if not isinstance(data, dict):
        raise CatalogueError(file, "(top)", "expected an object")
    return data


def _get(file: str, obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in obj:
        raise CatalogueError(file, f"{where}.{key}", "missing")
    value = obj[key]
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise CatalogueError(file, f"{where}.{key}", f"expected an integer, got {value!r}")
    if not isinstance(value, kind):
        raise CatalogueError(file, f"{where}.{key}", f"expected {kind.__name__}, got {value!r}")
    return value


def _names(file: str, obj: dict[str, Any], where: str) -> dict[str, str]:
    return {k: _get(file, obj, k, str, where) for k in ("id", *_NAME_KEYS)}


def _entries(file: str, data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = _get(file, data, key, list, "")
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise CatalogueError(file, f"{key}[{i}]", "expected an object")
        ident = _get(file, entry, "id", str, f"{key}[{i}]")
        if ident in seen:
            raise CatalogueError(file, f"{key}[{i}].id", f"duplicate id {ident!r}")
        seen.add(ident)
    return entries


def _load_cards(
    data: dict[str, Any],
) -> tuple[dict[str, CardSpec], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    file = "cards.json"
    specs: dict[str, CardSpec] = {}
    for entry in _entries(file, data, "cards"):
        where = f"cards[{entry['id']}]"
        names = _names(file, entry, where)
        ctype = _get(file, entry, "type", str, where)
        if ctype not in CARD_TYPES:
            raise CatalogueError(file, f"{where}.type", f"unknown type {ctype!r}")
        subtype = _get(file, entry, "subtype", str, where)
        if subtype not in SUBTYPES[ctype]:
            raise CatalogueError(file, f"{where}.subtype", f"{subtype!r} is not a {ctype} subtype")
        rng = entry.get("range")
        if (subtype == "weapon") != isinstance(rng, int) or (rng is not None and rng < 1):
            raise CatalogueError(file, f"{where}.range", "weapons need a range >= 1, others null")
        counts_as = entry.get("counts_as", names["id"])
        nature = entry.get("nature", "normal")
        if nature not in NATURES:
            raise CatalogueError(file, f"{where}.nature", f"unknown damage type {nature!r}")
        specs[names["id"]] = CardSpec(
            type=ctype, subtype=subtype, range=rng, counts_as=counts_as, nature=nature, **names
        )
    for spec in specs.values():
        if spec.counts_as not in specs or specs[spec.counts_as].subtype != spec.subtype:
            raise CatalogueError(
                file, f"cards[{spec.id}].counts_as", f"{spec.counts_as!r} is no card of its kind"
            )

    made: dict[tuple[str, Suit, Rank], Card] = {}

    def deck(key: str) -> tuple[Card, ...]:
        texts = _get(file, data, key, list, "")
        cards = []
        for i, text in enumerate(texts):
            m = (
                re.fullmatch(r"([a-z_]+)@([SHCD])(10|[2-9AJQK])", text)
                if isinstance(text, str)
                else None
            )
            if m is None or m.group(1) not in specs:
                raise CatalogueError(
                    file, f"{key}[{i}]", f"{text!r} is not a known id@<suit><rank>"
                )
            spec, suit, rank = specs[m.group(1)], parse_suit(m.group(2)), parse_rank(m.group(3))
            card = made.setdefault(
                (spec.id, suit, rank),
                Card(
                    spec.id,
                    suit,
                    rank,
                    spec.subtype,
                    suit.color,
                    true_name=spec.counts_as,
                    nature=spec.nature,
                ),
            )
            cards.append(card)
        return tuple(cards)

    main, ex, mv = deck("deck"), deck("ex_deck"), deck("maneuvering_deck")
    if len(main) != 104 or len(ex) != 4:
        raise CatalogueError(file, "deck", f"expected 104 + 4 cards, found {len(main)} + {len(ex)}")
    for key, cards, times in (("deck", main, "twice"), ("maneuvering_deck", mv, "once")):
        pairs = Counter((c.suit, c.rank) for c in cards)
        want = 2 if times == "twice" else 1
        odd = sorted(format_suit_rank(s, r) for (s, r), n in pairs.items() if n != want)
        if odd or len(pairs) != 52:
            raise CatalogueError(file, key, f"every suit+rank occurs {times}; not so for {odd}")
    return specs, main, ex, mv


_INTERNED: dict[tuple[str, Suit, Rank], Card] = {}


def _load_packs(file: str, data: dict[str, Any]) -> dict[str, PackSpec]:
    packs: dict[str, PackSpec] = {}
    for entry in _entries(file, data, "packs"):
        where = f"packs[{entry['id']}]"
        names = {k: _get(file, entry, k, str, where) for k in ("id", "zh", "en", "es")}
        lords = tuple(_get(file, entry, "lords", list, where))
        packs[names["id"]] = PackSpec(lords=lords, **names)
    if "standard" not in packs:
        raise CatalogueError(file, "packs", "the standard pack is missing")
    return packs


def _load_generals(
    data: dict[str, Any], skills: dict[str, SkillSpec]
) -> tuple[dict[str, GeneralSpec], dict[str, PackSpec]]:
    file = "generals.json"
    kingdoms = _get(file, data, "kingdoms", list, "")
    packs = _load_packs(file, data)
    out: dict[str, GeneralSpec] = {}
    for entry in _entries(file, data, "generals"):
        where = f"generals[{entry['id']}]"
        names = _names(file, entry, where)
        kingdom = _get(file, entry, "kingdom", str, where)
        if kingdom not in kingdoms:
            raise CatalogueError(file, f"{where}.kingdom", f"unknown kingdom {kingdom!r}")
        gender = _get(file, entry, "gender", str, where)
        if gender not in GENDERS:
            raise CatalogueError(file, f"{where}.gender", f"unknown gender {gender!r}")
        max_hp = _get(file, entry, "max_hp", int, where)
        if not 1 <= max_hp <= 8:
            raise CatalogueError(file, f"{where}.max_hp", f"implausible max HP {max_hp}")
        lists: dict[str, tuple[str, ...]] = {}
        for key in ("skills", "lord_skills"):
            ids = _get(file, entry, key, list, where)
            for sid in ids:
                if sid not in skills:
                    raise CatalogueError(file, f"{where}.{key}", f"unknown skill {sid!r}")
                if (key == "lord_skills") != ("lord" in skills[sid].tags):
                    raise CatalogueError(file, f"{where}.{key}", f"{sid!r} lord tag mismatch")
            lists[key] = tuple(ids)
        pack = _get(file, entry, "pack", str, where)
        if pack not in packs:
            raise CatalogueError(file, f"{where}.pack", f"unknown pack {pack!r}")
        out[names["id"]] = GeneralSpec(
            kingdom=kingdom,
            gender=gender,
            max_hp=max_hp,
            skills=lists["skills"],
            lord_skills=lists["lord_skills"],
            pack=pack,
            **names,
        )
    for spec in packs.values():
        for lord in spec.lords:
            if lord not in out or out[lord].pack != spec.id:
                raise CatalogueError(file, f"packs[{spec.id}].lords", f"no {lord!r} in this pack")
    return out, packs


def _load_skills(data: dict[str, Any]) -> dict[str, SkillSpec]:
    file = "skills.json"
    tags = set(_get(file, data, "tags", list, ""))
    out: dict[str, SkillSpec] = {}
    for entry in _entries(file, data, "skills"):
        where = f"skills[{entry['id']}]"
        names = _names(file, entry, where)
        own = _get(file, entry, "tags", list, where)
        if not set(own) <= tags:
            raise CatalogueError(file, f"{where}.tags", f"unknown tags {sorted(set(own) - tags)}")
        out[names["id"]] = SkillSpec(
            tags=frozenset(own), text=_skill_text(file, entry, where), **names
        )
    return out


TEXT_LANGUAGES = ("zh-Hans", "en", "es")


def _skill_text(file: str, entry: dict[str, Any], where: str) -> dict[str, str]:
    """A skill's optional `text`: one non-empty string per language of `TEXT_LANGUAGES`."""
    if "text" not in entry:
        return {}
    text = _get(file, entry, "text", dict, where)
    if set(text) != set(TEXT_LANGUAGES):
        raise CatalogueError(file, f"{where}.text", f"expected exactly {list(TEXT_LANGUAGES)}")
    for lang in TEXT_LANGUAGES:
        if not _get(file, text, lang, str, f"{where}.text").strip():
            raise CatalogueError(file, f"{where}.text.{lang}", "empty")
    return {lang: text[lang] for lang in TEXT_LANGUAGES}


def _load_identities(data: dict[str, Any]) -> dict[str, IdentitySpec]:
    file = "identities.json"
    out = {}
    for entry in _entries(file, data, "identities"):
        out[entry["id"]] = IdentitySpec(**_names(file, entry, f"identities[{entry['id']}]"))
    if tuple(out) != IDENTITIES:
        raise CatalogueError(file, "identities", f"expected exactly {IDENTITIES}")
    return out


def _load_roles(data: dict[str, Any]) -> dict[str, dict[str, dict[str, int]]]:
    file = "roles.json"
    tables: dict[str, dict[str, dict[str, int]]] = {}
    for group in ("standard", "four_player", "two_spies"):
        tables[group] = {}
        for key, counts in _get(file, data, group, dict, "").items():
            where = f"{group}.{key}"
            if not isinstance(counts, dict) or set(counts) != set(IDENTITIES):
                raise CatalogueError(file, where, f"expected counts for {IDENTITIES}")
            for ident in IDENTITIES:
                _get(file, counts, ident, int, where)
            if counts["lord"] != 1:
                raise CatalogueError(file, f"{where}.lord", "exactly one lord")
            size = sum(counts.values())
            if str(size) != (key if group != "four_player" else "4"):
                raise CatalogueError(file, where, f"counts add up to {size} players")
            tables[group][key] = {i: counts[i] for i in IDENTITIES}
    if set(tables["standard"]) != {str(n) for n in range(2, 11)}:
        raise CatalogueError(file, "standard", "needs tables for 2 to 10 players")
    return tables


def _normalise(name: str) -> str:
    return re.sub(r"[\s_'’]", "", name).lower()


@cache
def catalogue() -> Catalogue:
    """Load and validate every data file (once per process)."""
    cards, deck, ex_deck, mv_deck = _load_cards(_read("cards.json"))
    for card in deck + ex_deck + mv_deck:
        _INTERNED[(card.name, card.suit, card.rank)] = card
    skills = _load_skills(_read("skills.json"))
    generals, packs = _load_generals(_read("generals.json"), skills)
    aliases: dict[str, str] = {}
    for spec in cards.values():
        for alias in (spec.id, spec.pinyin):
            aliases[_normalise(alias)] = spec.id
    return Catalogue(
        cards=cards,
        deck=deck,
        ex_deck=ex_deck,
        maneuvering_deck=mv_deck,
        generals=generals,
        lord_candidates=packs["standard"].lords,
        packs=packs,
        skills=skills,
        identities=_load_identities(_read("identities.json")),
        roles=_load_roles(_read("roles.json")),
        aliases=aliases,
    )


_CARD_TEXT = re.compile(r"^(.+?)\s*@?\s*([SHCDshcd♠♥♣♦])\s*(10|[2-9AJQKajqk])$")


def parse_card(text: str) -> Card:
    """Parse `kill@S7` (also `kill@♠7`, `sha S7`) into the interned `Card`.

    Raises `InvalidAction(Reason.UNKNOWN_CARD, text=...)` (a `ValueError`) when the
    text names no card of the standard deck, the EX pack or the Maneuvering expansion.

    >>> parse_card("lightning@HQ").name
    'lightning'
    >>> parse_card("kill@HA")
    Traceback (most recent call last):
    ...
    engine.core.errors.InvalidAction: unknown_card (text='kill@HA')
    """
    cat = catalogue()
    m = _CARD_TEXT.match(text.strip()) if isinstance(text, str) else None
    name = cat.aliases.get(_normalise(m.group(1))) if m else None
    if m is None or name is None:
        raise InvalidAction(Reason.UNKNOWN_CARD, text=text)
    card = _INTERNED.get((name, parse_suit(m.group(2)), parse_rank(m.group(3))))
    if card is None:
        raise InvalidAction(Reason.UNKNOWN_CARD, text=text)
    return card


def format_card(card: Card) -> str:
    """The card's text, `id@<suit><rank>`.

    >>> format_card(parse_card("zixing@♦K"))
    'zixing@DK'
    """
    return card.text


def deck_for(
    ex_cards: bool, maneuvering: bool, nullifications: str = "SK HA HK"
) -> tuple[Card, ...]:
    """The game's physical cards: the standard 104, + 4 EX, + the 52 Maneuvering cards.

    `nullifications` "SK HK HK" reads the older list of the expansion, whose ♥A
    Nullification is a second ♥K (`Settings.nullification_copies`).

    >>> len(deck_for(False, True)), len(deck_for(True, True))
    (156, 160)
    """
    cat = catalogue()
    cards = cat.deck + (cat.ex_deck if ex_cards else ())
    if maneuvering:
        extra = cat.maneuvering_deck
        if nullifications == "SK HK HK":
            ha, hk = parse_card("nullification@HA"), parse_card("nullification@HK")
            extra = tuple(hk if c is ha else c for c in extra)
        cards += extra
    return cards


def role_counts(
    players: int, four_player_roles: str = "1111", two_spies: bool = False
) -> dict[str, int]:
    """How many of each identity are dealt (docs/sanguosha.md section 1c).

    >>> role_counts(4, "1021")
    {'lord': 1, 'loyalist': 0, 'rebel': 2, 'spy': 1}
    >>> role_counts(8, two_spies=True)["spy"]
    2
    """
    roles = catalogue().roles
    if players == 4:
        return dict(roles["four_player"][four_player_roles])
    if two_spies and str(players) in roles["two_spies"]:
        return dict(roles["two_spies"][str(players)])
    return dict(roles["standard"][str(players)])
