"""Enrolment of NFC tags that carry only a UID: scan every card once, in order.

`Registry` (the UID -> card-code file, with `Registry.load(path).lookup(uid)` for the
table layer) and `Enrolment` (the sans-IO state machine the reader loop drives).
"""

from __future__ import annotations

from companion.enrolment.driver import Input, Press, TagText, TagUid, apply, describe, drive, prompt
from companion.enrolment.registry import (
    DuplicateUidError,
    Registry,
    RegistryError,
    default_registry_path,
    format_uid,
)
from companion.enrolment.session import Enrolment, Outcome, Step

__all__ = [
    "DuplicateUidError",
    "Enrolment",
    "Input",
    "Outcome",
    "Press",
    "Registry",
    "RegistryError",
    "Step",
    "TagText",
    "TagUid",
    "apply",
    "default_registry_path",
    "describe",
    "drive",
    "format_uid",
    "prompt",
]
