"""A mixed table: a shared simulated reader in the middle (real BLE stack in software)
and a phone at a seat, through one hub: each reader's inputs exactly once, in order,
the phone admitted by its seat token and the simulated reader by its table's bond."""

from __future__ import annotations

import asyncio
import json

import websockets

from companion.readers import HubOptions, ReaderHub, ReaderInput
from companion.readers.mixed import MixedSource
from companion.readers.phone import PhoneSource
from companion.readers.sim import SimSource
from firmware_protocol import Button, ButtonId, HelloRequest, Press, decode
from firmware_protocol.reader_session import ReaderSession
from hardware.sim.table import SimulatedTable


async def test_a_simulated_reader_and_a_phone_share_one_hub(tmp_path) -> None:
    from companion.web.feed import TableFeed
    from companion.web.phone import PhoneRoom
    from companion.web.seats import SeatDesk
    from companion.web.server import TableServer

    phones = PhoneSource([2])
    sim = SimulatedTable(1)
    sim_source = SimSource(sim)
    mixed = MixedSource([(sim_source, None), (phones, None)])
    room = PhoneRoom(desk=SeatDesk([2]), gate=phones, game="sanguosha", words={}, codes=[])
    server = TableServer(TableFeed({"game": "sanguosha"}, lang="en"), port=0, phones=room)
    got: list[ReaderInput] = []
    async with server, ReaderHub(mixed, HubOptions(trust=mixed.trust)) as hub:

        async def consume() -> None:
            async for event in hub:
                if isinstance(event, ReaderInput):
                    got.append(event)
                    await hub.ack(event.reader_id, event.seq, epoch=event.epoch)

        task = asyncio.create_task(consume())
        reader = ReaderSession(7, reader_id=phones.reader_id(2), seat=2)
        url = f"ws://127.0.0.1:{server.port}/phone/ws?s={room.desk.token(2)}&p=python"
        async with websockets.connect(url) as ws:
            assert json.loads(await ws.recv())["type"] == "welcome"
            while True:  # the hub asks who we are first
                message = await ws.recv()
                if isinstance(message, bytes):
                    for frame in reader.on_command(message):
                        await ws.send(frame)
                    if isinstance(decode(message), HelloRequest):
                        break
            await sim.wait_ready()
            await sim.readers[0].press("ok")
            await ws.send(reader.record(Button(ButtonId.NO, Press.SHORT)))
            await sim.readers[0].press("undo")
            await ws.send(reader.record(Button(ButtonId.UNDO, Press.SHORT)))
            async with asyncio.timeout(20):
                while len(got) < 4:
                    try:
                        message = await asyncio.wait_for(ws.recv(), 0.2)
                        if isinstance(message, bytes):
                            for frame in reader.on_command(message):
                                await ws.send(frame)
                    except TimeoutError:
                        pass
        task.cancel()
    by_reader: dict[int, list[str]] = {}
    for event in got:
        assert isinstance(event.event, Button)
        by_reader.setdefault(event.reader_id, []).append(event.event.button.name)
    assert by_reader[phones.reader_id(2)] == ["NO", "UNDO"]
    assert by_reader[sim.readers[0].reader_id] == ["OK", "UNDO"]
    assert [e.seat for e in got if e.reader_id == phones.reader_id(2)] == [2, 2]
