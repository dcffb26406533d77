"""Resolving what a reader read: printed codes, NDEF text and aliases."""

from __future__ import annotations

import pytest

from companion.codes import encode_token
from companion.table.resolve import Scanned, UnknownScan, resolve_scan


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kill@S7", Scanned("card", "kill@S7", encode_token("kill@S7"))),
        ("杀♠7", Scanned("card", "kill@S7", encode_token("kill@S7"))),
        ("sha@S7", Scanned("card", "kill@S7", encode_token("kill@S7"))),
        (encode_token("peach@HQ"), Scanned("card", "peach@HQ", encode_token("peach@HQ"))),
        ("关羽", Scanned("general", "guanyu", encode_token("guanyu"))),
        ("guan yu", Scanned("general", "guanyu", encode_token("guanyu"))),
        ("主公", Scanned("identity", "lord", encode_token("lord"))),
        ("skill:rende", Scanned("skill", "rende", encode_token("skill:rende"))),
    ],
)
def test_codes_and_aliases_resolve_to_the_same_card(text: str, expected: Scanned) -> None:
    """A printed code, the catalogue id, the Chinese name and the pinyin all name one card."""
    assert resolve_scan({"code": text}) == expected


@pytest.mark.parametrize("text", ["blah", "kill@SA", "", "S0DY"])
def test_unknown_text_is_refused_with_a_reason(text: str) -> None:
    """Text that names no card (or a misread code) raises UnknownScan('unknown_code')."""
    with pytest.raises(UnknownScan) as info:
        resolve_scan({"code": text})
    assert info.value.reason == "unknown_code"


def test_a_uid_without_enrolment_is_unknown() -> None:
    """A bare tag UID that no enrolment registry knows raises UnknownScan('unknown_uid')."""
    with pytest.raises(UnknownScan) as info:
        resolve_scan({"uid": "04a1b2c3"})
    assert (info.value.reason, info.value.value) == ("unknown_uid", "04A1B2C3")
