"""CRC-16/CCITT-FALSE, written out because MicroPython has no ``binascii.crc_hqx``.

Polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR (SPEC.md section 2).
A 256-entry table of 16-bit words (512 bytes of RAM) keeps a 20-byte frame to 20 table
look-ups, which matters on a microcontroller polling an NFC reader at the same time.

>>> hex(crc16(b"123456789"))
'0x29b1'
"""

from array import array

POLY = 0x1021
INIT = 0xFFFF


def _make_table() -> array:
    """The CRC of every byte value, most significant bit first."""
    table = array("H", [0] * 256)
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ POLY) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table[byte] = crc
    return table


_TABLE = _make_table()


def crc16(data: bytes | bytearray | memoryview, crc: int = INIT) -> int:
    """CRC-16/CCITT-FALSE of ``data``, continuing from ``crc`` (0xFFFF to start)."""
    table = _TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[(crc >> 8) ^ byte]
    return crc
