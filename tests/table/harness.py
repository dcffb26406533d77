"""A table fed by hand: inputs built the way the pump builds them, no radio involved."""

from __future__ import annotations

from typing import Any

from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome
from companion.table.table import Table

GENERALS = ("caocao", "guanyu", "zhangfei", "lvbu", "diaochan")


class TableHarness:
    """A five-player Three Kingdoms Kill table with a clock and input helpers."""

    def __init__(self, players: int = 5, settings: dict[str, Any] | None = None) -> None:
        self.table: Table = make_table("sanguosha", players, 1, settings or {})
        self.now = 0.0

    def apply(self, kind: InputKind, data: dict[str, Any], seat: int | None) -> Outcome:
        reader = f"r{seat}" if seat is not None else "shared"
        return self.table.apply(TableInput(kind, data, t=self.now, reader=reader, seat=seat))

    def scan(self, code: str, seat: int | None = None) -> Outcome:
        return self.apply(InputKind.SCAN, {"code": code}, seat)

    def press(self, button: str, seat: int | None = None) -> Outcome:
        return self.apply(InputKind.PRESS, {"button": button, "long": False}, seat)

    def select(self, target: int, seat: int | None = None) -> Outcome:
        return self.apply(InputKind.SELECT, {"seat": target}, seat)

    def wait(self, seconds: float) -> Outcome:
        self.now += seconds
        return self.table.apply(TableInput(InputKind.TICK, {}, t=self.now))

    def setup(self, generals: tuple[str, ...] = GENERALS) -> None:
        """The lord (seat 1) scans the lord card and Cao Cao; the others follow in order."""
        assert self.scan("lord").accepted
        for general in generals:
            assert self.scan(general).accepted, general

    def seat(self, n: int) -> dict[str, Any]:
        return self.table.view()["seats"][n - 1]

    def prompt(self) -> dict[str, Any]:
        """The pending prompt as JSON, in a game the test knows is not over."""
        prompt = self.table.prompt()
        assert prompt is not None, "the game is over: no prompt is pending"
        return prompt
