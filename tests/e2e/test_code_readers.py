"""The demo game played through off-the-shelf readers ends as it does through `--reader sim`.

Seats 1 to 3 each have a serial-mode barcode scanner (a real pty each,
`hardware.sim.scanner`), seats 4 and 5 a PC/SC NFC reader (the two slots of Debian's
vsmartcard-vpcd in a real pcscd, tags from `hardware.sim.nfc_tag`), all opened as one
``--reader`` spec. Buttons are the command labels (`companion labels --set
commands`); every card is a label (scanner) or an NTAG with the code in an NDEF text
record (NFC). The same script through simulated BLE readers must give the same state.
"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path
from typing import Any

from companion import codes
from companion.game.clock import VirtualClock
from companion.game.pump import Pump
from companion.game.runner import ReaderPlan, run_session
from companion.game.script import drive_script, label_encoder, read_script, readers_for
from companion.game.session import Session
from companion.readers import HubOptions, ReaderHub, open_reader
from companion.readers.adapter import AdaptedReader, adapted_reader_id
from companion.readers.spec import DUPLICATE_WINDOW_S
from companion.store.log import GameLog
from hardware.sim.nfc_tag import VirtualTag, ndef_text_memory
from hardware.sim.scanner import SimulatedScanner
from tests.readers.pcscd import PORT, SLOTS, running_pcscd

DEMO = Path(__file__).parents[2] / "companion" / "game" / "scripts" / "demo.script"
LABEL = {ref.text: ref.code for ref in codes.all_codes("commands")}
TIMEOUT = 20.0


def _session(tmp: Path, name: str) -> Session:
    log = GameLog(tmp / f"{name}.sqlite")
    return Session.start(log, game="sanguosha", players=5, seed=0, settings={}, lang="en", meta={})


class _Device:
    """One seat's off-the-shelf reader as the script driver sees a simulated reader:
    `scan`, `press`, `select`, and where its stream stands (`reader_id`, `epoch`,
    `last_seq`). A scan returns once the companion's adapter has numbered the read(s)."""

    def __init__(self, adapted: AdaptedReader) -> None:
        self.adapted = adapted
        self.reader_id = adapted.reader_id
        self._last: tuple[str, float] | None = None

    @property
    def epoch(self) -> int:
        return self.adapted.session.epoch

    @property
    def last_seq(self) -> int:
        return self.adapted.session.last_seq

    async def scan(self, token: str) -> None:
        await self._read(label_encoder(token).data.decode("utf-8"))

    async def press(self, button: str, long: bool = False) -> None:
        assert not long, "a command label has no long press"
        await self._read(LABEL[button])

    async def select(self, seat: int) -> None:
        await self._read(LABEL[f"seat:{seat}"])

    async def _read(self, code: str) -> None:
        # A person does not scan the same label twice within the scanner's own repeat
        # window; the script would, so it waits that out as a person would.
        loop = asyncio.get_running_loop()
        if self._last is not None and self._last[0] == code:
            await asyncio.sleep(max(0.0, DUPLICATE_WINDOW_S + 0.05 - (loop.time() - self._last[1])))
        await self.present(code)
        self._last = (code, loop.time())

    async def present(self, code: str) -> None:
        raise NotImplementedError

    async def recorded(self, before: int, count: int = 1) -> None:
        async with asyncio.timeout(TIMEOUT):
            while (self.last_seq - before) & 0xFFFF < count:
                await asyncio.sleep(0.001)


class _Scanner(_Device):
    def __init__(self, adapted: AdaptedReader, scanner: SimulatedScanner) -> None:
        super().__init__(adapted)
        self.scanner = scanner

    async def present(self, code: str) -> None:
        before = self.last_seq
        self.scanner.scan(code)
        await self.recorded(before)


class _NfcReader(_Device):
    _uids = itertools.count(0x04000000000001)

    def __init__(self, adapted: AdaptedReader, port: int) -> None:
        super().__init__(adapted)
        self.port = port

    async def present(self, code: str) -> None:
        uid = next(self._uids).to_bytes(7, "big")
        tag = VirtualTag(uid, ndef_text_memory(uid, code), port=self.port)
        before = self.last_seq
        await asyncio.get_running_loop().run_in_executor(None, tag.place)
        await self.recorded(before)
        tag.lift()
        await self.recorded(before, 2)  # placed, then lifted


class _Table:
    """What `drive_script` asks of a simulated table: the reader for `@N`."""

    def __init__(self, devices: dict[int, _Device]) -> None:
        self.devices = devices

    def reader_for(self, target: Any) -> _Device:
        return self.devices[target]


async def _through_sim(tmp: Path, lines: list[Any]) -> dict[str, Any]:
    session = _session(tmp, "sim")
    plan = ReaderPlan(spec="sim", seats=readers_for(lines, 5), script=lines)
    await run_session(session, plan, VirtualClock(0.0))
    return session.state()


async def _through_code_readers(tmp: Path, lines: list[Any]) -> dict[str, Any]:
    scanners = {seat: SimulatedScanner(tmp / f"scanner{seat}") for seat in (1, 2, 3)}
    for scanner in scanners.values():
        scanner.plug()
    spec = ",".join(
        [f"scanner:{scanner.path}@{seat}" for seat, scanner in scanners.items()]
        + [f"pcsc:{SLOTS[0]}@4", f"pcsc:{SLOTS[1]}@5"]
    )
    source = open_reader(spec)
    session = _session(tmp, "code")
    clock = VirtualClock(0.0)
    try:
        async with ReaderHub(source, HubOptions()) as hub:
            pump = Pump(session, hub, clock)
            task = asyncio.create_task(pump.run())
            try:
                ids = [adapted_reader_id("scanner", str(s.path)) for s in scanners.values()]
                ids += [adapted_reader_id("pcsc", name) for name in SLOTS]
                await pump.connected(ids, TIMEOUT)
                parts = source.parts  # type: ignore[attr-defined]
                adapted = {r.session.seat: r for part in parts for r in _readers_of(part)}
                devices: dict[int, _Device] = {
                    seat: _Scanner(adapted[seat], scanners[seat]) for seat in (1, 2, 3)
                }
                devices[4] = _NfcReader(adapted[4], PORT)
                devices[5] = _NfcReader(adapted[5], PORT + 1)
                await drive_script(session, _Table(devices), pump, lines, clock)  # type: ignore[arg-type]
                await pump.flush_feedback()
            finally:
                task.cancel()
    finally:
        for scanner in scanners.values():
            scanner.unplug()
    return session.state()


def _readers_of(part: Any) -> list[AdaptedReader]:
    readers = part.readers
    return list(readers.values()) if isinstance(readers, dict) else list(readers)


async def test_the_demo_through_scanners_and_nfc_readers_ends_as_through_sim(
    tmp_path: Path,
) -> None:
    """Same script, same seed: the final state JSON is identical, and the game got far
    (the script's last line was played)."""
    lines = read_script(DEMO)
    expected = await _through_sim(tmp_path, lines)
    with running_pcscd(tmp_path / "pcscd"):
        got = await _through_code_readers(tmp_path, lines)
    assert got == expected
    assert got != _session(tmp_path, "fresh").state()
