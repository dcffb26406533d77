"""Web NFC on the phone page. Only Chrome for Android has `NDEFReader` and this machine
has no NFC radio, so the browser API is the stand-in here: an `NDEFReader` defined
before the page loads (the test says what a tag would give). Everything after the
reading (the page's checks, frames, the hub, the log) is the real path."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.phone.harness import PhoneTable

pytestmark = pytest.mark.camera

FAKE_NDEF = """
window.__nfc = { scans: 0, reader: null };
window.NDEFReader = class {
  constructor() { window.__nfc.reader = this; this.onreading = null; }
  async scan() { window.__nfc.scans += 1; }
};
window.__nfc.tap = (text, serialNumber) => {
  const records = text === null ? [] : [{
    recordType: "text", encoding: "utf-8", data: new DataView(new TextEncoder().encode(text).buffer),
  }];
  window.__nfc.reader.onreading({ message: { records }, serialNumber });
};
"""


async def test_nfc_stickers_are_read_where_the_browser_has_web_nfc(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 1, None, init_script=FAKE_NDEF)
        assert await phone.page.is_visible("#nfc")
        await phone.page.click("#nfc")  # Web NFC starts from a user gesture
        await phone.wait("window.__nfc.scans === 1 && window.__phone.nfc")
        await phone.page.evaluate("window.__nfc.tap('R01T', '04:a1:b2:c3')")  # the lord card
        await table.until(lambda: len(table.inputs()) == 2)
        await phone.page.evaluate("window.__nfc.tap('HELLO', '04:a1:b2:c3')")  # not a card
        await phone.wait("window.__phone.notices.some(n => n.includes('not a card label'))")
        await phone.page.evaluate("window.__nfc.tap(null, '04:a1:b2:c3:d4:e5:f6')")  # UID only
        await table.until(lambda: len(table.inputs()) == 4)
        assert [(i.kind.name, dict(i.data)) for i in table.inputs()] == [
            ("SCAN", {"code": "R01T"}),
            ("REMOVE", {}),
            ("SCAN", {"uid": "04A1B2C3D4E5F6"}),
            ("REMOVE", {}),
        ]
        assert table.session.state()["seats"][0]["identity"] == "lord"


async def test_no_nfc_button_without_web_nfc(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, tls=False) as table:
        phone = await table.phone(pw, 1, None)
        assert not await phone.page.is_visible("#nfc")
