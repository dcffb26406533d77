"""The table layer against the real Three Kingdoms Kill engine: scans to actions, refusals,
UNDO, timed windows and seat attribution."""

from __future__ import annotations

import json

from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Signal, Status
from tests.table.harness import TableHarness


def _snapshot(h: TableHarness) -> str:
    return json.dumps([h.table.view(), h.prompt()], sort_keys=True)


def test_setup_by_scans_at_a_shared_reader() -> None:
    """At the shared reader the lord is seat 1 and the others take seats 2..N in scan order."""
    h = TableHarness()
    h.setup()
    seats = h.table.view()["seats"]
    assert [s["general"] for s in seats] == ["caocao", "guanyu", "zhangfei", "lvbu", "diaochan"]
    assert seats[0]["identity"] == "lord" and seats[0]["max_hp"] == 5
    assert h.prompt()["kind"] == "play" and h.prompt()["seat"] == 1


def test_setup_with_per_seat_readers_makes_the_scanner_of_the_lord_card_lord() -> None:
    """With per-seat readers, whichever seat scans the lord card is the lord and plays first."""
    h = TableHarness()
    assert h.scan("lord", seat=3).accepted
    assert h.scan("caocao", seat=3).accepted
    for seat, general in [(5, "lvbu"), (1, "guanyu"), (4, "zhangfei"), (2, "diaochan")]:
        assert h.scan(general, seat=seat).accepted
    view = h.table.view()
    assert view["seats"][2]["identity"] == "lord"
    assert view["seats"][4]["general"] == "lvbu"
    assert h.prompt()["seat"] == 3


def test_out_of_range_kill_is_refused_and_changes_nothing() -> None:
    """A Kill on a target beyond attack range is refused with the distances and the state is as before."""
    h = TableHarness()
    h.setup()
    assert h.scan("kill@S7").accepted
    before = _snapshot(h)
    outcome = h.scan("lvbu")
    assert outcome.status is Status.REFUSED and outcome.refusal_source == "engine"
    assert outcome.refusal == {
        "reason": "out_of_range",
        "card": "kill",
        "source": 1,
        "target": 4,
        "distance": 2,
        "attack_range": 1,
    }
    assert (None, Signal.REFUSED) in outcome.signals
    assert _snapshot(h) == before


def test_unknown_code_is_refused_and_changes_nothing() -> None:
    """A label the companion does not know is refused at the table; game and staging unchanged."""
    h = TableHarness()
    h.setup()
    before = _snapshot(h)
    outcome = h.scan("XYZZY")
    assert (outcome.status, outcome.refusal) == (
        Status.REFUSED,
        {"reason": "unknown_code", "code": "XYZZY"},
    )
    assert _snapshot(h) == before


def test_input_from_the_wrong_seat_is_refused() -> None:
    """A per-seat reader of a seat that is not asked is refused with the seat that is."""
    h = TableHarness()
    h.setup()
    before = _snapshot(h)
    outcome = h.scan("kill@S7", seat=4)
    assert outcome.refusal == {"reason": "wrong_seat", "seat": 4, "expected": [1]}
    assert _snapshot(h) == before


def test_undo_takes_back_the_last_input() -> None:
    """UNDO after choosing a Kill's target restores the state from before that scan."""
    h = TableHarness()
    h.setup()
    h.scan("kill@S7")
    before = _snapshot(h)
    assert h.scan("guanyu").accepted
    assert h.prompt()["kind"] == "respond"
    outcome = h.press("undo")
    assert outcome.accepted and outcome.notes[0].key == "undone"
    assert outcome.notes[0].data == {"seat": 1, "general": "guanyu"}
    assert _snapshot(h) == before


def test_undo_twice_goes_back_two_inputs_and_then_refuses_at_the_start() -> None:
    """Each UNDO takes back one more input; with nothing left it is refused."""
    h = TableHarness()
    assert h.scan("lord").accepted and h.scan("caocao").accepted
    assert h.press("undo").accepted and h.press("undo").accepted
    assert h.table.view()["seats"][0]["identity"] is None
    assert h.press("undo").refusal == {"reason": "nothing_to_undo"}


def test_undo_cannot_take_back_a_judgment_card() -> None:
    """A judgment card revealed a hidden card, so UNDO right after it is refused."""
    h = TableHarness()
    h.setup()
    assert h.scan("lightning@SA").accepted
    h.press("ok")  # end Cao Cao's play phase
    while h.prompt()["seat"] != 1 or h.prompt()["kind"] != "judgment_card":
        prompt = h.prompt()
        if prompt["kind"] == "nullify":
            assert h.wait(5).accepted
        else:
            assert h.press("ok" if prompt["kind"] in ("play", "discard") else "no").accepted
    before = _snapshot(h)
    outcome = h.scan("kill@S7")  # ♠7: Lightning strikes
    assert outcome.accepted and any(e["kind"] == "damage_dealt" for e in outcome.events)
    assert h.press("undo").refusal == {"reason": "cannot_undo_hidden"}
    assert _snapshot(h) != before


def test_a_nullification_window_closes_when_its_time_is_up() -> None:
    """A tick before the deadline does nothing; one at the deadline closes the window."""
    h = TableHarness(settings={"nullification_timeout_s": 4})
    h.setup()
    h.scan("dismantle@S3")
    h.scan("zhangfei")
    assert h.prompt()["kind"] == "nullify" and h.table.deadline() == 0.0 + 4
    assert h.wait(3).status is Status.IGNORED
    outcome = h.wait(1)
    assert outcome.accepted and outcome.notes[0].key == "window_closed"
    assert h.prompt()["kind"] == "choose_card_from"
    assert h.press("undo").refusal == {"reason": "cannot_undo_time"}


def test_at_the_shared_reader_a_general_says_who_answers_a_window() -> None:
    """In a window open to all, the shared reader's input belongs to whoever scanned their general."""
    h = TableHarness()
    h.setup()
    h.scan("dismantle@S3")
    h.scan("zhangfei")
    refusal = h.press("no").refusal
    assert refusal is not None and refusal["reason"] == "who_is_it"
    claim = h.scan("zhangfei")
    assert claim.accepted and claim.seat == 3 and claim.notes[0].key == "claimed"
    outcome = h.scan("nullification@SJ")
    assert outcome.accepted and outcome.seat == 3
    assert outcome.events[0]["kind"] == "card_used" and outcome.events[0]["seat"] == 3


def test_replaying_the_same_inputs_gives_the_same_state() -> None:
    """Two tables fed the same inputs (refused ones and an UNDO included) end in the same state."""
    inputs = [
        ("scan", "lord"),
        *[("scan", g) for g in ("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")],
        ("scan", "kill@S7"),
        ("scan", "lvbu"),
        ("scan", "guanyu"),
        ("press", "undo"),
        ("scan", "guanyu"),
        ("press", "no"),
        ("press", "ok"),
    ]
    tables = [TableHarness(), TableHarness()]
    for h in tables:
        for kind, value in inputs:
            h.scan(value) if kind == "scan" else h.press(value)
    assert _snapshot(tables[0]) == _snapshot(tables[1])


def test_a_removed_card_and_a_notice_are_ignored() -> None:
    """Lifting a card off the reader, or a battery report, changes nothing and says nothing."""
    h = TableHarness()
    h.setup()
    before = _snapshot(h)
    for kind, data in [
        (InputKind.REMOVE, {}),
        (InputKind.NOTICE, {"event": "battery", "percent": 9}),
    ]:
        outcome = h.table.apply(TableInput(kind, data, reader="r"))
        assert outcome.status is Status.IGNORED and not outcome.signals
    assert _snapshot(h) == before


def test_accepted_inputs_signal_who_decides_next() -> None:
    """After an accepted input the reader gets green and the next decider's reader blue."""
    h = TableHarness()
    h.setup()
    h.scan("kill@S7")
    outcome = h.scan("guanyu")
    assert outcome.signals[0] == (None, Signal.ACCEPTED)
    assert (2, Signal.DECIDE) in outcome.signals


def test_at_the_shared_reader_the_seat_dial_also_says_who_answers() -> None:
    """In a window open to all, SELECT n at the shared reader names who answers next."""
    h = TableHarness()
    h.setup()
    h.scan("dismantle@S3")
    h.scan("zhangfei")
    claim = h.select(4)
    assert claim.accepted and claim.seat == 4
    outcome = h.press("no")
    assert outcome.accepted and outcome.seat == 4
    refusal = h.press("no").refusal
    assert refusal is not None and refusal["reason"] == "who_is_it"  # the claim lasts one answer


def test_an_engine_failure_refuses_the_input_and_keeps_the_game(monkeypatch) -> None:
    """If the rules raise something other than a refusal, the input is refused, the game is
    rebuilt as it was, and later inputs still work."""
    h = TableHarness()
    h.setup()
    h.scan("kill@S7")
    before = _snapshot(h)
    real = type(h.table.adapter).submit

    def broken(self, seat, action):
        if type(action).__name__ == "ChooseTarget":
            raise ZeroDivisionError("boom")
        return real(self, seat, action)

    monkeypatch.setattr(type(h.table.adapter), "submit", broken)
    outcome = h.scan("guanyu")
    assert outcome.refusal == {"reason": "engine_error", "error": "ZeroDivisionError: boom"}
    assert _snapshot(h) == before
    monkeypatch.setattr(type(h.table.adapter), "submit", real)
    assert h.scan("guanyu").accepted


def _host(h: TableHarness, **data: object):
    return h.table.apply(TableInput(InputKind.CORRECT, dict(data), t=h.now, reader="host"))


def test_the_host_can_pause_resume_and_lengthen_timed_windows() -> None:
    """Paused, a window never times out; resumed, it gets its full time again; a new
    length applies to the open window; none of these is taken back by UNDO."""
    h = TableHarness()
    h.setup()
    h.scan("dismantle@S3")
    h.scan("zhangfei")
    assert _host(h, op="pause").accepted and h.table.deadline() is None
    assert h.wait(60).status is Status.IGNORED
    assert _host(h, op="setting", name="nullification_timeout_s", value=8).accepted
    assert _host(h, op="resume").accepted and h.table.deadline() == h.now + 8
    assert h.wait(7).status is Status.IGNORED
    assert h.press("undo").accepted  # takes back the Dismantle's target, not a control
    assert h.prompt()["kind"] == "choose_target" and h.table.deadline() is None
    assert _host(h, op="setting", name="speed", value=2).refusal["reason"] == "bad_settings"
