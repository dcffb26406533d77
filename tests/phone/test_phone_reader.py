"""A phone as a seat reader, end to end: real Chromium with a fake camera playing a
video of the project's own labels, the page's WebAssembly decoder, the WebSocket, the
phone transport under the real hub and pump, the real SQLite log. Linux Chromium has
no BarcodeDetector, so these exercise the vendored ZXing decoder; the radio-less
stand-in is only the camera (a video file instead of a lens)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
import websockets

from companion.table.inputs import InputKind
from companion.web.labels import phone_words
from companion.web.phone import CLOSE_REFUSED
from firmware_protocol import Button, ButtonId, Press, decode, encode
from tests.phone.camera import write_y4m
from tests.phone.harness import PhoneTable, counted

pytestmark = pytest.mark.camera


def kinds(table: PhoneTable) -> list[tuple[str, dict]]:
    return [(i.kind.name, dict(i.data)) for i in table.inputs()]


async def test_a_card_in_view_counts_once_and_again_only_after_it_left(tmp_path: Path, pw) -> None:
    video = write_y4m(tmp_path / "cam.y4m", ["lord", "liubei"], show=2.0, gap=1.0)
    async with PhoneTable(tmp_path, players=2) as table:
        phone = await table.phone(pw, 1, video)
        await table.until(lambda: counted(table.session) >= 2)
        await phone.press("hold")  # the video loops: stop counting
        assert await phone.state("window.__phone.decoder") == "wasm"
        inputs = table.inputs()
        # lord, then its removal (it left the view), then Liu Bei: each once
        assert [(i.kind.name, i.data.get("code")) for i in inputs[:3]] == [
            ("SCAN", "R01T"),
            ("REMOVE", None),
            ("SCAN", "G08D"),
        ]
        assert [i.seat for i in inputs[:3]] == [1, 1, 1]
        assert table.session.state()["seats"][0]["general"] == "liubei"
        assert phone.errors == []


async def test_buttons_and_the_seat_dial_are_the_readers_buttons(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=3) as table:
        phone = await table.phone(pw, 2, None)
        await phone.press("ok")
        await phone.press("no")
        await phone.select(3)
        await phone.press("undo")
        await table.until(lambda: len(table.inputs()) >= 4)
        assert [(i.kind.name, i.data) for i in table.inputs()] == [
            ("PRESS", {"button": "ok", "long": False}),
            ("PRESS", {"button": "no", "long": False}),
            ("SELECT", {"seat": 3}),
            ("PRESS", {"button": "undo", "long": False}),
        ]
        assert {i.reader for i in table.inputs()} == {"50480002"}
        # the answer comes back as the reader's LED language: a flash on the screen
        await phone.wait("window.__phone.feedback !== null")


async def test_other_labels_and_stray_codes_are_refused_on_the_phone(tmp_path: Path, pw) -> None:
    # a Regicide poker label and a QR code that is no card, shown to a Three Kingdoms Kill seat
    import qrcode
    from PIL import Image
    from qrcode.image.pil import PilImage

    from tests.phone import camera

    code = qrcode.make("https://example.com/not-a-card", image_factory=PilImage)
    assert isinstance(code, PilImage)
    stray = code.convert("RGB").resize((300, 300))
    frame = Image.new("RGB", (camera.WIDTH, camera.HEIGHT), camera.TABLE)
    frame.paste(stray, (170, 90))
    video = camera.write_y4m(tmp_path / "cam.y4m", ["P013", frame], show=1.5, gap=0.5)
    async with PhoneTable(tmp_path, players=2) as table:
        phone = await table.phone(pw, 1, video)
        await phone.wait("window.__phone.notices.length > 0")
        await phone.wait("window.__phone.notices.length > 1")
        notices = await phone.state("window.__phone.notices")
        assert any("not a card of this game (P013)" in n for n in notices), notices
        assert any("not a card label" in n for n in notices), notices
        assert table.inputs() == []
        # A press stored proves the page's link delivered all it had before it: the
        # refused codes reached nothing.
        await phone.press("ok")
        await table.until(lambda: len(table.inputs()) == 1)
        assert [i.kind for i in table.inputs()] == [InputKind.PRESS]


async def test_garbage_wrong_seats_and_floods_never_reach_the_game(tmp_path: Path) -> None:
    async with PhoneTable(tmp_path, players=3, tls=False) as table:
        port = table.server.port
        token = table.server.phones.desk.token(2)
        url = f"ws://127.0.0.1:{port}/phone/ws?s={token}&p=phone-a"
        async with websockets.connect(f"ws://127.0.0.1:{port}/phone/ws?s=wrong&p=x") as ws:
            refusal = json.loads(await ws.recv())
            assert refusal["type"] == "refused" and "wrong or has expired" in refusal["reason"]
        async with websockets.connect(url) as ws:
            welcome = json.loads(await ws.recv())
            assert welcome["type"] == "welcome" and welcome["seat"] == 2
            await ws.send(b"\x01\x02garbage")
            await ws.send("text is not a frame")
            await ws.send(bytes(200))
            hello_for_seat_3 = bytes.fromhex("0101ffffefbeaddeffff03ff00") + (0x50480003).to_bytes(
                4, "little"
            )
            from firmware_protocol.crc import crc16

            frame = hello_for_seat_3 + crc16(hello_for_seat_3).to_bytes(2, "little")
            await ws.send(frame)
            reasons: list[str] = []
            while len(reasons) < 4:
                message = await ws.recv()
                if isinstance(message, str) and json.loads(message)["type"] == "refused":
                    reasons.append(json.loads(message)["reason"])
            assert "BAD_CRC" in reasons[0] or "not a reader frame" in reasons[0]
            assert "binary" in reasons[1]
            assert "at most 64" in reasons[2]
            assert "50480003" in reasons[3] or "seat 3" in reasons[3]
        async with websockets.connect(url.replace("phone-a", "phone-b")) as ws:
            refusal = json.loads(await ws.recv())
            assert "already has a phone" in refusal["reason"]
        async with websockets.connect(url) as ws:  # the same phone again floods
            await ws.recv()
            closed = False
            try:
                for _ in range(400):
                    await ws.send(encode(Button(ButtonId.OK, Press.SHORT, seq=0)))
                while True:
                    message = await ws.recv()
                    if isinstance(message, str) and "too many" in message:
                        closed = True
            except websockets.ConnectionClosed as exc:
                closed = closed or exc.rcvd is not None and exc.rcvd.code == 1008
            assert closed
        await table.settled(2)
        # the only inputs: none of the garbage; the flood's frames all had seq 0 and no
        # HELLO had answered for them, so the hub took at most that one event
        assert [i for i in table.inputs() if i.kind is not InputKind.PRESS] == []
        assert len(table.inputs()) <= 1
        assert decode(
            encode(Button(ButtonId.OK, Press.SHORT, seq=0))
        )  # a valid frame, so the flood was valid too


async def test_companion_readers_lists_the_joined_phones(tmp_path: Path, pw) -> None:
    import subprocess
    import sys

    def listing() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "readers", "--reader", "phone",
             "--db", str(tmp_path / "games.sqlite")],
            capture_output=True, text=True, check=True, timeout=60,
        )  # fmt: skip
        return done.stdout

    async with PhoneTable(tmp_path, players=3, tls=False) as table:
        assert "no game with phones" in listing()
        phone = await table.phone(pw, 2, None)
        rows = {line.split()[0]: line.split() for line in listing().splitlines()[2:]}
        assert rows["2"][1:3] == ["50480002", "connected"]
        assert rows["1"][2] == "-" and rows["3"][2] == "-"
        await phone.page.close()
        await table.until(lambda: not table.server.phones.sockets.get(2))
        rows = {line.split()[0]: line.split() for line in listing().splitlines()[2:]}
        assert rows["2"][2] == "away"


async def test_the_last_ack_is_repeated_after_a_reconnect(tmp_path: Path) -> None:
    """SPEC.md section 4: an ACK written into a dying link may be lost, so the host
    repeats its last ACK after a reconnect; else the reader (a page reloaded just as
    its ACK came) would hold stored events until the next one. The reader here is the
    Python `ReaderSession` behind a real WebSocket to the phone transport and hub."""
    from firmware_protocol import Ack, Card
    from firmware_protocol.fields import CardKind
    from firmware_protocol.reader_session import ReaderSession

    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        token = table.server.phones.desk.token(1)
        url = f"ws://127.0.0.1:{table.server.port}/phone/ws?s={token}&p=python"
        reader = ReaderSession(0x1234, reader_id=0x50480001, seat=1)

        async def session(ws, *, event: Card | None = None) -> list:
            """Answer the host (recording `event` once the HELLO is out) until it
            acknowledges event 0; return the ACKs seen by then."""
            acks: list[int] = []
            async with asyncio.timeout(20):
                while 0 not in acks:
                    message = await ws.recv()
                    if isinstance(message, str):
                        continue
                    command = decode(message)
                    if isinstance(command, Ack):
                        acks.append(command.up_to)
                    for frame in reader.on_command(message):
                        await ws.send(frame)
                    if event is not None:
                        await ws.send(reader.record(event))
                        event = None
            return acks

        async with websockets.connect(url) as ws:
            assert 0 in await session(ws, event=Card(True, CardKind.TEXT, b"R01T"))
        await table.until(lambda: len(table.inputs()) == 1)
        async with websockets.connect(url) as ws:  # as if that ACK had been lost
            assert await session(ws) == [0]
        await table.settled(1)  # the socket is gone and every event it carried taken
        assert len(table.inputs()) == 1


async def test_the_host_moves_a_seat_to_another_phone(tmp_path: Path) -> None:
    import httpx

    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        room, port = table.server.phones, table.server.port
        old = room.desk.token(1)
        url = f"ws://127.0.0.1:{port}/phone/ws?s={old}&p="
        async with websockets.connect(url + "first") as first:
            assert json.loads(await first.recv())["type"] == "welcome"
            async with websockets.connect(url + "second") as second:
                assert "already has a phone" in json.loads(await second.recv())["reason"]
            async with httpx.AsyncClient() as client:
                free = f"http://127.0.0.1:{port}/phone/free"
                refused = await client.post(free, json={"seat": 1})
                assert refused.status_code == 403  # the view token is not the host's
                bad = await client.post(
                    free, json={"seat": 9}, headers={"X-Host-Token": table.server.access.host_token}
                )
                assert bad.status_code == 400 and "[1, 2]" in bad.json()["error"]
                moved = await client.post(
                    free, json={"seat": 1}, headers={"X-Host-Token": table.server.access.host_token}
                )
            assert moved.status_code == 200
            new = room.desk.token(1)
            assert new != old and moved.json()["url"].endswith(f"/phone?s={new}")
            reasons = []
            with pytest.raises(websockets.ConnectionClosed):
                while True:
                    message = await first.recv()
                    if isinstance(message, str):
                        reasons.append(json.loads(message).get("reason"))
            assert "another phone" in " ".join(r for r in reasons if r)
        async with websockets.connect(url + "second") as second:  # the old QR has expired
            assert "expired" in json.loads(await second.recv())["reason"]
        fresh = f"ws://127.0.0.1:{port}/phone/ws?s={new}&p=second"
        async with websockets.connect(fresh) as second:
            assert json.loads(await second.recv())["type"] == "welcome"


async def test_a_socket_from_another_sites_page_gets_no_seat(tmp_path: Path) -> None:
    """Issue 30's bad input: a page of another site, open in a player's browser, that
    opens the phone socket with a seat's token (cross-site WebSocket hijacking) is
    refused in the page's words with what to do, and takes nothing: the seat is still
    free for the real page, and nothing reached the game. A socket with this table's
    own origin, or with none (not a browser), is judged by its token as before."""
    async with PhoneTable(tmp_path, players=3, tls=False) as table:
        port = table.server.port
        token = table.server.phones.desk.token(2)
        url = f"ws://127.0.0.1:{port}/phone/ws?s={token}&p=phone-a"
        for foreign in ("http://evil.example", f"https://127.0.0.1:{port}", "null"):
            async with websockets.connect(url, origin=foreign) as ws:  # type: ignore[arg-type]
                refusal = json.loads(await ws.recv())
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    await ws.recv()
            assert (refusal["type"], refusal["why"], refusal["final"]) == (
                "refused",
                "origin",
                True,
            )
            assert refusal["said"] == phone_words("en")["refused_origin"]
            assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_REFUSED
        await table.settled(2)  # no socket held for seat 2, nothing in flight
        assert table.inputs() == []
        own = f"http://127.0.0.1:{port}"
        async with websockets.connect(url, origin=own) as ws:  # type: ignore[arg-type]
            welcome = json.loads(await ws.recv())
        assert (welcome["type"], welcome["seat"]) == ("welcome", 2)  # the seat was still free
