"""A game's log as JSON lines: a header line with the game, then one line per input.

The format is meant for bug reports and for moving a game between machines:
`read_jsonl` gives back exactly what `export_jsonl` wrote, so a game can be
re-imported and replayed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from companion.store.log import GameInfo, LoggedInput
from companion.table.inputs import TableInput

__all__ = ["FORMAT", "export_jsonl", "read_jsonl"]

FORMAT = "table-companion/log/1"


def _header(info: GameInfo) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "id": info.id,
        "game": info.game,
        "players": info.players,
        "seed": info.seed,
        "settings": info.settings,
        "meta": info.meta,
        "created": info.created,
        "status": info.status,
        "summary": info.summary,
    }


def export_jsonl(info: GameInfo, inputs: Iterable[LoggedInput], out: TextIO) -> int:
    """Write the header and every input, one JSON object per line; return the
    number of inputs written."""
    out.write(json.dumps(_header(info), ensure_ascii=False, sort_keys=True) + "\n")
    count = 0
    for item in inputs:
        out.write(json.dumps({"n": item.n, **item.input.to_json()}, ensure_ascii=False) + "\n")
        count += 1
    return count


def read_jsonl(lines: Iterable[str]) -> tuple[dict[str, Any], Iterator[TableInput]]:
    """Read an export back: the header, then the inputs in order.

    Raises:
        ValueError: the first line is not a header of this format, or a line is not
            an input (the message names the line number).
    """
    it = iter(enumerate(lines, start=1))
    try:
        _, first = next(it)
        header = json.loads(first)
    except (StopIteration, json.JSONDecodeError):
        raise ValueError("line 1: not a game-log export header") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ValueError(f"line 1: expected format {FORMAT!r}")

    def _inputs() -> Iterator[TableInput]:
        for number, line in it:
            if not line.strip():
                continue
            try:
                yield TableInput.from_json(json.loads(line))
            except (json.JSONDecodeError, ValueError) as exc:
                raise ValueError(f"line {number}: {exc}") from None

    return header, _inputs()
