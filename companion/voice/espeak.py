"""espeak-ng, run directly as a subprocess: which voice speaks which language, and how.

Offline by construction: espeak-ng is a local program with its own voice data, no
network, no model download. The voice for a language is the first of its candidates
(`data/voices.json`) that the installed espeak-ng lists and that reads the language's
probe sentence in that language: its phonemes (`espeak-ng -v VOICE -x -q`) must not
switch to another language, which espeak-ng marks as `(en)`. That is how `cmn` fails
on espeak-ng 1.51 (it reads Chinese as English letter names and tone digits) and
`cmn-latn-pinyin` passes, so each installed version gets the voice that works on it.
Text goes to espeak-ng on its standard input, never on the command line, so nothing
in it can be taken for an option.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.narration.messages import all_languages

__all__ = [
    "ESPEAK",
    "SpeechError",
    "Voice",
    "espeak_command",
    "has_audio",
    "installed_voices",
    "phonemes",
    "version",
    "render_wav",
    "speech_rules",
    "voice_for",
]

ESPEAK = "espeak-ng"
TIMEOUT_S = 60.0


class SpeechError(RuntimeError):
    """Speech is unavailable (espeak-ng missing, no voice for the language) or failed."""


_CARD = re.compile(r"([♠♥♣♦])(10|[2-9AJQK])(?![A-Za-z0-9])")
"""A suit and rank; a Chinese character may follow (黑桃7和...), a Latin letter or digit not."""
_DANGLING = re.compile(r"\s*,\s*(?=[.,;:!?)）。，：；！？]|$)")
_SWITCH = re.compile(r"\([a-z]{2,3}(?:-[\w-]+)?\)")
"""espeak-ng's mark, in `-x` output, of a switch to another language's rules: `(en)`."""


@dataclass(frozen=True)
class Voice:
    """How one language is spoken: the espeak-ng voice, its rate, how a card is said
    (`card` with `suits` and `ranks`), the other replacements, and the espeak-ng
    version it was chosen on."""

    lang: str
    name: str
    rate: int
    say: tuple[tuple[str, str], ...]
    card: str = ""
    suits: tuple[tuple[str, str], ...] = ()
    ranks: tuple[tuple[str, str], ...] = ()
    version: str = ""

    def prepare(self, text: str) -> str:
        """The text as it should be spoken: a card's suit and rank as a person says
        them, other suit symbols as words, spaces tidied.

        >>> en = Voice("en", "en", 165, (("♠", " spades "),), " {rank} of {suit}, ",
        ...            (("♠", "spades"),), (("K", "king"),))
        >>> en.prepare("Kill ♠7 on Zhang Fei."), en.prepare("Kill ♠K."), en.prepare("♠ suit")
        ('Kill 7 of spades, on Zhang Fei.', 'Kill king of spades.', 'spades suit')
        """
        if self.card:
            suits, ranks = dict(self.suits), dict(self.ranks)

            def said(match: re.Match[str]) -> str:
                suit, rank = match.group(1), match.group(2)
                return self.card.format(suit=suits[suit], rank=ranks.get(rank, rank))

            text = _CARD.sub(said, text)
        for old, new in self.say:
            text = text.replace(old, new)
        return _DANGLING.sub("", " ".join(text.split()))


def _check_table(raw: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(raw, dict):
        raise SpeechError("voices.json: expected an object")
    for lang in all_languages():
        entry = raw.get(lang)
        if not isinstance(entry, dict):
            raise SpeechError(f"voices.json: {lang}: missing language")
        voices, rate, say = entry.get("voices"), entry.get("rate"), entry.get("say", {})
        if not isinstance(entry.get("web_lang"), str) or not entry["web_lang"]:
            raise SpeechError(f"voices.json: {lang}.web_lang: expected a language tag (zh-CN)")
        if not isinstance(entry.get("probe"), str) or not entry["probe"]:
            raise SpeechError(f"voices.json: {lang}.probe: expected a sentence in the language")
        card, suits = entry.get("card", ""), entry.get("suits", {})
        if card and (not isinstance(suits, dict) or set(suits) != set("♠♥♣♦")):
            raise SpeechError(f"voices.json: {lang}.suits: expected a word for each of ♠♥♣♦")
        if (
            not isinstance(voices, list)
            or not voices
            or not all(isinstance(v, str) for v in voices)
        ):
            raise SpeechError(f"voices.json: {lang}.voices: expected a list of voice names")
        if type(rate) is not int or not 80 <= rate <= 450:
            raise SpeechError(f"voices.json: {lang}.rate: expected words per minute, 80..450")
        if not isinstance(say, dict) or not all(isinstance(v, str) for v in say.values()):
            raise SpeechError(f"voices.json: {lang}.say: expected text replacements")
    return {lang: raw[lang] for lang in all_languages()}


@cache
def _table() -> dict[str, dict[str, Any]]:
    text = resources.files("companion.voice.data").joinpath("voices.json").read_text("utf-8")
    return _check_table(json.loads(text))


def speech_rules(lang: str) -> dict[str, Any]:
    """How the table page says `lang` with the device's voices: the language tag to ask
    for (`web_lang`) and the same card rule and replacements as espeak-ng's (`card`,
    `suits`, `ranks`, `say`, in order), so a TV says "seven of spades" too. The card
    pattern itself (`card_pattern`) is sent too, so the page can never read cards
    differently from espeak-ng.

    Raises:
        ValueError: not a narration language.
    """
    if lang not in all_languages():
        raise ValueError(f"unknown language {lang!r}: expected one of {all_languages()}")
    entry = _table()[lang]
    return {
        "web_lang": entry["web_lang"],
        "card_pattern": _CARD.pattern,
        "card": entry.get("card", ""),
        "suits": entry.get("suits", {}),
        "ranks": entry.get("ranks", {}),
        "say": [list(pair) for pair in entry.get("say", {}).items()],
    }


@cache
def installed_voices(program: str = ESPEAK) -> frozenset[str]:
    """The voice names and language codes the installed espeak-ng lists.

    Raises:
        SpeechError: espeak-ng is not installed or does not answer.
    """
    if shutil.which(program) is None:
        raise SpeechError(f"{program} is not installed (Debian/Ubuntu: apt install espeak-ng)")
    try:
        listing = subprocess.run(
            [program, "--voices"], capture_output=True, text=True, timeout=TIMEOUT_S, check=True
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise SpeechError(f"{program} --voices failed: {exc}") from None
    names: set[str] = set()
    for line in listing.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 5:
            names.add(cols[1])  # the language code, e.g. cmn, en-us
            names.add(cols[4].rsplit("/", 1)[-1])  # the voice file, e.g. cmn, es-419
            names.update(re.findall(r"\(([\w-]+) \d+\)", line))  # other codes: (zh 5)
    return frozenset(names)


@cache
def version(program: str = ESPEAK) -> str:
    """The installed espeak-ng's version (`1.51`), or "" when it does not say."""
    try:
        out = subprocess.run(
            [program, "--version"], capture_output=True, text=True, timeout=TIMEOUT_S
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    found = re.search(r"speech:\s*([\d.]+)", out) or re.search(r"(\d+\.\d+[\d.]*)", out)
    return found.group(1) if found else ""


def phonemes(text: str, voice: str, program: str = ESPEAK) -> str:
    """espeak-ng's phonemes for `text` in `voice` (`-x -q`: nothing is played).

    Raises:
        SpeechError: espeak-ng failed.
    """
    try:
        return subprocess.run(
            [program, "-v", voice, "-x", "-q", "--stdin"],
            input=text,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise SpeechError(f"{program} -x could not read with {voice}: {exc}") from None


def reads_as_itself(voice: str, probe: str, program: str = ESPEAK) -> bool:
    """Whether `voice` reads `probe` with its own language's rules all through (no
    `(en)` switch in its phonemes)."""
    return _SWITCH.search(phonemes(probe, voice, program)) is None


_INSTALL = {
    "zh-Hans": "Mandarin",
    "en": "English",
    "es": "Spanish",
    "vi": "Vietnamese",
}


@cache
def voice_for(lang: str, program: str = ESPEAK) -> Voice:
    """The voice that speaks `lang` (`zh-Hans`, `en`, `es`, and Regicide's `vi`) on
    this machine: the first listed candidate that reads the probe as the language.

    Raises:
        ValueError: not a narration language.
        SpeechError: espeak-ng is missing, or has none of the language's voices; the
            message names the language and what to install.
    """
    if lang not in all_languages():
        raise ValueError(f"unknown language {lang!r}: expected one of {all_languages()}")
    entry = _table()[lang]
    try:
        available = installed_voices(program)
    except SpeechError as exc:
        raise SpeechError(f"no voice for {_INSTALL.get(lang, lang)} ({lang}): {exc}") from None
    listed = [name for name in entry["voices"] if name in available]
    for name in listed:
        if reads_as_itself(name, entry["probe"], program):
            return Voice(
                lang,
                name,
                entry["rate"],
                tuple(entry.get("say", {}).items()),
                entry.get("card", ""),
                tuple(entry.get("suits", {}).items()),
                tuple(entry.get("ranks", {}).items()),
                version(program),
            )
    found = f"it has {', '.join(listed)}, which read it as English" if listed else "it has none"
    raise SpeechError(
        f"no voice for {_INSTALL.get(lang, lang)} ({lang}) in {program} {version(program)}"
        f" ({found}; tried {', '.join(entry['voices'])}): install espeak-ng 1.51 or newer"
        " with its voice data (Debian/Ubuntu: apt install espeak-ng espeak-ng-data)"
    )


def espeak_command(voice: Voice, wav: Path | None = None, program: str = ESPEAK) -> list[str]:
    """The espeak-ng command line: text on stdin; to the sound card, or to a WAV file."""
    command = [program, "-v", voice.name, "-s", str(voice.rate), "--stdin"]
    if wav is not None:
        command[1:1] = ["-w", str(wav)]
    return command


def render_wav(text: str, lang: str, path: Path, program: str = ESPEAK) -> Path:
    """Speak `text` in `lang` into a WAV file at `path` (for tests and for a host who
    wants the narration recorded rather than played).

    Raises:
        SpeechError: no voice, or espeak-ng failed.
    """
    voice = voice_for(lang, program)
    try:
        done = subprocess.run(
            espeak_command(voice, path, program),
            input=voice.prepare(text).encode(),
            capture_output=True,
            timeout=TIMEOUT_S,
            check=True,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        raise SpeechError(f"{program} could not speak: {exc}") from None
    if not has_audio(path):  # espeak-ng exits 0 even when it cannot write the file
        detail = done.stderr.decode("utf-8", "replace").strip()
        raise SpeechError(f"{program} wrote no audio to {path}: {detail}")
    return path


def has_audio(path: Path) -> bool:
    """Whether `path` is a WAV file with at least one sample after its 44-byte header."""
    try:
        return path.stat().st_size > 44
    except OSError:
        return False
