"""The values the card-codes package hands out."""

from __future__ import annotations

from dataclasses import dataclass

SET_NAMES = (
    "sanguosha",
    "generals",
    "identities",
    "skills",
    "poker",
    "maneuvering",
    "wind",
    "wind_skills",
    "fire",
    "fire_skills",
    "3v3_skills",
    "forest",
    "forest_skills",
    "mountain",
    "mountain_skills",
    "commands",
    "custom",
)
KINDS = ("card", "general", "identity", "skill", "poker", "command")


@dataclass(frozen=True, slots=True)
class CardRef:
    """One physical card (or token) and its printed code.

    `set` is the card set (`sanguosha`, `generals`, `identities`, `skills`, `poker`,
    `custom`); `id` the catalogue id (`kill`, `caocao`, `lord`, `rende`, `C8`,
    `jester`, `ok`, `seat:3`; a custom card's own id); `text` the table-script token the
    table layer acts on (`kill@S7`, `caocao`, `lord`, `skill:rende`, `C8`, `jester`,
    `ok`, `seat:3`, `end_phase`; a custom game
    card's text is that of the card whose effect it has); `copy` counts from 1 among
    the cards of one set with the same text; `kind` says what the table treats it as
    (`card`, `general`, `identity`, `skill`, `poker`, `command`: a command label, not
    a card), which for a custom card is not implied by its set.
    """

    set: str
    id: str
    text: str
    copy: int
    code: str
    kind: str

    def __repr__(self) -> str:
        return f"decode_code({self.code!r})"

    @property
    def token(self) -> str:
        """The table-script token for this very card: `text`, with `/N` for a copy
        after the first (`kill@S8/2`), so a script scans the same physical card."""
        return self.text if self.copy == 1 else f"{self.text}/{self.copy}"


@dataclass(frozen=True, slots=True)
class CardNames:
    """What a person reads on a label or hears in a prompt for one card.

    `zh` and `en` are the names, `pinyin` the romanisation (may be empty), and
    `suit_rank` the suit symbol and rank of a game or poker card (`♠7`, else empty).
    """

    zh: str
    en: str
    pinyin: str
    suit_rank: str

    def english(self) -> str:
        """`Kill ♠7`, `Cao Cao`: the English name and the suit and rank if any."""
        return f"{self.en} {self.suit_rank}".strip()

    def chinese(self) -> str:
        """`杀♠7`, `曹操`."""
        return f"{self.zh}{self.suit_rank}"
