"""The SQLite game log: inputs committed before they are applied; resume, replay, export."""

from companion.store.export import export_jsonl, read_jsonl
from companion.store.log import (
    DuplicateInput,
    GameInfo,
    GameLog,
    LoggedInput,
    NotAGameLog,
    StoreError,
    UnknownGame,
)
from companion.store.paths import default_db_path

__all__ = [
    "DuplicateInput",
    "GameInfo",
    "GameLog",
    "LoggedInput",
    "NotAGameLog",
    "StoreError",
    "UnknownGame",
    "default_db_path",
    "export_jsonl",
    "read_jsonl",
]
