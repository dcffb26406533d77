"""Errors of the rules engines.

python-chess's split, kept here: an input the engine cannot understand at all is
*invalid* (`InvalidAction`), a well-formed input that the rules do not allow now is
*illegal* (`IllegalAction`), and one that matches more than one pending decision is
*ambiguous* (`AmbiguousAction`). Each carries a machine-readable `reason` and the data
needed to explain it; the engine never writes localised text (narration does).
A refused action changes nothing.
"""

from __future__ import annotations

from enum import Enum
from typing import Any


class EngineError(Exception):
    """Base class of every error the engines raise on purpose."""


class ActionError(EngineError, ValueError):
    """An action was refused. `reason` is an enum member, `data` explains it."""

    def __init__(self, reason: Enum, /, **data: Any) -> None:
        self.reason = reason
        self.data: dict[str, Any] = data
        details = ", ".join(f"{k}={v!r}" for k, v in data.items())
        super().__init__(f"{reason.value}" + (f" ({details})" if details else ""))

    def to_json(self) -> dict[str, Any]:
        """The refusal as JSON-ready data: `{"reason": ..., **data}`."""
        return {"reason": self.reason.value, **{k: _jsonable(v) for k, v in self.data.items()}}


class InvalidAction(ActionError):
    """The action is malformed or names something that does not exist."""


class IllegalAction(ActionError):
    """The action is well-formed but the rules do not allow it now."""


class AmbiguousAction(ActionError):
    """The action fits more than one pending decision."""


def _jsonable(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)
