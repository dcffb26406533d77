"""What a scan names: a printed code, NDEF text, an alias, or an enrolled tag UID.

A reader reports the text of a printed label or of an NFC NDEF record, or only a
tag's raw UID. Text goes through the card-codes module (`companion.codes`), which
accepts the 4-character codes printed on labels and every alias a person may type
in a table script (catalogue id, Chinese, pinyin, English; `kill@S7`, `杀♠7`). A UID
goes through the enrolment registry, which maps each enrolled tag to its card.

The result is a `Scanned` value: what kind of thing it is (`card`, `general`,
`identity`, `skill`, `poker`, or `command` for a command label) and its
table-script text (`kill@S7`, `caocao`, `lord`, `rende`, `C8`, `ok`, `seat:3`). Anything else raises `UnknownScan` with the reason, which
the table narrates and signals with a red LED; nothing else happens.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.codes import CodeError, codebook, resolve_token

__all__ = ["Scanned", "UidLookup", "UnknownScan", "command_meaning", "enrich_scan", "resolve_scan"]

UidLookup = Callable[[str], Any]
"""Maps a tag UID (hex, upper case) to a `CardRef`, or `None` if not enrolled."""


@dataclass(frozen=True, slots=True)
class Scanned:
    """A resolved scan. `text` is the table-script token (`kill@S7`, `caocao`, `lord`,
    `rende` for a skill token); `kind` is `card`, `general`, `identity`, `skill` or
    `poker`; `code` is the printed code when there is one."""

    kind: str
    text: str
    code: str = ""


class UnknownScan(ValueError):
    """The scan names no card: `reason` is `unknown_code` or `unknown_uid`, `value`
    what was read."""

    def __init__(self, reason: str, value: str, detail: str = "", suggestion: str = "") -> None:
        super().__init__(f"{reason}: {value!r}" + (f" ({detail})" if detail else ""))
        self.reason = reason
        self.value = value
        self.detail = detail
        self.suggestion = suggestion  # the nearest token, for a typed typo ("caocao")


def _from_ref(ref: Any) -> Scanned:
    text = ref.text
    if ref.kind == "skill" and text.startswith("skill:"):
        text = text[len("skill:") :]
    return Scanned(kind=ref.kind, text=text, code=ref.code)


def resolve_scan(data: dict[str, Any], lookup_uid: UidLookup | None = None) -> Scanned:
    """Resolve a scan input's data (`{"code": text}` or `{"uid": hex}`; a UID scan that
    was resolved when it was logged carries its `code` too, and that code is used, so
    a replay does not depend on the registry file as it is today).

    >>> resolve_scan({"code": "kill@S7"})
    Scanned(kind='card', text='kill@S7', code='S0DX')
    >>> resolve_scan({"code": "曹操"}).text, resolve_scan({"code": "skill:rende"}).text
    ('caocao', 'rende')

    Raises:
        UnknownScan: the text names no card, or the UID is not enrolled.
    """
    if "uid" in data and "code" not in data:
        uid = str(data["uid"]).upper()
        ref = lookup_uid(uid) if lookup_uid is not None else None
        if ref is None:
            raise UnknownScan("unknown_uid", uid)
        return _from_ref(ref)
    text = str(data.get("code", "")).strip()
    if not text:
        raise UnknownScan("unknown_code", text, "empty")
    try:
        return _from_ref(resolve_token(text))
    except CodeError as exc:
        raise UnknownScan("unknown_code", text, str(exc), _suggest(text)) from None


def _suggest(text: str) -> str:
    """The token nearest to an unknown one ("" when none is near, or it would be itself)."""
    try:
        found = codebook().suggest(text)
    except CodeError:  # an ambiguous alias: no single suggestion
        return ""
    return found if found is not None and found != text else ""


def enrich_scan(data: dict[str, Any], lookup_uid: UidLookup | None) -> dict[str, Any]:
    """A UID scan's data with the code the registry gives it now (unchanged otherwise),
    to be logged so that replays resolve it the same way.

    >>> enrich_scan({"code": "S0DX"}, None)
    {'code': 'S0DX'}
    """
    if "uid" not in data or "code" in data or lookup_uid is None:
        return data
    ref = lookup_uid(str(data["uid"]).upper())
    return data if ref is None else {**data, "code": ref.code}


def command_meaning(scanned: Scanned) -> tuple[str, dict[str, Any]] | None:
    """What a command label stands for, as the input kind and data a reader's button
    or select dial would have sent; None for anything that is not a command label.

    >>> command_meaning(Scanned("command", "ok")), command_meaning(Scanned("command", "seat:3"))
    (('press', {'button': 'ok', 'long': False}), ('select', {'seat': 3}))
    >>> command_meaning(Scanned("command", "end_phase"))
    ('press', {'button': 'end', 'long': False})
    """
    if scanned.kind != "command":
        return None
    name = scanned.text
    if name.startswith("seat:"):
        return "select", {"seat": int(name.removeprefix("seat:"))}
    button = "end" if name == "end_phase" else name
    return "press", {"button": button, "long": False}
