"""`ReaderLogic` on the portable firmware core (`hardware/firmware/readercore`).

The firmware core is what runs on the real reader (MicroPython): it takes raw
observations (a tag seen by the NFC poll, button edges) and the time, and decides
the events itself: a card stays "present" while the poll keeps seeing it and is
reported removed after a quiet time; a button press is debounced, and is long once
held long enough. This adapter plays the device glue's part on a virtual
millisecond clock, so a simulated `scan` is a tag held on the reader (seen by each
poll until `remove`) and a `press` is a pair of clean edges. Replacing
`SessionLogic` with this one changes nothing for the fronts or the host.
"""

from __future__ import annotations

from firmware_protocol import (
    ButtonId,
    CardKind,
    Feedback,
    FrameError,
    Identify,
    decode,
)
from hardware.firmware.readercore import Deframer, ReaderCore
from hardware.sim.logic import FIRMWARE_VERSION

__all__ = ["FirmwareLogic"]

_CAPABILITIES = 0x7F  # NFC, QR, buttons, select dial, LED, buzzer, battery
_STEP_MS = 100  # virtual time between two inputs: past the debounce, within the quiet time
_QUIET_MS = 600  # a card not seen for this long has been lifted
_LONG_PRESS_MS = 800


class FirmwareLogic:
    """`ReaderLogic` driving `readercore.ReaderCore` through its device-glue interface."""

    def __init__(
        self, epoch: int, reader_id: int, seat: int = 0, battery: int = 100, capacity: int = 64
    ) -> None:
        self._core = ReaderCore(
            epoch,
            reader_id,
            seat=seat,
            capacity=capacity,
            card_quiet_ms=_QUIET_MS,
            long_press_ms=_LONG_PRESS_MS,
        )
        self._deframer = Deframer()
        self._core.battery_percent = battery
        self._now = 0
        self._card: tuple[int, bytes] | None = None
        self.feedback: Feedback | None = None
        self.identify: Identify | None = None

    @property
    def core(self) -> ReaderCore:
        return self._core

    @property
    def epoch(self) -> int:
        return self._core.epoch

    @property
    def last_seq(self) -> int:
        return self._core.last_seq

    @property
    def seat(self) -> int:
        return self._core.seat

    @property
    def pending(self) -> int:
        return self._core.pending

    def _advance(self, ms: int = _STEP_MS) -> list[bytes]:
        """Let time pass in poll-sized steps; the NFC poll keeps seeing a card that was
        not lifted, and the core's timers (quiet card, long press) run."""
        frames: list[bytes] = []
        end = self._now + ms
        while self._now < end:
            self._now = min(end, self._now + _STEP_MS)
            if self._card is not None:
                frames += self._core.card_seen(self._card[0], self._card[1], self._now)
            frames += self._core.tick(self._now)
        return frames

    def card(self, present: bool, kind: CardKind, data: bytes) -> list[bytes]:
        frames = self._advance()
        if not present:
            self._card = None
            return frames + self._advance(_QUIET_MS + 1)
        if self._card is not None:
            # A new read of a card while one is held: the old one was lifted first.
            self._card = None
            frames += self._advance(_QUIET_MS + 1)
        self._card = (int(kind), bytes(data))
        return frames + self._core.card_seen(int(kind), bytes(data), self._now)

    def button(self, button: ButtonId, long: bool) -> list[bytes]:
        frames = self._advance()
        self._core.button_down(int(button), self._now)
        if long:
            frames += self._advance(_LONG_PRESS_MS)
        else:
            frames += self._advance()
        return frames + self._core.button_up(int(button), self._now)

    def select(self, seat: int) -> list[bytes]:
        return self._advance() + self._core.select(seat)

    def battery(self, percent: int, millivolts: int) -> list[bytes]:
        return self._advance() + self._core.battery(percent, millivolts)

    def _note_command(self, frame: bytes) -> None:
        try:
            message = decode(frame)
        except FrameError:
            return
        if isinstance(message, Feedback):
            self.feedback = message
        elif isinstance(message, Identify):
            self.identify = message

    def on_command(self, frame: bytes) -> list[bytes]:
        self._note_command(frame)
        return self._core.on_command(frame, self._now)

    def set_pairing(self, is_open: bool) -> None:
        self._core.pairing = is_open

    def on_serial(self, data: bytes) -> list[bytes]:
        # The core unwraps the pieces itself; a copy of the unwrapping shows us the
        # commands (for the LED history), the way a logic analyser on the line would.
        for piece in self._deframer.feed(data):
            if isinstance(piece, bytes):
                self._note_command(piece)
        return self._core.on_serial(data, self._now)

    def hello_frame(self) -> bytes:
        return self._core.hello_frame()

    def status_frame(self) -> bytes:
        return self._core.status_frame()

    def info_record(self) -> bytes:
        return self._core.info_record(FIRMWARE_VERSION, _CAPABILITIES)
