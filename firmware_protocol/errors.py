"""Errors of the wire protocol, split by whose fault they are (h11's rule).

`FrameError` means the *peer* (or the radio) sent bytes we cannot use: the frame is
dropped, the reason is reported, and the link goes on (the sequence rules recover the
lost event). `ProtocolUsageError` means *we* misused the API, for instance by building
a message with a 14-byte text. Both are `ValueError`s. Any other exception escaping
`decode` or `StreamDecoder.feed` is a bug in this package.
"""

from __future__ import annotations

from enum import IntEnum


class FrameReason(IntEnum):
    """Why a frame was dropped (SPEC.md section 8).

    The numbers are part of the protocol: a reader reports a bad command frame as
    ERROR(code 1, detail = this number).
    """

    TOO_SHORT = 1
    BAD_CRC = 2
    UNSUPPORTED_VERSION = 3
    UNKNOWN_TYPE = 4
    BAD_LENGTH = 5
    BAD_VALUE = 6
    BAD_COBS = 7
    TOO_LONG = 8


class ProtocolError(Exception):
    """Base class of every error this package raises on purpose."""


class FrameError(ProtocolError, ValueError):
    """The peer's bytes are not a valid frame; `reason` says why, the text says how."""

    def __init__(self, reason: FrameReason, detail: str) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason.name}: {detail}")

    def __repr__(self) -> str:
        return f"FrameError(FrameReason.{self.reason.name}, {self.detail!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FrameError):
            return NotImplemented
        return (self.reason, self.detail) == (other.reason, other.detail)

    def __hash__(self) -> int:
        return hash((self.reason, self.detail))


class ProtocolUsageError(ProtocolError, ValueError):
    """Our own code misused the protocol API (an invalid field value, a wrong call)."""
