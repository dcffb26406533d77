"""Serial framing: COBS between 0x00 delimiters, and a resynchronising stream decoder.

Over USB/UART there are no notifications to mark where a frame ends, so each frame is
COBS-encoded (which removes every 0x00 from it) and written as `0x00 COBS(frame) 0x00`
(SPEC.md section 6). A receiver splits on 0x00. The *leading* delimiter is what lets
the frame after a damaged one survive: garbage or a truncated frame is closed off by
the next frame's own opening 0x00 (docs/ble.md section 3, "Framing").
"""

from __future__ import annotations

from firmware_protocol.errors import FrameError, FrameReason, ProtocolUsageError
from firmware_protocol.messages import Message, decode, encode

#: Pieces longer than this (COBS-encoded, between delimiters) are dropped unread.
MAX_PIECE = 512

_DELIMITER = b"\x00"


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the same bytes with no 0x00 left in them.

    The result is the canonical encoding (a final run of 254 non-zero bytes gets no
    trailing 0x01), byte for byte what other COBS libraries produce.

    >>> cobs_encode(b"\\x11\\x22\\x00\\x33").hex()
    '0311220233'
    >>> cobs_encode(b"").hex()
    '01'
    >>> cobs_encode(b"\\x00").hex()
    '0101'
    """
    out = bytearray()
    chunks = bytes(data).split(_DELIMITER)
    last = len(chunks) - 1
    for index, chunk in enumerate(chunks):
        full_blocks = False
        while len(chunk) >= 254:
            out.append(0xFF)
            out += chunk[:254]
            chunk = chunk[254:]
            full_blocks = True
        if index == last and full_blocks and not chunk:
            break
        out.append(len(chunk) + 1)
        out += chunk
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Undo `cobs_encode`.

    >>> cobs_decode(bytes.fromhex("0311220233")).hex()
    '11220033'

    Raises:
        FrameError(BAD_COBS): empty input, a 0x00 inside, or a block running past the end.
    """
    data = bytes(data)
    size = len(data)
    if size == 0:
        raise FrameError(FrameReason.BAD_COBS, "empty COBS piece")
    out = bytearray()
    index = 0
    while index < size:
        code = data[index]
        if code == 0:
            raise FrameError(FrameReason.BAD_COBS, f"0x00 inside a COBS piece at byte {index}")
        end = index + code
        if end > size:
            raise FrameError(
                FrameReason.BAD_COBS,
                f"COBS block at byte {index} needs {code - 1} bytes, {size - index - 1} left",
            )
        block = data[index + 1 : end]
        if 0 in block:
            raise FrameError(FrameReason.BAD_COBS, f"0x00 inside a COBS piece after byte {index}")
        out += block
        index = end
        if code != 0xFF and index < size:
            out.append(0)
    return bytes(out)


def frame_for_serial(frame: bytes | Message) -> bytes:
    """The bytes to write on a serial line for one frame: `0x00 COBS(frame) 0x00`.

    >>> frame_for_serial(bytes.fromhex("0141000007001e69")).hex()
    '00030141010207031e6900'

    Raises:
        ProtocolUsageError: `frame` is neither bytes nor a Message.
    """
    if isinstance(frame, Message):
        frame = encode(frame)
    elif not isinstance(frame, (bytes, bytearray, memoryview)):
        raise ProtocolUsageError(f"frame_for_serial() needs bytes or a Message, got {frame!r}")
    return _DELIMITER + cobs_encode(bytes(frame)) + _DELIMITER


class StreamDecoder:
    """Turns a serial byte stream into messages, resynchronising after any damage.

    `feed` accepts any slicing of the stream and returns, in order, each decoded
    message or the `FrameError` of each dropped piece. Empty pieces (the two delimiters
    between frames) are ignored; a piece growing past MAX_PIECE is dropped unread.

    >>> decoder = StreamDecoder()
    >>> wire = frame_for_serial(bytes.fromhex("0141000007001e69"))
    >>> decoder.feed(b"junk" + wire[:5]), decoder.feed(wire[5:])
    ([FrameError(FrameReason.BAD_COBS, 'COBS block at byte 0 needs 105 bytes, 3 left')], [Ack(up_to=7, seq=0)])
    """

    __slots__ = ("_piece", "_overflow")

    def __init__(self) -> None:
        self._piece = bytearray()
        self._overflow = 0

    @property
    def buffered(self) -> int:
        """Bytes of the current, unfinished piece held (0 while skipping an oversize one)."""
        return len(self._piece)

    def feed(self, data: bytes) -> list[Message | FrameError]:
        """Consume bytes; return the messages and errors of every piece they complete."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ProtocolUsageError(f"feed() needs bytes, got {type(data).__name__}")
        out: list[Message | FrameError] = []
        parts = bytes(data).split(_DELIMITER)
        self._append(parts[0])
        for part in parts[1:]:
            self._finish(out)
            self._append(part)
        return out

    def _append(self, part: bytes) -> None:
        if not part:
            return
        if self._overflow or len(self._piece) + len(part) > MAX_PIECE:
            self._overflow += len(self._piece) + len(part)
            self._piece.clear()
        else:
            self._piece += part

    def _finish(self, out: list[Message | FrameError]) -> None:
        if self._overflow:
            out.append(
                FrameError(
                    FrameReason.TOO_LONG,
                    f"piece of {self._overflow} bytes dropped (max {MAX_PIECE})",
                )
            )
            self._overflow = 0
            return
        if not self._piece:
            return
        piece = bytes(self._piece)
        self._piece.clear()
        try:
            out.append(decode(cobs_decode(piece)))
        except FrameError as error:
            out.append(error)
