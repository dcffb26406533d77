"""The versioned test vectors (`v1.json`), loaded with importlib.resources and checked.

The file is for implementers in any language; its JSON shape is SPEC.md section 10.
`load_vectors()` validates that shape at load, so a broken file fails with the file
name and the offending entry rather than deep inside a test.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from firmware_protocol.errors import FrameReason, ProtocolUsageError

_SECTIONS: dict[str, tuple[str, ...]] = {
    "crc": ("name", "input", "crc"),
    "messages": ("name", "message", "hex"),
    "invalid_frames": ("name", "hex", "reason"),
    "cobs": ("name", "decoded", "encoded"),
    "streams": ("name", "hex", "expect"),
    "info_records": ("name", "info", "hex"),
    "advertisements": ("name", "local_name", "hex"),
}
_HEX_KEYS = ("input", "crc", "hex", "decoded", "encoded")


def load_vectors(version: int = 1) -> dict[str, Any]:
    """The vector document of a protocol version, validated.

    Raises:
        ProtocolUsageError: no such version, or the file does not have the documented shape.
    """
    name = f"v{version}.json"
    path = resources.files(__name__).joinpath(name)
    if not path.is_file():
        raise ProtocolUsageError(f"no test vectors for protocol version {version} ({name})")
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))  # checked below
    _validate(document, name, version)
    return document


def _validate(document: Any, name: str, version: int) -> None:
    def fail(where: str, why: str) -> None:
        raise ProtocolUsageError(f"{name}: {where}: {why}")

    if not isinstance(document, dict):
        fail("top level", "not a JSON object")
    if document.get("protocol_version") != version:
        fail("protocol_version", f"expected {version}, got {document.get('protocol_version')!r}")
    for section, keys in _SECTIONS.items():
        entries = document.get(section)
        if not isinstance(entries, list) or not entries:
            fail(section, "missing or empty list")
        names: set[str] = set()
        for index, entry in enumerate(entries):
            where = f"{section}[{index}]"
            if not isinstance(entry, dict) or set(entry) != set(keys):
                fail(where, f"must have exactly the keys {list(keys)}")
            if entry["name"] in names:
                fail(where, f"duplicate name {entry['name']!r}")
            names.add(entry["name"])
            for key in _HEX_KEYS:
                if key in entry and not _is_hex(entry[key]):
                    fail(f"{where}.{key}", "not lowercase hex")
            if section == "invalid_frames" and entry["reason"] not in FrameReason.__members__:
                fail(f"{where}.reason", f"unknown reason {entry['reason']!r}")
            if section == "streams":
                for item in entry["expect"]:
                    if not isinstance(item, dict) or len(item) != 1:
                        fail(f"{where}.expect", "items are {'message': ...} or {'error': ...}")
                    if "error" in item and item["error"] not in FrameReason.__members__:
                        fail(f"{where}.expect", f"unknown reason {item['error']!r}")
                    elif "error" not in item and "message" not in item:
                        fail(f"{where}.expect", "items are {'message': ...} or {'error': ...}")


def _is_hex(value: Any) -> bool:
    if not isinstance(value, str) or len(value) % 2 or value != value.lower():
        return False
    try:
        bytes.fromhex(value)
    except ValueError:
        return False
    return True
