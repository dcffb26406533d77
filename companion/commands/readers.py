"""`companion readers`: list the card readers in reach.

companion readers [--reader SPEC] [--timeout SECONDS]

Connects to each reader found (one at a time), asks who it is, and prints name,
address, RSSI, battery and seat. It never acknowledges anything, so a reader keeps
the events a crashed companion still has to collect.
"""

from __future__ import annotations

import argparse
import asyncio
import sys


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "readers",
        help="list the card readers in reach (name, address, RSSI, battery, seat)",
        description="Find card readers, ask each who it is, and list them.",
    )
    parser.add_argument(
        "--reader",
        default="ble",
        help="where to look: ble (default), ble:ADDRESS, hci:TRANSPORT, serial:PORT, sim",
    )
    parser.add_argument(
        "--timeout", type=float, default=3.0, help="seconds to look for readers (default 3)"
    )
    parser.set_defaults(handler=run)


def format_table(rows: list[tuple[str, ...]]) -> str:
    """Left-aligned columns.

    >>> print(format_table([("a", "bb"), ("ccc", "d")]))
    a    bb
    ccc  d
    """
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


async def _collect(spec: str, timeout: float) -> list[tuple[str, ...]]:
    from companion.readers import HubOptions, ReaderHub, ReaderIgnored, open_reader

    source = open_reader(spec)
    ignored: list[ReaderIgnored] = []
    async with ReaderHub(source, HubOptions(read_only=True, probe_interval=None)) as hub:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (left := deadline - loop.time()) > 0:
            try:
                event = await hub.next_event(timeout=left)
            except TimeoutError:
                break
            if isinstance(event, ReaderIgnored):
                ignored.append(event)
        statuses = hub.status()
    rows = [("NAME", "ADDRESS", "RSSI", "BATTERY", "SEAT", "READER ID")]
    for status in statuses:
        rows.append(
            (
                status.name,
                status.address,
                "-" if status.rssi is None else f"{status.rssi} dBm",
                "-" if status.battery is None else f"{status.battery}%",
                str(status.seat) if status.seat else "shared",
                f"{status.reader_id:08X}",
            )
        )
    for notice in ignored:
        rows.append((notice.name, notice.address, "-", "-", "-", f"ignored: {notice.reason}"))
    return rows


def run(args: argparse.Namespace) -> int:
    from companion.readers import ReaderUnavailable

    if args.timeout <= 0:
        print("companion readers: --timeout must be positive", file=sys.stderr)
        return 2
    try:
        rows = asyncio.run(_collect(args.reader, args.timeout))
    except ValueError as exc:
        print(f"companion readers: {exc}", file=sys.stderr)
        return 2
    except ReaderUnavailable as exc:
        print(f"companion readers: {exc}", file=sys.stderr)
        return 1
    if len(rows) == 1:
        print("no readers found")
        return 0
    print(format_table(rows))
    return 0
