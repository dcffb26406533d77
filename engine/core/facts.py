"""`@fact`: a value class that type checkers treat as frozen, cheap to build at run time.

Events and prompts are immutable facts, and the engine builds a few of them for
every action. `@dataclass(frozen=True)` enforces that at run time by routing every
field of `__init__` through `object.__setattr__`, which makes building one about
ten times slower than a plain dataclass (issue 20: a tenth of a self-play game).
`@fact` builds a plain slotted dataclass, hashable and compared by value like a
frozen one, and declares it frozen to type checkers (`dataclass_transform` with
`frozen_default`): mypy, strict on `engine/`, refuses any assignment to a field,
so immutability is checked where the code is written rather than on every build.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def fact(cls: type[T]) -> type[T]:
    """A slotted dataclass, compared and hashed by its fields, frozen to type checkers."""
    return dataclass(slots=True, unsafe_hash=True)(cls)
