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

from collections.abc import Mapping
from typing import Any

from companion.narration.messages import catalogue, field_types
from companion.narration.names import GameNames, SanguoshaNames
from companion.narration.templates import pick, render

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

    # --- public ---

    def event(self, event: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """The sentence for one engine event (its `to_json()`, with `kind`).

        A card used on its own user only (equipment, a Peach, Lightning) names no
        target: "Liu Bei equips...", not "Liu Bei uses ... on Liu Bei".
        """
        if event.get("targets") == [event.get("seat")]:
            event = {**event, "targets": None}
        if "target" in event and event.get("target") == event.get("seat"):
            event = {**event, "self": True}
        return self._say("event", f"{self.game}.{event.get('kind')}", event, view)

    def prompt(self, prompt: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """The sentence asking for one pending decision (its `to_json()`, with `kind`)."""
        return self._say("prompt", f"{self.game}.{prompt.get('kind')}", prompt, view)

    def refusal(self, error: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> str:
        """Why an input was refused (`ActionError.to_json()`, with `reason`)."""
        return self._say("reason", f"{self.game}.{error.get('reason')}", error, view)

    def table(self, key: str, view: Mapping[str, Any] | None = None, **data: Any) -> str:
        """One of the table layer's own messages."""
        return self._say("table", key, data, view)

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
        data = {
            k: (None if v == 0 and self._types.get(k) == "ncards" else v) for k, v in data.items()
        }

        def value(name: str, spec: str, raw: Any) -> str:
            return self._value(spec or self._types.get(name, "text"), raw, generals)

        text = render(pick(message, data), data, value)
        return text[:1].upper() + text[1:]

    def _value(self, kind: str, raw: Any, generals: dict[int, str]) -> str:
        if raw is None:
            return self._format["none"]
        many = isinstance(raw, (list, tuple, set, frozenset))
        if kind in ("seats", "cards", "actions") or (many and kind != "text"):
            single = {"seats": "seat", "cards": "card", "actions": "action"}.get(kind, kind)
            items = list(raw) if many else [raw]
            return self._join([self._value(single, item, generals) for item in items])
        if kind == "seat":
            return self._seat(raw, generals)
        if kind == "seatno":
            return self._seat(raw, {})
        if kind == "ncards":
            count = int(raw)
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
        if kind == "number" and isinstance(raw, float) and raw.is_integer():
            return str(int(raw))
        if kind == "bool":
            return self.word("bool", "yes" if raw else "no")
        if kind in self._words:
            key = ("true" if raw else "false") if isinstance(raw, bool) else str(raw)
            return self.word(kind, key)
        return str(raw)

    def _cause(self, raw: str) -> str:
        """Why something happened: a word of `names.cause`, else a card or a skill."""
        word = self._words.get("cause", {}).get(raw)
        if word is not None:
            return word
        name = self._names.card_name(raw)
        return name if name != raw.split("@", 1)[0] else self._names.skill(raw)

    def _seat(self, raw: Any, generals: dict[int, str]) -> str:
        try:
            seat = int(raw)
        except (TypeError, ValueError):
            return str(raw)
        general = generals.get(seat)
        if general:
            return self._format["seat"].format(n=seat, general=self._names.general(general))
        return self._format["seat_bare"].format(n=seat)

    def _join(self, items: list[str]) -> str:
        if not items:
            return self._format["none"]
        if len(items) == 1:
            return items[0]
        return self._format["list_sep"].join(items[:-1]) + self._format["list_last"] + items[-1]


def _generals(view: Mapping[str, Any] | None) -> dict[int, str]:
    if not view:
        return {}
    out = {}
    for seat in view.get("seats", ()) or ():
        if isinstance(seat, Mapping) and seat.get("general"):
            out[int(seat["seat"])] = str(seat["general"])
    return out
