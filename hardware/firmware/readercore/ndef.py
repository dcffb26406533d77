"""The text of an NFC tag's NDEF text record, from the bytes of its user memory.

A Type 2 tag (NTAG21x, MIFARE Ultralight) keeps TLV blocks from page 4 on: NULL (0x00)
padding, Lock/Memory Control (0x01, 0x02) and proprietary (0xFD) blocks to skip, the
NDEF Message block (0x03) and the Terminator (0xFE). A length of 0xFF is followed by
a 16-bit big-endian length. The first record of the message is used if it is a
Well-Known (TNF 1) record of type "T": a status byte (bit 7 set = UTF-16, bits 0..5 =
length of the language code), the language code, then the text.
(NFC Forum Type 2 Tag and NDEF/RTD Text specifications.)

>>> ndef_text(bytes.fromhex("030ed1010a5402656e6b696c6c405337fe"))
'kill@S7'
"""

TLV_NULL = 0x00
TLV_NDEF = 0x03
TLV_TERMINATOR = 0xFE


def ndef_message(memory: bytes) -> bytes | None:
    """The NDEF message in a Type 2 tag's memory (from page 4), or None if there is none
    or it runs past the bytes read."""
    i = 0
    n = len(memory)
    while i < n:
        tag = memory[i]
        if tag == TLV_NULL:
            i += 1
            continue
        if tag == TLV_TERMINATOR or i + 1 >= n:
            return None
        length = memory[i + 1]
        start = i + 2
        if length == 0xFF:
            if i + 3 >= n:
                return None
            length = (memory[i + 2] << 8) | memory[i + 3]
            start = i + 4
        if tag == TLV_NDEF:
            if start + length > n:
                return None
            return bytes(memory[start : start + length])
        i = start + length
    return None


def first_text_record(message: bytes) -> str | None:
    """The text of the message's first record if it is an NDEF text record, else None."""
    if len(message) < 3:
        return None
    header = message[0]
    tnf = header & 0x07
    short = header & 0x10
    has_id = header & 0x08
    type_length = message[1]
    i = 2
    if short:
        payload_length = message[i]
        i += 1
    else:
        if i + 4 > len(message):
            return None
        payload_length = int.from_bytes(message[i : i + 4], "big")
        i += 4
    id_length = 0
    if has_id:
        if i >= len(message):
            return None
        id_length = message[i]
        i += 1
    record_type = message[i : i + type_length]
    i += type_length + id_length
    payload = message[i : i + payload_length]
    if tnf != 1 or record_type != b"T" or len(payload) != payload_length or not payload:
        return None
    status = payload[0]
    if status & 0x80:
        return None  # UTF-16 text: printed labels and our tags use UTF-8
    lang_length = status & 0x3F
    try:
        return str(payload[1 + lang_length :], "utf-8")
    except UnicodeError:
        return None


def ndef_text(memory: bytes) -> str | None:
    """The text record's text in a Type 2 tag's memory, or None."""
    message = ndef_message(memory)
    return None if message is None else first_text_record(message)
