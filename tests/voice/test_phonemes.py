"""What espeak-ng would say, read from its phonemes (`espeak-ng -v VOICE -x -q`): the
real program, with nothing played (the machine has no speaker). The sentences are the
narrator's own, so a catalogue or voice change that makes them unspeakable fails here."""

from __future__ import annotations

import re

import pytest

from companion.narration import Narrator
from companion.voice import voice_for
from companion.voice.espeak import phonemes

VIEW = {"seats": [{"seat": 1, "general": "liubei"}, {"seat": 3, "general": "guanyu"}]}
EVENTS = [
    {"kind": "card_used", "seat": 1, "cards": ["kill@S7"], "name": "kill", "targets": [3]},
    {"kind": "card_used", "seat": 3, "cards": ["peach@HK"], "name": "peach", "targets": [3]},
    {"kind": "damage_dealt", "seat": 3, "source": 1, "amount": 1, "nature": "normal"},
    {"kind": "round_started", "round": 2},
]
ENGLISH_LETTERS = re.compile(r"\(en\)|t'u:|f'o@|Tr'i:|w'0n|s'Ev@n|'eItS|b'i:|d'i:")
"""English phonemes of the letter and digit names `cmn` falls back to ('liu two bei
four'), and espeak-ng's mark of a switch to English rules."""


def _sentences(lang: str) -> list[str]:
    narrator = Narrator(lang)
    return [narrator.event(event, VIEW) for event in EVENTS]


def test_mandarin_is_read_as_mandarin_syllables_never_as_english_letters() -> None:
    """Every narrated Chinese sentence becomes Mandarin syllables with their tones (55,
    35, 21 or 51 after each), with no English letter or digit names and no switch to
    English; the card is said 黑桃七 (hei tao qi)."""
    voice = voice_for("zh-Hans")
    said = [voice.prepare(text) for text in _sentences("zh-Hans")]
    assert any("黑桃七" in text for text in said), said
    for text in said:
        out = phonemes(text, voice.name)
        assert not ENGLISH_LETTERS.search(out), (text, out)
        syllables = [s for s in re.split(r"_\|?", out) if s.strip()]
        assert syllables and all(re.search(r"[1-5]{2}", s) for s in syllables), (text, out)
    assert re.search(r"X'ei55.*th'Au35.*tS;h'i55", phonemes("黑桃七", voice.name))


@pytest.mark.parametrize(
    ("lang", "card_words"),
    [("en", r"s'Ev@n 0v sp'eIdz"), ("es", r"sj'ete De p'ikas")],
)
def test_english_and_spanish_say_the_card_as_people_do(lang: str, card_words: str) -> None:
    """'seven of spades', 'siete de picas': the card's rank and suit in words, read with
    the language's own rules (no switch to another language)."""
    voice = voice_for(lang)
    outs = [phonemes(voice.prepare(text), voice.name) for text in _sentences(lang)]
    assert all(not re.search(r"\([a-z]{2,3}\)", out) for out in outs), outs
    assert re.search(card_words, outs[0]), outs[0]


RANK_SPEECH = {"A": "A", "2": "二", "3": "三", "4": "四", "5": "五", "6": "六", "7": "七",
               "8": "八", "9": "九", "10": "十", "J": "J", "Q": "Q", "K": "K"}  # fmt: skip
RANK_SYLLABLE = {"A": r"'ei\d\d", "J": r"ts\.'ei\d\d", "Q": r"kh'iou\d\d", "K": r"kh'ei\d\d",
                 "10": r"s\.'i\.35", "7": r"tS;h'i55", "2": r"'@r51"}  # fmt: skip
"""What a Chinese table says for a rank: the numeral (七, 十), the letter for A, J, Q, K
(as 三国杀 players say 红桃A, 方块K); and espeak-ng's Mandarin syllable for some."""


@pytest.mark.parametrize("rank", list(RANK_SPEECH))
def test_a_chinese_rank_is_said_as_a_chinese_table_says_it(rank: str) -> None:
    """The speech text of a card of each rank (the display keeps ♥7, 红桃K): the suit
    word then the numeral, or the letter of A, J, Q, K; espeak-ng reads the rank as
    one Mandarin syllable with its tone, never by an English letter or digit name."""
    voice = voice_for("zh-Hans")
    said = voice.prepare(f"【杀】♥{rank}。")
    assert said == f"【杀】红桃{RANK_SPEECH[rank]}。", said
    out = phonemes(said, voice.name)
    assert not ENGLISH_LETTERS.search(out), out
    syllables = [s for s in re.split(r"_\|?", out) if s.strip()]
    assert len(syllables) == 4 and all(re.search(r"[1-5]{2}", s) for s in syllables), out
    followed = voice.prepare(f"【杀】♥{rank}和【闪】♠{rank}已弃置")  # a Chinese word right after
    assert followed == f"【杀】红桃{RANK_SPEECH[rank]}和【闪】黑桃{RANK_SPEECH[rank]}已弃置", (
        followed
    )
    if rank in RANK_SYLLABLE:
        assert re.search(RANK_SYLLABLE[rank], syllables[-1]), out
