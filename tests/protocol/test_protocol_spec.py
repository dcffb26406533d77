"""SPEC.md and the code agree: message types, reason numbers, UUIDs (the document is the contract)."""

from __future__ import annotations

import re
from importlib import resources

from firmware_protocol import MESSAGE_TYPES, FrameReason, profile

SPEC = resources.files("firmware_protocol").joinpath("SPEC.md").read_text(encoding="utf-8")


def test_message_type_tables_match_the_registry() -> None:
    """Every `| 0xNN | NAME |` row of section 3 is a registered type of that name, and vice versa."""
    rows = dict(re.findall(r"^\| `0x([0-9A-F]{2})` \| ([A-Z_]+) \|", SPEC, re.MULTILINE))
    documented = {int(code, 16): name for code, name in rows.items()}
    assert documented == {code: cls.NAME for code, cls in MESSAGE_TYPES.items()}


def test_reason_table_matches_frame_reason() -> None:
    """The reason numbers of section 8 are FrameReason's values."""
    rows = re.findall(r"^\| (\d) \| ([A-Z_]+) \|", SPEC, re.MULTILINE)
    assert {name: int(number) for number, name in rows} == {r.name: r.value for r in FrameReason}


def test_uuids_in_the_gatt_table_match_the_profile() -> None:
    """The four 128-bit UUIDs of section 1 are the profile's constants, in table order."""
    uuids = re.findall(r"`(6b1d000\d-[0-9a-f-]+)`", SPEC)
    assert uuids == [
        profile.SERVICE_UUID,
        profile.EVENT_UUID,
        profile.COMMAND_UUID,
        profile.INFO_UUID,
    ]
