"""The page's words agree with the narration's: a phase is named once, and the phone's
buttons carry the words the narration tells players to press."""

from __future__ import annotations

import pytest

from companion.narration import LANGUAGES, Narrator
from companion.narration.messages import all_languages
from companion.web.labels import labels_for, phone_words


@pytest.mark.parametrize(
    ("lang", "shown"), [("en", "play phase"), ("zh-Hans", "出牌阶段"), ("es", "fase de juego")]
)
def test_the_turn_line_names_the_phase_once(lang: str, shown: str) -> None:
    """The page fills its `phase` label with the narration's phase word (table.js `fill`):
    Spanish's word already says "fase de juego", so the label must not add "fase de"."""
    labels = labels_for("sanguosha", lang)
    assert labels["ui"]["phase"].replace("{phase}", labels["phases"]["play"]) == shown


@pytest.mark.parametrize("lang", sorted(all_languages()))
def test_the_phone_buttons_say_what_the_narration_says_to_press(lang: str) -> None:
    """ "按取消" on a phone whose button says 取消 (not 否); "bấm NO" on a button saying NO."""
    narrator = Narrator(lang, "sanguosha" if lang in LANGUAGES else "regicide")
    words = phone_words(lang)
    for button in ("ok", "no", "undo"):
        assert words[button] == narrator.word("button", button), button


def test_spanish_seat_states_fit_every_general() -> None:
    """A seat card's state is read of Zhen Ji as of Cao Cao: no "Muerto" (nor
    "Moribundo", "Herido"), as the narration says "ha muerto", "agonizando"."""
    ui = labels_for("sanguosha", "es")["ui"]
    gendered = ("muert", "moribund", "herid", "encadenad")
    shown = {k: v for k, v in ui.items() if any(w in v.lower() for w in gendered)}
    assert shown == {}
