"""`companion readers`: the card readers in reach, and which of them this computer trusts.

companion readers [--reader SPEC] [--timeout SECONDS] [--expect N] [--allowlist FILE]
companion readers pair [--reader SPEC] [--timeout SECONDS] [--allowlist FILE]
companion readers forget ID [--allowlist FILE]

The listing connects to each paired reader found (one at a time), asks who it is,
and prints name, address, RSSI, battery and seat; it never acknowledges anything, so
a reader keeps the events a crashed companion still has to collect. Readers that are
not paired are listed apart, never connected. `pair` bonds with the reader whose
pairing window is open (OK held 3 s) and adds it to the allowlist; `forget` removes
one (by reader id, name or address). The allowlist is `--allowlist`, else
`$COMPANION_READERS`, else ~/.local/share/table-companion/readers.json.

The listing looks for `--timeout` seconds; with `--expect N` it ends as soon as N
readers have answered (HELLO and STATUS), the timeout then only bounding a search
that falls short, so a script (or a test on a busy machine) waits no longer than it
must and never too little.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.commands import COMMANDS

if TYPE_CHECKING:
    from companion.readers import ReaderStatus

_LIST_TIMEOUT = 3.0
_PAIR_TIMEOUT = 60.0
_EXPECT_TIMEOUT = 60.0
_EXPECT_POLL_S = 0.1
"""With --expect: how often the listing looks whether the readers have all answered."""


def register(subparsers: argparse._SubParsersAction) -> None:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--reader",
        default=argparse.SUPPRESS,
        help="where to look: ble (default: the BLE readers in reach, and the plugged-in "
        "scanners and NFC readers), ble:ADDRESS, hci:TRANSPORT, serial:PORT, sim, "
        "scanner:PORT (a serial-mode barcode scanner), hid[:DEVICE] (keyboard-mode "
        "scanners, Linux), pcsc[:NAME] (PC/SC NFC readers), phone (the phones that "
        "joined the game running on --db)",
    )
    common.add_argument(
        "--db",
        type=Path,
        default=argparse.SUPPRESS,
        help="with --reader phone: the running game's log (default: $COMPANION_DB, else "
        "~/.local/share/table-companion/games.sqlite)",
    )
    common.add_argument(
        "--timeout",
        type=float,
        default=argparse.SUPPRESS,
        help=f"seconds to look for readers (default {_LIST_TIMEOUT:g}; with --expect: "
        f"{_EXPECT_TIMEOUT:g}; pair: {_PAIR_TIMEOUT:g})",
    )
    common.add_argument(
        "--allowlist",
        type=Path,
        default=argparse.SUPPRESS,
        help="the paired readers' file (default: $COMPANION_READERS or "
        "~/.local/share/table-companion/readers.json)",
    )
    parser = subparsers.add_parser(
        "readers",
        parents=[common],
        help=COMMANDS["readers"],
        description="Find card readers, ask each paired one who it is, and list them; "
        "`pair` bonds with a reader whose pairing window is open, `forget` drops one.",
    )
    parser.add_argument(
        "--expect",
        type=int,
        default=None,
        metavar="N",
        help="stop looking as soon as N readers have answered; exit status 1 if fewer "
        "answer within --timeout",
    )
    actions = parser.add_subparsers(dest="action", metavar="{pair,forget}")
    actions.add_parser(
        "pair",
        parents=[common],
        help="pair with the reader whose OK button is held for 3 s",
        description="Hold OK on the reader for 3 seconds (its LED double-blinks white), "
        "then this bonds with it and adds it to the allowlist.",
    )
    forget = actions.add_parser(
        "forget",
        parents=[common],
        help="forget a paired reader (it is refused until paired again)",
    )
    forget.add_argument("id", help="the reader's id (7C0A0001), name (TCR-0001) or address")
    parser.set_defaults(
        handler=run, action="list", reader="ble", timeout=None, allowlist=None, db=None
    )


def format_table(rows: Sequence[tuple[str, ...]]) -> str:
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


def _rssi(value: int | None) -> str:
    return "-" if value is None else f"{value} dBm"


def _answered(statuses: Sequence[ReaderStatus]) -> int:
    """How many readers are connected and have sent their STATUS."""
    return sum(1 for s in statuses if s.connected and s.reported)


async def _collect(
    spec: str, timeout: float, allowlist_path: Path, expect: int | None = None
) -> tuple[list[str], int]:
    """The listing's sections (paired readers in reach, unpaired ones, paired ones
    not seen; empty when nothing at all was found or is paired) and how many readers
    answered. With `expect`, the search ends once that many have answered."""
    from companion.readers import HubOptions, IgnoreReason, ReaderHub, ReaderIgnored
    from companion.readers.spec import open_trusted

    source, trust = open_trusted(spec, allowlist=allowlist_path)
    ignored: list[ReaderIgnored] = []
    options = HubOptions(read_only=True, probe_interval=None, trust=trust)
    async with ReaderHub(source, options) as hub:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (left := deadline - loop.time()) > 0:
            if expect is not None and _answered(hub.status()) >= expect:
                break
            try:
                wait = left if expect is None else min(left, _EXPECT_POLL_S)
                event = await hub.next_event(timeout=wait)
            except TimeoutError:
                if expect is None:
                    break
                continue
            if isinstance(event, ReaderIgnored):
                ignored.append(event)
        statuses = hub.status()
    rows = [("NAME", "ADDRESS", "RSSI", "BATTERY", "SEAT", "READER ID")]
    for status in statuses:
        rows.append(
            (
                status.name,
                status.address,
                _rssi(status.rssi),
                "-" if status.battery is None else f"{status.battery}%",
                str(status.seat) if status.seat else "shared",
                f"{status.reader_id:08X}",
            )
        )
    strangers = [n for n in ignored if n.because is IgnoreReason.NOT_PAIRED]
    for notice in ignored:
        if notice.because is not IgnoreReason.NOT_PAIRED:
            rows.append((notice.name, notice.address, "-", "-", "-", f"ignored: {notice.reason}"))
    sections = [format_table(rows)] if len(rows) > 1 else []
    if strangers:
        table: list[tuple[str, ...]] = [("NAME", "ADDRESS", "RSSI")]
        table += [(n.name, n.address, _rssi(n.rssi)) for n in strangers]
        sections.append(
            "not paired (hold OK on one for 3 s, then `companion readers pair`):\n"
            + format_table(table)
        )
    seen = {s.reader_id for s in statuses}
    missing = [r for r in trust.allowlist.readers if r.reader_id not in seen]
    if missing:
        table = [("NAME", "ADDRESS", "READER ID", "PAIRED")]
        table += [(r.name, r.identity, r.label, r.paired_at or "-") for r in missing]
        sections.append("paired, not in reach:\n" + format_table(table))
    return sections, _answered(statuses)


async def _pair(spec: str, timeout: float, allowlist_path: Path) -> Any:
    from companion.readers import Allowlist, host_keys_path, open_reader
    from companion.readers.ble import BleSource
    from companion.readers.pairing import pair_reader
    from companion.readers.sim import SimSource

    allowlist = Allowlist.load(allowlist_path)
    source = open_reader(spec, keys=host_keys_path(allowlist_path))
    if isinstance(source, SimSource):
        raise ValueError(
            "simulated readers in this process pair themselves; to pair by hand, run "
            "`companion sim` and use --reader hci:TRANSPORT"
        )
    if not isinstance(source, BleSource) and not hasattr(type(source), "ble"):
        raise ValueError(f"{source.describe()} needs no pairing: a cable is trusted")
    await source.start()
    try:
        # not a BleSource: one that wraps a BleSource as `ble` (the HCI source), checked above
        stack = source.stack if isinstance(source, BleSource) else source.ble.stack  # type: ignore[attr-defined]
        print(
            f"Hold OK on the reader for 3 seconds, until its LED double-blinks white "
            f"(looking for {timeout:g} s)...",
            file=sys.stderr,
            flush=True,
        )
        return await pair_reader(
            stack,
            allowlist,
            timeout=timeout,
            on_progress=lambda text: print(text, file=sys.stderr, flush=True),
        )
    finally:
        await source.stop()


def _forget(key: str, allowlist_path: Path) -> Any:
    from companion.readers import Allowlist, host_keys_path
    from companion.readers.pairing import forget_reader

    allowlist = Allowlist.load(allowlist_path)
    return asyncio.run(forget_reader(allowlist, key, host_keys_path(allowlist_path)))


def _phones(db: Path | None) -> int:
    """The seats of the game with phones running on `db`, and the phone of each."""
    import json

    from companion.store import default_db_path
    from companion.web.phone import phones_status_file

    path = phones_status_file(db if db is not None else default_db_path())
    try:
        status = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(f"no game with phones has run beside {path.parent}")
        return 0
    except (OSError, ValueError) as exc:
        print(f"companion readers: {path}: {exc}", file=sys.stderr)
        return 1
    rows: list[tuple[str, ...]] = [("SEAT", "READER ID", "PHONE", "SINCE")]
    for seat in status.get("seats", []):
        state = "connected" if seat.get("connected") else "away" if seat.get("joined") else "-"
        rows.append((str(seat["seat"]), seat["reader_id"], state, seat.get("since") or "-"))
    print(f"game {status.get('game_id')} (companion process {status.get('pid')}):")
    print(format_table(rows))
    return 0


def _survey() -> list[str]:
    """Scanners, PC/SC readers and the pn533 conflict (`readers.survey`)."""
    from companion.readers.survey import survey

    return survey()


def _looks_around(spec: str) -> bool:
    """Whether the listing is a look at what is around (the default, BLE), where the
    plugged-in scanners and NFC readers belong too; a named source lists only itself."""
    return spec.strip().lower().partition(":")[0] == "ble"


def _print_survey() -> None:
    sections = _survey()
    if sections:
        print("\n\n".join(sections))


def run(args: argparse.Namespace) -> int:
    from companion.readers import AllowlistError, ReaderUnavailable, default_allowlist_path
    from companion.readers.pairing import PairingFailed

    action = args.action or "list"
    if args.reader == "phone" and action == "list":
        return _phones(args.db)
    expect = getattr(args, "expect", None)
    timeout = args.timeout
    if timeout is None:
        timeout = (
            _PAIR_TIMEOUT
            if action == "pair"
            else _LIST_TIMEOUT
            if expect is None
            else _EXPECT_TIMEOUT
        )
    if timeout <= 0:
        print("companion readers: --timeout must be positive", file=sys.stderr)
        return 2
    if expect is not None and expect < 1:
        print(f"companion readers: --expect must be at least 1, not {expect}", file=sys.stderr)
        return 2
    path = args.allowlist or default_allowlist_path()
    try:
        if action == "forget":
            known = _forget(args.id, path)
            print(
                f"forgot {known.name} (reader {known.label}, {known.identity}): it is refused "
                "until paired again. If this computer's Bluetooth settings list it, remove "
                "it there too."
            )
            return 0
        if action == "pair":
            known = asyncio.run(_pair(args.reader, timeout, path))
            print(f"paired {known.name} (reader {known.label}, {known.identity}); saved in {path}")
            return 0
        sections, answered = asyncio.run(_collect(args.reader, timeout, path, expect))
    except ReaderUnavailable as exc:
        print(f"companion readers: {exc}", file=sys.stderr)
        if action == "list" and _looks_around(args.reader):
            _print_survey()  # scanners and NFC readers are found without the radio
        return 1
    except KeyError as exc:
        print(f"companion readers: {exc.args[0]}", file=sys.stderr)
        return 2
    except (ValueError, AllowlistError) as exc:
        print(f"companion readers: {exc}", file=sys.stderr)
        return 2
    except PairingFailed as exc:
        print(f"companion readers: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"companion readers: {path}: {exc}", file=sys.stderr)
        return 1
    if _looks_around(args.reader):
        sections += _survey()
    print("\n\n".join(sections) if sections else "no readers found")
    if expect is not None and answered < expect:
        print(
            f"companion readers: {answered} of the {expect} expected readers answered "
            f"within {timeout:g} s",
            file=sys.stderr,
        )
        return 1
    return 0
