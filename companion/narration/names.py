"""Names of cards, generals, skills and identities in each narration language.

The names themselves live in the language's glossary (`glossary.<lang>.json`, read by
`messages.glossary`; the engine's data keeps only ids and rules); this module picks
the right one and writes
a physical card as name plus suit symbol and rank (`Kill ♠7`, `【杀】♠7`). In Chinese a
card's name is written in 【】, as the rulebooks write it (a skill's is not).

>>> SanguoshaNames("en").card("kill@S7"), SanguoshaNames("zh-Hans").card("kill@S7")
('Kill ♠7', '【杀】♠7')
>>> SanguoshaNames("es").general("guanyu"), SanguoshaNames("zh-Hans").skill("wusheng")
('Guan Yu', '武圣')
"""

from __future__ import annotations

from typing import Protocol

from engine.core.errors import InvalidAction
from engine.sanguosha.catalogue import catalogue, parse_card

__all__ = ["LANGUAGES", "GameNames", "SanguoshaNames", "game_names"]

LANGUAGES = ("zh-Hans", "en", "es")
"""The narration languages, in the order of the `--lang` choices."""


def game_names(lang: str, group: str) -> dict[str, str]:
    """The glossary's names of one kind (`card`, `general`, `skill`, `identity`) in
    `lang`, id -> name.

    >>> game_names("es", "card")["fire_attack"], game_names("zh-Hans", "general")["liubei"]
    ('Incendio', '刘备')

    Raises:
        ValueError: not a narration language.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {LANGUAGES}")
    from companion.narration.messages import glossary

    return glossary(lang)[group]


class GameNames(Protocol):
    """What narration needs to name a game's things; one implementation per game."""

    def card(self, text: str) -> str: ...

    def card_name(self, card_id: str) -> str: ...

    def general(self, general_id: str) -> str: ...

    def skill(self, skill_id: str) -> str: ...

    def identity(self, identity_id: str) -> str: ...


class SanguoshaNames:
    """Three Kingdoms Kill names in one language, from its glossary."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self._names = {g: game_names(lang, g) for g in ("card", "general", "skill", "identity")}
        self._sep = "" if lang == "zh-Hans" else " "
        self._quote = "【{}】" if lang == "zh-Hans" else "{}"

    def _pick(self, group: str, ident: str) -> str:
        return self._names[group].get(ident, ident)

    def card_name(self, card_id: str) -> str:
        """A card's name without suit or rank (`kill` or `kill@S7` -> `Kill`); a skill's
        id as the skill's name (a refusal about an active skill puts its id where a card
        would be: "Benevolence needs a target"); unknown ids as they are.

        >>> SanguoshaNames("es").card_name("rende")
        'Benevolencia'
        """
        ident = card_id.split("@", 1)[0]
        if ident not in catalogue().cards and ident in catalogue().skills:
            return self._pick("skill", ident)
        if ident not in catalogue().cards:
            return ident
        return self._quote.format(self._pick("card", ident))

    def stands_for(self, ident: str) -> bool:
        """Whether another card may be used as card `ident` (a basic card or a trick:
        Wusheng's Kill, Guose's Indulgence), so a prompt naming it as its reason while
        its card is a different one means a card used as another.

        >>> SanguoshaNames("en").stands_for("kill"), SanguoshaNames("en").stands_for("ice_sword")
        (True, False)
        """
        spec = catalogue().cards.get(ident)
        return spec is not None and spec.type in ("basic", "trick")

    def targets_chosen(self, ident: str) -> bool:
        """Whether card `ident`'s user picks its targets among all players, himself
        included (docs/maneuvering.md §3.3, §3.5), so using it on himself is worth saying.

        >>> SanguoshaNames("en").targets_chosen("fire_attack"), SanguoshaNames("en").targets_chosen("peach")
        (True, False)
        """
        return ident in _TARGETS_CHOSEN

    def true_name(self, ident: str) -> str:
        """The card id `ident` is for every rule (a Fire Kill is a Kill).

        >>> SanguoshaNames("en").true_name("fire_kill"), SanguoshaNames("en").true_name("peach")
        ('kill', 'peach')
        """
        spec = catalogue().cards.get(ident)
        return spec.counts_as if spec is not None else ident

    def card(self, text: str) -> str:
        """A physical card (`kill@S7`) as name, suit symbol and rank; several cards used
        as one (`peach@H3+dodge@H2`) joined with `+`; a bare id as its name; any other
        text unchanged (it may be what a player scanned)."""
        if isinstance(text, str) and "+" in text:
            return " + ".join(self.card(part) for part in text.split("+"))
        try:
            card = parse_card(text)
        except (InvalidAction, TypeError):
            return self.card_name(text) if isinstance(text, str) else str(text)
        return f"{self.card_name(card.name)}{self._sep}{card.suit.symbol}{card.rank.text}"

    def general(self, general_id: str) -> str:
        return self._pick("general", general_id)

    def skill(self, skill_id: str) -> str:
        """A skill's name; an equipment's ability is named after its card."""
        if skill_id not in catalogue().skills and skill_id in catalogue().cards:
            return self.card_name(skill_id)
        return self._pick("skill", skill_id)

    def identity(self, identity_id: str) -> str:
        return self._pick("identity", identity_id)


_TARGETS_CHOSEN = frozenset({"fire_attack", "iron_chain"})
"""Cards whose user may choose himself among other players (not a Peach, Wine or
equipment, whose only target is their user)."""
