"""The game log: every table input, committed to SQLite before it is applied.

The log stores inputs, never states: the engines are deterministic, so a game's state
is the replay of its inputs (docs/architecture.md, "Data flow"). One SQLite file holds any
number of games. It runs in WAL mode, so a reader (`companion games`, a table view)
never blocks the game that is writing, and each `append` is its own committed
transaction: when `append` returns, the input survives a crash of this process
(and, with `durable=True`, a power cut: `synchronous=FULL`).

Exactly-once delivery across restarts: a reader resends what the host did not
acknowledge, so after a crash between commit and acknowledgement the same reader
event (reader, epoch, seq) arrives again. The log refuses it (`DuplicateInput`) and
the caller just acknowledges it.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.table.inputs import InputKind, TableInput

__all__ = [
    "DuplicateInput",
    "GameInfo",
    "GameLog",
    "LoggedInput",
    "NotAGameLog",
    "StoreError",
    "UnknownGame",
]

SCHEMA_VERSION = 2

CRASH_AFTER_ENV = "COMPANION_CRASH_AFTER"
"""Crash tests set this to N: the process then dies by SIGKILL right after its Nth
committed input (an exact point, say between the two events of one script line; a
real kill, nothing cleaned up). Unset or 0 in every normal run."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id       INTEGER PRIMARY KEY,
    game     TEXT NOT NULL,
    players  INTEGER NOT NULL,
    seed     INTEGER NOT NULL,
    settings TEXT NOT NULL,
    meta     TEXT NOT NULL,
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    status   TEXT NOT NULL,
    summary  TEXT NOT NULL,
    status_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS inputs (
    game_id INTEGER NOT NULL REFERENCES games(id),
    n       INTEGER NOT NULL,
    t       REAL NOT NULL,
    kind    TEXT NOT NULL,
    reader  TEXT,
    seat    INTEGER,
    epoch   INTEGER,
    seq     INTEGER,
    line    INTEGER,
    data    TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE UNIQUE INDEX IF NOT EXISTS inputs_once
    ON inputs (game_id, reader, epoch, seq) WHERE seq IS NOT NULL;
"""


_UPGRADE_FROM_1 = "ALTER TABLE games ADD COLUMN status_at INTEGER NOT NULL DEFAULT 0;"


class StoreError(Exception):
    """Base class of the log's errors."""


class NotAGameLog(StoreError):
    """The file is not a game log (or one from a newer version)."""


class UnknownGame(StoreError, LookupError):
    """No game with that id in this log."""

    def __init__(self, game_id: int, path: str) -> None:
        super().__init__(f"no game {game_id} in {path}")
        self.game_id = game_id


class DuplicateInput(StoreError):
    """This reader event (reader, epoch, seq) is already in the log."""


@dataclass(frozen=True)
class GameInfo:
    """One game's row: what was set up, and how it stands."""

    id: int
    game: str
    players: int
    seed: int
    settings: dict[str, Any]
    meta: dict[str, Any]
    created: str
    updated: str
    status: str
    summary: dict[str, Any]
    inputs: int = 0
    status_at: int = 0  # how many inputs `status` and `summary` describe

    @property
    def settled(self) -> bool:
        """Whether the row's status describes every logged input. A crash between an
        input's commit and the row's update leaves it behind (say `playing`, after the
        input that ended the game): only a replay of the log tells then."""
        return self.status_at == self.inputs


@dataclass(frozen=True)
class LoggedInput:
    """An input and its position `n` (1-based) in its game's log."""

    n: int
    input: TableInput = field(repr=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameLog:
    """A SQLite file of games and their inputs.

    >>> log = GameLog(":memory:")
    >>> gid = log.new_game("sanguosha", players=5, seed=1)
    >>> log.append(gid, TableInput(InputKind.PRESS, {"button": "ok", "long": False}))
    1
    >>> [x.input.kind for x in log.inputs(gid)]
    [<InputKind.PRESS: 'press'>]

    Raises:
        NotAGameLog: the file exists but is not a game log of this version.
    """

    def __init__(self, path: str | Path, *, durable: bool = True) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            self._db.close()
            raise NotAGameLog(f"{self.path} is not a game log: {exc}") from None

    def _migrate(self) -> None:
        (version,) = self._db.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise NotAGameLog(
                f"{self.path} was written by a newer companion (log version {version})"
            )
        if version < SCHEMA_VERSION:
            tables = {
                r[0]
                for r in self._db.execute("SELECT name FROM sqlite_master")
                if not r[0].startswith("sqlite_")  # SQLite's own (a primary key's index)
            }
            if tables - {"games", "inputs", "inputs_once"}:
                raise NotAGameLog(f"{self.path} holds other tables: not a game log")
            # version 1 had no status_at: its rows are unsettled (0) until replayed
            upgrade = _UPGRADE_FROM_1 if version == 1 else ""
            self._db.executescript(
                "BEGIN;" + upgrade + _SCHEMA + f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;"
            )

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- games ---

    def new_game(
        self,
        game: str,
        *,
        players: int,
        seed: int,
        settings: dict[str, Any] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> int:
        """Record a new game and return its id."""
        now = _now()
        cur = self._db.execute(
            "INSERT INTO games (game, players, seed, settings, meta, created, updated, status, summary)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'setup', '{}')",
            (game, players, seed, _dump(settings or {}), _dump(meta or {}), now, now),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def game(self, game_id: int) -> GameInfo:
        """The row of one game.

        Raises:
            UnknownGame: no such game.
        """
        row = self._db.execute(_GAME_SELECT + " WHERE g.id = ?", (game_id,)).fetchone()
        if row is None:
            raise UnknownGame(game_id, self.path)
        return _game_info(row)

    def games(self) -> list[GameInfo]:
        """Every game, newest first."""
        rows = self._db.execute(_GAME_SELECT + " ORDER BY g.id DESC").fetchall()
        return [_game_info(r) for r in rows]

    def latest(self, *, unfinished: bool = False) -> GameInfo | None:
        """The newest game (or the newest one not over), if any."""
        for info in self.games():
            if not unfinished or info.status != "over":
                return info
        return None

    def set_status(
        self, game_id: int, status: str, summary: dict[str, Any], *, at: int | None = None
    ) -> bool:
        """Record how a game stands after its first `at` inputs (None: all logged now),
        for `companion games`; replay stays the truth. A row already describing more
        inputs is kept (a listing replaying a game while it is played must not put it
        back); returns whether the row was written."""
        if at is None:
            at = self.count(game_id)
        cur = self._db.execute(
            "UPDATE games SET status = ?, summary = ?, status_at = ?, updated = ?"
            " WHERE id = ? AND status_at <= ?",
            (status, _dump(summary), at, _now(), game_id, at),
        )
        return cur.rowcount > 0

    def update_meta(self, game_id: int, **changes: Any) -> None:
        """Merge `changes` into a game's metadata."""
        meta = self.game(game_id).meta | changes
        self._db.execute("UPDATE games SET meta = ? WHERE id = ?", (_dump(meta), game_id))

    # --- inputs ---

    def append(self, game_id: int, item: TableInput) -> int:
        """Commit one input at the end of a game's log and return its position.

        Raises:
            DuplicateInput: this reader event is already logged.
            UnknownGame: no such game.
        """
        try:
            self._db.execute("BEGIN IMMEDIATE")
            (last,) = self._db.execute(
                "SELECT COALESCE(MAX(n), 0) FROM inputs WHERE game_id = ?", (game_id,)
            ).fetchone()
            self._db.execute(
                "INSERT INTO inputs (game_id, n, t, kind, reader, seat, epoch, seq, line, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    last + 1,
                    item.t,
                    item.kind.value,
                    item.reader,
                    item.seat,
                    item.epoch,
                    item.seq,
                    item.line,
                    _dump(item.data),
                ),
            )
            self._db.execute("COMMIT")
            _count_for_crash_tests()
        except sqlite3.IntegrityError as exc:
            self._db.execute("ROLLBACK")
            if "FOREIGN KEY" in str(exc):
                raise UnknownGame(game_id, self.path) from None
            raise DuplicateInput(
                f"reader {item.reader} event {item.epoch}/{item.seq} is already logged"
            ) from None
        return int(last) + 1

    def has_event(self, game_id: int, reader: str, epoch: int, seq: int) -> bool:
        """Whether this reader event is already in the log."""
        row = self._db.execute(
            "SELECT 1 FROM inputs WHERE game_id = ? AND reader = ? AND epoch = ? AND seq = ?",
            (game_id, reader, epoch, seq),
        ).fetchone()
        return row is not None

    def count(self, game_id: int) -> int:
        (n,) = self._db.execute(
            "SELECT COUNT(*) FROM inputs WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(n)

    def inputs(self, game_id: int) -> list[LoggedInput]:
        """A game's inputs in log order.

        Raises:
            UnknownGame: no such game.
        """
        self.game(game_id)
        rows = self._db.execute(
            "SELECT n, t, kind, reader, seat, epoch, seq, line, data FROM inputs"
            " WHERE game_id = ? ORDER BY n",
            (game_id,),
        ).fetchall()
        return [
            LoggedInput(
                n,
                TableInput(
                    kind=InputKind(kind),
                    data=json.loads(data),
                    t=t,
                    reader=reader,
                    seat=seat,
                    epoch=epoch,
                    seq=seq,
                    line=line,
                ),
            )
            for n, t, kind, reader, seat, epoch, seq, line, data in rows
        ]


_crash_after = os.environ.get(CRASH_AFTER_ENV, "")
_appended = [0, int(_crash_after) if _crash_after.isdigit() else 0]  # committed, kill point


def _count_for_crash_tests() -> None:
    _appended[0] += 1
    if _appended[0] == _appended[1]:
        os.kill(os.getpid(), signal.SIGKILL)


_GAME_SELECT = (
    "SELECT g.id, g.game, g.players, g.seed, g.settings, g.meta, g.created, g.updated,"
    " g.status, g.summary, (SELECT COUNT(*) FROM inputs i WHERE i.game_id = g.id), g.status_at"
    " FROM games g"
)


def _game_info(row: tuple[Any, ...]) -> GameInfo:
    gid, game, players, seed, settings, meta, created, updated, status, summary, count, at = row
    return GameInfo(
        id=gid,
        game=game,
        players=players,
        seed=seed,
        settings=json.loads(settings),
        meta=json.loads(meta),
        created=created,
        updated=updated,
        status=status,
        summary=json.loads(summary),
        inputs=count,
        status_at=at,
    )


def _dump(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
