"""A virtual NTAG21x sticker for a real pcscd: a vpcd client that answers like the tag.

Debian's `vsmartcard-vpcd` is a pcscd reader driver whose "card slot" is a TCP
port: a virtual card connects to it to be placed on the reader and closes the
connection to be lifted off. This module is such a card, speaking vpcd's socket
protocol (each message a 2-byte big-endian length and its bytes; a 1-byte message is
a control: 0 power off, 1 power on, 2 reset, 4 "send your ATR"; anything longer is
a command APDU, answered with a response APDU). It answers what a contactless
reader (an ACR122U) answers for an NTAG213/215/216 on it:

- ``FF CA 00 00 00``: the tag's UID, ``90 00``;
- ``FF B0 00 <page> <n>``: n bytes of the tag's memory from page `page` (4 bytes
  a page; NDEF starts at page 4, the capability container is page 3), ``90 00``;
- ``FF 00 ...`` (the ACR122U's own commands: buzzer, LED): ``90 00``, and kept in
  `commands` for a test to look at;
- anything else: ``6A 81`` (not supported).

What stands in for hardware is only the tag and the radio between it and the reader;
pcscd, its driver, libpcsclite and pyscard are the real ones.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading

__all__ = ["VPCD_PORT", "VirtualTag", "ndef_text_memory", "uid_only_memory"]

#: vpcd's first slot listens here (Debian's /etc/reader.conf.d/vpcd: 0x8C7B).
VPCD_PORT = 35963
#: The ATR a PC/SC reader makes up for an NTAG/Ultralight (PC/SC part 3, card name 0x0003).
NTAG_ATR = bytes.fromhex("3B8F8001804F0CA0000003060300030000000068")
_OK = b"\x90\x00"
_UNSUPPORTED = b"\x6a\x81"
_PAGES = 45  # NTAG213: 180 bytes


def _memory(uid: bytes, user: bytes, cc: bytes) -> bytes:
    """Pages 0-2 (UID with its check bytes, lock bytes), page 3 (`cc`), then `user`."""
    if len(uid) != 7:
        raise ValueError(f"an NTAG's UID is 7 bytes, got {len(uid)}")
    bcc0 = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
    bcc1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
    head = uid[:3] + bytes([bcc0]) + uid[3:] + bytes([bcc1, 0x48, 0x00, 0x00])
    return (head + cc + user).ljust(_PAGES * 4, b"\x00")[: _PAGES * 4]


def ndef_text_memory(uid: bytes, text: str, lang: str = "en") -> bytes:
    """An NTAG's memory holding one NDEF text record (well-known type "T")."""
    payload = bytes([len(lang)]) + lang.encode() + text.encode("utf-8")
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload
    tlv = bytes([0x03, len(record)]) + record + b"\xfe"
    return _memory(uid, tlv, bytes.fromhex("E1101200"))


def uid_only_memory(uid: bytes) -> bytes:
    """An NTAG never written: an empty NDEF message."""
    return _memory(uid, bytes.fromhex("0300FE"), bytes.fromhex("E1101200"))


class VirtualTag:
    """One tag, placed on the vpcd reader at `port` with `place()`, lifted with `lift()`.

    Args:
        uid: the 7-byte UID.
        memory: the whole memory, page 0 on (`ndef_text_memory`, `uid_only_memory`);
            default: never written.
    """

    def __init__(self, uid: bytes, memory: bytes | None = None, *, port: int = VPCD_PORT) -> None:
        self.uid = uid
        self.memory = memory if memory is not None else uid_only_memory(uid)
        self.port = port
        self.commands: list[bytes] = []
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None

    def place(self, timeout: float = 5.0) -> None:
        """Put the tag on the reader (connect to vpcd).

        Raises:
            OSError: vpcd does not listen (pcscd is not running with it).
        """
        if self._sock is not None:
            return
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        sock.settimeout(None)
        self._sock = sock
        self._thread = threading.Thread(target=self._serve, args=(sock,), daemon=True)
        self._thread.start()

    def lift(self) -> None:
        """Take the tag off the reader (close the connection)."""
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        if self._thread is not None:
            self._thread.join(2.0)
            self._thread = None

    def __enter__(self) -> VirtualTag:
        self.place()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.lift()

    def answer(self, apdu: bytes) -> bytes:
        """The response to one command APDU."""
        if apdu == bytes.fromhex("FFCA000000"):
            return self.uid + _OK
        if len(apdu) == 5 and apdu[:3] == bytes.fromhex("FFB000"):
            start, count = apdu[3] * 4, apdu[4] or 256
            if start >= len(self.memory):
                return b"\x6a\x82"  # beyond the tag's memory
            return self.memory[start : start + count].ljust(count, b"\x00") + _OK
        if apdu[:2] == b"\xff\x00":
            self.commands.append(apdu)
            return _OK
        return _UNSUPPORTED

    def _serve(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while True:
                head = _read_exactly(sock, 2)
                if head is None:
                    return
                (length,) = struct.unpack(">H", head)
                message = _read_exactly(sock, length)
                if message is None:
                    return
                if length == 1:
                    if message[0] == 4:
                        sock.sendall(struct.pack(">H", len(NTAG_ATR)) + NTAG_ATR)
                    continue  # power on, off, reset: no answer
                reply = self.answer(message)
                sock.sendall(struct.pack(">H", len(reply)) + reply)


def _read_exactly(sock: socket.socket, n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data
