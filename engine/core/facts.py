"""`@fact` and `@sealed`: value classes that type checkers treat as frozen, cheap to build.

Events and prompts are immutable facts, and the engine builds a few of them for
every action. `@dataclass(frozen=True)` enforces that at run time by routing every
field of `__init__` through `object.__setattr__`, which makes building one about
three times slower than a plain dataclass (issue 20: a tenth of a self-play game).
`@fact` builds a plain slotted dataclass, hashable and compared by value like a
frozen one, and declares it frozen to type checkers (`dataclass_transform` with
`frozen_default`): mypy, strict on `engine/`, refuses any assignment to a field,
so immutability is checked where the code is written rather than on every build.

Actions need more: the engine hands out action objects (its listing, a bot's draw)
and takes the very same object back without checking it again (issue 32), so a
change made to one after it was handed out, even by `object.__setattr__`, must be
impossible, not merely refused by mypy. `@sealed` keeps the fields in a tuple (a
`namedtuple` underneath): there is no slot to write, a field's descriptor refuses
to be set, and `__class__` cannot be reassigned either. It is built as fast as a
`@fact` (one `tuple.__new__`, no per-field setattr) and stays a dataclass to
`dataclasses.fields`, `replace` and `asdict`; it compares equal only to the same
class with the same fields, as a dataclass does, and is always true (a tuple with
no fields would be false).
"""

from __future__ import annotations

from collections import namedtuple
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")
_namedtuple: Any = namedtuple  # called with fields known at run time only
_NOT_COPIED = frozenset({"__dict__", "__weakref__", "__slots__"})


@dataclass_transform(frozen_default=True)
def fact(cls: type[T]) -> type[T]:
    """A slotted dataclass, compared and hashed by its fields, frozen to type checkers."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


def _eq(self: tuple[Any, ...], other: object) -> Any:
    if type(other) is type(self):
        return tuple.__eq__(self, other)
    return False if isinstance(other, tuple) else NotImplemented


def _ne(self: tuple[Any, ...], other: object) -> Any:
    equal = _eq(self, other)
    return equal if equal is NotImplemented else not equal


def _unordered(self: object, other: object) -> Any:
    return NotImplemented  # values, not a sequence: `<` is a TypeError, as for a dataclass


def _true(self: object) -> bool:
    return True


@dataclass_transform(frozen_default=True)
def sealed(cls: type[T]) -> type[T]:
    """A value class immutable in fact (see the module docstring): the class returned
    replaces `cls`, with its fields (annotations and plain defaults), methods and bases."""
    own = cls.__dict__
    annotations = own.get("__annotations__", {})
    spec: Any = dataclass(frozen=True)(
        type(
            cls.__name__,
            (),
            {
                "__annotations__": annotations,
                "__module__": cls.__module__,
                **{k: own[k] for k in annotations if k in own},
            },
        )
    )
    declared = fields(spec)
    if any(f.default is MISSING and f.default_factory is not MISSING for f in declared):
        raise TypeError(f"{cls.__name__}: a sealed class takes plain defaults only")
    names = tuple(f.name for f in declared)
    defaults = [f.default for f in declared if f.default is not MISSING]
    store = _namedtuple(cls.__name__, names, defaults=defaults, module=cls.__module__)
    namespace = {k: v for k, v in own.items() if k not in names and k not in _NOT_COPIED}
    namespace.update(
        __slots__=(),
        __qualname__=cls.__qualname__,
        __eq__=_eq,
        __ne__=_ne,
        __hash__=tuple.__hash__,
        __lt__=_unordered,
        __le__=_unordered,
        __gt__=_unordered,
        __ge__=_unordered,
        __bool__=_true,
        # the class, which cannot be reassigned; `type` itself reads it (isinstance
        # reads `__class__` whenever an action is not of the class asked about)
        __class__=property(type, doc="The class, which cannot be reassigned."),
        __dataclass_fields__=spec.__dataclass_fields__,
        __dataclass_params__=spec.__dataclass_params__,
    )
    bases = tuple(b for b in cls.__bases__ if b is not object)
    return type(cls.__name__, (store, *bases), namespace)
