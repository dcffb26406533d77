"""Which readers the companion trusts: the allowlist as a policy the hub applies.

A reader serves only hosts it is bonded with, and bonds only while its pairing window
is open (OK held 3 s). `TrustPolicy` is the host's half (SPEC.md "Security"), and a
`base.ReaderPolicy`: before connecting, a reader whose bond identity is on the
allowlist is used (encrypted with its bond, never paired anew); an unknown one is
shown and never used, unless new readers are allowed, in which case it is paired
(its window must be open). After HELLO: the announced reader id must be the one the
allowlist binds to that identity, and a paired id must come from its own identity;
otherwise the link is dropped with a warning. A reader with no bond identity (a
cable, a scanner, a PC/SC reader) has no bond: the cable is the trust.

The policy knows no transport: it sees a `Reader`'s `bond_identity` and `name` only.
Pairing a BLE reader is `pairing.py`; choosing a source and its policy is `spec.py`.
"""

from __future__ import annotations

import logging

from companion.readers.allowlist import Allowlist, KnownReader, now_stamp
from companion.readers.base import Decision, IgnoreReason, Reader

__all__ = ["NOT_PAIRED", "Decision", "TrustPolicy"]

_log = logging.getLogger(__name__)

NOT_PAIRED = "not paired with this computer (hold OK on it for 3 s, then `companion readers pair`)"


class TrustPolicy:
    """The allowlist as a hub applies it (see the module docstring).

    Args:
        allowlist: the paired readers; a new reader allowed in is added and saved.
        allow_new: use (and pair) readers that are not on the allowlist.
    """

    def __init__(self, allowlist: Allowlist, *, allow_new: bool = False) -> None:
        self.allowlist = allowlist
        self.allow_new = allow_new

    def admit(self, reader: Reader) -> Decision:
        """Before connecting: may the hub use this reader?"""
        identity = reader.bond_identity
        if identity is None or self.allowlist.by_identity(identity) is not None:
            return Decision(True)
        if self.allow_new:
            return Decision(True, may_pair=True)
        return Decision(False, because=IgnoreReason.NOT_PAIRED, reason=NOT_PAIRED)

    def check_hello(self, reader: Reader, reader_id: int) -> Decision:
        """After HELLO: does the announced reader id belong to this link's bond?"""
        identity = reader.bond_identity
        if identity is None:
            return Decision(True)
        known = self.allowlist.by_identity(identity)
        if known is not None:
            if known.reader_id == reader_id:
                return Decision(True)
            return Decision(
                False,
                because=IgnoreReason.IDENTITY,
                reason=f"announced reader {reader_id:08X}, but the bond at {identity} is "
                f"reader {known.label}: dropped",
            )
        other = self.allowlist.by_id(reader_id)
        if other is not None:
            return Decision(
                False,
                because=IgnoreReason.IDENTITY,
                reason=f"announced reader {reader_id:08X}, which is paired at "
                f"{other.identity}, from {identity}: dropped",
            )
        if not self.allow_new:
            return Decision(False, because=IgnoreReason.NOT_PAIRED, reason=NOT_PAIRED)
        self.allowlist.add(KnownReader(reader_id, identity, reader.name, now_stamp()))
        self.allowlist.save()
        _log.info("paired new reader %08X (%s) at %s", reader_id, reader.name, identity)
        return Decision(True)
