"""A companion-like host process for the two-process tests (not a test module).

    python -m tests.readers.hostproc TRANSPORT LOG

Runs a `ReaderHub` over `hci:TRANSPORT`, appends each input to LOG as a JSON line
(flushed and fsynced: "durably stored") and only then acknowledges it, exactly as
the companion does with its SQLite log. On start it resumes from what LOG holds.
It prints one line per event (`connected ID`, `input SEQ`, notices) for the test to
follow, and runs until killed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from companion.readers import (
    HubOptions,
    ReaderConnected,
    ReaderHub,
    ReaderInput,
    ResumePoint,
    open_reader,
)


def resume_points(log: Path) -> dict[int, ResumePoint]:
    points: dict[int, ResumePoint] = {}
    if log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            points[row["reader_id"]] = ResumePoint(row["epoch"], (row["seq"] + 1) & 0xFFFF)
    return points


async def main(transport: str, log: Path) -> None:
    options = HubOptions(resume=resume_points(log))
    async with ReaderHub(open_reader(f"hci:{transport}"), options) as hub:
        with log.open("a", encoding="utf-8") as out:
            async for event in hub:
                if isinstance(event, ReaderInput):
                    row = {
                        "reader_id": event.reader_id,
                        "epoch": event.epoch,
                        "seq": event.seq,
                        "event": repr(event.event),
                    }
                    out.write(json.dumps(row) + "\n")
                    out.flush()
                    os.fsync(out.fileno())
                    await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
                    print(f"input {event.seq}", flush=True)
                elif isinstance(event, ReaderConnected):
                    print(f"connected {event.reader_id:08X}", flush=True)
                else:
                    print(event.describe(), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], Path(sys.argv[2])))
