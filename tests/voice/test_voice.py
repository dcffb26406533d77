"""Spoken narration with the real espeak-ng. The speaker itself is outside this machine
(no sound card here), so these tests render speech to WAV files instead of playing
it, and check the files with the `wave` module."""

from __future__ import annotations

import array
import math
import wave
from pathlib import Path

import pytest

from companion.voice import Speaker, SpeechError, render_wav, voice_for
from companion.voice.espeak import reads_as_itself, version

SENTENCES = {
    "en": ("Guan Yu (seat 2) uses Kill ♠7 on Zhang Fei (seat 3).", "Round 2."),
    "es": ("Guan Yu (asiento 2) usa Ataque ♠7 contra Zhang Fei (asiento 3).", "Ronda 2."),
    "zh-Hans": ("关羽（2号位）对张飞（3号位）使用了杀♠7。", "第2轮。"),
    "vi": ("Kẻ địch là ♦J: tấn công 10, máu 20, miễn nhiễm với Rô ♦.", "Đến lượt người chơi 2."),
}


def _audio(path: Path) -> tuple[float, float]:
    """Duration in seconds and RMS level (0..1) of a 16-bit mono WAV file."""
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        rate, frames = wav.getframerate(), wav.readframes(wav.getnframes())
    samples = array.array("h", frames)
    rms = math.sqrt(sum(s * s for s in samples) / max(len(samples), 1)) / 32768
    return len(samples) / rate, rms


@pytest.mark.parametrize("lang", ["zh-Hans", "en", "es", "vi"])
def test_each_language_is_spoken_as_audible_speech_of_plausible_length(
    lang: str, tmp_path: Path
) -> None:
    """A narration sentence becomes non-silent audio lasting about as long as it takes
    to say (0.15 to 1 s per word or Chinese character), longer than a short sentence."""
    long_text, short_text = SENTENCES[lang]
    long_s, long_rms = _audio(render_wav(long_text, lang, tmp_path / "long.wav"))
    short_s, _ = _audio(render_wav(short_text, lang, tmp_path / "short.wav"))
    units = len(long_text) if lang == "zh-Hans" else len(long_text.split())
    assert 0.15 * units <= long_s <= 1.0 * units, (long_s, units)
    assert short_s < long_s and long_rms > 0.01


def test_each_language_gets_its_own_voice() -> None:
    """zh-Hans speaks with a Mandarin voice that reads Chinese (on espeak-ng 1.51, the
    pinyin one: `cmn` reads it as English letters), en and es with theirs, and a card's
    suit and rank are said as a person says them."""
    assert voice_for("zh-Hans").name in ("cmn-latn-pinyin", "cmn", "zh")
    if version() == "1.51":
        assert voice_for("zh-Hans").name == "cmn-latn-pinyin"
        assert not reads_as_itself("cmn", "刘备使用了【杀】。")
    assert voice_for("en").name.startswith("en") and voice_for("es").name.startswith("es")
    assert voice_for("zh-Hans").prepare("【杀】♠7。") == "【杀】黑桃七。"
    assert voice_for("es").prepare("Ataque ♥K.") == "Ataque rey de corazones."
    assert voice_for("es").prepare("usa el Ataque ♠7 contra Zhang Fei.") == (
        "usa el Ataque 7 de picas, contra Zhang Fei."
    )
    assert voice_for("en").prepare("Kill ♠7 on Zhang Fei, then ♥A.") == (
        "Kill 7 of spades, on Zhang Fei, then ace of hearts."
    )


def test_vietnamese_speaks_with_the_vi_voice_and_suit_words() -> None:
    """Regicide's vi is spoken with espeak-ng's Vietnamese voice; a suit symbol becomes
    bích, cơ, chuồn or rô, and a symbol after its own written suit word is not said twice."""
    voice = voice_for("vi")
    assert voice.name == "vi"
    assert voice.prepare("♠10 ♥4 ♣8 ♦J") == "bích 10 cơ 4 chuồn 8 rô J"
    assert voice.prepare("miễn nhiễm với Rô ♦.") == "miễn nhiễm với Rô."
    assert (
        voice_for("en").prepare("immune to diamonds ♦ (11 left)") == "immune to diamonds (11 left)"
    )


def test_say_returns_before_anything_is_spoken(tmp_path: Path) -> None:
    """`say` only queues: with the worker held, it returns with the sentences waiting and
    nothing spoken; released, they are spoken in order, one WAV each."""
    with Speaker("en", record_dir=tmp_path, start=False) as speaker:
        speaker.say(["First.", "Second."])
        assert speaker.waiting == ["First.", "Second."] and speaker.spoken == []
        speaker.release()
        assert speaker.wait_idle(30)
        assert speaker.spoken == ["First.", "Second."] and speaker.failures == 0
    wavs = sorted(tmp_path.glob("*.wav"))
    assert [w.name for w in wavs] == ["0001.wav", "0002.wav"]
    assert all(_audio(w)[0] > 0.2 for w in wavs)


def test_a_long_backlog_drops_the_oldest_and_keeps_the_order() -> None:
    """Beyond `max_waiting` sentences, the oldest waiting ones are dropped; the rest wait
    in their original order, none twice (spoken aloud: a recording drops nothing, and
    this machine has no sound device, so only the queue is observed)."""
    with Speaker("en", start=False, max_waiting=3) as speaker:
        speaker.say(["One.", "Two.", "Three."])
        speaker.say(["Four.", "Five."])
        assert speaker.waiting == ["Three.", "Four.", "Five."] and speaker.dropped == 2


def test_a_failed_sentence_is_counted_not_raised(tmp_path: Path) -> None:
    """When espeak-ng cannot write its audio, the speaker counts the failure and goes on."""
    missing = tmp_path / "no" / "such" / "dir"
    with Speaker("en", record_dir=missing) as speaker:
        speaker.say(["Lost."])
        assert speaker.wait_idle(30)
        assert speaker.failures == 1 and speaker.spoken == [] and speaker.last_error


def test_missing_espeak_or_language_is_a_clear_error(tmp_path: Path) -> None:
    """Without espeak-ng, or for a language we do not narrate, building a voice fails
    with a message saying what to do."""
    with pytest.raises(SpeechError, match="not installed"):
        voice_for("en", program="espeak-ng-not-here")
    with pytest.raises(ValueError, match="unknown language"):
        voice_for("fr")
    with pytest.raises(ValueError, match="at least 1"):
        Speaker("en", max_waiting=0)
    with pytest.raises(SpeechError, match="wrote no audio"):
        render_wav("Hello.", "en", tmp_path / "missing" / "x.wav")
