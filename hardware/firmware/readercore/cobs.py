"""COBS for the serial variant of the reader (SPEC.md section 6).

A serial reader writes each frame as ``0x00 COBS(frame) 0x00``. COBS removes every zero
byte from the frame, so ``0x00`` only ever means "frame boundary" and a receiver that
joins mid-stream, or sees garbage, resynchronises at the next delimiter.

>>> cobs_encode(b"\\x11\\x00\\x22")
b'\\x02\\x11\\x02"'
>>> cobs_decode(cobs_encode(b"\\x00\\x00"))
b'\\x00\\x00'
"""

MAX_PIECE = 512  # longer pieces are dropped unread (SPEC.md section 6)
BAD_COBS = 7  # reason numbers, as the host's FrameReason
TOO_LONG = 8


class CobsError(ValueError):
    """A piece between two delimiters is not valid COBS; it is dropped."""


def cobs_encode(data: bytes | bytearray) -> bytes:
    """COBS-encode ``data``: the result contains no zero byte.

    A run of 254 non-zero bytes gets code 0xFF and no implied zero; a new block is only
    opened if more data follows, so the encoding is the canonical one.
    """
    out = bytearray(b"\x00")  # placeholder for the first code byte
    code_at = 0
    code = 1
    n = len(data)
    for i in range(n):
        byte = data[i]
        if byte == 0:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
            continue
        out.append(byte)
        code += 1
        if code == 0xFF and i + 1 < n:
            out[code_at] = code
            code_at = len(out)
            out.append(0)
            code = 1
    out[code_at] = code
    return bytes(out)


def cobs_decode(piece: bytes | bytearray | memoryview) -> bytes:
    """Decode one COBS piece (without delimiters).

    Raises:
        CobsError: the piece is empty, contains a zero byte, or a code byte points
            past its end.
    """
    n = len(piece)
    if n == 0:
        raise CobsError("empty piece")
    out = bytearray()
    i = 0
    while i < n:
        code = piece[i]
        if code == 0:
            raise CobsError("zero byte inside a piece")
        end = i + code
        if end > n:
            raise CobsError("code byte points past the end")
        for j in range(i + 1, end):
            byte = piece[j]
            if byte == 0:
                raise CobsError("zero byte inside a piece")
            out.append(byte)
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


def serial_wrap(frame: bytes) -> bytes:
    """The bytes a serial reader writes for one frame: ``0x00 COBS(frame) 0x00``."""
    return b"\x00" + cobs_encode(frame) + b"\x00"


class Deframer:
    """Splits a serial byte stream into frames, resynchronising at every delimiter.

    ``feed(data)`` returns, in order, an item per piece that ``data`` completes: the
    COBS-decoded bytes of a good piece, or the reason number of a dropped one
    (``BAD_COBS`` 7, ``TOO_LONG`` 8, as in the host's ``FrameReason``). Empty pieces
    are ignored. Frame checks (CRC, version, type) are the caller's.
    """

    def __init__(self, max_piece: int = MAX_PIECE) -> None:
        self.max_piece = max_piece
        self._piece = bytearray()
        self._overlong = False

    def feed(self, data: bytes | bytearray) -> list:
        """Add received bytes; return decoded frames (bytes) and dropped pieces (int)."""
        out: list = []
        for byte in data:
            if byte != 0:
                if self._overlong:
                    continue
                if len(self._piece) >= self.max_piece:
                    self._overlong = True  # drop it unread; report at its delimiter
                    self._piece = bytearray()
                    continue
                self._piece.append(byte)
                continue
            if self._overlong:
                out.append(TOO_LONG)
                self._overlong = False
            elif self._piece:
                try:
                    out.append(cobs_decode(self._piece))
                except CobsError:
                    out.append(BAD_COBS)
                self._piece = bytearray()
        return out
