"""A real table-mode game of the 风 and 火 packs played to where each of their table
marks shows (`tests/scripts/wind_fire_board.script`): seat 1 (曹仁) face down after 据守,
seat 3 (周泰) with Peach ♥3 kept on his general by 不屈, seat 4 (庞统) with 涅槃 spent,
and the last point comparison, seat 2 (太史慈)'s 天义 won with Dodge ♥K over Dodge ♦2.
The inputs go through `Session.commit`, as the pump commits a reader's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.game.script import HostLine, parse_table_script
from companion.game.session import Session
from companion.table.inputs import InputKind, TableInput
from hardware.sim.script import Press, Scan

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "wind_fire_board.script"
PLAYERS = 4
PACKS: dict[str, Any] = {"general_packs": ["standard", "wind", "fire"]}


def board_inputs(script: Path = SCRIPT) -> Iterator[TableInput]:
    """Each line of `script` as the input its seat's reader (or the host) sends."""
    for line in parse_table_script(script.read_text("utf-8")):
        if isinstance(line, HostLine):
            inp = TableInput(InputKind.CORRECT, line.data, reader="host")
        else:
            seat, action = line.target, line.action
            assert isinstance(seat, int), line  # every line names its seat's reader
            reader = f"reader{seat}"
            if isinstance(action, Scan):
                inp = TableInput(InputKind.SCAN, {"code": action.token}, reader=reader, seat=seat)
            else:
                assert isinstance(action, Press), line
                data = {"button": action.button.lower(), "long": False}
                inp = TableInput(InputKind.PRESS, data, reader=reader, seat=seat)
        yield inp


def play_board(session: Session, script: Path = SCRIPT) -> None:
    """Commit every line of `script`; each must be accepted."""
    for inp in board_inputs(script):
        update = session.commit(inp)
        assert update.outcome is not None and update.outcome.accepted, (inp, update.sentences)


def board_session(log: Any, lang: str = "en") -> Session:
    """A new session on `log`, played to the marked board."""
    session = Session.start(
        log, game="sanguosha", players=PLAYERS, seed=0, settings=PACKS, lang=lang
    )
    play_board(session)
    return session
