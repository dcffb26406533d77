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

The table resolves each input once, at its door (`resolve_input`), and dispatches on
what it means: a card, general, identity, skill token or playing card (`Resolved.scanned`),
a command or a seat (a command label, which acts as the press or select it stands for),
or nothing known (`Resolved.unknown`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.codes import CodeError, codebook, resolve_token
from companion.table.inputs import InputKind, TableInput

__all__ = [
    "Resolved", "Scanned", "UidLookup", "UnknownScan", "command_meaning", "enrich_scan",
    "resolve_input", "resolve_scan",
]  # fmt: skip

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


@dataclass(frozen=True, slots=True)
class Resolved:
    """An input as the table acts on it, its scan resolved once.

    `input` is the input, except that a command label stands as the press or select it
    means (`label` is then true; the log keeps the scan as it came). `scanned` is the
    card, general, identity, skill token or playing card a scan named; `unknown` says
    why a scan names nothing. Both are None for an input that is not a scan."""

    input: TableInput
    scanned: Scanned | None = None
    unknown: UnknownScan | None = None
    label: bool = False


def resolve_input(inp: TableInput, lookup_uid: UidLookup | None = None) -> Resolved:
    """What `inp` means at the table: any input but a scan as it is; a scan resolved
    (`resolve_scan`), a command label turned into the input it stands for.

    >>> def scan(code):
    ...     return TableInput(InputKind.SCAN, {"code": code}, t=0.0, reader="r1", seat=1)
    >>> resolve_input(scan("kill@S7")).scanned
    Scanned(kind='card', text='kill@S7', code='S0DX')
    >>> from companion.codes import all_codes
    >>> seat_3 = next(ref.code for ref in all_codes("commands") if ref.text == "seat:3")
    >>> done = resolve_input(scan(seat_3))  # a seat label
    >>> done.label, done.input.kind, done.input.data, done.scanned
    (True, <InputKind.SELECT: 'select'>, {'seat': 3}, None)
    >>> resolve_input(scan("no such card")).unknown.reason
    'unknown_code'
    """
    if inp.kind is not InputKind.SCAN:
        return Resolved(inp)
    try:
        scanned = resolve_scan(inp.data, lookup_uid)
    except UnknownScan as exc:
        return Resolved(inp, unknown=exc)
    command = command_meaning(scanned)
    if command is None:
        return Resolved(inp, scanned=scanned)
    kind, data = command
    return Resolved(replace(inp, kind=InputKind(kind), data=data), label=True)
