"""`--voice` and `--voice-to` through the real program (`companion demo`, the real
espeak-ng): every sentence recorded with its index; what speech never skips; a folder
that cannot be written, refused at start-up; a missing voice, one clear line."""

from __future__ import annotations

import re
import wave
from pathlib import Path

import pytest

from companion.cli import main
from companion.voice import Speaker
from companion.voice.speaker import INDEX


@pytest.mark.slow
def test_voice_to_records_every_sentence_of_a_whole_demo_with_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole Spanish demo: one WAV file per narrated sentence, numbered in order, and
    `index.tsv` whose text column is the narration, line for line (number, time, seat)."""
    folder = tmp_path / "wav"
    assert main(["demo", "--lang", "es", "--view", "plain", "--voice-to", str(folder)]) == 0
    narration = capsys.readouterr().out.splitlines()
    assert len(narration) > 300
    rows = [line.split("\t") for line in (folder / INDEX).read_text("utf-8").splitlines()]
    assert rows[0] == ["number", "time", "seat", "text"]
    assert [row[3] for row in rows[1:]] == narration
    assert [int(row[0]) for row in rows[1:]] == list(range(1, len(narration) + 1))
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:.]+\+00:00", row[1]) for row in rows[1:])
    assert all(row[2] == "" or 1 <= int(row[2]) <= 5 for row in rows[1:])
    assert any(row[2] == "1" and "asiento 1" in row[3].lower() for row in rows[1:]), rows[:8]
    wavs = sorted(folder.glob("*.wav"))
    assert [w.name for w in wavs] == [f"{n:04d}.wav" for n in range(1, len(narration) + 1)]
    for wav in wavs[:: max(1, len(wavs) // 10)]:
        with wave.open(str(wav)) as audio:
            assert audio.getnframes() > 1000, wav


def test_speech_that_falls_behind_never_skips_a_prompt_a_refusal_or_a_death(
    tmp_path: Path,
) -> None:
    """Behind by more than `max_waiting`, the oldest skippable sentences go; prompts,
    refusals, deaths, judgments and the end of the game stay, in order."""
    with Speaker("en", start=False, max_waiting=2) as speaker:
        speaker.say(
            ["Round 2.", "Seat 1: play a card.", "Draws 2.", "Seat 3 dies.", "Refused.",
             "Discards.", "Judgment: ♥5.", "Game over."],
            ["event:sanguosha.round_started", "prompt", "event:sanguosha.cards_drawn",
             "event:sanguosha.player_died", "refusal", "event:sanguosha.cards_discarded",
             "event:sanguosha.judgment_revealed", "event:sanguosha.game_over"],
        )  # fmt: skip
        assert speaker.waiting == [
            "Seat 1: play a card.", "Seat 3 dies.", "Refused.", "Judgment: ♥5.", "Game over."
        ]  # fmt: skip
        assert speaker.dropped == 3


def test_a_recording_drops_nothing_however_far_behind(tmp_path: Path) -> None:
    """With `record_dir`, the backlog rule does not apply: all sentences wait, each
    listed in the index under its number and seat as it is queued."""
    with Speaker("en", record_dir=tmp_path, start=False, max_waiting=1) as speaker:
        speaker.say(["One.", "Two.", "Three."], seats=[None, 2, 3])
        assert speaker.waiting == ["One.", "Two.", "Three."] and speaker.dropped == 0
        speaker.release()
    rows = [r.split("\t") for r in (tmp_path / INDEX).read_text("utf-8").splitlines()[1:]]
    assert [(r[0], r[2], r[3]) for r in rows] == [("1", "", "One."), ("2", "2", "Two."),
                                                   ("3", "3", "Three.")]  # fmt: skip
    assert sorted(w.name for w in tmp_path.glob("*.wav")) == ["0001.wav", "0002.wav", "0003.wav"]


def test_an_unwritable_voice_to_folder_is_refused_before_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--voice-to` under a file: refused with the path named, exit 2, no game logged."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    db = tmp_path / "games.sqlite"
    bad = blocker / "wav"
    assert main(["demo", "--db", str(db), "--voice-to", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"companion: --voice-to: cannot write to the folder '{bad}'" in err
    assert not db.exists()


def test_a_missing_voice_is_one_line_naming_the_language_and_the_game_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine whose espeak-ng lacks the language (here: espeak-ng missing from PATH)
    says so once, naming what to install, and the game is narrated to its end."""
    monkeypatch.setenv("PATH", str(tmp_path))
    from companion.voice import espeak

    espeak.installed_voices.cache_clear()
    espeak.voice_for.cache_clear()
    try:
        assert main(["demo", "--lang", "zh-Hans", "--view", "plain", "--voice",
                     "--db", str(tmp_path / "g.sqlite")]) == 0  # fmt: skip
    finally:
        espeak.installed_voices.cache_clear()
        espeak.voice_for.cache_clear()
    out, err = capsys.readouterr()
    lines = [line for line in err.splitlines() if "--voice" in line]
    assert len(lines) == 1, err
    assert "the game goes on silently" in lines[0] and "zh-Hans" in lines[0]
    assert "apt install espeak-ng" in lines[0]
    assert "游戏结束" in out.splitlines()[-1]


def test_no_sound_device_names_the_program_and_what_it_lacked(tmp_path: Path) -> None:
    """`--voice` where there is no sound device: one line naming espeak-ng and the device
    it lacked, not "No such file or directory" (issue 29 item 10). Real espeak-ng in a
    real `companion demo` process; the machine's sound output is an ALSA card that does
    not exist (`ALSA_CARD`), which is what a machine without a sound card has."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(repo), "ALSA_CARD": "nosuchcard"}
    env.pop("PULSE_SERVER", None)
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--lang", "en", "--view", "plain",
         "--voice", "--pace", "0", "--db", str(tmp_path / "g.sqlite")],
        cwd=repo, capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    (line,) = [line for line in proc.stderr.splitlines() if "--voice" in line]
    assert line == (
        "companion: --voice: the narration cannot be heard (espeak-ng found no sound device "
        "to play on (ALSA: cannot find card 'nosuchcard')); --voice-to DIR writes it to WAV "
        "files instead"
    )
