"""Regicide names: a card of the standard deck as suit symbol and rank, the Jester by name.

The deck needs no catalogue: `C8` is written `♣8` in every language, and only the
Jester has a name, the word `names.rg_card.jester` of the game's own narration
catalogue (`regicide.<lang>.json`). Regicide has no generals, skills or identities.

>>> RegicideNames("en").card("C8"), RegicideNames("en").card("h10"), RegicideNames("es").card("jester")
('♣8', '♥10', 'Bufón')
"""

from __future__ import annotations

from engine.regicide.cards import parse_card

__all__ = ["RegicideNames"]


class RegicideNames:
    """Regicide card names in one language (see the module docstring)."""

    def __init__(self, lang: str) -> None:
        from companion.narration.messages import catalogue

        self.lang = lang
        self._jester = catalogue(lang, "regicide")["names"]["rg_card"]["jester"]

    def card(self, text: str) -> str:
        """`C8` -> `♣8`, `jester` -> the Jester's name; any other text unchanged."""
        try:
            card = parse_card(text)
        except ValueError:
            return str(text)
        if card.suit is None or card.rank is None:
            return self._jester
        return f"{card.suit.symbol}{card.rank.text}"

    def card_name(self, card_id: str) -> str:
        return self.card(card_id)

    def general(self, general_id: str) -> str:
        return general_id

    def skill(self, skill_id: str) -> str:
        return skill_id

    def identity(self, identity_id: str) -> str:
        return identity_id
