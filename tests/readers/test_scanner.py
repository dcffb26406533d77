"""Serial-mode barcode scanners through the hub: `ScannerSource` over a real pty.

The scanner itself is `hardware.sim.scanner.SimulatedScanner`, which writes lines to
the master end of a pseudo-terminal; pyserial, the tty and the hub are real. The
hub must not be able to tell the scanner from one of our readers: a HELLO, numbered
inputs delivered once, replay after a link loss."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.readers import (
    HubOptions,
    ReaderConnected,
    ReaderDisconnected,
    ReaderHub,
    open_reader,
)
from companion.readers.adapter import MisreadKind, adapted_reader_id
from companion.readers.scanner import MAX_LINE, ScannerSource
from firmware_protocol import Card, CardKind, Error
from firmware_protocol.fields import ErrorCode
from hardware.sim.scanner import SimulatedScanner
from tests.readers.helpers import Seen, take_inputs, take_until

FAST = HubOptions(retry_initial=0.02, retry_max=0.1)


def _codes(seen: Seen) -> list[str | None]:
    return [e.event.text if isinstance(e.event, Card) else None for e in seen.inputs]


async def test_codes_arrive_numbered_once_and_in_order(tmp_path: Path) -> None:
    """Each scanned line is one CARD TEXT input, numbered 0, 1, 2 on arrival, from a
    reader whose id depends only on the port; CR, LF and CR LF all end a line."""
    path = tmp_path / "scanner"
    with SimulatedScanner(path) as scanner:
        async with ReaderHub(ScannerSource(str(path)), FAST) as hub:
            connected = await take_until(hub, ReaderConnected)
            scanner.scan("SG:A01")
            scanner.send(b"SG:B02\n")
            scanner.send(b"SG:C03\r\n")
            seen = await take_inputs(hub, 3, ack=True)
    assert _codes(seen) == ["SG:A01", "SG:B02", "SG:C03"]
    assert seen.seqs() == [0, 1, 2]
    reader_id = adapted_reader_id("scanner", str(path))
    assert {i.reader_id for i in seen.inputs} == {reader_id}
    (hello,) = connected.of(ReaderConnected)
    assert hello.reader_id == reader_id and hello.address == str(path)


async def test_garbage_is_reported_and_the_next_code_still_reads(tmp_path: Path) -> None:
    """A binary blob and an overlong line each become one ERROR(HARDWARE_FAULT) input
    whose detail says which misread; the code after them reads as usual."""
    path = tmp_path / "scanner"
    with SimulatedScanner(path) as scanner:
        async with ReaderHub(ScannerSource(str(path)), FAST) as hub:
            await take_until(hub, ReaderConnected)
            scanner.send(b"\xff\x00\xfe\x01\r")
            scanner.send(b"X" * (MAX_LINE + 100) + b"\r")
            scanner.send(b"SG:LONGER-THAN-13\r")
            scanner.scan("SG:A01")
            seen = await take_inputs(hub, 4, ack=True)
    errors = [i.event for i in seen.inputs[:3]]
    assert all(isinstance(e, Error) and e.code is ErrorCode.HARDWARE_FAULT for e in errors)
    assert [e.detail for e in errors] == [  # type: ignore[attr-defined]
        MisreadKind.NOT_TEXT,
        MisreadKind.TOO_LONG,
        MisreadKind.TOO_LONG,
    ]
    assert _codes(seen)[3] == "SG:A01"


async def test_a_scanner_that_goes_away_is_picked_up_again(tmp_path: Path) -> None:
    """Unplugged: the hub reports the reader disconnected; plugged back in behind the
    same path: connected again, and numbering goes on where it was, nothing doubled
    (the inputs before were never acknowledged, so the adapter still held them)."""
    path = tmp_path / "scanner"
    with SimulatedScanner(path) as scanner:
        async with ReaderHub(ScannerSource(str(path)), FAST) as hub:
            seen = await take_until(hub, ReaderConnected)
            scanner.scan("SG:A01")
            scanner.scan("SG:B02")
            seen = await take_inputs(hub, 2, seen)
            scanner.unplug()
            seen = await take_until(hub, ReaderDisconnected, seen)
            scanner.plug()
            seen = await take_until(hub, ReaderConnected, seen, count=2)
            scanner.scan("SG:C03")
            seen = await take_inputs(hub, 1, seen, ack=True)
            status = hub.status()
    assert _codes(seen) == ["SG:A01", "SG:B02", "SG:C03"]
    assert seen.seqs() == [0, 1, 2]
    assert status[0].connected


async def test_the_same_code_within_the_window_counts_once(tmp_path: Path) -> None:
    """With a duplicate window the scanner's own repeat of a code is dropped; another
    code in between, or the window set to 0, lets the same code through again."""
    path = tmp_path / "scanner"
    with SimulatedScanner(path) as scanner:
        async with ReaderHub(ScannerSource(str(path), duplicate_window=30.0), FAST) as hub:
            await take_until(hub, ReaderConnected)
            for code in ("SG:A01", "SG:A01", "SG:B02", "SG:A01", "SG:A01"):
                scanner.scan(code)
            scanner.scan("END")
            seen = await take_inputs(hub, 4, ack=True)
        assert _codes(seen) == ["SG:A01", "SG:B02", "SG:A01", "END"]
        async with ReaderHub(ScannerSource(str(path)), FAST) as hub:
            await take_until(hub, ReaderConnected)
            scanner.scan("SG:A01")
            scanner.scan("SG:A01")
            seen = await take_inputs(hub, 2, ack=True)
        assert _codes(seen) == ["SG:A01", "SG:A01"]


def test_the_scanner_spec_takes_a_seat() -> None:
    """`scanner:PORT@N` binds the scanner to seat N (its HELLO says so); a bad seat
    is refused naming the rule."""
    source = open_reader("scanner:/dev/ttyACM0@3")
    assert isinstance(source, ScannerSource)
    (reader,) = source.readers
    assert reader.address == "/dev/ttyACM0" and reader.session.seat == 3
    assert open_reader("scanner:/dev/ttyACM0").readers[0].session.seat == 0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="1 to 10"):
        open_reader("scanner:/dev/ttyACM0@11")


def test_card_kind_of_a_scanned_code_is_text() -> None:
    """A scanned line is a printed label's code (TEXT), never an NFC record."""
    from companion.readers.adapter import code_read

    card = code_read(b"SG:A01")
    assert isinstance(card, Card) and card.kind is CardKind.TEXT and card.present


def test_a_misread_is_told_to_the_table_naming_the_reader() -> None:
    """The pump turns a misread (an adapter's ERROR(HARDWARE_FAULT)) into a notice that
    names the reader and says what was wrong; other inputs give none."""
    from companion.game.pump import misread_notice
    from companion.readers import ReaderInput

    misread = ReaderInput(
        0xAD000001, 3, Error(ErrorCode.HARDWARE_FAULT, MisreadKind.TOO_LONG), 1, 0
    )
    assert misread_notice(misread) == (
        "reader 3 read a code longer than any label's: ignored, scan again"
    )
    card = ReaderInput(0xAD000001, 3, Card(True, CardKind.TEXT, b"S0DX"), 1, 1)
    assert misread_notice(card) is None
