"""Running `companion play --script` in-process, over the simulated reader's real BLE
path, for the end-to-end tests of both games (`tests/e2e`, `tests/regicide_table`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

SCRIPTS = Path(__file__).resolve().parent / "scripts"


@dataclass
class Run:
    """What one `companion play` run gave: exit status, narration, errors, final state."""

    status: int
    out: str
    err: str
    state: dict[str, Any]
    db: Path

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def seat(self, n: int) -> dict[str, Any]:
        return self.state["seats"][n - 1]


def player(
    game: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Callable[..., Run]:
    """A function running `companion play --game GAME --script` (a file of
    tests/scripts, or a Path) with its own log and state file each time."""
    count = [0]

    def run(script: str | Path, *extra: str, players: int = players, lang: str = "en") -> Run:
        count[0] += 1
        path = script if isinstance(script, Path) else SCRIPTS / script
        db, state = tmp_path / f"g{count[0]}.sqlite", tmp_path / f"state{count[0]}.json"
        argv = ["play", "--game", game, "--players", str(players), "--reader", "sim",
                "--script", str(path), "--lang", lang, "--db", str(db), "--state-out", str(state),
                "--tags", str(tmp_path / "tags.json"), *extra]  # fmt: skip
        status = main(argv)
        out, err = capsys.readouterr()
        loaded = json.loads(state.read_text("utf-8")) if state.exists() else {}
        return Run(status, out, err, loaded, db)

    return run


def without_log_length(state: dict[str, Any]) -> dict[str, Any]:
    """A state without its input count (refused inputs are logged too, so it differs)."""
    return {k: v for k, v in state.items() if k != "log_length"}


def script_before(name: str, marker: str, tmp: Path) -> Path:
    """The lines of a script before the first line starting with `marker`, as a new
    script file (to stop a game part way)."""
    lines = (SCRIPTS / name).read_text("utf-8").splitlines(keepends=True)
    end = next(i for i, line in enumerate(lines) if line.startswith(marker))
    path = tmp / f"cut{end}-{name}"
    path.write_text("".join(lines[:end]), "utf-8")
    return path
