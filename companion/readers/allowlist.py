"""The host's allowlist: the readers this computer has paired, and who each one is.

An entry binds the reader id (from the reader's `info` record and every HELLO) to
the identity its bond is kept under (the BLE identity address), so that neither can
be swapped: a device at a paired address that announces another id, or a paired id
announced from another address, is refused (SPEC.md "Security").

The file is JSON, written atomically (a temporary file in the same directory,
flushed to disk, then renamed over the old one), and checked whole when it is read:

    {"version": 1,
     "readers": [{"reader_id": "7C0A0001", "identity": "F1:00:7C:0A:00:01",
                  "name": "TCR-0001", "paired_at": "2025-05-01T20:15:03Z"}]}

Its default place is `$COMPANION_READERS`, else
`$XDG_DATA_HOME/table-companion/readers.json` (`~/.local/share/...`). A bumble-driven
host radio (`hci:` readers) keeps its own bond keys next to it, in `readers.keys.json`
(`host_keys_path`).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

__all__ = [
    "Allowlist",
    "AllowlistError",
    "KnownReader",
    "default_allowlist_path",
    "host_keys_path",
    "now_stamp",
]

_VERSION = 1
_ADDRESS = re.compile(r"^[0-9A-F]{2}(:[0-9A-F]{2}){5}(/P)?$")
_READER_ID = re.compile(r"^[0-9A-F]{8}$")
_MAX_NAME = 32


def default_allowlist_path() -> Path:
    """`$COMPANION_READERS`, else `$XDG_DATA_HOME/table-companion/readers.json`
    (`~/.local/share/...` when XDG_DATA_HOME is unset)."""
    override = os.environ.get("COMPANION_READERS")
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion" / "readers.json"


def host_keys_path(allowlist: Path) -> Path:
    """Where a bumble host radio keeps its bond keys: beside the allowlist.

    >>> host_keys_path(Path("/data/readers.json")).as_posix()
    '/data/readers.keys.json'
    """
    return allowlist.with_name(allowlist.stem + ".keys.json")


class AllowlistError(ValueError):
    """An allowlist file that cannot be used, or an entry that conflicts; says where."""


@dataclass(frozen=True)
class KnownReader:
    """One paired reader: its id, the identity of its bond, its name when paired."""

    reader_id: int
    identity: str
    name: str
    paired_at: str = ""

    def __post_init__(self) -> None:
        if not 0 <= self.reader_id <= 0xFFFFFFFF:
            raise AllowlistError(f"a reader id is a u32, got {self.reader_id!r}")
        identity = self.identity.upper()
        if not _ADDRESS.match(identity):
            raise AllowlistError(f"not a BLE identity address: {self.identity!r}")
        object.__setattr__(self, "identity", identity)
        if not self.name or len(self.name) > _MAX_NAME:
            raise AllowlistError(f"a reader name is 1 to {_MAX_NAME} characters: {self.name!r}")

    @property
    def label(self) -> str:
        """How the CLI shows the reader id (`7C0A0001`)."""
        return f"{self.reader_id:08X}"

    def to_json(self) -> dict[str, str]:
        return {
            "reader_id": self.label,
            "identity": self.identity,
            "name": self.name,
            "paired_at": self.paired_at,
        }


def _entry(raw: Any, where: str) -> KnownReader:
    if not isinstance(raw, dict):
        raise AllowlistError(f"{where}: an entry is an object")
    unknown = set(raw) - {"reader_id", "identity", "name", "paired_at"}
    if unknown:
        raise AllowlistError(f"{where}: unknown keys {sorted(unknown)}")
    for key in ("reader_id", "identity", "name"):
        if not isinstance(raw.get(key), str):
            raise AllowlistError(f"{where}.{key}: a string is required")
    if not _READER_ID.match(raw["reader_id"].upper()):
        raise AllowlistError(f"{where}.reader_id: 8 hex digits, got {raw['reader_id']!r}")
    paired_at = raw.get("paired_at", "")
    if not isinstance(paired_at, str):
        raise AllowlistError(f"{where}.paired_at: a string is required")
    try:
        return KnownReader(int(raw["reader_id"], 16), raw["identity"], raw["name"], paired_at)
    except AllowlistError as exc:
        raise AllowlistError(f"{where}: {exc}") from None


class Allowlist:
    """The paired readers, by id and by identity; `save()` writes the file, if any.

    Raises (from the mutators):
        AllowlistError: an entry whose id or identity already belongs to another one.
    """

    def __init__(self, path: Path | None = None, readers: Iterable[KnownReader] = ()) -> None:
        self.path = path
        self._readers: list[KnownReader] = []
        for reader in readers:
            self.add(reader)

    @classmethod
    def load(cls, path: Path) -> Allowlist:
        """The allowlist in `path` (empty if the file does not exist yet).

        Raises:
            AllowlistError: the file is not an allowlist; names the file and the key.
            OSError: it cannot be read.
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(Path(path))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise AllowlistError(f"{path}: not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            raise AllowlistError(f"{path}: version: expected {_VERSION}")
        raw = data.get("readers")
        if not isinstance(raw, list):
            raise AllowlistError(f"{path}: readers: a list is required")
        try:
            readers = [_entry(item, f"readers[{i}]") for i, item in enumerate(raw)]
            return cls(Path(path), readers)
        except AllowlistError as exc:
            raise AllowlistError(f"{path}: {exc}") from None

    @property
    def readers(self) -> list[KnownReader]:
        return list(self._readers)

    def by_identity(self, identity: str) -> KnownReader | None:
        identity = identity.upper()
        return next((r for r in self._readers if r.identity == identity), None)

    def by_id(self, reader_id: int) -> KnownReader | None:
        return next((r for r in self._readers if r.reader_id == reader_id), None)

    def add(self, reader: KnownReader) -> None:
        """Add a paired reader (pairing the same one again replaces its entry)."""
        for other in self._readers:
            same_id = other.reader_id == reader.reader_id
            same_identity = other.identity == reader.identity
            if same_id != same_identity:
                raise AllowlistError(
                    f"reader {reader.label} at {reader.identity} conflicts with the paired "
                    f"reader {other.label} at {other.identity}; forget that one first"
                )
        self._readers = [r for r in self._readers if r.reader_id != reader.reader_id] + [reader]

    def find(self, key: str) -> KnownReader:
        """The entry a person names: reader id (`7C0A0001`), name or identity address.

        Raises:
            KeyError: none, or more than one, fits.
        """
        wanted = key.strip().upper()
        hits = [
            r
            for r in self._readers
            if wanted in (r.label, r.identity, r.identity.removesuffix("/P"), r.name.upper())
        ]
        if len(hits) != 1:
            what = "no paired reader" if not hits else f"{len(hits)} paired readers"
            raise KeyError(f"{what} named {key!r}")
        return hits[0]

    def remove(self, reader: KnownReader) -> None:
        self._readers = [r for r in self._readers if r != reader]

    def save(self) -> None:
        """Write the file atomically (nothing for an in-memory allowlist).

        Raises:
            OSError: the directory cannot be written.
        """
        if self.path is None:
            return
        data = {"version": _VERSION, "readers": [r.to_json() for r in self._readers]}
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        directory = self.path.parent
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        dir_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def now_stamp() -> str:
    """The time of a pairing, as the file writes it (UTC, seconds)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
