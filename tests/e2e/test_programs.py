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
    assert "Game 1 resumed after 19 inputs." in lines
    assert lines[-1] == "Guan Yu (seat 2): play a card, or OK to end the play phase."
