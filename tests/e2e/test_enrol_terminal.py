"""`companion enrol --reader sim` on a real terminal (a pty read through the pyte VT100
emulator, at 80x24 and 60x20): what is typed at the simulated reader's console is its
own row, never written over the progress line ("… 0/114A1B2C3", issue 29 item 6)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.terminal import Terminal


def _until(term: Terminal, seen: Callable[[list[str]], bool], limit: float = 60) -> list[str]:
    """The screen once it satisfies `seen` (the progress bar redraws all the time, so
    `Terminal.until`'s wait for quiet would not end)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        term.read(0.2)
        if seen(term.screen()):
            return term.screen()
    raise AssertionError("never shown:\n" + "\n".join(term.screen()))


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (60, 20)])
def test_typing_never_writes_over_the_progress_line(
    tmp_path: Path, columns: int, rows: int
) -> None:
    registry = tmp_path / "tags.json"
    args = ("enrol", "--set", "identities", "--reader", "sim", "--registry", str(registry))
    with Terminal(*args, columns=columns, rows=rows) as term:
        _until(term, lambda rows: any("simulated reader: type" in row for row in rows))
        _until(term, lambda rows: any("0/11" in row for row in rows))
        term.type("scan uid:04A1B2C3")  # not yet Enter: the line is being typed
        screen = _until(term, lambda rows: any(row.endswith("scan uid:04A1B2C3") for row in rows))
        (progress,) = [row for row in screen if "0/11" in row]
        assert progress.endswith("0/11"), screen  # nothing typed ran into it
        (typing,) = [row for row in screen if row.startswith("›")]
        assert typing == "› scan uid:04A1B2C3"
        term.type("\r")
        screen = _until(term, lambda rows: any(row.rstrip().endswith("1/11") for row in rows))
        assert all("1/11" not in row or row.endswith("1/11") for row in screen), screen
        term.type("quit\r")
        assert term.close() == 0
