"""What a simulated tag carries: table-script tokens turned into CARD payloads.

A printed label carries a short text code (at most 13 UTF-8 bytes, SPEC.md §3 CARD);
an NFC tag carries such text or only its raw UID. Which text code a token like
`kill@S7` or `caocao` becomes is the card-codes module's business
(`companion.codes.encode_token`), so the mapping here is a pluggable function; when
that module is absent the token's own text is sent, if it fits.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

__all__ = [
    "MAX_TEXT_BYTES",
    "TagKind",
    "TagPayload",
    "TokenEncoder",
    "TokenError",
    "default_token_encoder",
    "parse_uid",
    "text_tag",
]

MAX_TEXT_BYTES = 13
_UID_LENGTHS = (4, 7, 10)


class TagKind(Enum):
    """What kind of data a tag gives the reader (SPEC.md §3, CARD `state_kind`)."""

    TEXT = "text"
    NDEF = "ndef"
    UID = "uid"


@dataclass(frozen=True)
class TagPayload:
    """The data a reader reads from one tag."""

    kind: TagKind
    data: bytes


class TokenError(ValueError):
    """A token or UID that no tag could carry; the message says why."""


TokenEncoder = Callable[[str], TagPayload]
"""Maps a table-script token (`kill@S7`, `caocao`, `杀♠7`) to what its tag carries."""


def text_tag(text: str) -> TagPayload:
    """A printed label carrying `text`, checked against the 1..13-byte limit.

    >>> text_tag("kill@S7")
    TagPayload(kind=<TagKind.TEXT: 'text'>, data=b'kill@S7')
    """
    data = text.encode("utf-8")
    if not 1 <= len(data) <= MAX_TEXT_BYTES:
        raise TokenError(
            f"{text!r} is {len(data)} bytes in UTF-8; a label carries 1 to {MAX_TEXT_BYTES}"
        )
    return TagPayload(TagKind.TEXT, data)


def parse_uid(text: str) -> TagPayload:
    """A raw NFC UID written in hex (`04A1B2C3`), 4, 7 or 10 bytes long.

    >>> parse_uid("04A1B2C3").data.hex()
    '04a1b2c3'
    """
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise TokenError(f"{text!r} is not a hex UID") from None
    if len(data) not in _UID_LENGTHS:
        raise TokenError(f"a tag UID is 4, 7 or 10 bytes, {text!r} is {len(data)}")
    return TagPayload(TagKind.UID, data)


def _codes_encoder() -> Callable[[str], str] | None:
    try:
        codes = importlib.import_module("companion.codes")
    except ImportError:
        return None
    encode = getattr(codes, "encode_token", None)
    return encode if callable(encode) else None


def default_token_encoder(token: str) -> TagPayload:
    """The label for `token`: `companion.codes.encode_token` if that module exists,
    else the token's text itself when it fits in 13 UTF-8 bytes.

    Raises:
        TokenError: the token has no label (the codes module refused it, or it is
            too long to send as it is).
    """
    token = token.strip()
    if not token:
        raise TokenError("empty token")
    encode = _codes_encoder()
    if encode is None:
        return text_tag(token)
    try:
        code = encode(token)
    except (KeyError, ValueError) as exc:
        raise TokenError(f"no card code for {token!r}: {exc}") from exc
    return text_tag(code)
