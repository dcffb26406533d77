"""Reader feedback over the real BLE path: green for accepted, red for refused, blue for
"your decision", yellow for "flip and scan a judgment card"."""

from __future__ import annotations

from pathlib import Path

from companion.game.clock import VirtualClock
from companion.game.runner import ReaderPlan, run_session
from companion.game.script import label_encoder
from companion.game.session import Session
from companion.store import GameLog
from firmware_protocol.fields import Color
from hardware.sim.script import parse_script
from hardware.sim.table import SimulatedTable
from tests.e2e.conftest import SCRIPTS


async def _run(tmp_path: Path, script: str) -> SimulatedTable:
    log = GameLog(tmp_path / "g.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    sim = SimulatedTable(5, shared=False, token_encoder=label_encoder)
    plan = ReaderPlan(spec="sim", seats=[1, 2, 3, 4, 5], script=parse_script(script), sim=sim)
    await run_session(session, plan, VirtualClock())
    log.close()
    return sim


def _colors(sim: SimulatedTable, seat: int) -> list[Color]:
    return [f.color for f in sim.readers[seat - 1].feedback_history]


async def test_accepted_refused_and_decision_lights(tmp_path: Path) -> None:
    """The scanning reader turns green or red; the reader of the seat asked next pulses blue."""
    setup = (SCRIPTS / "setup.script").read_text("utf-8")
    sim = await _run(tmp_path, setup + "@1 scan kill@S7\n@1 scan zhaoyun\n@1 scan guanyu\n")
    # kill: accepted, still his decision (targets); Zhao Yun out of range; Guan Yu accepted
    assert _colors(sim, 1)[-4:] == [Color.GREEN, Color.BLUE, Color.RED, Color.GREEN]
    assert _colors(sim, 2)[-1] is Color.BLUE  # Guan Yu must answer the Kill
    assert sim.readers[1].led.color is Color.BLUE


async def test_a_judgment_lights_the_judged_players_reader_yellow(tmp_path: Path) -> None:
    """When a judgment card is needed, the judged player's reader shows yellow."""
    lines = (SCRIPTS / "judgments.script").read_text("utf-8").splitlines(keepends=True)
    upto = next(i for i, line in enumerate(lines) if line.startswith("wait 5")) + 1
    sim = await _run(tmp_path, "".join(lines[:upto]))
    assert _colors(sim, 2)[-1] is Color.YELLOW
