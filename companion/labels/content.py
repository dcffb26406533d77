"""What each label says: its code and a caption a person can read.

The caption is the name in Chinese and English, the suit and rank of a game or poker
card (red for hearts and diamonds), and a note that tells copies apart (`2/2`), names
a skill's general, or marks a custom card.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.codes import CardRef, Codebook
from companion.narration.names import game_names
from engine.sanguosha.catalogue import catalogue
from engine.sanguosha.modes.spec import mode_versions

RED_SUITS = ("♥", "♦")


@dataclass(frozen=True, slots=True)
class LabelText:
    """Everything printed on one label besides the QR symbol."""

    code: str
    zh: str
    en: str
    mark: str  # suit symbol and rank, e.g. "♠7", or ""
    note: str

    @property
    def red(self) -> bool:
        return self.mark[:1] in RED_SUITS


def _skill_owner(skill_id: str) -> str:
    """The general whose token it is: the printed skill's, else the mode version's (3v3)."""
    for general in catalogue().generals.values():
        if skill_id in general.skills or skill_id in general.lord_skills:
            return _general_name(general.id)
    for mode, general_id, skills in mode_versions():
        if skill_id in skills:
            return f"{_general_name(general_id)} ({mode})"
    return ""


def _general_name(general_id: str) -> str:
    return (
        f"{game_names('zh-Hans', 'general')[general_id]} {game_names('en', 'general')[general_id]}"
    )


def label_text(book: Codebook, ref: CardRef) -> LabelText:
    """The caption of `ref`'s label."""
    names = book.names(ref)
    notes = []
    total = book.copy_count(ref)
    if total > 1:
        notes.append(f"{ref.copy}/{total}")
    if ref.kind == "skill":
        notes.append(_skill_owner(ref.id))
    if ref.set == "custom":
        notes.append("custom")
    return LabelText(
        ref.code, names.zh, names.en, names.suit_rank, " · ".join(n for n in notes if n)
    )
