"""PN532 NFC reader over I2C: polls for a tag and reads its NDEF text, or its UID.

Only the bus traffic is here; frame building and checking are in readercore.pn532 and
NDEF parsing in readercore.ndef. Over I2C the PN532 answers each read with a status
byte first (bit 0 set = ready); a command is acknowledged, then answered.
"""

import time

from machine import I2C
from readercore import KIND_NDEF, KIND_UID, ndef, pn532

_READY_TIMEOUT_MS = 100
_ANSWER_BYTES = 40
_NDEF_PAGES = (4, 8, 12, 16)  # four READs = 64 bytes of user memory


class PN532:
    """A PN532 on an I2C bus."""

    def __init__(self, i2c: I2C, address: int = 0x24) -> None:
        self.i2c = i2c
        self.address = address
        self._last_uid = b""
        self._last_card = (KIND_UID, b"")

    def _ready(self, timeout_ms: int) -> bool:
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < timeout_ms:
            try:
                if self.i2c.readfrom(self.address, 1)[0] & 0x01:
                    return True
            except OSError:
                pass  # the PN532 NACKs while it is busy or asleep
            time.sleep_ms(2)
        return False

    def call(self, data: bytes, timeout_ms: int = _READY_TIMEOUT_MS) -> bytes:
        """Send a command and return its answer's data.

        Raises:
            OSError: the PN532 did not acknowledge or answer in time.
            readercore.pn532.PN532Error: the answer is damaged.
        """
        self.i2c.writeto(self.address, pn532.command_frame(data))
        if not self._ready(timeout_ms):
            raise OSError("PN532: no ACK")
        if not pn532.is_ack(self.i2c.readfrom(self.address, 1 + len(pn532.ACK))[1:]):
            raise OSError("PN532: no ACK")
        if not self._ready(timeout_ms):
            raise OSError("PN532: no answer")
        return pn532.parse_answer(self.i2c.readfrom(self.address, 1 + _ANSWER_BYTES)[1:], data[0])

    def start(self) -> bytes:
        """Wake the chip, configure it for polling; return its firmware version bytes."""
        self.call(pn532.SAM_NORMAL, 500)
        self.call(pn532.RF_FEW_RETRIES)
        return self.call(bytes((pn532.GET_FIRMWARE_VERSION,)))

    def poll(self) -> tuple | None:
        """The card on the reader now as ``(kind, data)``, or None.

        The NDEF text is read once per tag (by UID) and reused while the tag stays.
        Text longer than a CARD event can carry falls back to the UID.
        """
        uid = pn532.target_uid(self.call(pn532.LIST_ONE_TYPE_A))
        if uid is None:
            self._last_uid = b""
            return None
        if uid == self._last_uid:
            return self._last_card
        card = (KIND_UID, uid)
        try:
            memory = b"".join(
                pn532.exchange_data(self.call(pn532.read_pages(page))) for page in _NDEF_PAGES
            )
            text = ndef.ndef_text(memory)
            if text is not None and 1 <= len(text.encode()) <= 13:
                card = (KIND_NDEF, text.encode())
        except (OSError, pn532.PN532Error):
            pass  # not a Type 2 tag, or it left mid-read: use the UID
        self._last_uid = uid
        self._last_card = card
        return card
