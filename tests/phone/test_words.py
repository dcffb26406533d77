"""The phone page's words: every narration language has every word the page and the
CA guide use (`data/phone.json`, checked like the table page's `ui.json`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.narration.messages import all_languages
from companion.web.labels import phone_words

STATIC = Path(__file__).resolve().parents[2] / "companion" / "web"


def used_keys() -> set[str]:
    js = (STATIC / "static" / "phone.js").read_text()
    py = (STATIC / "phone.py").read_text()
    keys = set(re.findall(r'\bw\("([a-z_]+)"\)', js))
    keys |= set(re.findall(r'w\["([a-z_]+)"\]', py))
    keys |= {"ok", "no", "undo", "held", "hold"}  # looked up by button id / state
    return keys


@pytest.mark.parametrize("lang", sorted(all_languages()))
def test_every_word_the_page_uses_is_there(lang: str) -> None:
    words = phone_words(lang)
    missing = sorted(used_keys() - set(words))
    assert missing == []
    assert all(isinstance(v, str) and v for v in words.values())


def test_the_languages_differ_where_they_should() -> None:
    assert phone_words("zh-Hans")["take_photo"] != phone_words("en")["take_photo"]
    assert phone_words("es")["secure_needed"] != phone_words("en")["secure_needed"]
