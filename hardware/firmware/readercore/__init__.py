"""readercore: the card reader's protocol logic, portable to MicroPython.

The same source runs unchanged on CPython 3.11 and on MicroPython 1.27 (no typing
module, dataclasses, enum or f-strings; annotations are never evaluated by MicroPython).
It does no I/O and reads no clock: the device glue (``hardware/firmware/device/``)
passes in time, card reads and button edges, and sends the frames it gets back. It is a
separate implementation of SPEC.md (``firmware_protocol/SPEC.md``) from the host's
``firmware_protocol`` package: the shared test vectors are the contract between them.

Interface (bytes in, bytes out; every list is frames to send, in order)::

    core = ReaderCore(epoch, reader_id, seat=0, capacity=64,
                      debounce_ms=30, long_press_ms=800, card_quiet_ms=600,
                      low_battery_percent=15, pairing_hold_ms=3000,
                      pairing_window_ms=60000)
    core.card_seen(kind, data, now_ms) -> list[bytes]   # KIND_TEXT/NDEF/UID; CARD events
    core.tick(now_ms) -> list[bytes]                    # card removed, long press, hold
    core.button_down(button, now_ms) -> None            # raw edges, 1 OK, 2 NO, 3 UNDO
    core.button_up(button, now_ms) -> list[bytes]       # BUTTON short (or late long)
    core.select(seat) -> list[bytes]                    # SELECT event (the seat dial)
    core.battery(percent, millivolts) -> list[bytes]    # BATTERY event when % changed
    core.fault(detail) -> list[bytes]                   # ERROR(3, detail)
    core.on_command(frame, now_ms=None) -> list[bytes]  # ACK, RESUME, FEEDBACK, ...
    core.on_serial(data, now_ms=None) -> list[bytes]    # serial bytes in: COBS pieces
    core.hello_frame() -> bytes;  core.status_frame() -> bytes;  core.info_record()
    core.epoch, core.last_seq, core.seat, core.pending, core.dropped, core.card
    core.led     -> (color, pattern, until_ms or None)  # what the LED shows now
    core.buzzer  -> (sound, at_ms)                       # play once when it changes
    core.charging                                        # a flag the glue sets
    core.pairing_allowed                                 # the pairing window is open
    core.bonded(); core.open_pairing(now_ms); core.close_pairing()

OK held ``pairing_hold_ms`` opens the pairing window (SPEC.md 12) for
``pairing_window_ms``, with no BUTTON event; OK's long press is therefore reported on
release. While the window is open, HELLO/STATUS flags bit 3 is set and ``led`` is
white double blink; ``bonded()``, the time running out (``tick``) or a reboot closes it.

``new_epoch(random_u32)`` draws the boot epoch from a random source passed in. Events
(CARD, BUTTON, SELECT, BATTERY, ERROR) take consecutive seqs from 0 and stay in a ring
buffer until ACKed; RESUME resends them, after a LOST for any that are gone. For a
serial reader, ``on_serial`` takes the bytes read and ``serial_wrap(frame)`` gives the
bytes to write. ``advertisement(default_name(reader_id))`` is the BLE advertising data.

Helpers for the device glue, pure logic as well: ``ndef`` (the text of an NFC tag's
NDEF text record), ``pn532`` (PN532 command and answer frames), ``render`` (LED colour
and pattern at a time, buzzer tones) and ``power`` (battery percentage from voltage).
"""

from . import ndef, pn532, power, render
from .cobs import CobsError, Deframer, cobs_decode, cobs_encode, serial_wrap
from .core import ReaderCore, new_epoch
from .crc16 import crc16
from .frames import (
    BUTTON_NO,
    BUTTON_OK,
    BUTTON_UNDO,
    KIND_NDEF,
    KIND_TEXT,
    KIND_UID,
    FrameError,
    decode_command,
    decode_frame,
    encode_frame,
)
from .profile import advertisement, default_name
from .ring import EventRing

__all__ = [
    "BUTTON_NO",
    "BUTTON_OK",
    "BUTTON_UNDO",
    "KIND_NDEF",
    "KIND_TEXT",
    "KIND_UID",
    "CobsError",
    "Deframer",
    "EventRing",
    "FrameError",
    "ReaderCore",
    "advertisement",
    "cobs_decode",
    "cobs_encode",
    "crc16",
    "decode_command",
    "decode_frame",
    "default_name",
    "encode_frame",
    "ndef",
    "new_epoch",
    "pn532",
    "power",
    "render",
    "serial_wrap",
]
