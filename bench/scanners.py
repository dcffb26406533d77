"""Off-the-shelf reader paths: code in -> accepted, latency and throughput (prints figures).

    python bench/scanners.py [--codes 300] [--burst 1000]

Serial scanner: a real pty (`hardware.sim.scanner`); pyserial, the adapter and the hub
are the production code. Latency is from just before the scanner's line is written
to the pty to the moment the consumer holds the `ReaderInput` and has acknowledged
it (`hub.next_event()` + `hub.ack`). The device's own delivery is measured too: the
same line written to a pty and read back from its other end with a bare `os.read`
after `select`, no companion code; the difference is what the companion adds.

PC/SC reader: a real pcscd (started here unless one runs) with Debian's
vsmartcard-vpcd; a virtual NTAG (`hardware.sim.nfc_tag`) with an NDEF text record is
placed on the reader. Latency is from just before the tag connects to vpcd to the
consumer holding the CARD input; the device's own delivery is pyscard alone on the
same path (SCardGetStatusChange wakes, connect, read UID and NDEF pages), which
pcscd's card polling makes slow and uneven (hundreds of ms). So what the companion
adds is measured directly as well: from the moment the device's reading code has
read the tag (its `_read` returns, timed by a wrapper in this bench only) to the
consumer holding the input, split into the hand-off from pyscard's watching thread to
the event loop (the adapter's `_on_read` begins: OS scheduling, the GIL) and the
companion's own code on the loop (adapter, hub, queue) after it.

Throughput: codes written back to back on the serial line, inputs per second until
the last is acknowledged. Goal (issue 15): under 5 ms p99 added over the device.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import select
import sys
import tempfile
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.readers import HubOptions, ReaderConnected, ReaderHub, ReaderInput
from companion.readers.adapter import AdaptedReader
from companion.readers.pcsc import PcscDevice, PcscSource
from companion.readers.scanner import ScannerSource
from hardware.sim.nfc_tag import VirtualTag, ndef_text_memory
from hardware.sim.scanner import SimulatedScanner
from tests.readers.pcscd import PORT, SLOTS, running_pcscd


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def report(name: str, seconds: list[float]) -> tuple[float, float]:
    ms = [s * 1000 for s in seconds]
    p50, p99 = percentile(ms, 0.5), percentile(ms, 0.99)
    print(f"  {name:<38} p50 {p50:7.3f} ms  p99 {p99:7.3f} ms  (n={len(ms)})")
    return p50, p99


async def next_input(hub: ReaderHub) -> ReaderInput:
    while True:
        event = await hub.next_event(timeout=10)
        if isinstance(event, ReaderInput):
            return event


def raw_pty(codes: int) -> list[float]:
    """A line written to a pty master and read from its slave: the device's own path."""
    master, slave = os.openpty()
    tty.setraw(slave)
    out = []
    try:
        for n in range(codes):
            line = f"S{n % 1000:03d}\r".encode()
            start = time.perf_counter()
            os.write(master, line)
            got = b""
            while not got.endswith(b"\r"):
                select.select([slave], [], [])
                got += os.read(slave, 64)
            out.append(time.perf_counter() - start)
    finally:
        os.close(master)
        os.close(slave)
    return out


async def serial(codes: int, burst: int, tmp: Path) -> None:
    print("serial scanner (pty, pyserial, adapter, hub):")
    raw = report("device alone (pty write -> read)", raw_pty(codes))
    scanner = SimulatedScanner(tmp / "scanner")
    scanner.plug()
    try:
        async with ReaderHub(ScannerSource(str(scanner.path)), HubOptions()) as hub:
            while not isinstance(await hub.next_event(timeout=10), ReaderConnected):
                pass
            latencies = []
            for n in range(codes):
                start = time.perf_counter()
                scanner.scan(f"S{n % 1000:03d}")
                event = await next_input(hub)
                await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
                latencies.append(time.perf_counter() - start)
            total = report("code in -> accepted (hub, acked)", latencies)
            print(f"  {'added by the companion':<38} p50 {total[0] - raw[0]:7.3f} ms  "
                  f"p99 {total[1] - raw[1]:7.3f} ms")  # fmt: skip
            wall, cpu = time.perf_counter(), time.process_time()
            for n in range(burst):
                scanner.scan(f"B{n:04d}"[-5:])
            for _ in range(burst):
                event = await next_input(hub)
                await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(f"  {burst} codes back to back: {burst / wall:8.0f} inputs/s "
                  f"(wall {wall:.3f} s, CPU {cpu:.3f} s)")  # fmt: skip
    finally:
        scanner.unplug()


def raw_pcsc(codes: int) -> list[float]:
    """pyscard alone: the tag placed -> its NDEF text read (our PcscDevice's reading
    code, without the adapter, hub or event loop)."""
    from smartcard import scard

    device = PcscDevice(SLOTS[0])
    result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
    state = scard.SCARD_STATE_UNAWARE
    out = []
    try:
        for n in range(codes):
            uid = (0x04000000000000 + n).to_bytes(7, "big")
            tag = VirtualTag(uid, ndef_text_memory(uid, f"S{n % 1000:03d}"), port=PORT)
            start = time.perf_counter()
            tag.place()
            while True:
                result, states = scard.SCardGetStatusChange(context, 5000, [(SLOTS[0], state)])
                state = states[0][1] & ~scard.SCARD_STATE_CHANGED
                if state & scard.SCARD_STATE_PRESENT:
                    break
            read = device._read_tag(context)  # the same reads the device makes
            out.append(time.perf_counter() - start)
            device._release(read)
            tag.lift()
            while state & scard.SCARD_STATE_PRESENT:
                result, states = scard.SCardGetStatusChange(context, 5000, [(SLOTS[0], state)])
                state = states[0][1] & ~scard.SCARD_STATE_CHANGED
    finally:
        scard.SCardReleaseContext(context)
    return out


async def pcsc(codes: int, tmp: Path) -> None:
    print("PC/SC reader (pcscd, vsmartcard-vpcd, pyscard, adapter, hub):")
    report("device alone (pyscard: placed -> read)", raw_pcsc(codes))
    read_done: list[float] = []
    original = PcscDevice._read

    def timed_read(self: PcscDevice, card: int, protocol: int):
        result = original(self, card, protocol)
        read_done.append(time.perf_counter())
        return result

    PcscDevice._read = timed_read  # type: ignore[method-assign]
    in_loop: list[float] = []  # when the read reaches the event loop (the adapter)
    original_on_read = AdaptedReader._on_read

    def timed_on_read(self: AdaptedReader, generation: int, read):
        in_loop.append(time.perf_counter())
        return original_on_read(self, generation, read)

    AdaptedReader._on_read = timed_on_read  # type: ignore[method-assign]
    added, handoff = [], []
    async with ReaderHub(PcscSource(SLOTS[0]), HubOptions()) as hub:
        while not isinstance(await hub.next_event(timeout=10), ReaderConnected):
            pass
        latencies = []
        loop = asyncio.get_running_loop()
        for n in range(codes):
            uid = (0x04100000000000 + n).to_bytes(7, "big")
            tag = VirtualTag(uid, ndef_text_memory(uid, f"S{n % 1000:03d}"), port=PORT)
            start = time.perf_counter()
            await loop.run_in_executor(None, tag.place)
            event = await next_input(hub)
            now = time.perf_counter()
            await hub.ack(event.reader_id, event.seq, epoch=event.epoch)
            latencies.append(time.perf_counter() - start)
            added.append(now - read_done[-1])
            handoff.append(in_loop[-1] - read_done[-1])
            tag.lift()
            removed = await next_input(hub)
            await hub.ack(removed.reader_id, removed.seq, epoch=removed.epoch)
        report("tag placed -> accepted (hub, acked)", latencies)
        report("added: tag read -> consumer holds it", added)
        report("  of which pcsc thread -> event loop", handoff)
        loop_part = [total - part for total, part in zip(added, handoff, strict=True)]
        report("  of which event loop -> consumer", loop_part)
    PcscDevice._read = original  # type: ignore[method-assign]
    AdaptedReader._on_read = original_on_read  # type: ignore[method-assign]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--codes", type=int, default=300)
    parser.add_argument("--burst", type=int, default=1000)
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        await serial(args.codes, args.burst, Path(tmp))
        with running_pcscd(Path(tmp)):
            await pcsc(min(args.codes, 200), Path(tmp))
    print(f"total: wall {time.perf_counter() - wall:.2f} s, CPU {time.process_time() - cpu:.2f} s")
    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min)")


if __name__ == "__main__":
    asyncio.run(main())
