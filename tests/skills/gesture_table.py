"""The gesture tests' table: a real table (`companion.table`) with one reader
per seat, driven by the inputs a player makes (scan, press, select)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome
from companion.table.sanguosha import SanguoshaTable
from engine.sanguosha import Game

from .helpers import pending


class Readers:
    """A table-mode game behind the table layer; seat 1 scans the lord card."""

    def __init__(self, *generals: str, settings: dict[str, Any] | None = None) -> None:
        self.table = make_table("sanguosha", len(generals), 1, settings or {})
        self.now = 0.0
        self.ok("scan", 1, "lord")
        for seat, general in enumerate(generals, start=1):
            self.ok("scan", seat, general)

    @property
    def game(self) -> Game:
        adapter = self.table.adapter
        assert isinstance(adapter, SanguoshaTable)
        return adapter.engine

    def do(self, what: str, seat: int, arg: Any = None) -> Outcome:
        """`scan` a code, `select` a seat, or press `ok` / `no` on `seat`'s reader."""
        self.now += 1.0
        if what == "scan":
            kind, data = InputKind.SCAN, {"code": arg}
        elif what == "select":
            kind, data = InputKind.SELECT, {"seat": arg}
        else:
            kind, data = InputKind.PRESS, {"button": what, "long": False}
        inp = TableInput(kind, data, t=self.now, reader=f"r{seat}", seat=seat)
        return self.table.apply(inp)

    def ok(self, what: str, seat: int, arg: Any = None) -> Outcome:
        """Do it and insist it was accepted (or staged)."""
        outcome = self.do(what, seat, arg)
        assert outcome.accepted, (what, seat, arg, outcome.to_json())
        return outcome

    @staticmethod
    def events(outcome: Outcome, kind: str) -> list[Any]:
        return [
            SimpleNamespace(**{k: tuple(v) if isinstance(v, list) else v for k, v in e.items()})
            for e in outcome.events
            if e["kind"] == kind
        ]

    def end_turn(self, seat: int) -> None:
        """OK ends the play phase; OK again discards any excess unseen."""
        self.ok("ok", seat)
        while (p := pending(self.game)).kind == "discard" and p.seat == seat:
            self.ok("ok", seat)

    def pass_windows(self) -> None:
        while (p := pending(self.game)).kind == "nullify":
            for seat in p.seats:
                self.ok("no", seat)
