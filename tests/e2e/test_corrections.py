"""End to end: host corrections in a table script, played by `companion play --script`
through the simulated readers, logged, narrated, refused, undone and replayed."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from tests.e2e.conftest import without_log_length


def test_corrections_mid_game_change_the_state_and_are_logged(play, capsys) -> None:
    """`correct hp`, `correct hand` and `correct move` mid-game show in the state JSON and the
    narration, a refused one changes nothing, UNDO takes the last one back, and the log
    holds every correction as a host input."""
    run = play("corrections.script")
    assert run.status == 0, run.err
    hp = [s["hp"] for s in run.state["seats"]]
    hands = [s["hand_count"] for s in run.state["seats"]]
    assert hp == [5, 3, 2, 4, 3]  # Zhao Yun corrected to 2; Hua Tuo's 1 undone
    assert hands == [5, 6, 4, 3, 4]  # Guan Yu corrected to 6; Huang Gai equipped from hand
    assert run.seat(4)["equipment"]["armor"] == "eight_diagrams@S2"
    assert run.state["pending"]["kind"] == "play" and run.state["pending"]["seat"] == 1
    assert "Host correction: Zhao Yun (seat 3) has 2 of 4 health (was 4)." in run.lines
    assert "Host correction: Guan Yu (seat 2) holds 6 cards (was 4)." in run.lines
    assert (
        "Guan Yu (seat 2)'s health can be set from 1 to 4, not 0: "
        "a death the companion missed is its own correction: correct dead SEAT [by KILLER]."
    ) in run.lines
    assert "Host correction: Hua Tuo (seat 5) has 1 of 3 health (was 3)." in run.lines
    assert run.lines[-1] == "Undone."

    assert main(["export", "1", "--db", str(run.db)]) == 0
    logged = [json.loads(line) for line in capsys.readouterr().out.splitlines()[1:]]
    corrections = [(e["reader"], e["data"]) for e in logged if e["kind"] == "correct"]
    assert corrections == [
        ("host", {"op": "hp", "seat": 3, "hp": 2}),
        ("host", {"op": "hand", "seat": 2, "count": 6}),
        ("host", {"op": "hp", "seat": 2, "hp": 0}),
        ("host", {"op": "move", "card": "eight_diagrams@S2", "to": "equipment", "seat": 4}),
        ("host", {"op": "hp", "seat": 5, "hp": 1}),
    ]


def test_the_transcript_with_corrections_replays_to_the_same_state(
    play, capsys, tmp_path: Path
) -> None:
    """The readable transcript writes each correction as a `correct` line; played as a
    script, it gives the same game again."""
    run = play("corrections.script")
    transcript = tmp_path / "transcript.script"
    args = ["export", "1", "--db", str(run.db), "--format", "text", "--out", str(transcript)]
    assert main(args) == 0
    capsys.readouterr()
    text = transcript.read_text("utf-8")
    assert "correct move eight_diagrams@S2 to 4 equipment" in text
    assert "correct hp 2 0" in text
    again = play(transcript)
    assert again.status == 0, again.err
    assert without_log_length(again.state) == without_log_length(run.state)
