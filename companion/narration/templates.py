"""Sentence templates: `{field}` placeholders filled with values formatted by type.

A template is a string such as `"{source} plays {card} on {targets}"`. Each
placeholder names a key of the event (or prompt, or refusal) data; how the value is
written depends on its *type*, taken from the spec after a colon (`{expected:seats}`)
or, without one, from the field's name (`fields.json`: `target` is a seat, `card` a
card...). A message may also be a list of templates, most specific first: the first
one whose fields are all present (and not null) in the data is used, so "damage
from a source" and "damage with no source" are two variants of one message.

>>> pick(["{source} hits {target}", "{target} is hit"], {"target": 2, "source": None})
'{target} is hit'
>>> fields_of("{a} and {b:seats}")
[('a', ''), ('b', 'seats')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from string import Formatter
from typing import Any

__all__ = ["Template", "fields_of", "is_present", "pick", "render"]

Template = str | list[str]
_FORMATTER = Formatter()


def fields_of(template: str) -> list[tuple[str, str]]:
    """The (field, type spec) pairs of a template, in order.

    Raises:
        ValueError: the template is malformed (an unmatched brace, a positional or
            attribute field).
    """
    out = []
    for _, name, spec, conversion in _FORMATTER.parse(template):
        if name is None:
            continue
        if not name.isidentifier() or conversion:
            raise ValueError(f"bad placeholder {{{name}}} in {template!r}")
        out.append((name, spec or ""))
    return out


def is_present(value: Any) -> bool:
    """Whether a data value counts as given: not null and not an empty list or text."""
    return value is not None and value != [] and value != () and value != ""


def pick(message: Template | dict[str, Any], data: Mapping[str, Any]) -> str:
    """The template to use for `data`.

    A list gives variants: the first whose fields are all present is used (else the
    last). A dict chooses by the value of one or more fields: `{"by": "reason",
    "cases": {"lightning": ..., ...}, "default": ...}`; with several fields (`"by":
    ["reason", "success"]`) the case key joins their values with dots
    (`lightning.true`), and a case may end in `*` for any value of the last fields
    (`x.*`), the exact key winning.

    >>> pick({"by": ["a", "b"], "cases": {"x.true": "yes"}, "default": "no"}, {"a": "x", "b": True})
    'yes'
    >>> pick({"by": ["a", "b"], "cases": {"x.*": "any"}, "default": "no"}, {"a": "x", "b": 3})
    'any'
    """
    if isinstance(message, dict):
        keys = [message["by"]] if isinstance(message["by"], str) else message["by"]
        values = [_case_value(data.get(k)) for k in keys]
        cases = message["cases"]
        for known in range(len(values), 0, -1):
            case = ".".join(values[:known] + ["*"] * (len(values) - known))
            if case in cases:
                return pick(cases[case], data)
        return pick(message["default"], data)
    variants = [message] if isinstance(message, str) else message
    for variant in variants:
        if all(is_present(data.get(name)) for name, _ in fields_of(variant)):
            return variant
    return variants[-1]


def _case_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def render(
    template: str,
    data: Mapping[str, Any],
    format_value: Callable[[str, str, Any], str],
) -> str:
    """Fill `template` from `data`; `format_value(name, spec, value)` writes each value.

    >>> render("{a}-{b:x}", {"a": 1, "b": 2}, lambda n, s, v: f"{n}{s}{v}")
    'a1-bx2'
    """
    parts = []
    for literal, name, spec, _ in _FORMATTER.parse(template):
        parts.append(literal)
        if name is not None:
            parts.append(format_value(name, spec or "", data.get(name)))
    return "".join(parts)
