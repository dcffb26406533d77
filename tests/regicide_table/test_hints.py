"""HINT at the table (docs/regicide-hints.md §5), through the simulated reader's real BLE
path: the HINT command label asks for the hand, the hand's scans give the hint, spoken
and shown in solo; the game's state, its input count and its end are exactly those of
the same game played without hints."""

from __future__ import annotations

import asyncio
from pathlib import Path

from companion import codes
from companion.cli import main
from companion.game.session import Session
from companion.readers.phone import PhoneSource
from companion.store import GameLog
from companion.table.games import make_table
from companion.table.outcome import Status
from companion.web.phone import room_for
from tests.regicide_table.conftest import SCRIPTS
from tests.regicide_table.helpers import to_input

HINT = next(r.code for r in codes.all_codes("commands") if r.text == "hint")
SOLO = "regicide_solo.script"

# (line of the solo script after which to ask, the hint lines to insert)
_ASKS = {
    4: [f"@* scan {HINT}", *(f"@* scan {c}" for c in "C8 H4 S5 D3 H9 C6 S2 D9".split())],
    8: [f"@* scan {HINT}", "@* press no"],
    9: [f"@* scan {HINT}", *(f"@* scan {c}" for c in "S10 C8 H2 D4 S6 C9 H7 D5".split())],
}


def _with_hints(tmp: Path) -> Path:
    lines = (SCRIPTS / SOLO).read_text("utf-8").splitlines()
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        out.append(line)
        out.extend(_ASKS.get(number, []))
    path = tmp / "solo_hints.script"
    path.write_text("\n".join(out) + "\n", "utf-8")
    return path


def test_hints_are_said_and_change_nothing(play, tmp_path: Path) -> None:
    plain = play(SOLO, players=1)
    hinted = play(_with_hints(tmp_path), players=1)
    assert hinted.status == 0, hinted.err
    lines = hinted.lines
    asks = [line for line in lines if line.startswith("Player 1: for a hint, scan the ")]
    assert asks == [
        "Player 1: for a hint, scan the 8 cards of your hand (NO stops).",
        "Player 1: for a hint, scan the 7 cards of your hand (NO stops).",
        "Player 1: for a hint, scan the 8 cards of your hand (NO stops).",
    ]
    assert "Player 1: no hint; the game goes on." in lines
    hints = [line for line in lines if line.startswith("Hint for player 1: ")]
    assert len(hints) == 1, hints  # the third hand holds ♣8, which is on the table
    assert "No hint: ♣8 is on the table, not in your hand." in lines
    at = lines.index(hints[0])
    assert lines[at + 1].startswith("Estimated chance to win: ")
    assert lines[at + 2].startswith("Why: ")
    # the same game, the same end, the same count of game inputs: hints are advice
    assert hinted.state == plain.state
    assert [line for line in lines if not _about_hints(line)] == [
        line for line in plain.lines if not _about_hints(line)
    ]


def _about_hints(line: str) -> bool:
    starts = ("Player 1: for a hint", "Player 1: no hint", "Hint for", "Estimated chance", "Why:")
    return line.startswith(starts) or line.startswith("No hint:")


async def test_a_multiplayer_hint_goes_to_the_asking_seats_phone_only(tmp_path: Path) -> None:
    """2 players with phones: seat 1 asks for a hint. Everything the phones are sent over
    the whole game is captured: the hint reaches seat 1's phone only; no public sentence
    (the TV's, the terminal's, the narration's) says anything of it; the game ends up
    exactly where the same inputs without the hint lead."""
    hand = "S4 H5 D6 C7 S8 H9 D10".split()
    game = ["@* scan CJ", "@1 scan S4", "@1 press ok", "@1 scan H5", "@2 scan D3", "@2 press ok"]
    asks = [f"@2 scan {HINT}", f"@1 scan {HINT}", *(f"@1 scan {c}" for c in hand)]
    with GameLog(tmp_path / "plain.sqlite") as log:
        plain = Session.start(log, game="regicide", players=2, seed=0, settings={}, lang="en")
        for line in game:
            plain.commit(to_input(line))
        plain_state = plain.state()
    with GameLog(tmp_path / "hinted.sqlite") as log:
        session = Session.start(log, game="regicide", players=2, seed=0, settings={}, lang="en")
        room = room_for(session, PhoneSource([1, 2]))
        room.record_sent = True
        public: list[str] = []
        session.subscribe(lambda update: public.extend(update.sentences))
        for line in game[:1] + asks + game[1:]:
            session.commit(to_input(line))
            await _settled()
        assert session.state() == plain_state
        logged = log.inputs(session.game_id)
        assert len(logged) == len(game) + len(asks)  # every input is in the log
    hints = [(seat, m) for seat, m in room.sent if m["type"] == "hint"]
    assert [seat for seat, _ in hints] == [2, 1, 1]
    assert hints[0][1]["sentences"] == ["Player 2: a hint is only for the player who decides now."]
    assert hints[1][1]["sentences"] == [
        "Player 1: for a hint, scan the 7 cards of your hand (NO stops)."
    ]
    said = hints[2][1]["sentences"]
    assert said[0].startswith("Hint for player 1: ") and said[1].startswith("Estimated chance")
    assert not [s for s in public if _about_hints(s) or "hint" in s.lower()]


async def _settled() -> None:
    """Until the phone messages scheduled by the last input are sent."""
    here = asyncio.current_task()
    await asyncio.gather(*(t for t in asyncio.all_tasks() if t is not here))


def test_companion_hint_evaluates_a_logged_position(play, capsys) -> None:
    """`companion hint ID INPUT --hand ...` replays the log up to that input and prints the
    hint; a missing or impossible hand, or an input out of range, is refused and says why."""
    run = play(SOLO, players=1)
    assert run.status == 0, run.err
    db = ["--db", str(run.db)]
    hand = "C8 H4 S5 D3 H9 C6 S2 D9"
    assert main(["hint", "1", "2", "--hand", hand, "--iterations", "24", *db]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Hint for player 1: ")
    assert out[1].startswith("Estimated chance to win: ") and out[2].startswith("Why: ")
    assert main(["hint", "1", "2", *db]) == 2
    assert "give it with --hand 'C8 H5 ...' (8 cards)" in capsys.readouterr().err
    with GameLog(run.db) as log:  # the input after ♣8 is played: OK, the first press of it
        played = next(i.n for i in log.inputs(1) if i.input.data.get("button") == "ok")
    assert main(["hint", "1", str(played + 1), "--hand", "C8 H4 S5 D3 H9 C6 S2", *db]) == 2
    assert capsys.readouterr().err.strip() == "No hint: ♣8 is on the table, not in your hand."
    assert main(["hint", "1", "999", "--hand", hand, *db]) == 2
    assert "INPUT must be 1.." in capsys.readouterr().err
    assert main(["hint", "1", "2", "--hand", hand, "--iterations", "0", *db]) == 2
    assert "iterations must be a positive whole number, got 0" in capsys.readouterr().err


def test_a_hint_with_no_decision_is_refused_and_undo_passes_over_hints() -> None:
    """Before the first enemy is turned up there is nothing to hint; later, HINT and the
    hand's scans leave UNDO's list alone: UNDO takes back the last game input."""
    table = make_table("regicide", 2, 0, {})
    outcome = table.apply(to_input(f"@* scan {HINT}"))
    assert outcome.status is Status.IGNORED
    assert outcome.hint == {"kind": "refused", "reason": "hint_no_decision"}
    for line in ("@* scan CJ", "@1 scan S4"):
        assert table.apply(to_input(line)).accepted
    before = (table.view(), table.prompt(), table.counted)
    for line in [f"@1 scan {HINT}", "@1 scan H5", "@1 scan H5"]:
        assert table.apply(to_input(line)).status is Status.IGNORED
    assert (table.view(), table.prompt(), table.counted) == before
    undone = table.apply(to_input("@1 press undo"))
    assert [n.data for n in undone.notes] == [{"seat": 1, "card": "S4"}]
    prompt = table.prompt()
    assert prompt is not None and "staged" not in prompt
