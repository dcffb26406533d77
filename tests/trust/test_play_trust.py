"""`companion play --reader sim` trusts exactly the readers its simulated table bonded."""

from __future__ import annotations

from pathlib import Path

from companion.game.clock import VirtualClock
from companion.game.runner import ReaderPlan, run_session
from companion.game.script import label_encoder
from companion.game.session import Session
from companion.readers import IgnoreReason, ReaderIgnored
from companion.store import GameLog
from hardware.sim.reader import SimulatedReader
from hardware.sim.script import parse_script
from hardware.sim.table import FIRST_READER_ID, SimulatedTable
from tests.e2e.conftest import SCRIPTS
from tests.trust.helpers import connections


async def test_a_stranger_with_the_same_name_is_never_connected(tmp_path: Path) -> None:
    """A second reader on the radio with seat 1's name, id and seat but its own identity
    (and its pairing window open) is reported as not paired and never connected, while
    the game is set up through the table's own readers."""
    log = GameLog(tmp_path / "g.sqlite")
    session = Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en")
    sim = SimulatedTable(5, shared=False, token_encoder=label_encoder)
    stranger = SimulatedReader(
        FIRST_READER_ID, seat=1, name="TCR-0001", address="C4:00:00:00:00:01"
    )
    assert stranger.name == sim.readers[0].name
    links = connections(stranger)
    await stranger.attach_ble(sim.link)
    notices: list[object] = []
    try:
        stranger.hold_ok()
        script = parse_script((SCRIPTS / "setup.script").read_text("utf-8"))
        plan = ReaderPlan(spec="sim", seats=[1, 2, 3, 4, 5], script=script, sim=sim)
        await run_session(session, plan, VirtualClock(), on_notice=notices.append)
    finally:
        await stranger.close()
    state = session.state()
    log.close()
    ignored = [n for n in notices if isinstance(n, ReaderIgnored)]
    assert [(n.address, n.because) for n in ignored] == [
        (stranger.address, IgnoreReason.NOT_PAIRED)
    ]
    assert links == []
    assert [s["general"] for s in state["seats"]] == [
        "liubei",
        "guanyu",
        "zhaoyun",
        "huanggai",
        "huatuo",
    ]
