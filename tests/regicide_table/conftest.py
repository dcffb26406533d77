"""Running `companion play --game regicide --script` in-process, over the simulated
reader's real BLE path, and building Regicide tables for the adapter's unit tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


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


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # noqa: ANN201
    """Run `companion play --game regicide --script` and collect the result."""
    count = [0]

    def run(script: str | Path, *extra: str, players: int = 3, lang: str = "en") -> Run:
        count[0] += 1
        path = script if isinstance(script, Path) else SCRIPTS / script
        db, state = tmp_path / f"g{count[0]}.sqlite", tmp_path / f"state{count[0]}.json"
        argv = ["play", "--game", "regicide", "--players", str(players), "--reader", "sim",
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


def cut(name: str, marker: str, tmp: Path) -> Path:
    """The lines of a script before the line starting with `marker`, as a new script."""
    lines = (SCRIPTS / name).read_text("utf-8").splitlines(keepends=True)
    end = next(i for i, line in enumerate(lines) if line.startswith(marker))
    path = tmp / f"cut{end}-{name}"
    path.write_text("".join(lines[:end]), "utf-8")
    return path
