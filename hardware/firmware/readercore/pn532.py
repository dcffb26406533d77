"""PN532 host frames: building commands and checking answers (no I/O).

The device glue moves these bytes over I2C; everything that can be wrong about them is
checked here. A normal information frame is ``00 00 FF LEN LCS TFI DATA.. DCS 00``
where ``LEN`` counts TFI and DATA, ``LEN + LCS`` and ``TFI + sum(DATA) + DCS`` are 0
modulo 256, TFI is 0xD4 from the host and 0xD5 from the PN532, and the PN532's answer
code is the command code plus one. It acknowledges a command with
``00 00 FF 00 FF 00`` first. (NXP PN532 User Manual, UM0701-02, section 6.2.)

>>> command_frame(b"\\x02").hex()
'0000ff02fed4022a00'
"""

HOST_TFI = 0xD4
PN532_TFI = 0xD5
ACK = b"\x00\x00\xff\x00\xff\x00"

GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
IN_LIST_PASSIVE_TARGET = 0x4A
IN_DATA_EXCHANGE = 0x40
RF_CONFIGURATION = 0x32
NTAG_READ = 0x30  # Type 2 tag READ: 4 pages (16 bytes) from the page given

# SAMConfiguration: normal mode, virtual card timeout 50 ms * 0x14, use the IRQ pin.
SAM_NORMAL = bytes((SAM_CONFIGURATION, 0x01, 0x14, 0x01))
# RFConfiguration, max retries: ATR 0xFF, PSL 1, passive activation 2 (instead of
# forever), so that InListPassiveTarget answers "no tag" quickly and polling works.
RF_FEW_RETRIES = bytes((RF_CONFIGURATION, 0x05, 0xFF, 0x01, 0x02))
# InListPassiveTarget: at most one target, 106 kbps type A (ISO 14443A).
LIST_ONE_TYPE_A = bytes((IN_LIST_PASSIVE_TARGET, 0x01, 0x00))


class PN532Error(ValueError):
    """An answer from the PN532 that is damaged or not the one expected."""


def command_frame(data: bytes) -> bytes:
    """The frame carrying ``data`` (command code and parameters) to the PN532."""
    length = len(data) + 1
    if length > 255:
        raise ValueError("extended frames are not needed here")
    checksum = (HOST_TFI + sum(data)) & 0xFF
    return (
        bytes((0x00, 0x00, 0xFF, length, (-length) & 0xFF, HOST_TFI))
        + bytes(data)
        + bytes(((-checksum) & 0xFF, 0x00))
    )


def is_ack(raw: bytes) -> bool:
    """True if ``raw`` (after the I2C status byte) starts with the ACK frame."""
    return bytes(raw[: len(ACK)]) == ACK


def parse_answer(raw: bytes, command: int) -> bytes:
    """The data of the PN532's answer to ``command`` (after its answer code).

    ``raw`` is what was read after the I2C status byte; leading zero bytes are skipped.

    Raises:
        PN532Error: no start code, bad length or data checksum, an error frame, or the
            answer to another command.
    """
    i = 0
    n = len(raw)
    while i < n and raw[i] == 0x00:
        i += 1
    if i == 0 or i >= n or raw[i] != 0xFF:
        raise PN532Error("no start code")
    i += 1
    if i + 2 > n:
        raise PN532Error("truncated")
    length, lcs = raw[i], raw[i + 1]
    if (length + lcs) & 0xFF:
        raise PN532Error("bad length checksum")
    body = raw[i + 2 : i + 2 + length]
    if len(body) != length or i + 2 + length >= n:
        raise PN532Error("truncated")
    if (sum(body) + raw[i + 2 + length]) & 0xFF:
        raise PN532Error("bad data checksum")
    if length == 1 and body[0] == 0x7F:
        raise PN532Error("the PN532 reported a syntax error")
    if length < 2 or body[0] != PN532_TFI or body[1] != command + 1:
        raise PN532Error(f"not the answer to command 0x{command:02x}")
    return bytes(body[2:])


def target_uid(answer: bytes) -> bytes | None:
    """The UID from an InListPassiveTarget (type A) answer, or None if no tag is there.

    Answer layout: NbTg, Tg, SENS_RES (2), SEL_RES, NFCID length, NFCID.
    """
    if not answer or answer[0] == 0:
        return None
    if len(answer) < 6:
        raise PN532Error("short target data")
    uid_length = answer[5]
    uid = answer[6 : 6 + uid_length]
    if len(uid) != uid_length:
        raise PN532Error("short UID")
    return bytes(uid)


def read_pages(page: int) -> bytes:
    """InDataExchange with target 1: READ four pages from ``page``."""
    return bytes((IN_DATA_EXCHANGE, 0x01, NTAG_READ, page))


def exchange_data(answer: bytes) -> bytes:
    """The tag's bytes from an InDataExchange answer.

    Raises:
        PN532Error: the status byte reports an error (timeout, CRC, ...).
    """
    if not answer:
        raise PN532Error("empty InDataExchange answer")
    if answer[0] & 0x3F:
        raise PN532Error(f"tag exchange failed, status 0x{answer[0]:02x}")
    return bytes(answer[1:])
