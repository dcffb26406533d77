"""`companion sim`: simulated readers in their own process, for a companion in another.

companion sim [--readers N] [--seats] [--port 9101] [--script FILE] [--no-console]
              [--latency MS] [--seed N] [--keys FILE] [--pairing auto|button]
              [--vhci [DEVICE]]

A companion reaches them with `--reader hci:tcp-client:127.0.0.1:9101` (printed at
start). With --vhci they join this machine's own Bluetooth stack instead (Linux with
hci_vhci: a kernel adapter appears, and `--reader ble` finds them through BlueZ).
Type table-script lines at the console (`scan kill@S7`, `@2 press ok`, `fault drop`;
`help` lists them).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from companion.commands import COMMANDS


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "sim",
        help=COMMANDS["sim"],
        description=(
            "Run N simulated readers on a simulated BLE radio and export the radio over "
            "HCI on a loopback TCP port, one host at a time; when the host process dies "
            "the readers notice, drop the link and advertise again."
        ),
    )
    parser.add_argument("--readers", type=int, default=1, help="how many readers, 1 to 10")
    parser.add_argument(
        "--seats",
        action="store_true",
        help="one reader per seat (seats 1..N); default: shared readers",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=9101, help="TCP port (0: any free port)")
    parser.add_argument("--script", type=Path, help="a table script to play once a host is up")
    parser.add_argument(
        "--no-console",
        dest="console",
        action="store_false",
        help="do not read table-script lines from stdin",
    )
    parser.add_argument(
        "--latency", type=float, default=0.0, help="connection interval to emulate, in ms"
    )
    parser.add_argument("--seed", type=int, help="seed the readers' epochs")
    parser.add_argument(
        "--keys",
        type=Path,
        help="keep the readers' bonds in this keystore file (default: in memory)",
    )
    parser.add_argument(
        "--pairing",
        choices=("auto", "button"),
        default="auto",
        help="auto: every reader's pairing window opens when a host attaches; "
        "button: only on `hold ok` at the console",
    )
    parser.add_argument(
        "--vhci",
        nargs="?",
        const="/dev/vhci",
        metavar="DEVICE",
        help="attach the readers to this machine's kernel Bluetooth stack through "
        "/dev/vhci (Linux, hci_vhci loaded, root) instead of a TCP port",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from hardware.sim.script import ScriptError
    from hardware.sim.server import SimOptions, run_simulator

    if not 1 <= args.readers <= 10:
        print("companion sim: --readers takes 1 to 10", file=sys.stderr)
        return 2
    if args.latency < 0:
        print("companion sim: --latency must be >= 0", file=sys.stderr)
        return 2
    options = SimOptions(
        readers=args.readers,
        shared=not args.seats,
        host=args.host,
        port=args.port,
        script=args.script,
        console=args.console,
        latency_ms=args.latency,
        seed=args.seed,
        keys=args.keys,
        pairing=args.pairing,
        vhci=args.vhci,
    )
    try:
        return asyncio.run(run_simulator(options))
    except ScriptError as exc:
        print(f"companion sim: {args.script}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"companion sim: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
