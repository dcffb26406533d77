"""The enrolment registry: which NFC tag UID belongs to which physical card.

Tags that carry only a UID are mapped to card codes once, by enrolment; the table
layer then resolves a scanned UID with `Registry.load(path).lookup(uid)`. The file is
JSON, written atomically (temporary file, fsync, rename) so an interrupted write
never leaves a half-written registry:

    {"version": 1, "cards": {"04A1B2C3": "S0DX", "04A1B2C3D4E5F6": "G01V"}}

UIDs are upper-case hex of 4, 7 or 10 bytes; values are card codes
(docs/card-codes.md). Every code is checked against the codebook at load.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from companion.codes import CardRef, Codebook, CodeError, codebook

VERSION = 1
UID_LENGTHS = (4, 7, 10)
REGISTRY_ENV = "COMPANION_TAG_REGISTRY"


def default_registry_path() -> Path:
    """Where `companion enrol` keeps the registry unless told otherwise:
    `$COMPANION_TAG_REGISTRY`, else `$XDG_DATA_HOME/table-companion/tags.json`
    (`~/.local/share/...`)."""
    if os.environ.get(REGISTRY_ENV):
        return Path(os.environ[REGISTRY_ENV])
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "table-companion" / "tags.json"


class RegistryError(ValueError):
    """A registry file is unreadable or malformed; the message names the file and the key."""


class DuplicateUidError(ValueError):
    """The tag is already enrolled to another card; `card` is that card."""

    def __init__(self, uid: str, card: CardRef) -> None:
        super().__init__(f"tag {uid} is already enrolled as {card.text} ({card.code})")
        self.uid = uid
        self.card = card


def format_uid(uid: bytes | str) -> str:
    """A UID as upper-case hex, checked to be 4, 7 or 10 bytes.

    >>> format_uid(bytes.fromhex("04a1b2c3")), format_uid("04 a1 b2 c3 d4 e5 f6")
    ('04A1B2C3', '04A1B2C3D4E5F6')
    """
    if isinstance(uid, str):
        try:
            uid = bytes.fromhex(uid.replace(":", " "))
        except ValueError:
            raise ValueError(f"{uid!r} is not a hex tag UID") from None
    if not isinstance(uid, bytes | bytearray) or len(uid) not in UID_LENGTHS:
        raise ValueError(f"a tag UID is 4, 7 or 10 bytes, not {len(uid)}")
    return bytes(uid).hex().upper()


class Registry:
    """UID -> card code, in memory; `save()` writes it to its file."""

    def __init__(self, path: Path | None = None, book: Codebook | None = None) -> None:
        self.path = path
        self._book = book
        self._codes: dict[str, str] = {}  # uid hex -> code
        self._uids: dict[str, str] = {}  # code -> uid hex

    @property
    def book(self) -> Codebook:
        return self._book if self._book is not None else codebook()

    @classmethod
    def load(cls, path: str | Path, book: Codebook | None = None) -> Registry:
        """The registry in `path`; an empty one if the file does not exist yet.

        Raises:
            RegistryError: unreadable, not JSON, wrong version, a bad UID or a code no
                card has (with the file and key named).
        """
        path = Path(path)
        registry = cls(path, book)
        if not path.exists():
            return registry
        try:
            data: Any = json.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise RegistryError(f"{path}: cannot read: {exc}") from None
        except json.JSONDecodeError as exc:
            raise RegistryError(f"{path}: line {exc.lineno}: {exc.msg}") from None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise RegistryError(f"{path}: version: expected {VERSION}")
        cards = data.get("cards")
        if not isinstance(cards, dict):
            raise RegistryError(f"{path}: cards: expected an object of UID -> code")
        for uid, code in cards.items():
            try:
                card = registry.book.decode_code(code)
                if registry.uid_of(card) is not None:
                    raise ValueError(f"two tags are enrolled for {code}")
                registry.enrol(uid, card)
            except (CodeError, ValueError, TypeError) as exc:
                raise RegistryError(f"{path}: cards.{uid}: {exc}") from None
        return registry

    def __len__(self) -> int:
        return len(self._codes)

    def lookup(self, uid: bytes | str) -> CardRef | None:
        """The card enrolled with this tag UID (bytes or hex), or None."""
        try:
            code = self._codes.get(format_uid(uid))
        except ValueError:
            return None
        return self.book.decode_code(code) if code is not None else None

    def uid_of(self, card: CardRef) -> str | None:
        """The UID (hex) enrolled for `card`, or None."""
        return self._uids.get(card.code)

    def enrol(self, uid: bytes | str, card: CardRef) -> None:
        """Map `uid` to `card`, replacing the card's previous tag if it had one.

        Raises:
            ValueError: a malformed UID. DuplicateUidError: the UID belongs to another
                card. Nothing changes in either case.
        """
        key = format_uid(uid)
        current = self._codes.get(key)
        if current is not None and current != card.code:
            raise DuplicateUidError(key, self.book.decode_code(current))
        old = self._uids.pop(card.code, None)
        if old is not None:
            del self._codes[old]
        self._codes[key] = card.code
        self._uids[card.code] = key

    def forget(self, card: CardRef) -> str | None:
        """Remove `card`'s tag; returns the UID it had (None if it had none)."""
        uid = self._uids.pop(card.code, None)
        if uid is not None:
            del self._codes[uid]
        return uid

    def to_json(self) -> str:
        return (
            json.dumps({"version": VERSION, "cards": dict(sorted(self._codes.items()))}, indent=1)
            + "\n"
        )

    def save(self, path: str | Path | None = None) -> Path:
        """Write the registry atomically to `path` (default: where it was loaded from)."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("this registry has no file; pass a path")
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            with tmp.open("w", encoding="utf-8") as stream:
                stream.write(self.to_json())
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return target
