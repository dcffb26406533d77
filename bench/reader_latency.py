"""Reader path latency and throughput on the simulated BLE link (prints figures).

    python bench/reader_latency.py [--events 1000] [--bursts 2000] [--replays 10]

Every figure goes through the real stack: a bumble GATT server (the simulated reader)
on a simulated radio, bumble's central, and, for the hub figures, bleak's public API
on our bumble backend. Latency is measured from just before the reader sends a
notification (the call of `SimulatedReader.press`, which records and notifies) to
the moment the consumer holds the event:

- raw bumble: a bumble `Peer` subscribed to the `event` characteristic, no bleak;
- bleak: `BleakClient.start_notify` on our backend;
- hub: `ReaderHub.next_event()` returning the `ReaderInput` (decode, session,
  queue, consumer wake-up), for 1 reader and for 10 readers sending at once.

Then events per second through the hub (back-to-back bursts, auto-ack), and the
reconnect-and-replay time: from a dropped link to the last event recorded meanwhile
being delivered, with 20 ms advertising. Goals (issue #5): the hub adds < 0.5 ms at
p99 over the raw bumble link; reconnect and replay < 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bleak import BleakClient, BleakScanner
from bumble.core import UUID
from bumble.device import Peer

from companion.readers import HubOptions, ReaderConnected, ReaderHub, ReaderInput
from companion.readers.bumble_backend import BumbleClient, BumbleScanner
from companion.readers.sim import SimSource
from firmware_protocol import profile
from hardware.sim.reader import SimulatedReader
from hardware.sim.table import SimulatedTable


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def row(name: str, samples_s: list[float]) -> str:
    us = [s * 1e6 for s in samples_s]
    return (
        f"{name:<34} n={len(us):>5}  p50 {percentile(us, 0.5):8.1f} us"
        f"  p99 {percentile(us, 0.99):8.1f} us  max {max(us):8.1f} us"
    )


async def raw_bumble(events: int) -> list[float]:
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        host = table.host_device
        assert host is not None
        connection = await host.connect(reader.front.device.random_address, timeout=5.0)  # type: ignore[attr-defined]
        await connection.encrypt()  # the table bonded its readers; they serve encrypted links only
        peer = Peer(connection)
        await peer.request_mtu(247)
        await peer.discover_services()
        for service in peer.services:
            await service.discover_characteristics()
        (event_char,) = peer.get_characteristics_by_uuid(UUID(profile.EVENT_UUID))
        arrived: asyncio.Queue[float] = asyncio.Queue()
        await event_char.subscribe(lambda _value: arrived.put_nowait(time.perf_counter()))
        samples = []
        for _ in range(events):
            start = time.perf_counter()
            await reader.press("ok")
            samples.append(await arrived.get() - start)
        await connection.disconnect()
        return samples


async def bleak_only(events: int) -> list[float]:
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        # our bumble backend's own argument, which bleak's typed keyword arguments do not list
        scanner_args: dict[str, Any] = {
            "backend": BumbleScanner,
            "bumble_device": table.host_device,
        }
        device = await BleakScanner.find_device_by_filter(
            lambda _d, _a: True,
            timeout=5.0,
            service_uuids=[profile.SERVICE_UUID],
            **scanner_args,
        )
        assert device is not None
        arrived: asyncio.Queue[float] = asyncio.Queue()
        async with BleakClient(
            device, backend=BumbleClient, bumble_device=table.host_device
        ) as client:
            await client.start_notify(
                profile.EVENT_UUID, lambda _c, _d: arrived.put_nowait(time.perf_counter())
            )
            samples = []
            for _ in range(events):
                start = time.perf_counter()
                await reader.press("ok")
                samples.append(await arrived.get() - start)
        return samples


async def connected_hub(table: SimulatedTable, hub: ReaderHub) -> None:
    count = 0
    while count < len(table.readers):
        if isinstance(await hub.next_event(timeout=10), ReaderConnected):
            count += 1


async def through_hub(n_readers: int, rounds: int) -> list[float]:
    async with SimulatedTable(n_readers, shared=n_readers == 1) as table:
        options = HubOptions(auto_ack=True)
        async with ReaderHub(SimSource(table, owns_table=False), options) as hub:
            await connected_hub(table, hub)
            samples = []
            starts: dict[int, float] = {}

            async def press(reader: SimulatedReader) -> None:
                starts[reader.reader_id] = time.perf_counter()
                await reader.press("ok")

            for _ in range(rounds):
                pending = [asyncio.ensure_future(press(reader)) for reader in table.readers]
                got = 0
                while got < n_readers:
                    event = await hub.next_event(timeout=10)
                    if isinstance(event, ReaderInput):
                        samples.append(time.perf_counter() - starts[event.reader_id])
                        got += 1
                await asyncio.gather(*pending)
            return samples


async def throughput(n_readers: int, burst: int) -> float:
    async with SimulatedTable(n_readers, shared=n_readers == 1) as table:
        async with ReaderHub(SimSource(table, owns_table=False), HubOptions(auto_ack=True)) as hub:
            await connected_hub(table, hub)

            async def send(reader: SimulatedReader) -> None:
                for _ in range(burst):
                    await reader.press("ok")

            start = time.perf_counter()
            senders = asyncio.gather(*(send(r) for r in table.readers))
            got = 0
            while got < burst * n_readers:
                if isinstance(await hub.next_event(timeout=10), ReaderInput):
                    got += 1
            elapsed = time.perf_counter() - start
            await senders
            return got / elapsed


async def reconnect_and_replay(replays: int, events: int) -> list[float]:
    async with SimulatedTable(1) as table:
        reader = table.readers[0]
        async with ReaderHub(SimSource(table, owns_table=False), HubOptions(auto_ack=True)) as hub:
            await connected_hub(table, hub)
            samples = []
            for _ in range(replays):
                start = time.perf_counter()
                await reader.drop_link()
                for _ in range(events):
                    await reader.press("ok")
                last = reader.last_seq
                while True:
                    event = await hub.next_event(timeout=10)
                    if isinstance(event, ReaderInput) and event.seq == last:
                        break
                samples.append(time.perf_counter() - start)
            return samples


async def main(args: argparse.Namespace) -> None:
    print(f"reader path on the simulated link (bumble, 20 ms advertising), {args.events} events")
    raw = await raw_bumble(args.events)
    bleak = await bleak_only(args.events)
    hub1 = await through_hub(1, args.events)
    hub10 = await through_hub(10, max(1, args.events // 10))
    print(row("raw bumble notify -> callback", raw))
    print(row("bleak (our backend) -> callback", bleak))
    print(row("hub, 1 reader -> consumer", hub1))
    print(row("hub, 10 readers at once -> consumer", hub10))
    added50 = (percentile(hub1, 0.5) - percentile(raw, 0.5)) * 1e3
    added99 = (percentile(hub1, 0.99) - percentile(raw, 0.99)) * 1e3
    print(
        f"hub + bleak added over raw bumble (1 reader): p50 {added50:.3f} ms, p99 {added99:.3f} ms"
    )
    print(f"events/s through the hub, 1 reader:   {await throughput(1, args.bursts):8.0f}")
    print(f"events/s through the hub, 10 readers: {await throughput(10, args.bursts // 10):8.0f}")
    replay = await reconnect_and_replay(args.replays, 20)
    print(
        f"reconnect + replay of 20 events: median {statistics.median(replay) * 1e3:.1f} ms, "
        f"max {max(replay) * 1e3:.1f} ms (n={len(replay)})"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--bursts", type=int, default=2000)
    parser.add_argument("--replays", type=int, default=10)
    asyncio.run(main(parser.parse_args()))
