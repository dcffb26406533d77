"""Protocol benchmark (run by hand: `python bench/protocol.py`); prints figures, asserts nothing.

Measures: encode+decode round trips per second over a mix of every message type, the
serial StreamDecoder's throughput in bytes per second, the session machines' events per
second through a LinkPair (clean and faulty), and the encoded size of each message type.
Runs in well under 30 seconds on the project's 2-core VM.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from firmware_protocol import (
    MESSAGE_TYPES,
    Battery,
    Card,
    CardKind,
    Message,
    StreamDecoder,
    decode,
    encode,
    frame_for_serial,
    load_vectors,
    message_from_json,
)
from firmware_protocol.testing import Faults, LinkPair


def _best_of(runs: int, work: Callable[[], int]) -> float:
    """The best units-per-second of several runs (the least disturbed by other load)."""
    best = 0.0
    for _ in range(runs):
        start = time.perf_counter()
        units = work()
        best = max(best, units / (time.perf_counter() - start))
    return best


def bench_codec(messages: list[Message], rounds: int = 200) -> float:
    def work() -> int:
        for _ in range(rounds):
            for message in messages:
                decode(encode(message))
        return rounds * len(messages)

    return _best_of(3, work)


def bench_stream(messages: list[Message], chunk: int = 256) -> tuple[float, int]:
    stream = b"".join(frame_for_serial(m) for m in messages) * 1000
    pieces = [stream[i : i + chunk] for i in range(0, len(stream), chunk)]

    def work() -> int:
        decoder = StreamDecoder()
        for piece in pieces:
            decoder.feed(piece)
        return len(stream)

    return _best_of(3, work), len(stream)


def bench_linkpair(faults: Faults, events: int = 3000) -> tuple[float, int, int]:
    pair = LinkPair(seed=1, up=faults, down=faults, latency=0.01)
    pair.sync()
    start = time.perf_counter()
    for i in range(events):
        pair.record(Battery(50, i))
        pair.step()
    pair.settle()
    elapsed = time.perf_counter() - start
    lost = sum(item.count for item in pair.lost)
    return len(pair.recorded) / elapsed, len(pair.delivered), lost


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    vectors = load_vectors()
    messages = [message_from_json(entry["message"]) for entry in vectors["messages"]]
    print(
        f"python {sys.version.split()[0]}, {len(messages)} vector messages of {len(MESSAGE_TYPES)} types"
    )

    rate = bench_codec(messages)
    print(f"encode+decode round trips: {rate:,.0f} messages/s")

    rate, size = bench_stream(messages)
    print(f"StreamDecoder: {rate / 1e6:,.2f} MB/s ({size:,} bytes in 256-byte reads)")

    for label, faults in (
        ("clean link", Faults()),
        ("5% drop, 2% dup/corrupt/delay", Faults(0.05, 0.02, 0.02, 0.02)),
    ):
        rate, delivered, lost = bench_linkpair(faults)
        print(
            f"LinkPair, {label}: {rate:,.0f} events/s of CPU through both sessions; "
            f"one event per 10 ms link step: {delivered} delivered, {lost} reported lost"
        )

    print("encoded size per message type (bytes, frame incl. header and CRC):")
    sizes: dict[str, list[int]] = {}
    for message in messages:
        sizes.setdefault(message.NAME, []).append(len(encode(message)))
    sizes["CARD"] += [len(encode(Card(True, CardKind.TEXT, b"A" * 13)))]
    for cls in MESSAGE_TYPES.values():
        values = sizes[cls.NAME]
        low, high = min(values), max(values)
        shown = f"{low}" if low == high else f"{low}..{high}"
        print(f"  0x{cls.TYPE:02X} {cls.NAME:<14} {shown:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
