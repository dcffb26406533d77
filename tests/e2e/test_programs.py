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
    assert "companion: --voice: the narration cannot be heard (espeak-ng" in err
    assert "--voice-to DIR writes it to WAV files instead" in err
    wav = tmp_path / "wav"
    assert (
        _play(tmp_path, script, tmp_path / "b.sqlite", "--seed", "3", "--voice-to", str(wav)) == 0
    )
    assert "--voice" not in capsys.readouterr().err
    files = sorted(wav.glob("*.wav"))
    assert files and files[0].name == "0001.wav" and files[0].stat().st_size > 44


SUGGESTS = {
    "en": "The label “caocoa” names no card I know (did you mean caocao?): nothing happens.",
    "es": "La etiqueta «caocoa» no corresponde a ninguna carta conocida (¿querías escanear "
    "caocao?): no cambia nada.",
    "zh-Hans": "标签“caocoa”不是可识别的卡牌（是否要扫描caocao？）：未作处理。",
}
HELP = {"en": "Type what a reader would send", "es": "Escribe lo que enviaría un lector",
        "zh-Hans": "逐行输入读卡器会发送的内容"}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(SUGGESTS))
def test_the_console_helps_and_suggests_the_token_meant(tmp_path: Path, lang: str) -> None:
    """At the typed console: `help` lists what can be typed; `cao cao` (the README's
    token, with a space) is Cao Cao; a typo gets "did you mean caocao?"."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    typed = "help\n@1 scan lord\n@1 scan cao cao\n@2 scan caocoa\n"
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--players", "2", "--reader", "sim",
         "--per-seat", "--db", str(tmp_path / "g.sqlite"), "--lang", lang],
        input=typed, capture_output=True, text=True, timeout=120, cwd=repo,
        env={**os.environ, "PYTHONPATH": str(repo), "COMPANION_TAG_REGISTRY": "/nonexistent"},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert any(line.startswith(HELP[lang]) and "cao cao" in line for line in lines)
    assert SUGGESTS[lang] in lines
    assert "scan takes" not in proc.stderr
    assert any(name in proc.stdout for name in ("Seat 1 plays Cao Cao.", "Cao Cao", "曹操"))


def test_regicide_cards_may_be_written_rank_first() -> None:
    """`JC`, `5H`, `J♣`, `10S` name the same cards as `CJ`, `H5`, `♣J`, `S10`."""
    from companion.codes import resolve_token

    for rank_first, suit_first in [("JC", "CJ"), ("5H", "H5"), ("J♣", "CJ"), ("10S", "S10"),
                                   ("as", "SA"), ("K♦", "DK")]:  # fmt: skip
        assert resolve_token(rank_first).code == resolve_token(suit_first).code, rank_first


def test_a_regicide_script_written_rank_first_plays_like_the_suit_first_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The 3-player Regicide script with every card written rank-first (`JC`, `4S`...)
    ends in the same state as the original."""
    import json
    import re

    original = SCRIPTS / "regicide_3p.script"
    text = original.read_text("utf-8")
    flipped = re.sub(r"scan ([SHCD])(10|[2-9AJQK])\b", r"scan \2\1", text)
    assert flipped != text and "scan JC" in flipped
    script = tmp_path / "rank_first.script"
    script.write_text(flipped, "utf-8")
    states = []
    for n, path in enumerate((original, script)):
        out = tmp_path / f"state{n}.json"
        argv = ["play", "--game", "regicide", "--players", "3", "--reader", "sim", "--script",
                str(path), "--db", str(tmp_path / f"{n}.sqlite"), "--state-out", str(out)]  # fmt: skip
        assert main(argv) == 0
        states.append(json.loads(out.read_text("utf-8")))
    capsys.readouterr()
    assert states[0] == states[1]


PLAYERS = {
    "en": "companion: cannot set up this game: A game is for 2 to 10 players, not 11.",
    "es": "companion: cannot set up this game: Una partida se juega con 2 a 10 jugadores, no con 11.",
    "zh-Hans": "companion: cannot set up this game: 本游戏需2至10名玩家，不能是11人。",
}


@pytest.mark.parametrize("lang", sorted(PLAYERS))
def test_too_many_players_is_refused_with_the_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """`--players 11` says the range the game takes; nothing is recorded."""
    db = tmp_path / "g.sqlite"
    argv = ["play", "--players", "11", "--reader", "sim", "--db", str(db), "--lang", lang]
    assert main(argv) == 2
    assert PLAYERS[lang] in capsys.readouterr().err


@pytest.mark.parametrize(("bonus", "three", "four", "five"),
                         [("5_or_more", 4, 4, 5), ("not_with_4", 5, 4, 5)])  # fmt: skip
def test_the_lords_extra_health_is_a_setting(bonus: str, three: int, four: int, five: int) -> None:
    """Cao Cao (4 health) as lord: +1 with 5 or more players (the default), or in every
    game but a 4-player one (`--lord-bonus not_with_4`, the rulebook's literal words)."""
    from tests.table.harness import TableHarness

    for players, expected in ((3, three), (4, four), (5, five)):
        h = TableHarness(players, {"lord_bonus": bonus})
        h.setup(("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")[:players])
        assert h.seat(1)["max_hp"] == expected, (bonus, players)


def test_an_unknown_lord_bonus_is_refused_before_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--lord-bonus", "always", "--db", str(tmp_path / "g.sqlite")])
    assert "invalid choice: 'always'" in capsys.readouterr().err
