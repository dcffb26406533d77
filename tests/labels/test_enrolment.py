"""The sans-IO enrolment state machine and the UID registry file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.codes import all_codes, decode_code
from companion.enrolment import DuplicateUidError, Enrolment, Outcome, Registry, RegistryError

UIDS = [bytes([4, 0xA0, i, 0xC3]) for i in range(200)]


def test_cards_are_asked_in_order_and_enrolled() -> None:
    """Each scanned UID is enrolled to the card asked for, and the next card is asked."""
    cards = all_codes("sanguosha")
    enrolment = Enrolment(cards, Registry())
    for i in range(3):
        assert enrolment.expected() == cards[i]
        step = enrolment.on_uid(UIDS[i])
        assert (step.outcome, step.card, step.changed) == (Outcome.ENROLLED, cards[i], True)
    assert enrolment.expected() == cards[3]
    assert enrolment.progress() == (3, 108)
    assert enrolment.registry.lookup(UIDS[1]) == cards[1]
    assert enrolment.registry.lookup(UIDS[1].hex()) == cards[1]


def test_duplicate_uid_is_refused_and_changes_nothing() -> None:
    """A tag already enrolled to another card is refused, naming that card; nothing changes."""
    cards = all_codes("generals")
    enrolment = Enrolment(cards, Registry())
    enrolment.on_uid(UIDS[0])
    before = enrolment.registry.to_json()
    step = enrolment.on_uid(UIDS[0])
    assert step.outcome is Outcome.DUPLICATE and step.card == cards[0] and not step.changed
    assert "already enrolled as caocao" in step.detail
    assert enrolment.registry.to_json() == before and enrolment.expected() == cards[1]


def test_malformed_uid_is_refused() -> None:
    """A UID that is not 4, 7 or 10 bytes is refused and the same card is still asked."""
    enrolment = Enrolment(all_codes("identities"), Registry())
    step = enrolment.on_uid(b"\x01\x02\x03")
    assert step.outcome is Outcome.BAD_UID and "4, 7 or 10" in step.detail
    expected = enrolment.expected()
    assert expected is not None and expected.text == "lord" and len(enrolment.registry) == 0


def test_skip_and_undo() -> None:
    """NO skips a card; UNDO undoes the last skip or enrolment, forgetting its tag."""
    cards = all_codes("identities")
    enrolment = Enrolment(cards, Registry())
    enrolment.on_uid(UIDS[0])
    assert enrolment.skip().card == cards[1]
    assert enrolment.expected() == cards[2] and enrolment.skipped() == [cards[1]]
    step = enrolment.back()
    assert (step.outcome, step.card, step.changed) == (Outcome.UNDONE, cards[1], False)
    assert enrolment.expected() == cards[1]
    step = enrolment.back()
    assert (step.outcome, step.card, step.uid, step.changed) == (
        Outcome.UNDONE,
        cards[0],
        UIDS[0].hex().upper(),
        True,
    )
    assert enrolment.expected() == cards[0] and enrolment.registry.lookup(UIDS[0]) is None
    assert enrolment.back().outcome is Outcome.NOTHING


def test_interrupted_enrolment_resumes_at_first_card_not_enrolled(tmp_path: Path) -> None:
    """After a crash, a rerun on the saved file asks first for the first card without a tag."""
    path = tmp_path / "tags.json"
    cards = all_codes("skills")
    first = Enrolment(cards, Registry.load(path))
    for i in range(5):
        if i == 2:
            first.skip()
            continue
        assert first.on_uid(UIDS[i]).changed
        first.registry.save()
    del first  # the process dies here
    again = Enrolment(cards, Registry.load(path))
    assert again.expected() == cards[2] and again.progress() == (4, 15)
    again.on_uid(UIDS[2])
    assert again.expected() == cards[5]
    assert again.back().card == cards[2]
    assert (
        again.back().card == cards[1]
    )  # nothing left to undo in this run: the previous card reopens
    assert again.expected() == cards[1] and again.registry.uid_of(cards[1]) is None


def test_finished_enrolment_refuses_more_scans() -> None:
    """When every card is done, further scans and skips do nothing."""
    cards = all_codes("identities")[:2]
    enrolment = Enrolment(cards, Registry())
    enrolment.on_uid(UIDS[0])
    enrolment.on_uid(UIDS[1])
    assert enrolment.expected() is None
    assert enrolment.on_uid(UIDS[2]).outcome is Outcome.NOTHING
    assert enrolment.skip().outcome is Outcome.NOTHING and len(enrolment.registry) == 2


def test_registry_file_round_trip_and_atomic_save(tmp_path: Path) -> None:
    """The saved file is versioned JSON of UID -> code that loads back identically; no temporary file remains."""
    path = tmp_path / "tags.json"
    registry = Registry.load(path)
    assert len(registry) == 0 and not path.exists()
    registry.enrol("04a0b1c2d3e4f5", decode_code("S0DX"))
    registry.save()
    assert json.loads(path.read_text()) == {"version": 1, "cards": {"04A0B1C2D3E4F5": "S0DX"}}
    card = Registry.load(path).lookup(bytes.fromhex("04a0b1c2d3e4f5"))
    assert card is not None and card.text == "kill@S7"
    assert [p.name for p in tmp_path.iterdir()] == ["tags.json"]


def test_enrol_refuses_a_uid_of_another_card_and_moves_a_card_to_a_new_tag() -> None:
    """enrol() refuses a UID owned by another card; re-enrolling a card replaces its old tag."""
    registry = Registry()
    kill, dodge = decode_code("S0DX"), all_codes("sanguosha")[28]
    registry.enrol(UIDS[0], kill)
    with pytest.raises(DuplicateUidError):
        registry.enrol(UIDS[0], dodge)
    registry.enrol(UIDS[1], kill)
    assert registry.lookup(UIDS[0]) is None and registry.lookup(UIDS[1]) == kill


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{oops", "line 1"),
        ('{"version": 2, "cards": {}}', "version"),
        ('{"version": 1, "cards": []}', "cards"),
        ('{"version": 1, "cards": {"04A0B1C2": "S0DY"}}', "check character"),
        ('{"version": 1, "cards": {"0102": "S0DX"}}', "4, 7 or 10"),
        ('{"version": 1, "cards": {"04A0B1C2": "S0DX", "04A0B1C3": "S0DX"}}', "two tags"),
    ],
)
def test_bad_registry_files_are_refused(tmp_path: Path, content: str, fragment: str) -> None:
    """A malformed registry raises RegistryError naming the file and what is wrong."""
    path = tmp_path / "tags.json"
    path.write_text(content)
    with pytest.raises(RegistryError, match=fragment):
        Registry.load(path)
