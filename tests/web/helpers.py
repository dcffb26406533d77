"""A real game for the table-view tests: a `Session` on a real SQLite log, driven by
table-script words, and the real Chromium the tests open the page in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.game.session import Session, Update
from companion.store import GameLog
from companion.table.inputs import InputKind, TableInput

FIVE = ("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")

# Two players: the lord equips a Zhuge Crossbow and puts Indulgence on the rebel,
# whose judgment (Dodge ♦2, not a heart) holds; then four Kills take the rebel to 0,
# nobody has a Peach, and the rebel dies. The lord wins.
TO_DYING = """
scan lord
scan caocao
scan guanyu
scan zhuge_crossbow@CA
scan indulgence@S6
scan guanyu
press ok
wait 6
scan dodge@D2
press ok
scan kill@S7
scan guanyu
press no
scan kill@S8
scan guanyu
press no
scan kill@S9
scan guanyu
press no
scan kill@S10
scan guanyu
press no
"""
TO_THE_END = """
press no
press no
scan rebel
"""


class TableGame:
    """A Three Kingdoms Kill game at a shared reader, fed as the pump feeds it."""

    def __init__(
        self,
        db: Path,
        *,
        players: int = 5,
        lang: str = "en",
        seed: int = 1,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self.log = GameLog(db)
        self.session = Session.start(
            self.log, game="sanguosha", players=players, seed=seed, settings=settings or {},
            lang=lang,
        )  # fmt: skip
        self.now = 0.0

    def commit(self, kind: InputKind, data: dict[str, Any]) -> Update:
        return self.session.commit(TableInput(kind, data, t=self.now, reader="shared"))

    def scan(self, code: str) -> Update:
        return self.commit(InputKind.SCAN, {"code": code})

    def press(self, button: str) -> Update:
        return self.commit(InputKind.PRESS, {"button": button, "long": False})

    def wait(self, seconds: float) -> Update:
        self.now += seconds
        return self.session.commit(TableInput(InputKind.TICK, {}, t=self.now))

    def play(self, script: str) -> list[Update]:
        """Play table-script lines (`scan X`, `press B`, `wait N`), each accepted."""
        updates = []
        for line in script.strip().splitlines():
            verb, arg = line.split()
            if verb == "scan":
                update = self.scan(arg)
            elif verb == "press":
                update = self.press(arg)
            else:
                update = self.wait(float(arg))
            assert update.outcome is not None and update.outcome.accepted, (line, update.sentences)
            updates.append(update)
        return updates

    def setup(self, generals: tuple[str, ...] = FIVE) -> None:
        self.play("\n".join(["scan lord", *(f"scan {g}" for g in generals)]))

    def inputs(self) -> list[TableInput]:
        return [item.input for item in self.log.inputs(self.session.game_id)]

    def close(self) -> None:
        self.log.close()
