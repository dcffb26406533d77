"""A Regicide table fed with table-script lines, without readers: for the adapter's tests."""

from __future__ import annotations

from typing import Any

from companion.game.narrate import narrate_events, narrate_outcome
from companion.game.script import parse_host_line
from companion.narration import Narrator
from companion.narration.messages import languages
from companion.table.games import make_table
from companion.table.inputs import InputKind, TableInput
from companion.table.outcome import Outcome
from companion.table.table import Table

LANGS = languages("regicide")


def to_input(line: str) -> TableInput:
    """One script line (`@2 scan C8`, `@* press no long`, `@1 select 3`, `correct hand 2 5`)."""
    host = parse_host_line(line)
    if host is not None:
        return TableInput(InputKind.CORRECT, host.data, reader="host")
    who, verb, *rest = line.split()
    seat = None if who == "@*" else int(who[1:])
    if verb == "scan":
        return TableInput(InputKind.SCAN, {"code": rest[0]}, seat=seat)
    if verb == "press":
        return TableInput(
            InputKind.PRESS, {"button": rest[0], "long": rest[1:] == ["long"]}, seat=seat
        )
    if verb == "select":
        return TableInput(InputKind.SELECT, {"seat": int(rest[0])}, seat=seat)
    raise ValueError(f"not a test line: {line!r}")


class Game:
    """A table of `players` and the sentences of everything applied, in every language
    (each checked: a message missing from a catalogue would show as `[key]`)."""

    def __init__(self, players: int, settings: dict[str, Any] | None = None) -> None:
        self.table: Table = make_table("regicide", players, 0, settings or {})
        self.narrators = {lang: Narrator(lang, "regicide") for lang in LANGS}
        self.said: dict[str, list[str]] = {lang: [] for lang in LANGS}
        for lang, narrator in self.narrators.items():
            view = self.table.view()
            self.said[lang] += narrate_events(narrator, self.table.start_events, view)
            prompt = self.table.prompt()
            assert prompt is not None, "a new game waits for a first decision"
            self.said[lang].append(narrator.prompt(prompt, view))

    def apply(self, *lines: str) -> Outcome:
        """Apply the lines in order; the last one's outcome."""
        outcome = None
        for line in lines:
            outcome = self.table.apply(to_input(line))
            view = self.table.view()
            for lang, narrator in self.narrators.items():
                sentences = narrate_outcome(narrator, outcome, view)
                raw = [s for s in sentences if s.startswith("[")]
                assert not raw, f"{lang}: no message for {raw}"
                self.said[lang] += sentences
        assert outcome is not None
        return outcome

    def last(self, lang: str = "en") -> str:
        return self.said[lang][-1]

    @property
    def view(self) -> dict[str, Any]:
        return self.table.view()

    @property
    def pending(self) -> dict[str, Any] | None:
        return self.table.view()["pending"]

    @property
    def waiting(self) -> dict[str, Any]:
        """The pending decision, for a test that knows the game is not over."""
        pending = self.pending
        assert pending is not None, "the game is over: nothing is pending"
        return pending
