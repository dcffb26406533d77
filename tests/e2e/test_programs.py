"""The programs around a game: what `play` and `resume` print before and after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from tests.scripted_play import SCRIPTS


def _play(tmp_path: Path, script: Path, db: Path, *extra: str, lang: str = "en") -> int:
    return main(["play", "--players", str(_players(script)), "--reader", "sim", "--script",
                 str(script), "--db", str(db), "--lang", lang,
                 "--tags", str(tmp_path / "tags.json"), *extra])  # fmt: skip


def _players(script: Path) -> int:
    return 2 if "victory_rebels" in script.name else 5


def _cut(tmp_path: Path, name: str, lines: int) -> Path:
    path = tmp_path / f"part-{name}"
    path.write_text("\n".join((SCRIPTS / name).read_text("utf-8").splitlines()[:lines]) + "\n")
    return path


SAVED = {
    "en": ("resume it with: companion resume 1 --db {db}",
           "narrate it again with: companion replay 1 --db {db}"),
    "es": ("para seguirla: companion resume 1 --db {db}",
           "para narrarla de nuevo: companion replay 1 --db {db}"),
    "zh-Hans": ("继续游戏：companion resume 1 --db {db}", "重新解说：companion replay 1 --db {db}"),
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(SAVED))
def test_the_saved_note_names_the_log_and_does_not_offer_to_resume_a_finished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """With --db the note's command carries --db; a finished game is replayed, not resumed."""
    unfinished, over = SAVED[lang]
    db = tmp_path / "a.sqlite"
    assert _play(tmp_path, _cut(tmp_path, "kill.script", 30), db, lang=lang) == 0
    err = capsys.readouterr().err
    assert unfinished.format(db=db) in err
    db = tmp_path / "b.sqlite"
    assert _play(tmp_path, SCRIPTS / "victory_rebels.script", db, "--seed", "3", lang=lang) == 0
    err = capsys.readouterr().err
    assert over.format(db=db) in err and "resume" not in err


def test_resume_shows_the_table_and_what_it_waits_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`companion resume` prints the seats (health, hands) and the pending prompt at once."""
    db = tmp_path / "g.sqlite"
    assert _play(tmp_path, _cut(tmp_path, "kill.script", 30), db) == 0
    capsys.readouterr()
    empty = tmp_path / "empty.script"
    empty.write_text("\n")
    assert main(["resume", "1", "--db", str(db), "--script", str(empty)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any("Zhao Yun" in line and "●●●○" in line for line in lines)
    assert lines[0] == "Game 1 resumed after 19 inputs."
    assert lines[-1] == "Guan Yu (seat 2): play a card, or OK to end the play phase."


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_the_help_says_what_game_players_and_reader_take(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`play --help` explains --game, gives --players' ranges and names every reader spec."""
    text = _help(capsys, "play")
    assert "sanguosha: Three Kingdoms Kill, 2-10 players" in text
    assert "regicide: the cooperative game" in text and "1-4 for regicide" in text
    assert "hci:TRANSPORT" in text and "serial:PORT" in text


def test_demo_offers_only_the_languages_it_can_narrate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The demo is Three Kingdoms Kill: `--lang vi` is not among its choices."""
    text = _help(capsys, "demo")
    assert "--lang {zh-Hans,en,es}]" in text and "Regicide only" not in text
    with pytest.raises(SystemExit) as refused:
        main(["demo", "--lang", "vi"])
    assert refused.value.code == 2
    assert "invalid choice: 'vi'" in capsys.readouterr().err


NO_SEAT = {
    "en": "There is no seat 9: this table has seats 1 to 5.",
    "es": "No existe el asiento 9: esta mesa tiene los asientos del 1 al 5.",
    "zh-Hans": "没有9号位：本局只有1至5号位。",
}


@pytest.mark.parametrize("lang", sorted(NO_SEAT))
def test_a_seat_beyond_the_table_is_named_as_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """`select 9` at a five-seat table: "no seat 9", with the seats there are."""
    script = tmp_path / "s.script"
    script.write_text("@1 scan lord\n@1 scan liubei\n@2 scan guanyu\n@3 scan zhaoyun\n"
                      "@4 scan huanggai\n@5 scan huatuo\n@1 scan kill@S7\n@1 select 9\n")  # fmt: skip
    assert _play(tmp_path, script, tmp_path / "g.sqlite", lang=lang) == 0
    assert capsys.readouterr().out.splitlines()[-1] == NO_SEAT[lang]


def test_voice_without_a_sound_device_says_so_and_voice_to_writes_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """This machine has no sound device (no /dev/snd): `--voice` warns that the
    narration cannot be heard and names `--voice-to`; `--voice-to DIR` speaks every
    sentence into WAV files instead."""
    if Path("/dev/snd").exists():
        pytest.skip("this machine has a sound device: the silent case cannot be shown")
    script = SCRIPTS / "victory_rebels.script"
    assert _play(tmp_path, script, tmp_path / "a.sqlite", "--seed", "3", "--voice") == 0
    err = capsys.readouterr().err
    assert "companion: --voice: the narration cannot be heard (error:" in err
    assert "--voice-to DIR writes it to WAV files instead" in err
    wav = tmp_path / "wav"
    assert (
        _play(tmp_path, script, tmp_path / "b.sqlite", "--seed", "3", "--voice-to", str(wav)) == 0
    )
    assert "--voice" not in capsys.readouterr().err
    files = sorted(wav.glob("*.wav"))
    assert files and files[0].name == "0001.wav" and files[0].stat().st_size > 44
