"""A bug in the rules at the table (issue 18.7): the table is told "internal error,
logged", the log file beside the game database holds the traceback with the game
and the input number, the game goes on and stays resumable, and the export of that
game replays the failure at the same input.

A correct engine has no such bug to trigger, so the test plants one: the game
adapter's `submit` raises for the first target chosen (the one stand-in here).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.store import read_jsonl
from companion.table.games import make_table
from companion.table.sanguosha import SanguoshaTable
from tests.e2e.conftest import SCRIPTS


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every ChooseTarget raises ZeroDivisionError; returns the count of raises."""
    raised: list[int] = []
    real = SanguoshaTable.submit

    def broken(self: Any, seat: int | None, action: Any) -> list[Any]:
        if type(action).__name__ == "ChooseTarget":
            raised.append(1)
            raise ZeroDivisionError("planted")
        return real(self, seat, action)

    monkeypatch.setattr(SanguoshaTable, "submit", broken)
    return raised


def _play(tmp_path: Path, capsys: pytest.CaptureFixture[str], *top: str) -> tuple[int, str, str]:
    argv = [*top, "play", "--script", str(SCRIPTS / "kill.script"), "--lang", "en",
            "--db", str(tmp_path / "g.sqlite"), "--tags", str(tmp_path / "tags.json")]  # fmt: skip
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_an_engine_bug_is_logged_with_its_traceback_and_the_table_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: list[int]
) -> None:
    status, out, err = _play(tmp_path, capsys)
    assert status == 0 and planted
    assert "Internal error, logged: the rules engine failed on this input" in out
    assert "ZeroDivisionError" not in out  # the table hears what matters to it
    assert "ERROR companion.game.session: game 1, input" in err  # stderr, at the default level
    log = (tmp_path / "g.log").read_text("utf-8")
    assert "Traceback (most recent call last)" in log and "ZeroDivisionError: planted" in log
    assert "game 1, input " in log and "`companion export 1` replays it" in log


def test_the_game_stays_resumable_and_its_export_replays_the_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], planted: list[int]
) -> None:
    status, _, _ = _play(tmp_path, capsys)
    assert status == 0
    db = str(tmp_path / "g.sqlite")
    assert main(["resume", "1", "--db", db, "--state-out", str(tmp_path / "s.json")]) == 0
    capsys.readouterr()
    assert main(["export", "1", "--db", db, "--out", str(tmp_path / "g.jsonl")]) == 0
    header, inputs = read_jsonl(io.StringIO((tmp_path / "g.jsonl").read_text("utf-8")))
    table = make_table(header["game"], header["players"], header["seed"], header["settings"])
    failed = [n for n, inp in enumerate(inputs, start=1) if table.apply(inp).failure is not None]
    log = (tmp_path / "g.log").read_text("utf-8")
    assert failed and all(f"game 1, input {n} " in log for n in failed)
    assert json.loads((tmp_path / "s.json").read_text("utf-8"))["status"] != "over"


def test_log_level_shows_the_program_s_own_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--log-level info` shows what the default (warning) keeps in the file only."""
    status, _, quiet = _play(tmp_path, capsys)
    assert status == 0 and " INFO " not in quiet
    assert " INFO " in (tmp_path / "g.log").read_text("utf-8")
    (tmp_path / "g.sqlite").unlink()
    status, _, chatty = _play(tmp_path, capsys, "--log-level", "info")
    assert status == 0 and "companion: INFO " in chatty
