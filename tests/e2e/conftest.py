"""Running `companion play --script` in-process, over the simulated reader's real BLE path."""

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

    def seat(self, n: int) -> dict[str, Any]:
        return self.state["seats"][n - 1]


@pytest.fixture
def play(tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # noqa: ANN201
    """Run `companion play --script` (a file of tests/scripts, or a Path) and collect the result."""
    count = [0]

    def run(script: str | Path, *extra: str, players: int = 5, lang: str = "en") -> Run:
        count[0] += 1
        path = script if isinstance(script, Path) else SCRIPTS / script
        db, state = tmp_path / f"g{count[0]}.sqlite", tmp_path / f"state{count[0]}.json"
        argv = ["play", "--game", "sanguosha", "--players", str(players), "--reader", "sim",
                "--script", str(path), "--lang", lang, "--db", str(db), "--state-out", str(state),
                "--tags", str(tmp_path / "tags.json"), *extra]  # fmt: skip
        status = main(argv)
        out, err = capsys.readouterr()
        loaded = json.loads(state.read_text("utf-8")) if state.exists() else {}
        return Run(status, out, err, loaded, db)

    return run


def without_log_length(state: dict[str, Any]) -> dict[str, Any]:
    """A state without its input count (refused inputs are logged, so it differs)."""
    return {k: v for k, v in state.items() if k != "log_length"}


def prefix(name: str, marker: str, tmp: Path) -> Path:
    """The lines of a script before its `# ---` marker line, as a new script file."""
    lines = (SCRIPTS / name).read_text("utf-8").splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if line.startswith(marker))
    path = tmp / f"prefix-{name}"
    path.write_text("".join(lines[:cut]), "utf-8")
    return path
