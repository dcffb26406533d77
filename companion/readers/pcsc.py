"""PC/SC NFC readers (ACR122U, ACR1252U, any CCID contactless reader) through pyscard.

`--reader pcsc` uses every PC/SC reader pcscd lists, `--reader pcsc:NAME` those whose
name contains NAME. Each reader is a `CodeDevice` (see `adapter.py`): a thread waits
for card changes with `SCardGetStatusChange` (so a tag already on the reader at start
is seen too: pyscard's `CardMonitor` misses it), and for each tag placed reads

- its UID (``FF CA 00 00 00``), which the enrolment registry resolves to a card;
- for an NTAG21x sticker, the NDEF message from page 4 (``FF B0 00 <page> 10``): a
  text record's text is the card's code (CARD NDEF), else the UID is used (CARD UID).

Lifting the tag is a CARD removal repeating what was read. A tag that does not
answer, or whose NDEF cannot be read, is a `Misread` naming the reader. On an ACR122U
the reader's own beep on every tag is turned off (``FF 00 52 00 00``) and its LED
shows the hub's FEEDBACK (green accepted, red refused) while the tag is on it. A
reader unplugged is a lost link, and it is used again when pcscd lists it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from smartcard import scard

from companion.readers.adapter import (
    AdaptedReader,
    CodeDevice,
    Misread,
    MisreadKind,
    ReadHandler,
)
from companion.readers.base import FoundHandler, LostHandler, ReaderSource, ReaderUnavailable
from firmware_protocol import Card, CardKind, Feedback
from firmware_protocol.fields import Color
from firmware_protocol.messages import MAX_TEXT

__all__ = ["PcscDevice", "PcscSource", "list_readers", "parse_ndef_text"]

_log = logging.getLogger(__name__)

_WAIT_MS = 250  # how long one status wait blocks before looking at the stop flag
_POLL_S = 0.5  # how often the list of readers is read
_GET_UID = [0xFF, 0xCA, 0x00, 0x00, 0x00]
_BUZZER_OFF = [0xFF, 0x00, 0x52, 0x00, 0x00]
_UID_LENGTHS = (4, 7, 10)
_MAX_NDEF_PAGES = 60  # enough for a label's short text record; NTAG216 has 231


def _is_acr122(name: str) -> bool:
    """The ACR122U speaks its own pseudo-APDUs (buzzer, LED); other readers do not."""
    return "ACR122" in name.upper()


def _led(color: Color) -> list[int] | None:
    """The ACR122U LED command for a FEEDBACK colour: blink it twice, then off."""
    state = {Color.GREEN: 0xA8, Color.RED: 0x54}.get(color)
    if state is None:
        return None
    # FF 00 40 <state> 04 <on: T1 x 100 ms> <off: T2 x 100 ms> <repeats> <buzzer: none>
    return [0xFF, 0x00, 0x40, state, 0x04, 0x02, 0x01, 0x02, 0x00]


def list_readers() -> list[str]:
    """The names of the PC/SC readers pcscd has now.

    Raises:
        ReaderUnavailable: pcscd cannot be reached (not installed, not running).
    """
    result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
    if result != scard.SCARD_S_SUCCESS:
        raise ReaderUnavailable(
            "pcsc", f"no PC/SC service: {scard.SCardGetErrorMessage(result)} (is pcscd running?)"
        )
    try:
        result, names = scard.SCardListReaders(context, [])
        if result == scard.SCARD_E_NO_READERS_AVAILABLE:
            return []
        if result != scard.SCARD_S_SUCCESS:
            raise ReaderUnavailable("pcsc", scard.SCardGetErrorMessage(result))
        return list(names)
    finally:
        scard.SCardReleaseContext(context)


def parse_ndef_text(memory: bytes) -> str | None:
    """The text of the first NDEF record in an NTAG's user memory (from page 4), if it
    is a text record; None for an empty message or another record type.

    >>> parse_ndef_text(bytes.fromhex("030bd101075402656e53304458fe"))
    'S0DX'

    Raises:
        ValueError: the TLV or the record is damaged (cut short, bad lengths).
    """
    at = 0
    while at < len(memory):
        tag = memory[at]
        if tag == 0x00:  # NULL TLV
            at += 1
            continue
        if tag == 0xFE:
            return None
        if at + 1 >= len(memory):
            raise ValueError("a TLV cut short")
        length, at = memory[at + 1], at + 2
        if length == 0xFF:
            if at + 2 > len(memory):
                raise ValueError("a TLV length cut short")
            length, at = int.from_bytes(memory[at : at + 2], "big"), at + 2
        value = memory[at : at + length]
        if len(value) < length:
            raise ValueError(f"an NDEF message of {length} bytes, only {len(value)} readable")
        if tag == 0x03:
            return _text_record(value) if length else None
        at += length
    raise ValueError("no terminator TLV")


def _text_record(message: bytes) -> str | None:
    if len(message) < 3:
        raise ValueError("an NDEF record cut short")
    header, type_length = message[0], message[1]
    short = bool(header & 0x10)
    has_id = bool(header & 0x08)
    at = 2
    if short:
        payload_length, at = message[at], at + 1
    else:
        payload_length, at = int.from_bytes(message[at : at + 4], "big"), at + 4
    id_length = 0
    if has_id:
        id_length, at = message[at], at + 1
    record_type = message[at : at + type_length]
    at += type_length + id_length
    payload = message[at : at + payload_length]
    if len(payload) < payload_length:
        raise ValueError("an NDEF record's payload cut short")
    if header & 0x07 != 0x01 or record_type != b"T":
        return None  # not a well-known text record (a URI, a MIME record...)
    if not payload:
        raise ValueError("an empty text record")
    status = payload[0]
    text = payload[1 + (status & 0x3F) :]
    return text.decode("utf-16" if status & 0x80 else "utf-8")


class _Tag:
    """A tag on the reader: its connection and what was read from it."""

    def __init__(self, card: int, protocol: int, read: Card | Misread) -> None:
        self.card = card
        self.protocol = protocol
        self.read = read


class PcscDevice(CodeDevice):
    """One PC/SC reader, by its name."""

    kind = "pcsc"

    def __init__(self, reader_name: str) -> None:
        self._name = reader_name
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._context: int | None = None
        self._commands: queue.SimpleQueue[list[int]] = queue.SimpleQueue()
        self.buzzer_silenced = False

    @property
    def address(self) -> str:
        return self._name

    @property
    def name(self) -> str:
        return f"NFC reader {self._name}"

    async def wait_available(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            with contextlib.suppress(ReaderUnavailable):
                if self._name in await loop.run_in_executor(None, list_readers):
                    return
            await asyncio.sleep(_POLL_S)

    async def open(self, on_read: ReadHandler, on_lost: LostHandler) -> None:
        if self._thread is not None and self._thread.is_alive():
            raise ReaderUnavailable(self._name, "already open")
        result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
        if result != scard.SCARD_S_SUCCESS:
            raise ReaderUnavailable(self._name, scard.SCardGetErrorMessage(result))
        self._context = context
        self._stop = threading.Event()
        loop = asyncio.get_running_loop()
        stop = self._stop

        def post(callback: Callable[..., None], *args: Any) -> None:
            if not stop.is_set():
                with contextlib.suppress(RuntimeError):  # the loop is closed
                    loop.call_soon_threadsafe(lambda: None if stop.is_set() else callback(*args))

        self._thread = threading.Thread(
            target=self._watch,
            args=(context, stop, lambda read: post(on_read, read), lambda: post(on_lost)),
            name=f"pcsc {self._name}",
            daemon=True,
        )
        self._thread.start()

    async def close(self) -> None:
        self._stop.set()
        context = self._context
        if context is not None:
            scard.SCardCancel(context)
        thread, self._thread = self._thread, None
        if thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, thread.join, 2.0)

    async def show(self, feedback: Feedback) -> None:
        command = _led(feedback.color) if _is_acr122(self._name) else None
        if command is not None and self._context is not None:
            self._commands.put(command)
            scard.SCardCancel(self._context)  # wakes the watcher, which sends it

    # --- the watching thread ------------------------------------------------------------

    def _watch(
        self,
        context: int,
        stop: threading.Event,
        on_read: Callable[[Card | Misread], None],
        on_lost: Callable[[], None],
    ) -> None:
        state = scard.SCARD_STATE_UNAWARE
        tag: _Tag | None = None
        placed = 0  # pcscd's count of card events on the reader when `tag` was read
        try:
            while not stop.is_set():
                result, states = scard.SCardGetStatusChange(
                    context, _WAIT_MS, [(self._name, state)]
                )
                if result in (scard.SCARD_E_TIMEOUT, scard.SCARD_E_CANCELLED):
                    self._send_commands(tag)
                    continue
                if result != scard.SCARD_S_SUCCESS:
                    _log.info("%s: %s", self._name, scard.SCardGetErrorMessage(result))
                    break
                _, event, _atr = states[0]
                if event & (scard.SCARD_STATE_UNKNOWN | scard.SCARD_STATE_UNAVAILABLE):
                    break
                state = event & ~scard.SCARD_STATE_CHANGED
                present = bool(event & scard.SCARD_STATE_PRESENT)
                # a tag lifted and another placed before this thread looked (a busy
                # machine) is still a removal: pcscd counts the reader's card events
                swapped = present and event >> 16 != placed
                if tag is not None and (not present or swapped):
                    if isinstance(tag.read, Card):
                        on_read(Card(False, tag.read.kind, tag.read.data))
                    self._release(tag)
                    tag = None
                if present and tag is None:
                    tag = self._read_tag(context)
                    placed = event >> 16
                    on_read(tag.read)
        finally:
            if tag is not None:
                self._release(tag)
            scard.SCardReleaseContext(context)
            if not stop.is_set():
                on_lost()

    def _read_tag(self, context: int) -> _Tag:
        result, card, protocol = scard.SCardConnect(
            context,
            self._name,
            scard.SCARD_SHARE_SHARED,
            scard.SCARD_PROTOCOL_T0 | scard.SCARD_PROTOCOL_T1,
        )
        if result != scard.SCARD_S_SUCCESS:
            reason = f"the tag did not answer: {scard.SCardGetErrorMessage(result)}"
            return _Tag(0, 0, Misread(MisreadKind.UNREADABLE_TAG, reason))
        if _is_acr122(self._name) and not self.buzzer_silenced:
            self.buzzer_silenced = self._transmit(card, protocol, _BUZZER_OFF) is not None
        return _Tag(card, protocol, self._read(card, protocol))

    def _read(self, card: int, protocol: int) -> Card | Misread:
        uid = self._transmit(card, protocol, _GET_UID)
        if uid is None or len(uid) not in _UID_LENGTHS:
            got = "no answer" if uid is None else f"{len(uid)} bytes"
            return Misread(MisreadKind.UNREADABLE_TAG, f"the tag gave no UID ({got})")
        try:
            text = self._ndef_text(card, protocol)
        except ValueError as exc:
            return Misread(MisreadKind.UNREADABLE_TAG, f"tag {uid.hex().upper()}: {exc}")
        if text is None:
            return Card(True, CardKind.UID, uid)
        data = text.encode("utf-8")
        if not data or len(data) > MAX_TEXT or not text.isprintable():
            return Misread(
                MisreadKind.UNREADABLE_TAG,
                f"tag {uid.hex().upper()}: its text {text[:40]!r} is no card code",
            )
        return Card(True, CardKind.NDEF, data)

    def _ndef_text(self, card: int, protocol: int) -> str | None:
        """The NDEF text of an NTAG21x (None: not NDEF-formatted, or no text record)."""
        head = self._transmit(card, protocol, [0xFF, 0xB0, 0x00, 0x03, 0x10])
        if head is None or len(head) < 4 or head[0] != 0xE1:
            return None  # no NDEF capability container: a UID-only tag
        memory = bytearray(head[4:])  # pages 4..6
        page = 7
        while True:
            try:
                return parse_ndef_text(bytes(memory))
            except ValueError:
                if page >= 4 + _MAX_NDEF_PAGES:
                    raise
            more = self._transmit(card, protocol, [0xFF, 0xB0, 0x00, page, 0x10])
            if more is None:
                raise ValueError(f"page {page} could not be read")
            memory += more
            page += 4

    def _transmit(self, card: int, protocol: int, apdu: list[int]) -> bytes | None:
        result, response = scard.SCardTransmit(card, protocol, apdu)
        if result != scard.SCARD_S_SUCCESS or len(response) < 2 or response[-2:] != [0x90, 0x00]:
            return None
        return bytes(response[:-2])

    def _send_commands(self, tag: _Tag | None) -> None:
        while True:
            try:
                command = self._commands.get_nowait()
            except queue.Empty:
                return
            if tag is not None and tag.card:
                self._transmit(tag.card, tag.protocol, command)

    def _release(self, tag: _Tag) -> None:
        if tag.card:
            scard.SCardDisconnect(tag.card, scard.SCARD_LEAVE_CARD)


class PcscSource(ReaderSource):
    """Every PC/SC reader pcscd lists (or those whose name contains `name`), found as
    they are plugged in.

    Args:
        name: part of the reader names to use (None: all).
        seat: the seat the readers announce (0: shared).
        duplicate_window: see `AdaptedReader`.
    """

    def __init__(
        self, name: str | None = None, *, seat: int = 0, duplicate_window: float = 0.0
    ) -> None:
        self._match = name
        self._seat = seat
        self._window = duplicate_window
        self.readers: dict[str, AdaptedReader] = {}

    def describe(self) -> str:
        which = f"named like {self._match!r}" if self._match else "all"
        return f"PC/SC NFC readers ({which})"

    async def check(self) -> None:
        await asyncio.get_running_loop().run_in_executor(None, list_readers)

    async def discover(self, on_found: FoundHandler) -> None:
        loop = asyncio.get_running_loop()
        names = await loop.run_in_executor(None, list_readers)  # raises: no pcscd at all
        while True:
            for name in names:
                if self._match and self._match.lower() not in name.lower():
                    continue
                if name not in self.readers:
                    reader = AdaptedReader(
                        PcscDevice(name), seat=self._seat, duplicate_window=self._window
                    )
                    self.readers[name] = reader
                    result = on_found(reader)
                    if result is not None:
                        await result
            await asyncio.sleep(_POLL_S)
            try:
                names = await loop.run_in_executor(None, list_readers)
            except ReaderUnavailable as exc:  # pcscd restarting: look again
                _log.info("%s", exc.reason)
                names = []
