"""A death the companion missed, corrected by the host (issue 31 item 8): `correct dead
SEAT [by KILLER]` plays the death with the rules of a death in play (docs/modes.md §1,
docs/sanguosha.md 1d): identity reveal, rewards, game end, 1v1's next general; it is
logged like any correction and UNDO takes it back."""

from __future__ import annotations

from companion.game.narrate import narrate_outcome
from companion.game.script import parse_host_line
from companion.narration import Narrator
from companion.table.inputs import HOST, InputKind, TableInput
from companion.table.outcome import Outcome, Status
from tests.modes.table import ModeSeats
from tests.table.harness import TableHarness
from tests.table.test_skill_gestures import Seats


def correct(h: TableHarness, line: str) -> Outcome:
    host = parse_host_line(line)
    assert host is not None
    return h.table.apply(TableInput(InputKind.CORRECT, host.data, t=h.now, reader=HOST))


def said(h: TableHarness, outcome: Outcome, lang: str = "en") -> list[str]:
    return narrate_outcome(Narrator(lang), outcome, h.table.view())


def test_a_missed_death_reveals_rewards_and_gives_the_decision_back() -> None:
    """Identity mode: seat 3 dies by seat 1's hand; its identity card is asked for, a
    rebel's killer draws 3, its cards are discarded, and seat 1's play phase goes on."""
    t = Seats("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")
    play = t.pending
    assert (play["kind"], play["seat"]) == ("play", 1)
    hand_1 = t.seat(1)["hand_count"]
    out = t.ok(correct(t, "correct dead 3 by 1"))
    lines = said(t, out)
    assert lines[0] == "Host correction: Zhang Fei (seat 3) is dead, killed by Cao Cao (seat 1)."
    assert "Zhang Fei (seat 3) dies, killed by Cao Cao (seat 1)." in lines
    assert said(t, out, "zh-Hans")[0] == "主持人更正：3号位张飞已阵亡，击杀者为1号位曹操。"
    assert said(t, out, "es")[0] == (
        "Corrección del anfitrión: Zhang Fei (asiento 3) ha muerto, a manos de Cao Cao (asiento 1)."
    )
    assert (t.pending["kind"], t.pending["seat"]) == ("reveal_identity", 3)
    out = t.ok(t.scan("rebel", 3))
    lines = t.said(out)
    assert "Zhang Fei (seat 3) is the Rebel." in lines
    assert "Cao Cao (seat 1) draws 3 cards (reward)." in lines
    seat3 = t.seat(3)
    assert not seat3["alive"] and seat3["identity"] == "rebel" and seat3["hand_count"] == 0
    assert t.seat(1)["hand_count"] == hand_1 + 3
    assert (t.pending["kind"], t.pending["seat"]) == ("play", 1)  # the decision stands again


def test_undo_takes_back_a_death_correction() -> None:
    t = Seats("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")
    before = t.snapshot()
    t.ok(correct(t, "correct dead 4 by 2"))
    assert not t.seat(4)["alive"]
    undo = t.press("undo")
    assert undo.accepted and undo.notes[0].key == "undone"
    assert t.snapshot() == before


def test_a_death_of_a_seat_the_decision_asks_is_refused_and_changes_nothing() -> None:
    """Seat 2 is asked for a Dodge: its death waits until it answered (or UNDO)."""
    t = Seats("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")
    t.ok(t.scan("kill@S7", 1))
    t.ok(t.scan("guanyu", 1))
    assert (t.pending["kind"], t.pending["seat"]) == ("respond", 2)
    before = t.snapshot()
    out = correct(t, "correct dead 2")
    assert out.status is Status.REFUSED and out.refusal == {
        "reason": "seat_asked",
        "seat": 2,
        "prompt": "respond",
    }
    assert said(t, out) == [
        "Guan Yu (seat 2) has a decision pending (an answer): let them make it, or UNDO, "
        "then correct the death."
    ]
    assert said(t, out, "zh-Hans")[0].endswith("：请先让其作答或撤销，再更正阵亡。")
    assert said(t, out, "es")[0].startswith("Guan Yu (asiento 2) tiene una decisión pendiente (")
    assert t.snapshot() == before
    out = correct(t, "correct dead 9")
    assert out.status is Status.REFUSED and (out.refusal or {}).get("reason") == "unknown_seat"


def test_2v2_a_missed_death_draws_for_the_teammate_and_can_end_the_game() -> None:
    t = ModeSeats("2v2", "zhangfei", "huatuo", "lvbu", "daqiao")
    hand_3 = t.seat(3)["hand_count"]
    out = t.ok(correct(t, "correct dead 2"))
    assert "Lü Bu (seat 3) draws 1 card: a teammate died (Hua Tuo (seat 2))." in t.said(out)
    assert t.seat(3)["hand_count"] == hand_3 + 1
    out = t.ok(correct(t, "correct dead 3 by 1"))
    assert t.said(out)[-1] == "Game over: team A wins (Zhang Fei (seat 1) and Da Qiao (seat 4))."
    assert t.table.view()["winner_side"] == "A" and t.table.prompt() is None


def test_1v1_a_missed_fallen_general_brings_the_next_one_in() -> None:
    """Seat 2's general falls while seat 1 plays: seat 2 scans a reserve at once (between two
    plays, as after a death in play), then seat 1's play phase goes on."""
    t = ModeSeats("1v1")
    assert (t.pending["kind"], t.pending["seat"]) == ("play", 1)
    out = t.ok(correct(t, "correct dead 2 by 1"))
    assert "Hua Tuo falls: seat 2 has lost 1 of 3 generals." in t.said(out)
    assert (t.pending["kind"], t.pending["seat"]) == ("choose_general", 2)
    out = t.ok(t.scan("lvbu", 2))
    assert "Lü Bu enters for seat 2 (4 left in reserve)." in t.said(out)
    assert (t.pending["kind"], t.pending["seat"]) == ("play", 1)
    assert t.seat(2)["alive"] and t.seat(2)["general"] == "lvbu"


def test_1v1_a_missed_death_in_ones_own_play_phase_ends_the_turn() -> None:
    t = ModeSeats("1v1")
    out = t.ok(correct(t, "correct dead 1"))
    assert "Zhang Fei falls: seat 1 has lost 1 of 3 generals." in t.said(out)
    assert (t.pending["kind"], t.pending["seat"]) == ("choose_general", 1)  # at the turn's end
    t.ok(t.scan("diaochan", 1))
    assert t.table.view()["turn"]["seat"] == 2
