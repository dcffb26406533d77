"""`SimulatedReader`: a card reader in software, driven from Python, a console or a script.

It behaves like the real reader: its protocol logic (`logic.py`, the narrow seam)
numbers and buffers events, answers commands and replays; a *front* carries the
frames, either a bumble GATT server on a simulated radio (`ble_front.py`) or a
pseudo-terminal speaking COBS (`serial_front.py`). Faults are explicit methods.
Over BLE it serves only bonded hosts (`security.py`); `hold_ok()` opens its pairing
window as holding OK for 3 seconds does on the real reader.
LED and buzzer state are plain attributes, and every FEEDBACK is kept in
`feedback_history`, so tests and the console can see what the host asked for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from firmware_protocol import (
    MAX_SEAT,
    ButtonId,
    Buzzer,
    CardKind,
    Color,
    Feedback,
    FrameError,
    Hello,
    Pattern,
    decode,
    is_reader_event,
)
from firmware_protocol.profile import default_name
from hardware.sim.logic import ReaderLogic
from hardware.sim.security import PAIRING_HOLD_S, PAIRING_WINDOW_S, ReaderSecurity
from hardware.sim.tokens import (
    TagKind,
    TagPayload,
    TokenEncoder,
    TokenError,
    default_token_encoder,
    parse_uid,
)

if TYPE_CHECKING:
    from hardware.sim.ble_front import BleFront
    from hardware.sim.radio import RadioLink
    from hardware.sim.serial_front import SerialFront

__all__ = ["LedState", "SimulatedReader", "reader_address"]

_log = logging.getLogger(__name__)

_HELLO_TYPE = bytes((Hello.TYPE,))
_BUTTONS = {"ok": ButtonId.OK, "no": ButtonId.NO, "undo": ButtonId.UNDO}
_CARD_KINDS = {TagKind.TEXT: CardKind.TEXT, TagKind.NDEF: CardKind.NDEF, TagKind.UID: CardKind.UID}
_FULL_MILLIVOLTS = 4100
_LOW_BATTERY = (5, 3350)

LogicFactory = Callable[[int, int, int, int], ReaderLogic]
"""(epoch, reader_id, seat, battery) -> the logic of one boot."""


def firmware_logic(epoch: int, reader_id: int, seat: int, battery: int) -> ReaderLogic:
    """The default logic: the reader firmware's own core (`hardware/firmware/readercore`),
    so the simulator behaves like the firmware because it runs the firmware's logic."""
    from hardware.sim.firmware_logic import FirmwareLogic

    return FirmwareLogic(epoch, reader_id, seat=seat, battery=battery)


def reader_address(reader_id: int) -> str:
    """The simulated reader's BLE random static address, derived from its id.

    >>> reader_address(0x00014B7F)
    'F1:00:00:01:4B:7F'
    """
    raw = (0xF1 << 40) | (reader_id & 0xFFFFFFFF)
    return ":".join(f"{(raw >> shift) & 0xFF:02X}" for shift in range(40, -1, -8))


@dataclass(frozen=True)
class LedState:
    """What the LED shows."""

    color: Color
    pattern: Pattern

    def __str__(self) -> str:
        if self.color is Color.OFF:
            return "off"
        return f"{self.color.name.lower()} {self.pattern.name.lower().replace('_', ' ')}"


LED_OFF = LedState(Color.OFF, Pattern.SOLID)
#: What the LED shows while the pairing window is open (hardware/README.md).
LED_PAIRING = LedState(Color.WHITE, Pattern.DOUBLE_BLINK)


class Front(Protocol):
    """Carries frames between the reader logic and a host."""

    @property
    def is_listening(self) -> bool:
        """Whether a host would receive a frame sent now."""

    @property
    def is_connected(self) -> bool: ...

    async def send(self, frame: bytes) -> None: ...

    async def drop(self) -> None: ...

    async def away(self, seconds: float | None) -> None: ...

    async def back(self) -> None: ...

    async def restart(self) -> None: ...

    def set_latency(self, interval_ms: float) -> None: ...

    async def battery_changed(self, percent: int) -> None: ...

    async def close(self) -> None: ...


class SimulatedReader:
    """A reader: inputs (`scan`, `press`, ...), faults, and observable LED/buzzer state.

    Args:
        reader_id: the stable u32 identity (HELLO, info record, name, BLE address).
        seat: the reader's seat, 0 for a shared reader.
        token_encoder: maps table-script tokens to tag payloads (pluggable).
        logic_factory: builds the protocol logic at each boot (the narrow seam).
        rng: draws the epochs; seed it for repeatable runs.
        keys: a JSON keystore file for the reader's bonds (None: kept in memory).
        address: the BLE address (default: derived from the id, `reader_address`).
    """

    def __init__(
        self,
        reader_id: int,
        *,
        seat: int = 0,
        name: str | None = None,
        battery: int = 100,
        token_encoder: TokenEncoder = default_token_encoder,
        logic_factory: LogicFactory = firmware_logic,
        rng: random.Random | None = None,
        keys: Path | None = None,
        address: str | None = None,
    ) -> None:
        if not 0 <= seat <= MAX_SEAT:
            raise ValueError(f"seat must be 0..{MAX_SEAT}, got {seat}")
        self.reader_id = reader_id
        self.name = name or default_name(reader_id)
        self.address = address or reader_address(reader_id)
        self._rng = rng or random.Random()
        self._token_encoder = token_encoder
        self._logic_factory = logic_factory
        self._battery = battery
        self._logic = logic_factory(self._new_epoch(), reader_id, seat, battery)
        self._front: Front | None = None
        self._send_lock = asyncio.Lock()
        self._duplicate_next = False
        self._corrupt_next = False
        self._feedback_seen: Feedback | None = None
        self._feedback_changed = asyncio.Event()
        self._greeted = asyncio.Event()
        self._powered = asyncio.Event()  # cleared while switched off (`power_cycle`)
        self._powered.set()
        self._switch_on: asyncio.TimerHandle | None = None
        self._switching_on: asyncio.Task[None] | None = None
        self._led_behind_pairing: LedState = LED_OFF
        #: Bonds and the pairing window (used by the BLE front).
        self.security = ReaderSecurity(self.name, self.address, keys)
        self.security.listeners.append(self._pairing_changed)
        #: The card on the reader now, if any.
        self.card: TagPayload | None = None
        #: What the LED shows now.
        self.led: LedState = LED_OFF
        #: The last sound the host asked for (NONE before any).
        self.buzzer: Buzzer = Buzzer.NONE
        #: Every FEEDBACK the reader received, oldest first.
        self.feedback_history: list[Feedback] = []
        #: Epochs of every boot, first one first.
        self.epochs: list[int] = [self._logic.epoch]
        #: Called with (reader, text) for everything worth showing on a console.
        self.observers: list[Callable[[SimulatedReader, str], None]] = []
        #: A frame the next link gets first, unasked (`reboot(stale_hello=True)`).
        self.stale_hello: bytes | None = None
        self._hello_delay = 0.0
        #: The late answer of `delay_next_hello`, once it is on its way.
        self.late_hello: asyncio.Task[None] | None = None

    # --- wiring ---------------------------------------------------------------------

    def _new_epoch(self) -> int:
        while True:
            epoch = self._rng.getrandbits(32)
            if epoch:
                return epoch

    async def attach_ble(
        self, link: RadioLink, *, advertising_interval_ms: float = 20.0
    ) -> BleFront:
        """Put the reader on a simulated radio: GATT server, advertising."""
        from hardware.sim.ble_front import BleFront

        front = BleFront(self, link, self.security, advertising_interval_ms=advertising_interval_ms)
        await front.start()
        self._front = front
        return front

    async def attach_serial(self, directory: Path) -> SerialFront:
        """Give the reader a serial port: a pseudo-terminal, reachable at a stable
        symlink in `directory` (as udev's /dev/serial/by-id links are)."""
        from hardware.sim.serial_front import SerialFront

        front = SerialFront(self, Path(directory) / self.name)
        await front.start()
        self._front = front
        return front

    @property
    def front(self) -> Front:
        if self._front is None:
            raise RuntimeError(f"{self.name} has no link yet: attach_ble() or attach_serial()")
        return self._front

    async def close(self) -> None:
        """Power off: drop the link, release the radio or the port."""
        if self._switch_on is not None:
            self._switch_on.cancel()
        if self._switching_on is not None:
            self._switching_on.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._switching_on
        if self._front is not None:
            front, self._front = self._front, None
            await front.close()

    # --- state ----------------------------------------------------------------------

    @property
    def logic(self) -> ReaderLogic:
        return self._logic

    @property
    def epoch(self) -> int:
        return self._logic.epoch

    @property
    def last_seq(self) -> int:
        return self._logic.last_seq

    @property
    def seat(self) -> int:
        return self._logic.seat

    @property
    def battery_percent(self) -> int:
        return self._battery

    @property
    def is_connected(self) -> bool:
        return self._front is not None and self._front.is_connected

    @property
    def is_greeted(self) -> bool:
        """Whether a host has had this link's HELLO (so it will not skip new events)."""
        return self._greeted.is_set()

    def link_changed(self, up: bool) -> None:
        """Called by the front when a host link comes or goes."""
        if not up:
            self._greeted.clear()
        self.announce("connected" if up else "disconnected")

    async def wait_greeted(self, timeout: float | None = 5.0) -> None:
        """Wait until a host has asked for (and been sent) this link's HELLO.

        Events recorded before a host ever said HELLO predate it, and a host that
        never knew this reader skips them (SPEC.md section 4, `firmware_protocol.session`),
        so a script should wait for this first.

        Raises:
            TimeoutError: no host asked within `timeout` seconds.
        """
        async with asyncio.timeout(timeout):
            await self._greeted.wait()

    def status_frame(self) -> bytes:
        return self._logic.status_frame()

    def info_record(self) -> bytes:
        return self._logic.info_record()

    def announce(self, text: str) -> None:
        _log.info("%s: %s", self.name, text)
        for observer in list(self.observers):
            observer(self, text)

    # --- inputs ---------------------------------------------------------------------

    async def scan(self, token: str) -> int:
        """A card whose label carries `token`'s code is read; returns the event's seq.

        Raises:
            TokenError: no label carries that token; nothing is sent.
        """
        return await self.scan_tag(self._token_encoder(token))

    async def scan_uid(self, uid_hex: str) -> int:
        """A tag that gives only its raw UID (hex) is read.

        Raises:
            TokenError: not a 4, 7 or 10-byte hex UID; nothing is sent.
        """
        return await self.scan_tag(parse_uid(uid_hex))

    async def scan_tag(self, tag: TagPayload) -> int:
        """A tag with this payload is read."""
        await self._switched_on()
        self.card = tag
        return await self._event(self._logic.card(True, _CARD_KINDS[tag.kind], tag.data))

    def place(self, tag: TagPayload) -> None:
        """A card has lain on the reader since it was powered on, before any host linked
        to it: the reader holds it (lifting it sends a remove). Its read predates every
        host, which adopts the reader's present and skips it (SPEC.md section 7), so a
        resumed table's readers can hold what the table's readers held.

        Raises:
            RuntimeError: the reader is on a link already (a host would hear the read).
        """
        if self._front is not None:
            raise RuntimeError(f"{self.name} is on a link: a card placed now is a scan")
        self.card = tag
        self._logic.card(True, _CARD_KINDS[tag.kind], tag.data)

    async def remove(self) -> int:
        """The card on the reader is lifted off.

        Raises:
            TokenError: there is no card on the reader.
        """
        await self._switched_on()
        if self.card is None:
            raise TokenError("there is no card on the reader to remove")
        tag, self.card = self.card, None
        return await self._event(self._logic.card(False, _CARD_KINDS[tag.kind], tag.data))

    async def press(self, button: str | ButtonId, long: bool = False) -> int:
        """A button is pressed (`ok`, `no`, `undo`), short or long.

        Raises:
            ValueError: not a button.
        """
        if isinstance(button, str):
            if button.lower() not in _BUTTONS:
                raise ValueError(f"no button {button!r} (ok, no, undo)")
            button = _BUTTONS[button.lower()]
        await self._switched_on()
        return await self._event(self._logic.button(ButtonId(button), long))

    async def select(self, seat: int) -> int:
        """The seat dial picks `seat` (0 = none).

        Raises:
            ValueError: not a seat.
        """
        if not 0 <= seat <= MAX_SEAT:
            raise ValueError(f"seat must be 0..{MAX_SEAT}, got {seat}")
        await self._switched_on()
        return await self._event(self._logic.select(seat))

    async def report_battery(self, percent: int, millivolts: int | None = None) -> int:
        """A battery reading (an event, and the Battery service's level)."""
        if not 0 <= percent <= 100:
            raise ValueError(f"battery percent must be 0..100, got {percent}")
        await self._switched_on()
        if millivolts is None:
            millivolts = 3300 + (_FULL_MILLIVOLTS - 3300) * percent // 100
        self._battery = percent
        seq = await self._event(self._logic.battery(percent, millivolts))
        if self._front is not None:
            await self._front.battery_changed(percent)
        return seq

    async def _switched_on(self) -> None:
        """Wait while the reader is switched off (`power_cycle`): a switched-off reader
        reads nothing, so a card put on it meanwhile is read once it has booted again,
        as an event of the new boot (not of the old one, which the boot forgets)."""
        await self._powered.wait()

    async def _event(self, frames: list[bytes]) -> int:
        await self._emit(frames)
        return self._logic.last_seq

    def hold_ok(self, seconds: float = PAIRING_HOLD_S, window: float = PAIRING_WINDOW_S) -> None:
        """OK is held for `seconds`: from 3 s on, the pairing window opens for `window`
        seconds (the LED double-blinks white). The hold is a gesture, not an event.

        Raises:
            ValueError: a hold shorter than 3 s (that is `press ok long`).
        """
        if not seconds >= PAIRING_HOLD_S:
            raise ValueError(
                f"OK must be held {PAIRING_HOLD_S:g} s to open the pairing window, "
                f"not {seconds:g} s (a shorter hold is `press ok long`)"
            )
        self.security.open_window(window)

    @property
    def pairing_window_open(self) -> bool:
        return self.security.window_open

    def _pairing_changed(self, is_open: bool, bonded: str | None) -> None:
        self._logic.set_pairing(is_open)
        if is_open:
            self._led_behind_pairing = self.led
            self.led = LED_PAIRING
            self.announce("pairing window open: a host may pair now")
            return
        self.led = self._led_behind_pairing
        if bonded is not None:
            self.announce(f"bonded with {bonded}; pairing window closed")
        else:
            self.announce("pairing window closed")

    # --- faults ---------------------------------------------------------------------

    async def drop_link(self) -> None:
        """The link drops (as on a supervision timeout); the reader advertises again."""
        self.announce("fault: link dropped")
        await self.front.drop()

    def duplicate_next(self) -> None:
        """The next event frame sent goes out twice."""
        self._duplicate_next = True

    def corrupt_next(self) -> None:
        """The next event frame sent has a flipped bit (its CRC fails)."""
        self._corrupt_next = True

    async def reboot(self, *, stale_hello: bool = False) -> int:
        """Restart: a new epoch, an empty buffer, the link dropped; returns the epoch.

        Unacknowledged events are gone, as on the real reader; the seat is kept (it is
        stored in flash). With `stale_hello` the next link's first notification is
        the previous boot's HELLO, unasked: what a real BlueZ host once delivered
        (docs/readers.md §5), so that the host's guard can be tested here.
        """
        self.stale_hello = self._logic.hello_frame() if stale_hello else None
        seat = self._logic.seat
        self.security.close_window()  # a restart ends the window; the bonds stay
        self._logic = self._logic_factory(self._new_epoch(), self.reader_id, seat, self._battery)
        self.epochs.append(self._logic.epoch)
        self.card = None
        self.led = LED_OFF
        self._feedback_seen = None
        self.announce(f"rebooted, epoch {self._logic.epoch:08X}")
        if self._front is not None:
            await self._front.restart()
        return self._logic.epoch

    async def out_of_range(self, seconds: float | None = None) -> None:
        """Go out of range: stop advertising and drop the link, for `seconds`
        (None: until `back_in_range()`). Events meanwhile stay buffered."""
        if seconds is not None and seconds < 0:
            raise ValueError(f"seconds must be >= 0, got {seconds}")
        self.announce(
            "fault: out of range" + (f" for {seconds:g} s" if seconds is not None else "")
        )
        await self.front.away(seconds)

    async def power_cycle(self, seconds: float) -> None:
        """Switched off for `seconds`, then on again: silent and unreachable meanwhile,
        then a fresh boot (a new epoch, unacknowledged events gone, bonds and seat kept).
        Returns at once; the reader comes back by itself. An input meanwhile waits
        for the new boot (`_switched_on`)."""
        if seconds < 0:
            raise ValueError(f"seconds must be >= 0, got {seconds}")
        self.announce(f"fault: switched off for {seconds:g} s")
        self._powered.clear()
        await self.front.away(None)
        loop = asyncio.get_running_loop()

        async def switch_on() -> None:
            try:
                await self.reboot()
                await self.back_in_range()
            finally:
                self._powered.set()

        def start() -> None:
            self._switch_on = None
            self._switching_on = loop.create_task(switch_on(), name=f"{self.name} switch-on")

        if self._switch_on is not None:  # switched off again before it came back
            self._switch_on.cancel()
        self._switch_on = loop.call_later(seconds, start)

    async def back_in_range(self) -> None:
        """Come back in range now: advertise again."""
        self.announce("back in range")
        await self.front.back()

    def set_latency(self, interval_ms: float) -> None:
        """Deliver this reader's traffic on a connection-interval grid (0 = none)."""
        self.front.set_latency(interval_ms)
        self.announce(f"link latency: {interval_ms:g} ms connection interval")

    async def low_battery(self) -> int:
        """The battery runs low: a BATTERY event, and the low-battery flag."""
        self.announce("fault: low battery")
        return await self.report_battery(*_LOW_BATTERY)

    # --- frames ---------------------------------------------------------------------

    async def _emit(self, frames: list[bytes]) -> None:
        async with self._send_lock:
            for frame in frames:
                front = self._front
                if front is None or not front.is_listening:
                    continue  # the event stays buffered; RESUME brings it
                copies = 1
                if self._duplicate_next or self._corrupt_next:
                    if _is_event_frame(frame):
                        if self._corrupt_next:
                            self._corrupt_next = False
                            frame = frame[:-1] + bytes((frame[-1] ^ 0x01,))
                            self.announce("fault: corrupted the next frame")
                        if self._duplicate_next:
                            self._duplicate_next = False
                            copies = 2
                            self.announce("fault: duplicated the next frame")
                for _ in range(copies):
                    await front.send(frame)
                if frame[1:2] == _HELLO_TYPE:
                    self._greeted.set()

    def delay_next_hello(self, seconds: float) -> None:
        """The next HELLO answer goes out `seconds` late, as from a busy reader; the
        commands after it are answered meanwhile, and the late HELLO goes to whatever
        link listens when it is due (maybe the host's next one)."""
        if not seconds >= 0:
            raise ValueError(f"seconds must be >= 0, got {seconds!r}")
        self._hello_delay = seconds

    async def _late(self, frames: list[bytes], seconds: float) -> None:
        await asyncio.sleep(seconds)  # the reader's own slowness, not a synchronisation
        await self._emit(frames)

    async def handle_command(self, frame: bytes) -> None:
        """A front received `frame` from the host: let the logic answer it."""
        frames = self._logic.on_command(frame)
        if self._hello_delay and any(f[1:2] == _HELLO_TYPE for f in frames):
            seconds, self._hello_delay = self._hello_delay, 0.0
            self.announce(f"fault: the HELLO answer goes out {seconds:g} s late")
            self.late_hello = asyncio.get_running_loop().create_task(
                self._late(frames, seconds), name=f"{self.name} late HELLO"
            )
        else:
            await self._emit(frames)
        self._notice_feedback()

    async def handle_serial(self, data: bytes) -> None:
        """A serial front read `data` from the line: the logic unwraps and answers it."""
        await self._emit(self._logic.on_serial(data))
        self._notice_feedback()

    def _notice_feedback(self) -> None:
        feedback = self._logic.feedback
        if feedback is None or feedback is self._feedback_seen:
            return
        self._feedback_seen = feedback
        self.feedback_history.append(feedback)
        if self.security.window_open:  # the pairing signal stays on top
            self._led_behind_pairing = LedState(feedback.color, feedback.pattern)
        else:
            self.led = LedState(feedback.color, feedback.pattern)
        if feedback.buzzer is not Buzzer.NONE:
            self.buzzer = feedback.buzzer
        sound = "" if feedback.buzzer is Buzzer.NONE else f", {feedback.buzzer.name.lower()}"
        self.announce(f"LED {self.led}{sound}")
        self._feedback_changed.set()

    async def wait_feedback(self, count: int, timeout: float = 2.0) -> Feedback:
        """Wait until `count` FEEDBACKs have arrived; return the `count`-th.

        Raises:
            TimeoutError: fewer arrived within `timeout` seconds.
        """
        async with asyncio.timeout(timeout):
            while len(self.feedback_history) < count:
                self._feedback_changed.clear()
                await self._feedback_changed.wait()
        return self.feedback_history[count - 1]

    def __repr__(self) -> str:
        return f"<SimulatedReader {self.name} seat={self.seat} epoch={self.epoch:08X}>"


def _is_event_frame(frame: bytes) -> bool:
    try:
        return is_reader_event(decode(frame))
    except FrameError:
        return False
