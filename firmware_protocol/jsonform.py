"""Messages as plain JSON objects, the form the test vectors use (SPEC.md section 10).

A message is `{"type": "<NAME>", <field>: <value>, ..., "seq": n}`: enum fields by
member name (`"TEXT"`), `data` as lowercase hex, `present` as a boolean, every other
field as an integer. The form is strict both ways, so a typo in a vector fails loudly.
"""

from __future__ import annotations

from dataclasses import fields
from enum import IntEnum, IntFlag
from typing import Any

from firmware_protocol.errors import ProtocolUsageError
from firmware_protocol.fields import ButtonId, Buzzer, CardKind, Color, ErrorCode, Pattern, Press
from firmware_protocol.messages import MESSAGE_TYPES, Message

_ENUMS: dict[str, type[IntEnum]] = {
    cls.__name__: cls for cls in (ButtonId, Buzzer, CardKind, Color, ErrorCode, Pattern, Press)
}
_BY_NAME = {cls.NAME: cls for cls in MESSAGE_TYPES.values()}


def message_to_json(message: Message) -> dict[str, Any]:
    """The JSON object of a message.

    >>> from firmware_protocol.messages import Button
    >>> message_to_json(Button(1, 0, seq=3))
    {'type': 'BUTTON', 'button': 'OK', 'press': 'SHORT', 'seq': 3}
    """
    if not isinstance(message, Message):
        raise ProtocolUsageError(f"message_to_json() needs a Message, got {message!r}")
    out: dict[str, Any] = {"type": message.NAME}
    for f in fields(message):
        value = getattr(message, f.name)
        if isinstance(value, (bytes, bytearray)):
            out[f.name] = value.hex()
        elif isinstance(value, IntFlag):
            out[f.name] = int(value)
        elif isinstance(value, IntEnum):
            out[f.name] = value.name
        else:
            out[f.name] = value
    return out


def message_from_json(obj: dict[str, Any]) -> Message:
    """The message of a JSON object; `seq` may be left out (it defaults to 0).

    >>> message_from_json({"type": "SELECT", "seat": 4, "seq": 9})
    Select(seat=4, seq=9)

    Raises:
        ProtocolUsageError: unknown type, missing or unknown keys, or a bad value.
    """
    if not isinstance(obj, dict):
        raise ProtocolUsageError(f"a message is a JSON object, got {obj!r}")
    name = obj.get("type")
    cls = _BY_NAME.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ProtocolUsageError(f"unknown message type {name!r}; known: {sorted(_BY_NAME)}")
    specs = {f.name: f for f in fields(cls)}
    unknown = set(obj) - set(specs) - {"type"}
    if unknown:
        raise ProtocolUsageError(f"{name} has no field(s) {sorted(unknown)}")
    missing = set(specs) - set(obj) - {"seq"}
    if missing:
        raise ProtocolUsageError(f"{name} is missing field(s) {sorted(missing)}")
    kwargs: dict[str, Any] = {}
    for key, value in obj.items():
        if key == "type":
            continue
        enum_cls = _ENUMS.get(str(specs[key].type))
        if enum_cls is not None and isinstance(value, str):
            try:
                value = enum_cls[value]
            except KeyError:
                raise ProtocolUsageError(
                    f"{name}.{key}: {value!r} is not a {enum_cls.__name__} "
                    f"({', '.join(m.name for m in enum_cls)})"
                ) from None
        elif key == "data":
            if not isinstance(value, str):
                raise ProtocolUsageError(f"{name}.data must be a hex string, got {value!r}")
            try:
                value = bytes.fromhex(value)
            except ValueError:
                raise ProtocolUsageError(f"{name}.data is not hex: {value!r}") from None
        kwargs[key] = value
    return cls(**kwargs)
