"""CRC-16/CCITT-FALSE, the checksum that ends every frame (SPEC.md section 2)."""

from __future__ import annotations

import binascii

#: CRC-16/CCITT-FALSE of the ASCII bytes "123456789", the catalogue's check value.
CRC_CHECK_VALUE = 0x29B1


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR.

    >>> hex(crc16(b"123456789"))
    '0x29b1'
    >>> crc16(b"")
    65535
    """
    return binascii.crc_hqx(data, 0xFFFF)
