"""ReaderCore: the whole reader-side protocol state machine, bytes in and bytes out.

See the package docstring (``readercore/__init__.py``) for the interface. Every public
method that can produce frames returns them as a list of ``bytes``, each one frame to
notify (BLE) or to COBS-wrap (serial), in order. Bad arguments raise ``ValueError``
before anything changes; a bad frame from the host is answered with an ERROR event.

The pairing window (SPEC.md 12) is core logic too, so that it is tested like the rest:
OK held ``pairing_hold_ms`` opens it for ``pairing_window_ms`` (no BUTTON is sent for
the hold); the glue asks ``pairing_allowed`` before it lets a new bond be stored, and
calls ``bonded()`` when one was, which closes the window. ``tick`` closes it when the
time is up, and a reboot (a new core) starts with it closed.
"""

from . import frames as F
from .cobs import Deframer
from .inputs import HOLD, LONG, Buttons, CardPresence
from .ring import EventRing

MIN_CAPACITY = 64


def new_epoch(random_u32) -> int:
    """Draw the boot epoch: a random non-zero u32 from ``random_u32()`` (SPEC.md 4).

    The random source is passed in so that the same code runs on a board
    (``lambda: random.getrandbits(32)`` seeded from ``os.urandom``) and in tests.

    >>> new_epoch(iter([0, 0x1234]).__next__)
    4660
    """
    while True:
        epoch = random_u32() & 0xFFFFFFFF
        if epoch:
            return epoch


def _u8(name: str, value: int, top: int = 0xFF) -> int:
    if not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"{name} must be 0..{top}, got {value!r}")
    return value


class ReaderCore:
    """One reader's protocol state: epoch, sequence numbers, unacked events, inputs, LED."""

    def __init__(
        self,
        epoch: int,
        reader_id: int,
        seat: int = 0,
        capacity: int = 64,
        debounce_ms: int = 30,
        long_press_ms: int = 800,
        card_quiet_ms: int = 600,
        low_battery_percent: int = 15,
        pairing_hold_ms: int = 3000,
        pairing_window_ms: int = 60000,
    ) -> None:
        if not isinstance(epoch, int) or not 0 < epoch <= 0xFFFFFFFF:
            raise ValueError("epoch must be a non-zero u32")
        if not isinstance(reader_id, int) or not 0 <= reader_id <= 0xFFFFFFFF:
            raise ValueError("reader_id must be a u32")
        _u8("seat", seat, F.MAX_SEAT)
        if not isinstance(capacity, int) or not MIN_CAPACITY <= capacity <= 4096:
            raise ValueError(f"capacity must be {MIN_CAPACITY}..4096")
        _u8("low_battery_percent", low_battery_percent, 100)
        if not isinstance(pairing_window_ms, int) or pairing_window_ms <= 0:
            raise ValueError("pairing_window_ms must be a positive int")
        self.epoch = epoch
        self.reader_id = reader_id
        self.seat = seat
        self.last_seq = 0xFFFF  # so the first event has seq 0
        self.battery_percent = F.BATTERY_UNKNOWN
        self.millivolts = 0
        self.low_battery_percent = low_battery_percent
        self.charging = False
        self.pairing_window_ms = pairing_window_ms
        self._pairing = False  # the window is open ...
        self._pairing_until: int | None = None  # ... until then (ms); None: until closed
        self.errors_received = 0  # bad command frames answered with ERROR
        self._ring = EventRing(capacity, 0)
        self._buttons = Buttons(debounce_ms, long_press_ms, F.BUTTON_OK, pairing_hold_ms)
        self._cards = CardPresence(card_quiet_ms)
        self._now = 0  # the latest time passed in
        self._led = (F.COLOR_OFF, F.PATTERN_SOLID, None)  # set by FEEDBACK
        self._identify_until = None
        self._buzzer = (F.BUZZ_NONE, 0)
        self._deframer: Deframer | None = None  # made on the first on_serial call

    # -- state the glue reads -------------------------------------------------------

    @property
    def pending(self) -> int:
        """Events sent but not yet acknowledged (buffered for RESUME)."""
        return self._ring.count

    @property
    def dropped(self) -> int:
        """Events pushed out of the full buffer before they were acknowledged."""
        return self._ring.dropped

    @property
    def capacity(self) -> int:
        """How many unacknowledged events the buffer keeps."""
        return self._ring.capacity

    @property
    def card(self) -> tuple | None:
        """``(kind, data)`` of the card on the reader, or None."""
        return self._cards.card

    @property
    def pairing_allowed(self) -> bool:
        """The pairing window is open: the glue may let a new bond be made."""
        if not self._pairing:
            return False
        return self._pairing_until is None or self._now < self._pairing_until

    @property
    def pairing(self) -> bool:
        """The same as ``pairing_allowed``; setting it opens the window with no deadline
        (True) or closes it (False), for a glue that times the window itself (the
        simulator's security module)."""
        return self.pairing_allowed

    @pairing.setter
    def pairing(self, is_open: bool) -> None:
        self._pairing = bool(is_open)
        self._pairing_until = None

    def open_pairing(self, now_ms: int | None = None) -> None:
        """Open the pairing window for ``pairing_window_ms`` from ``now_ms`` (again: the
        clock restarts). The OK hold does this; a glue may also call it."""
        now = self._time(now_ms)
        self._pairing = True
        self._pairing_until = now + self.pairing_window_ms

    def bonded(self) -> None:
        """A host bonded with the reader: the window closes (one bond per window)."""
        self.close_pairing()

    def close_pairing(self) -> None:
        """Close the pairing window (nothing happens if it is closed)."""
        self._pairing = False
        self._pairing_until = None

    @property
    def flags(self) -> int:
        """HELLO/STATUS flags: card present, charging, low battery, pairing window."""
        flags = 0
        if self._cards.card is not None:
            flags |= F.FLAG_CARD
        if self.charging:
            flags |= F.FLAG_CHARGING
        if self.battery_percent <= self.low_battery_percent:
            flags |= F.FLAG_LOW_BATTERY
        if self.pairing_allowed:
            flags |= F.FLAG_PAIRING
        return flags

    @property
    def led(self) -> tuple:
        """``(color, pattern, until_ms)`` to show now; ``until_ms`` None = no end.

        IDENTIFY (white blink) shows over the last FEEDBACK, which comes back when it
        ends unless its own duration ran out meanwhile. The pairing window's white
        double blink shows over both (it is the reader's own signal, not the host's).
        "Now" is the latest time passed to any method.
        """
        now = self._now
        if self.pairing_allowed:
            return (F.COLOR_WHITE, F.PATTERN_DOUBLE_BLINK, self._pairing_until)
        if self._identify_until is not None and now < self._identify_until:
            return (F.COLOR_WHITE, F.PATTERN_BLINK, self._identify_until)
        until = self._led[2]
        if until is not None and now >= until:
            return (F.COLOR_OFF, F.PATTERN_SOLID, None)
        return self._led

    @property
    def buzzer(self) -> tuple:
        """``(sound, at_ms)``: the last sound asked for and when; play it once per change."""
        return self._buzzer

    # -- frames the reader sends without a sequence number ---------------------------

    def hello_frame(self) -> bytes:
        """HELLO, the answer to HELLO_REQUEST: who this reader is and its last seq."""
        return F.encode_frame(F.HELLO, self.last_seq, self._hello_payload())

    def status_frame(self) -> bytes:
        """STATUS, the value of a read of the ``event`` characteristic."""
        return F.encode_frame(F.STATUS, self.last_seq, self._hello_payload())

    def info_record(self, firmware: tuple = (0, 1, 0), capabilities: int = 0x75) -> bytes:
        """The ``info`` characteristic (default capabilities: NFC, buttons, LED, buzzer,
        battery)."""
        return F.info_record(self.reader_id, self.seat, firmware, capabilities)

    def _hello_payload(self) -> bytes:
        return F.hello_payload(
            self.epoch, self.last_seq, self.seat, self.battery_percent, self.flags, self.reader_id
        )

    # -- events ---------------------------------------------------------------------

    def _event(self, msg_type: int, payload: bytes) -> bytes:
        seq = (self.last_seq + 1) & 0xFFFF
        frame = F.encode_frame(msg_type, seq, payload)
        self._ring.push(seq, frame)
        self.last_seq = seq
        return frame

    def _time(self, now_ms: int | None) -> int:
        if now_ms is None:
            return self._now
        if not isinstance(now_ms, int):
            raise ValueError("now_ms must be an int")
        if now_ms > self._now:
            self._now = now_ms
        return now_ms

    def _card_frames(self, changes: list) -> list[bytes]:
        return [
            self._event(F.CARD, F.card_payload(present, kind, data))
            for present, kind, data in changes
        ]

    def card_seen(self, kind: int, data: bytes | str, now_ms: int) -> list[bytes]:
        """The NFC/QR reader read a card now; CARD events for what changed.

        Raises:
            ValueError: ``data`` does not fit ``kind`` (SPEC.md 3: text 1..13 UTF-8
                bytes, a UID of 4, 7 or 10 bytes).
        """
        if isinstance(data, str):
            data = data.encode("utf-8")
        data = bytes(data)
        F.check_card(kind, data)
        now = self._time(now_ms)
        return self._card_frames(self._cards.seen(kind, data, now))

    def button_down(self, button: int, now_ms: int) -> None:
        """A raw press edge of button 1 (OK), 2 (NO) or 3 (UNDO); bounces welcome."""
        self._buttons.down(button, self._time(now_ms))

    def button_up(self, button: int, now_ms: int) -> list[bytes]:
        """A raw release edge; the BUTTON event of the press it ends, if any."""
        now = self._time(now_ms)
        return self._press_frames(self._buttons.up(button, now), now)

    def _press_frames(self, presses: list, now: int) -> list[bytes]:
        out = []
        for b, kind in presses:
            if kind == HOLD:
                self.open_pairing(now)  # a gesture: no BUTTON event
            else:
                out.append(self._event(F.BUTTON, F.button_payload(b, kind == LONG)))
        return out

    def tick(self, now_ms: int) -> list[bytes]:
        """Time passed: card removed after the quiet time, long presses, the OK hold
        (the pairing window opens), the pairing window's end."""
        now = self._time(now_ms)
        if self._pairing_until is not None and now >= self._pairing_until:
            self.close_pairing()
        out = self._card_frames(self._cards.tick(now))
        return out + self._press_frames(self._buttons.tick(now), now)

    def select(self, seat: int) -> list[bytes]:
        """The seat dial chose ``seat`` (1..10, or 0 for none): a SELECT event.

        This names a target seat; it does not change the reader's own ``seat``.
        """
        _u8("seat", seat, F.MAX_SEAT)
        return [self._event(F.SELECT, F.select_payload(seat))]

    def battery(self, percent: int, millivolts: int) -> list[bytes]:
        """A battery reading; a BATTERY event when the percentage changed."""
        if not isinstance(percent, int) or not 0 <= percent <= 100:
            raise ValueError(f"percent must be 0..100, got {percent!r}")
        if not isinstance(millivolts, int) or not 0 <= millivolts <= 0xFFFF:
            raise ValueError(f"millivolts must be 0..65535, got {millivolts!r}")
        changed = percent != self.battery_percent
        self.battery_percent = percent
        self.millivolts = millivolts
        if not changed:
            return []
        return [self._event(F.BATTERY, F.battery_payload(percent, millivolts))]

    def fault(self, detail: int) -> list[bytes]:
        """A hardware fault (e.g. the NFC chip stopped answering): ERROR code 3."""
        _u8("detail", detail)
        return [self._event(F.ERROR, F.error_payload(F.ERR_HARDWARE, detail))]

    # -- commands from the host -------------------------------------------------------

    def on_command(self, frame: bytes, now_ms: int | None = None) -> list[bytes]:
        """Handle one frame written by the host; return the frames to send back.

        ``now_ms`` times FEEDBACK and IDENTIFY; None means the latest time passed in.
        A damaged frame gives ERROR(1, reason), an unknown type ERROR(2, type).
        """
        now = self._time(now_ms)
        try:
            msg_type, _host_seq, fields = F.decode_command(frame)
        except F.FrameError as exc:
            self.errors_received += 1
            return [self._event(F.ERROR, F.error_payload(exc.kind, exc.detail))]
        if msg_type == F.ACK:
            self._ring.ack(fields[0])
            return []
        if msg_type == F.RESUME:
            return self._resume(fields[0])
        if msg_type == F.FEEDBACK:
            color, pattern, sound, duration = fields
            self._led = (color, pattern, now + duration if duration else None)
            self._identify_until = None
            if sound != F.BUZZ_NONE:
                self._buzzer = (sound, now)
            return []
        if msg_type == F.SET_SEAT:
            self.seat = fields[0]
            return []
        if msg_type == F.IDENTIFY:
            seconds = fields[0]
            self._identify_until = now + 1000 * seconds if seconds else None
            return []
        return [self.hello_frame()]  # HELLO_REQUEST

    def on_serial(self, data: bytes, now_ms: int | None = None) -> list[bytes]:
        """Handle bytes read from a serial line (SPEC.md 6); return the frames to send.

        Each piece between ``0x00`` delimiters is COBS-decoded and handled as by
        ``on_command``; a piece that is not valid COBS or is over 512 bytes is a bad
        command frame too (ERROR(1, 7) or ERROR(1, 8)). The caller writes each
        returned frame as ``serial_wrap(frame)``.
        """
        if self._deframer is None:
            self._deframer = Deframer()
        out = []
        for item in self._deframer.feed(data):
            if isinstance(item, int):
                self.errors_received += 1
                out.append(self._event(F.ERROR, F.error_payload(F.ERR_BAD_FRAME, item)))
            else:
                out.extend(self.on_command(item, now_ms))
        return out

    def _resume(self, from_seq: int) -> list[bytes]:
        lost, frames = self._ring.frames_from(from_seq)
        if lost:
            frames.insert(0, F.lost_frame(from_seq, lost))
        return frames
