"""Events, prompts and refusals as sentences in zh-Hans, en or es.

The engine never writes text: it emits events with a `kind` and JSON data, prompts
with a `kind`, and refusals with a `reason` and the data to explain it. The narrator
looks each up in the language's message catalogue (`messages.py`) and fills the
placeholders, writing seats with their general ("Guan Yu (seat 3)"), cards with
suit and rank ("Kill ♠7"), and lists in the language's own way. A kind missing
from the catalogue is a bug that the coverage tests catch; at run time it still
yields a sentence (the kind and its data), never an exception.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from companion.narration.messages import catalogue, field_types, glossary
from companion.narration.names import GameNames, SanguoshaNames
from companion.narration.templates import fields_of, pick, render

__all__ = ["Narrator", "names_for"]


def names_for(game: str, lang: str) -> GameNames:
    """The names of `game`'s things in `lang`.

    Raises:
        ValueError: a game without narration.
    """
    if game == "sanguosha":
        return SanguoshaNames(lang)
    if game == "regicide":
        from companion.narration.regicide_names import RegicideNames

        return RegicideNames(lang)
    raise ValueError(f"no narration for game {game!r}")


class Narrator:
    """Writes one game's sentences in one language.

    >>> n = Narrator("en")
    >>> n.refusal({"reason": "out_of_range", "card": "kill@S7", "source": 1, "target": 3,
    ...            "distance": 3, "attack_range": 2},
    ...           {"seats": [{"seat": 3, "general": "lvbu"}]})
    'Lü Bu (seat 3) is out of range: distance 3, attack range 2.'
    """

    def __init__(self, lang: str, game: str = "sanguosha") -> None:
        self.lang = lang
        self.game = game
        self._messages = catalogue(lang, game)
        self._names = names_for(game, lang)
        self._types = field_types()
        self._format = self._messages["format"]
        self._words = self._messages["names"]
        words = glossary(lang) if game == "sanguosha" else {}
        self._articles = words.get("articles", {})
        self._article_forms = {f: words.get(f, {}) for f in ("indefinite", "negative")}
        self._plural_articles = {a for a, n in words.get("number", {}).items() if n == "plural"}
        self._plural_generals = {
            g for g, n in words.get("general_number", {}).items() if n == "plural"
        }
        self._verbs: Mapping[str, Any] = self._format.get("plural_verbs") or {}
        self._ncards = {k for k, t in self._types.items() if t == "ncards"}
        self._counts: dict[tuple[str, str], set[str]] = {}
        self._devices: dict[str, tuple[str, str]] = {}  # reader name -> kind, where
        # a language's article contractions ("de el asiento" -> "del asiento")
        self._contractions = [
            (re.compile(rf"\b{re.escape(a)}"), b)
            for a, b in (self._format.get("contractions") or {}).items()
        ]

    # --- public ---

    def event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """The sentence for one engine event (its `to_json()`, with `kind`).

        A card used on its own user only (equipment, a Peach, Lightning) names no
        target: "Liu Bei equips...", not "Liu Bei uses ... on Liu Bei"; one whose user
        chose himself among the players (Fire Attack) says so: "on themselves".
        """
        if event.get("targets") == [event.get("seat")]:
            chosen = getattr(self._names, "targets_chosen", lambda ident: False)
            on_self = chosen(str(event.get("name"))) or None
            event = {**event, "targets": None, "self_target": on_self}
        if "target" in event and event.get("target") == event.get("seat"):
            event = {**event, "self": True}
        if "by" in event and event.get("by") == event.get("seat"):  # Guicai on one's own
            event = {**event, "self": True}
        return self._say("event", f"{self.game}.{event.get('kind')}", event, view)

    def prompt(self, prompt: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """The sentence asking for one pending decision (its `to_json()`, with `kind`).

        While a skill is being put together at the table (the prompt's `staged`
        skill, cards and targets) the question is that skill's OK / NO, not the
        prompt underneath (`prompt.<game>.staged`, with the cards counted, never
        named: Rende's are given face down). A card used as another (Wusheng's
        Peach as a Kill) is named with what it stands for (`as_card`). A prompt about
        its own seat (`target` = `seat`) gets `self` instead of a target.
        """
        staged = prompt.get("staged")
        if isinstance(staged, Mapping) and self.has("prompt", f"{self.game}.staged"):
            waiting = {
                "seat": staged.get("seat"),
                "skill": staged.get("skill"),
                "count": len(staged.get("cards") or ()),
                "chosen": list(staged.get("targets") or ()),
            }
            return self._say("prompt", f"{self.game}.staged", waiting, view)
        if prompt.get("target") is not None and prompt.get("target") == prompt.get("seat"):
            prompt = {**prompt, "target": None, "self": True}  # "your own", not your name
            if prompt.get("source") == prompt.get("seat"):  # your own card on yourself
                prompt["source"] = None
        as_card = self._stands_for(prompt.get("card"), prompt.get("reason"))
        if as_card is not None and prompt.get("kind") in _AS_CARD_PROMPTS:
            prompt = {**prompt, "as_card": as_card}
        return self._say("prompt", f"{self.game}.{prompt.get('kind')}", prompt, view)

    def _stands_for(self, card: Any, reason: Any) -> str | None:
        """The card id a prompt's physical `card` stands for, when it is used as
        another card (`reason` names a card the physical one is not)."""
        can_stand = getattr(self._names, "stands_for", None)
        if not (isinstance(card, str) and isinstance(reason, str) and can_stand is not None):
            return None
        if not can_stand(reason):
            return None
        true_name = getattr(self._names, "true_name", lambda ident: ident)
        names = {true_name(part.split("@", 1)[0]) for part in card.split("+")}
        return reason if names != {reason} else None  # a Fire Kill is no Kill "as Kill"

    def refusal(self, error: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """Why an input was refused (`ActionError.to_json()`, with `reason`)."""
        return self._say("reason", f"{self.game}.{error.get('reason')}", error, view)

    def table(self, key: str, view: Mapping[str, Any] | None = None, **data: Any) -> str:
        """One of the table layer's own messages. One that only this game's table says
        (a suit named on the dial) sits among the game's refusal reasons, as
        `reason.<game>.<key>`, so the shared `table` section stays what every game says."""
        if key not in self._messages["table"] and self.has("reason", f"{self.game}.{key}"):
            return self._say("reason", f"{self.game}.{key}", data, view)
        return self._say("table", key, data, view)

    def name_reader(self, reader: str, kind: str, where: str) -> None:
        """Name reader `reader` (its id in hex, as the log keeps it) by what it is from
        now on: a `Reader.kind` ("scanner") and where it is ("/dev/ttyACM0"), written
        with `names.reader` ("the barcode scanner on /dev/ttyACM0"). A reader never
        named (a game replayed from its log) is "reader 7C0A0001"."""
        self._devices[reader] = (kind, where)

    @property
    def names(self) -> GameNames:
        """The names of this game's cards, generals, skills and identities in this language."""
        return self._names

    def has(self, section: str, key: str) -> bool:
        return key in self._messages[section]

    def word(self, group: str, key: str) -> str:
        """A word from the `names` section (a phase, a button...), or the key itself."""
        return self._words.get(group, {}).get(str(key), str(key))

    # --- formatting ---

    def _say(
        self, section: str, key: str, data: Mapping[str, Any], view: Mapping[str, Any] | None
    ) -> str:
        message = self._messages[section].get(key)
        if message is None:
            shown = ", ".join(f"{k}={v}" for k, v in data.items() if k not in ("kind", "reason"))
            return f"[{key}] {shown}".strip()
        generals = _generals(view)
        # a count of zero cards is "none": variants that mention it are skipped
        counts = self._counts.get((section, key))
        if counts is None:
            counts = self._counts[section, key] = _ncards_fields(message) | self._ncards
        data = {k: (None if v == 0 and k in counts else v) for k, v in data.items()}

        template = self._subject_agrees(pick(message, data), data, generals)
        vocative = self._vocative(template)

        def value(name: str, spec: str, raw: Any) -> str:
            if name == vocative and not generals.get(_int(raw)):
                return self._format["seat_vocative"].format(n=raw)
            if "|" in spec:  # a verb agreeing with a card or a seat: {card:está|están}
                if self._types.get(name) == "seat":
                    return spec.split("|")[self._plural_seat(raw, generals)]
                return spec.split("|")[self._is_plural(raw)]
            return self._value(spec or self._types.get(name, "text"), raw, generals)

        text = render(template, data, value)
        for joined, contracted in self._contractions:
            text = joined.sub(contracted, text)
        return text[:1].upper() + text[1:]

    def _plural_seat(self, raw: Any, generals: dict[int, str]) -> bool:
        """Whether a seat's general is named in the plural (the glossary's
        `general_number`: 张昭张纮 are two people)."""
        return generals.get(_int(raw)) in self._plural_generals

    def _subject_agrees(
        self, template: str, data: Mapping[str, Any], generals: dict[int, str]
    ) -> str:
        """The template with its verb in the plural when it opens with a seat whose
        general is plural ("{seat} invokes ..." -> "Zhang Zhao & Zhang Hong invoke ..."),
        by the language's `format.plural_verbs`: `irregular` forms, else the first of
        its `endings` (singular suffix -> plural) that fits; the `skip` words before the
        verb (es "no", "se") are kept, a `stop` word ("and": a subject of several) ends
        the search. A verb later in a sentence agrees where the template says so
        (`{source:discards|discard}`)."""
        found = _SUBJECT.match(template)
        if not self._verbs or found is None:
            return template
        name, spec = found.group(1), found.group(2) or self._types.get(found.group(1))
        if spec != "seat" or not self._plural_seat(data.get(name), generals):
            return template
        start = found.end()
        skip, stop = set(self._verbs.get("skip", ())), set(self._verbs.get("stop", ()))
        for word in _WORD.finditer(template, start):
            if word.start() != start or word.group(1) in stop:
                return template
            if word.group(1) not in skip:
                plural = self._plural_verb(word.group(1))
                return template[: word.start(1)] + plural + template[word.end(1) :]
            start = word.end()
        return template

    def _plural_verb(self, verb: str) -> str:
        irregular = self._verbs.get("irregular", {})
        if verb in irregular:
            return str(irregular[verb])
        for singular, plural in self._verbs.get("endings", ()):
            if verb.endswith(singular):
                return verb[: len(verb) - len(singular)] + plural
        return verb

    def _vocative(self, template: str) -> str | None:
        """The seat field a template addresses ("{seat}: scan your general."), when the
        language writes a bare seat it speaks to differently (es "Asiento 1: ...", no
        article, where "el asiento 1" is right inside a sentence: `format.seat_vocative`)."""
        if self._format.get("seat_vocative") is None:
            return None
        found = _VOCATIVE.match(template)
        if found is None or (found.group(2) or self._types.get(found.group(1))) != "seat":
            return None
        return found.group(1)

    def _value(self, kind: str, raw: Any, generals: dict[int, str]) -> str:
        if raw is None:
            return self._format["none"]
        many = isinstance(raw, (list, tuple, set, frozenset))
        if kind == "values":  # a setting's accepted values, as typed: "a or b", or "3..6"
            items = list(raw) if many else [raw]
            typed = [json.dumps(v) if isinstance(v, bool) else str(v) for v in items]
            return self._join(typed, self._words.get("choice", {}).get("or"))
        if kind in ("choices", "verb_choices"):
            group = "choice_to" if kind == "verb_choices" else "choice"
            return self._choices(list(raw) if many else [raw], group)
        if kind == "option":
            return self._option(raw)
        if kind in _EITHER_KINDS and isinstance(raw, str) and "|" in raw:
            # either card will do ("peach|wine"): "a Peach or a Wine", "【桃】或【酒】"
            either = [self._value(kind, name, generals) for name in raw.split("|")]
            return self._join(either, self._words.get("choice", {}).get("or"))
        if kind.startswith("the_"):
            return self._with_article(kind[4:], raw, generals)
        if kind in ("a_card_name", "no_card_name"):  # es 'un Ataque', 'ningún Ataque'
            forms = self._article_forms["indefinite" if kind[0] == "a" else "negative"]
            return self._with_article("card_name", raw, generals, forms)
        if kind in ("seats", "cards", "actions") or (many and kind != "text"):
            single = {"seats": "seat", "cards": "card", "actions": "action"}.get(kind, kind)
            items = list(raw) if many else [raw]
            if single == "seat" and len(items) > 1:
                plural = self._bare_seats(items, generals)
                if plural is not None:
                    return plural
            return self._join([self._value(single, item, generals) for item in items])
        if kind == "seat":
            return self._seat(raw, generals)
        if kind == "seatno":
            return self._seat(raw, {})
        if kind == "ncards":
            try:
                count = int(raw)
            except (TypeError, ValueError):
                return str(raw)
            return self._format["one_card" if count == 1 else "n_cards"].format(n=count)
        if kind == "cause":
            return self._cause(str(raw))
        if kind == "card":
            return self._names.card(str(raw))
        if kind == "card_name":
            return self._names.card_name(str(raw))
        if kind == "general":
            return self._names.general(str(raw))
        if kind == "skill":
            return self._names.skill(str(raw))
        if kind == "identity":
            return self._names.identity(str(raw))
        if kind == "reader":
            device, where = self._devices.get(str(raw), ("default", str(raw)))
            words = self._words.get("reader", {})
            return str(words.get(device, words["default"])).format(where=where)
        if kind == "number" and isinstance(raw, float) and raw.is_integer():
            return str(int(raw))
        if kind == "bool":
            return self.word("bool", "yes" if raw else "no")
        if kind in self._words:
            key = ("true" if raw else "false") if isinstance(raw, bool) else str(raw)
            return self.word(kind, key)
        return str(raw)

    def _with_article(
        self, kind: str, raw: Any, generals: dict[int, str], forms: dict[str, str] | None = None
    ) -> str:
        """Cards with their definite articles ("el Ataque ♠7 y la Esquiva ♥2"), as the
        glossary gives them, or with the article `forms` makes of it (the glossary's
        `indefinite`: "un Ataque", `negative`: "ningún Ataque"); a card with none (or a
        language without) as it is."""
        items = list(raw) if isinstance(raw, (list, tuple)) else [raw]
        single = "card" if kind == "cards" else kind
        out = []
        for item in items:
            text = self._value(single, item, generals)
            ident = str(item).split("+", 1)[0].split("@", 1)[0]
            article = self._articles.get(ident, "") if "+" not in str(item) else ""
            article = (forms or {}).get(article, article)
            out.append(f"{article} {text}" if article else text)
        return self._join(out)

    def _is_plural(self, raw: Any) -> bool:
        """Whether a card (or several) is named in the plural: es "los Ocho trigramas";
        a number other than 1 is plural: es "falta 1", "faltan 2"."""
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw != 1
        if isinstance(raw, (list, tuple)):
            return len(raw) > 1 or any(self._is_plural(item) for item in raw)
        ident = str(raw).split("+", 1)[0].split("@", 1)[0]
        return self._articles.get(ident, "") in self._plural_articles

    def _cause(self, raw: str) -> str:
        """Why something happened: a word of `names.cause`, else a card or a skill."""
        word = self._words.get("cause", {}).get(raw)
        if word is not None:
            return word
        name = self._names.card_name(raw)
        return name if name != raw.split("@", 1)[0] else self._names.skill(raw)

    def _choices(self, options: list[Any], group: str = "choice") -> str:
        """Numbered options, as the dial selects them: "1 for spades ♠, ... or 4 for
        diamonds ♦" (`names.choice`: `item` for each, `or` before the last; options that
        are actions by `names.choice_to`: "1 to lose 1 health, or 2 to ...")."""
        words = self._words.get(group, {})
        if all(_is_physical(o) for o in options):  # cards offered are scanned, not dialled
            return self._join([self._option(o) for o in options], words.get("or"))
        item = words.get("item", "{n} {option}")
        numbered = [item.format(n=n, option=self._option(o)) for n, o in enumerate(options, 1)]
        return self._join(numbered, words.get("or"))

    def _option(self, raw: Any) -> str:
        """One option's word: `names.option` or `names.suit`, else a general's, a card's
        or a skill's name; a physical card with its suit and rank."""
        text = str(raw)
        if _is_physical(text):
            return self._names.card(text)
        for group in ("option", "suit"):
            word = self._words.get(group, {}).get(text)
            if word is not None:
                return word
        general = self._names.general(text)
        return general if general != text else self._cause(text)

    def _seat(self, raw: Any, generals: dict[int, str]) -> str:
        try:
            seat = int(raw)
        except (TypeError, ValueError):
            return str(raw)
        general = generals.get(seat)
        if general:
            return self._format["seat"].format(n=seat, general=self._names.general(general))
        return self._format["seat_bare"].format(n=seat)

    def _bare_seats(self, items: list[Any], generals: dict[int, str]) -> str | None:
        """Seats without generals written as one plural where the language has it
        (es "los asientos 1 y 2"), so the preposition before them governs them all:
        "a el asiento 1 y el asiento 2" would contract only the first ("al ... y el")."""
        template = self._format.get("seats_bare")
        if template is None or any(generals.get(int(n)) for n in items if str(n).isdigit()):
            return None
        if not all(str(n).isdigit() for n in items):
            return None
        return str(template).format(list=self._join([str(int(n)) for n in items]))

    def _join(self, items: list[str], last: str | None = None) -> str:
        if not items:
            return self._format["none"]
        if len(items) == 1:
            return items[0]
        last = last if last is not None else self._format["list_last"]
        return self._format["list_sep"].join(items[:-1]) + last + items[-1]


_EITHER_KINDS = frozenset({"card_name", "the_card_name", "a_card_name"})
"""The placeholder types whose value may name two cards either of which will do."""
_VOCATIVE = re.compile(r"\{(\w+)(?::(\w+))?\}\s*:")
_SUBJECT = re.compile(r"\{(\w+)(?::(\w+))?\}")
"""A placeholder opening a template: the sentence's subject when a verb follows."""
_WORD = re.compile(r" ([^\W\d_]+)")


def _is_physical(option: Any) -> bool:
    """Whether an option is a physical card (`kill@S7`), not a card's or a word's id."""
    return isinstance(option, str) and "@" in option


def _int(raw: Any) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return -1


_AS_CARD_PROMPTS = ("respond", "choose_target")
"""Prompts whose `reason` is the card being answered or staged (a Nullification's is
the first trick of its chain, not the card it answers)."""


def _ncards_fields(message: Any) -> set[str]:
    """The fields a message writes as a card count (`{top:ncards}`), in any variant; not
    the fields it chooses its case by (a case for "0" handles zero itself)."""
    if isinstance(message, dict):
        subs = [*message["cases"].values(), message["default"]]
        by = {message["by"]} if isinstance(message["by"], str) else set(message["by"])
        return set().union(*(_ncards_fields(sub) for sub in subs)) - by
    variants = [message] if isinstance(message, str) else message
    return {name for v in variants for name, spec in fields_of(v) if spec == "ncards"}


def _generals(view: Mapping[str, Any] | None) -> dict[int, str]:
    if not view:
        return {}
    out = {}
    for seat in view.get("seats", ()) or ():
        if isinstance(seat, Mapping) and seat.get("general"):
            out[int(seat["seat"])] = str(seat["general"])
    return out
