"""What the table receives: one reader event, one clock tick or one host correction.

A `TableInput` is the unit of the game log (`companion.store`): every input is
committed there before it is applied, and the state of a game is the replay of its
inputs. An input therefore carries everything the table layer needs to act on it
again, identically, later: the reader and its seat, the event, and the clock time
(`t`, seconds since the game began; virtual in table scripts).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

__all__ = ["InputKind", "TableInput", "HOST"]

HOST = "host"
"""The reader id of inputs typed by the host (corrections), not read by a reader."""


class InputKind(StrEnum):
    """The kinds of input. The value is the name stored in the log."""

    SCAN = "scan"  # data: {"code": text} (label or NDEF text) or {"uid": hex}
    REMOVE = "remove"  # data: {}
    PRESS = "press"  # data: {"button": "ok" | "no" | "undo", "long": bool}
    SELECT = "select"  # data: {"seat": n} (0 = none)
    TICK = "tick"  # data: {}; the clock reached `t` (closes timed windows)
    CORRECT = "correct"  # data: {"op": ..., ...}; a host correction
    NOTICE = "notice"  # data: {"event": "battery" | "error", ...}; logged, never applied
    BIND = "bind"  # data: {"reader": name, "seat": n} (0 = shared); a reader's seat binding


@dataclass(frozen=True)
class TableInput:
    """One input, as logged and as replayed.

    `reader` is the reader's id (`HOST` for corrections, `None` for clock ticks);
    `seat` is the reader's own seat for a per-seat reader and `None` for the shared
    reader. `epoch`/`seq` identify a reader event for exactly-once delivery;
    `line` is the table-script line it came from, if any.
    """

    kind: InputKind
    data: dict[str, Any] = field(default_factory=dict)
    t: float = 0.0
    reader: str | None = None
    seat: int | None = None
    epoch: int | None = None
    seq: int | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The input as JSON-ready data (one line of a JSON-lines export)."""
        out: dict[str, Any] = {"kind": self.kind.value, "t": self.t}
        for key in ("reader", "seat", "epoch", "seq", "line"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["data"] = dict(self.data)
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> TableInput:
        """Rebuild an input from `to_json()` output.

        Raises:
            ValueError: an unknown kind or a field of the wrong type.
        """
        try:
            kind = InputKind(obj["kind"])
        except (KeyError, ValueError):
            raise ValueError(f"not a table input kind: {obj.get('kind')!r}") from None
        data = obj.get("data", {})
        if not isinstance(data, dict):
            raise ValueError(f"input data must be an object, got {data!r}")
        return cls(
            kind=kind,
            data=data,
            t=float(obj.get("t", 0.0)),
            reader=_opt(obj, "reader", str),
            seat=_opt(obj, "seat", int),
            epoch=_opt(obj, "epoch", int),
            seq=_opt(obj, "seq", int),
            line=_opt(obj, "line", int),
        )


def _opt(obj: dict[str, Any], key: str, kind: type) -> Any:
    value = obj.get(key)
    if value is not None and not isinstance(value, kind):
        raise ValueError(f"input field {key!r} must be {kind.__name__}, got {value!r}")
    return value
