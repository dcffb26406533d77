"""Keyboard-mode barcode scanners: the key-code decoder and the grab logic.

This machine has no /dev/input and no /dev/uinput, so the kernel's input device is
stood in for by `_KernelStandIn`: a pipe whose read end is the device's fd (the
event loop waits on it for real) and a queue of the (type, code, value) events the
kernel would deliver, plus `grab`/`ungrab` bookkeeping. The sequences are what a
scanner's key codes look like to evdev; the Datalogic one is the published evtest
record of a real Gryphon GFS4400 in Alt mode (see its test). Everything above the
device (decoder, `HidDevice`, adapter, hub) is the real code.
"""

from __future__ import annotations

import errno
import os
from collections import deque
from pathlib import Path
from typing import NamedTuple

import pytest

from companion.readers import HubOptions, ReaderConnected, ReaderDisconnected, ReaderHub
from companion.readers.adapter import Misread, MisreadKind
from companion.readers.base import ReaderUnavailable
from companion.readers.hid import HidDevice, HidSource, KeyDecoder
from companion.readers.spec import open_reader
from firmware_protocol import Card
from tests.readers.helpers import take_inputs, take_until

FAST = HubOptions(retry_initial=0.02, retry_max=0.1)
SYN, KEY, MSC = 0, 1, 4
DOWN, UP = 1, 0


class _Event(NamedTuple):
    type: int
    code: int
    value: int


def _keys(*codes: int) -> list[_Event]:
    """What the kernel reports for keys pressed and released one after another:
    MSC_SCAN, the key event and SYN_REPORT for each edge, as evtest shows."""
    out: list[_Event] = []
    for code in codes:
        for value in (DOWN, UP):
            out += [_Event(MSC, 4, 0x70000 + code), _Event(KEY, code, value), _Event(SYN, 0, 0)]
    return out


def _shifted(code: int) -> list[_Event]:
    return [_Event(KEY, 42, DOWN), *_keys(code), _Event(KEY, 42, UP)]


def _alt(*keypad: int) -> list[_Event]:
    return [_Event(KEY, 56, DOWN), *_keys(*keypad), _Event(KEY, 56, UP)]


KP = {"0": 82, "1": 79, "2": 80, "3": 81, "4": 75, "5": 76, "6": 77, "7": 71, "8": 72, "9": 73}
ENTER = _keys(28)
# "S0DX" as a scanner in its default US-keyboard mode types it: shift for capitals.
S0DX = _shifted(31) + _keys(11) + _shifted(32) + _shifted(45) + ENTER


def _decode(events: list[_Event]) -> list[bytes | Misread]:
    decoder = KeyDecoder()
    out = []
    for event in events:
        line = decoder.feed(*event)
        if line is not None:
            out.append(line)
    return out


def test_a_us_mode_scanner_types_the_code() -> None:
    """Shifted letters, digits and Enter give the code; MSC and SYN events and key
    releases give nothing. The host's layout is never consulted: key codes are
    position codes, so AZERTY, QWERTZ or Czech hosts decode the same bytes."""
    assert _decode(S0DX) == [b"S0DX"]
    assert _decode(S0DX + _keys(46, 2, 57) + _shifted(2) + _keys(96)) == [b"S0DX", b"c1 !"]


def test_a_datalogic_in_alt_mode_types_decimal_codes() -> None:
    """A Datalogic Gryphon GFS4400 (evtest record published with python-evdev
    questions: NUMLOCK, then per character LEFTALT held over keypad 0, 5, 2 for "4",
    0, 5, 6 for "8"...) types "4878" then Enter."""
    events = _keys(69)  # KEY_NUMLOCK, as it sends first
    for char in "4878":
        events += _alt(*(KP[d] for d in f"{ord(char):03d}"))
    assert _decode(events + _keys(96)) == [b"4878"]


def test_autorepeat_and_an_overlong_line() -> None:
    """The kernel's autorepeat (value 2) adds nothing; a line longer than any code
    is one misread, and the line after it reads."""
    repeat = [_Event(KEY, 31, DOWN), _Event(KEY, 31, 2), _Event(KEY, 31, 2), _Event(KEY, 31, UP)]
    assert _decode(repeat + ENTER) == [b"s"]
    (long, after) = _decode(_keys(*([30] * 600)) + ENTER + S0DX)
    assert isinstance(long, Misread) and long.kind is MisreadKind.TOO_LONG
    assert after == b"S0DX"


class _KernelStandIn:
    """Stands in for the kernel's evdev device: a real fd to wait on, events to read."""

    def __init__(self, *, busy: bool = False) -> None:
        self.read_end, self.write_end = os.pipe()
        os.set_blocking(self.read_end, False)
        self.fd = self.read_end
        self.pending: deque[_Event] = deque()
        self.grabbed = False
        self.closed = False
        self.busy = busy
        self.gone = False

    def grab(self) -> None:
        if self.busy:
            raise OSError(errno.EBUSY, "Device or resource busy")
        self.grabbed = True

    def ungrab(self) -> None:
        self.grabbed = False

    def close(self) -> None:
        self.closed = True

    def deliver(self, events: list[_Event]) -> None:
        self.pending.extend(events)
        os.write(self.write_end, b"!")

    def unplug(self) -> None:
        self.gone = True
        os.write(self.write_end, b"!")

    def read(self) -> list[_Event]:
        try:
            os.read(self.read_end, 4096)
        except BlockingIOError:
            pass
        if self.gone:
            raise OSError(errno.ENODEV, "No such device")
        if not self.pending:
            raise BlockingIOError
        events, self.pending = list(self.pending), deque()
        return events


async def test_the_scanner_is_grabbed_read_released_when_unplugged_and_found_again(
    tmp_path: Path,
) -> None:
    """Through the hub: the device is grabbed while used (its keys reach no other
    window), each code is one input; unplugged, it is reported and let go; plugged in
    again (a new device node behind the same link), it is grabbed and read again."""
    node = tmp_path / "usb-Netum_Barcode_Scanner-event-kbd"
    node.touch()
    kernels = [_KernelStandIn(), _KernelStandIn()]
    opened = iter(kernels)
    source = HidSource(str(node), opener=lambda _path: next(opened))
    async with ReaderHub(source, FAST) as hub:
        seen = await take_until(hub, ReaderConnected)
        first, second = kernels
        assert first.grabbed
        first.deliver(S0DX + _shifted(31) + _keys(2) + ENTER)
        seen = await take_inputs(hub, 2, seen, ack=True)
        node.unlink()
        first.unplug()
        seen = await take_until(hub, ReaderDisconnected, seen)
        assert not first.grabbed and first.closed
        node.touch()
        seen = await take_until(hub, ReaderConnected, seen, count=2, timeout=10.0)
        assert second.grabbed
        second.deliver(_shifted(45) + ENTER)
        seen = await take_inputs(hub, 1, seen, ack=True)
    texts = [i.event.text for i in seen.inputs if isinstance(i.event, Card)]
    assert texts == ["S0DX", "S1", "X"] and seen.seqs() == [0, 1, 2]
    assert not second.grabbed


async def test_a_device_another_program_holds_is_refused_saying_so() -> None:
    """A grab that fails (EBUSY) opens nothing and says another program holds it."""
    kernel = _KernelStandIn(busy=True)
    device = HidDevice("/dev/input/by-id/x-event-kbd", opener=lambda _path: kernel)
    with pytest.raises(ReaderUnavailable, match="another program holds it"):
        await device.open(lambda _read: None, lambda: None)
    assert kernel.closed


def test_hid_specs_and_finding_scanners(tmp_path: Path) -> None:
    """`hid:PATH@N` is one device at seat N; `hid` alone finds the keyboards whose
    by-id name says scanner, not the others."""
    source = open_reader("hid:/dev/input/by-id/usb-X-event-kbd@2")
    assert isinstance(source, HidSource)
    assert source.found() == ["/dev/input/by-id/usb-X-event-kbd"]
    for name in ("usb-Honeywell_Imaging_1900-event-kbd", "usb-Logitech_Keyboard-event-kbd"):
        (tmp_path / name).touch()
    assert HidSource(by_id=tmp_path).found() == [
        str(tmp_path / "usb-Honeywell_Imaging_1900-event-kbd")
    ]
