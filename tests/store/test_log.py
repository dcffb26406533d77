"""The SQLite game log on real files: commit-before-apply, exactly-once, listing, export."""

from __future__ import annotations

import io
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.store import (
    DuplicateInput,
    GameLog,
    NotAGameLog,
    UnknownGame,
    export_jsonl,
    read_jsonl,
)
from companion.table.inputs import InputKind, TableInput


def _scan(code: str, seq: int, reader: str = "r1", seat: int | None = 1) -> TableInput:
    return TableInput(
        InputKind.SCAN, {"code": code}, t=seq * 0.5, reader=reader, seat=seat, epoch=7, seq=seq
    )


def test_inputs_come_back_in_order_after_reopening(tmp_path: Path) -> None:
    """Inputs appended to a file are read back, in order and unchanged, by a new connection."""
    db = tmp_path / "games.sqlite"
    with GameLog(db) as log:
        gid = log.new_game(
            "sanguosha", players=5, seed=3, settings={"timeout": 5}, meta={"lang": "en"}
        )
        items = [_scan("kill@S7", 1), _scan("caocao", 2), TableInput(InputKind.TICK, t=9.0)]
        positions = [log.append(gid, item) for item in items]
    assert positions == [1, 2, 3]
    with GameLog(db) as log:
        assert [x.input for x in log.inputs(gid)] == items
        info = log.game(gid)
    assert (info.game, info.players, info.seed, info.settings, info.meta, info.inputs) == (
        "sanguosha",
        5,
        3,
        {"timeout": 5},
        {"lang": "en"},
        3,
    )


def test_append_is_committed_when_it_returns(tmp_path: Path) -> None:
    """An appended input is visible to another connection before the writer closes."""
    db = tmp_path / "games.sqlite"
    log = GameLog(db)
    gid = log.new_game("sanguosha", players=4, seed=1)
    log.append(gid, _scan("dodge@H2", 1))
    other = sqlite3.connect(db)
    assert other.execute("SELECT COUNT(*) FROM inputs").fetchone() == (1,)
    other.close()
    log.close()


def test_log_runs_in_wal_mode(tmp_path: Path) -> None:
    """The log file is in write-ahead-log mode so readers never block the game."""
    db = tmp_path / "games.sqlite"
    GameLog(db).close()
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    con.close()


def test_a_reader_event_is_logged_once(tmp_path: Path) -> None:
    """A resent reader event (same reader, epoch, seq) is refused and the log is unchanged."""
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game("sanguosha", players=4, seed=1)
        log.append(gid, _scan("kill@S7", 1))
        with pytest.raises(DuplicateInput):
            log.append(gid, _scan("kill@S7", 1))
        assert log.has_event(gid, "r1", 7, 1) and not log.has_event(gid, "r1", 7, 2)
        assert log.count(gid) == 1
        assert log.append(gid, _scan("kill@S8", 2)) == 2


def test_inputs_without_sequence_numbers_may_repeat(tmp_path: Path) -> None:
    """Host corrections and clock ticks carry no reader sequence, so equal ones are all kept."""
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game("sanguosha", players=4, seed=1)
        tick = TableInput(InputKind.TICK, t=5.0)
        assert [log.append(gid, tick), log.append(gid, tick)] == [1, 2]


def test_unknown_game_is_an_error(tmp_path: Path) -> None:
    """Asking for, or appending to, a game that is not in the file raises UnknownGame."""
    with GameLog(tmp_path / "g.sqlite") as log:
        with pytest.raises(UnknownGame):
            log.game(42)
        with pytest.raises(UnknownGame):
            log.append(42, _scan("kill@S7", 1))
        with pytest.raises(UnknownGame):
            log.inputs(42)


def test_games_are_listed_newest_first_with_status(tmp_path: Path) -> None:
    """`games()` lists every game newest first, with its input count and recorded status."""
    with GameLog(tmp_path / "g.sqlite") as log:
        first = log.new_game("sanguosha", players=5, seed=1)
        second = log.new_game("regicide", players=2, seed=2)
        log.append(first, _scan("lord", 1))
        log.set_status(first, "over", {"winners": [1, 2]})
        listed = log.games()
        assert [g.id for g in listed] == [second, first]
        assert (listed[1].status, listed[1].summary, listed[1].inputs) == (
            "over",
            {"winners": [1, 2]},
            1,
        )
        latest = log.latest()
        assert latest is not None and latest.id == second
        log.set_status(second, "over", {})
        assert log.latest(unfinished=True) is None


def test_a_file_that_is_not_a_log_is_refused(tmp_path: Path) -> None:
    """Opening a non-SQLite file, or a database with other tables, raises NotAGameLog."""
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(NotAGameLog):
        GameLog(junk)
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()
    with pytest.raises(NotAGameLog):
        GameLog(other)


def test_a_log_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    """A log whose schema version is newer than ours is refused rather than misread."""
    db = tmp_path / "g.sqlite"
    GameLog(db).close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 99")
    con.commit()
    con.close()
    with pytest.raises(NotAGameLog, match="newer"):
        GameLog(db)


def test_jsonl_export_reads_back(tmp_path: Path) -> None:
    """A JSON-lines export gives back the game header and exactly the logged inputs."""
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game("sanguosha", players=5, seed=9, meta={"lang": "zh-Hans"})
        items = [
            _scan("杀♠7", 1),
            TableInput(InputKind.CORRECT, {"op": "set_hp", "seat": 2, "hp": 1}, reader="host"),
        ]
        for item in items:
            log.append(gid, item)
        out = io.StringIO()
        assert export_jsonl(log.game(gid), log.inputs(gid), out) == 2
    header, inputs = read_jsonl(out.getvalue().splitlines())
    assert (header["game"], header["seed"], header["meta"]) == ("sanguosha", 9, {"lang": "zh-Hans"})
    assert list(inputs) == items


def test_jsonl_reader_names_the_bad_line() -> None:
    """A corrupt line in an export is reported with its line number."""
    with pytest.raises(ValueError, match="line 1"):
        read_jsonl(["{}"])
    header = '{"format": "table-companion/log/1"}'
    _, inputs = read_jsonl([header, '{"kind": "press", "data": {}}', '{"kind": "dance"}'])
    with pytest.raises(ValueError, match="line 3"):
        list(inputs)


def test_committed_inputs_survive_sigkill(tmp_path: Path) -> None:
    """Inputs appended by a process that is then killed with SIGKILL are all in the file."""
    db = tmp_path / "g.sqlite"
    code = textwrap.dedent(
        f"""
        import os, signal
        from companion.store import GameLog
        from companion.table.inputs import InputKind, TableInput
        log = GameLog({str(db)!r})
        gid = log.new_game("sanguosha", players=4, seed=1)
        for i in range(1, 51):
            log.append(gid, TableInput(InputKind.PRESS, {{"button": "ok"}}, reader="r", epoch=1, seq=i))
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=os.getcwd(), timeout=60)
    assert proc.returncode == -signal.SIGKILL
    with GameLog(db) as log:
        latest = log.latest()
        assert latest is not None
        assert log.count(latest.id) == 50


def test_a_row_says_how_many_inputs_its_status_describes(tmp_path: Path) -> None:
    """Issue 33 item 3: the status is written after the input is committed, so a kill
    between them left a row behind its log; the row says up to which input it holds
    (`settled` when that is all of them), and a write for fewer inputs (a listing
    replaying a game while it is played) never puts a newer row back."""
    with GameLog(tmp_path / "g.sqlite") as log:
        gid = log.new_game("sanguosha", players=5, seed=1)
        assert log.game(gid).settled
        log.append(gid, _scan("lord", 1))
        log.append(gid, _scan("liubei", 2))
        assert not log.game(gid).settled  # committed, the row not yet written
        assert log.set_status(gid, "playing", {}, at=2)
        assert log.game(gid).settled
        assert not log.set_status(gid, "setup", {}, at=1)  # older: kept as it is
        assert (log.game(gid).status, log.game(gid).status_at) == ("playing", 2)


def test_a_version_1_log_is_upgraded_with_its_rows_unsettled(tmp_path: Path) -> None:
    """A log written before rows said how many inputs they describe opens (version 1
    had no `status_at`: it failed with "holds other tables", SQLite's own index of
    the inputs' primary key counted as one), and its rows wait for a replay."""
    db = tmp_path / "v1.sqlite"
    con = sqlite3.connect(db)
    con.executescript(
        """
        CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, players INTEGER
            NOT NULL, seed INTEGER NOT NULL, settings TEXT NOT NULL, meta TEXT NOT NULL,
            created TEXT NOT NULL, updated TEXT NOT NULL, status TEXT NOT NULL,
            summary TEXT NOT NULL);
        CREATE TABLE inputs (game_id INTEGER NOT NULL REFERENCES games(id), n INTEGER
            NOT NULL, t REAL NOT NULL, kind TEXT NOT NULL, reader TEXT, seat INTEGER,
            epoch INTEGER, seq INTEGER, line INTEGER, data TEXT NOT NULL,
            PRIMARY KEY (game_id, n));
        CREATE UNIQUE INDEX inputs_once ON inputs (game_id, reader, epoch, seq)
            WHERE seq IS NOT NULL;
        INSERT INTO games VALUES (1, 'sanguosha', 5, 1, '{}', '{}', 'x', 'x', 'playing', '{}');
        INSERT INTO inputs VALUES (1, 1, 0, 'scan', NULL, NULL, NULL, NULL, NULL, '{}');
        PRAGMA user_version = 1;
        """
    )
    con.close()
    with GameLog(db) as log:
        info = log.game(1)
        assert (info.status, info.inputs, info.status_at, info.settled) == ("playing", 1, 0, False)
