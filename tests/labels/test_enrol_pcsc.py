"""`companion enrol --reader pcsc:NAME` as a person runs it, with an NFC reader: a real
pcscd, Debian's vsmartcard-vpcd virtual reader and virtual NTAG stickers
(`hardware.sim.nfc_tag`: only the tag and the radio are stood in for). The reader has
no buttons, so NO and UNDO are the command labels, here NTAGs whose NDEF text is the
label's code."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.codes import all_codes
from hardware.sim.nfc_tag import VirtualTag, ndef_text_memory, uid_only_memory
from tests.readers.pcscd import PORT, SLOTS, running_pcscd, wait_until_empty

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180.0  # bounds a failure only: every wait is on a condition


class Command:
    """The command in a subprocess; its stdout collected line by line as it comes."""

    def __init__(self, args: list[str]) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", *args], cwd=ROOT, env=env, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, text: str, after: int = 0) -> int:
        """Wait until a line from number `after` on contains `text`; its number."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for number, line in enumerate(self.lines[after:], start=after):
                if text in line:
                    return number
            if self.process.poll() is not None and self._reader.is_alive() is False:
                break
            time.sleep(0.02)  # polling the lines read so far
        err = self.process.stderr.read() if self.process.poll() is not None else ""  # type: ignore[union-attr]
        raise AssertionError(f"no {text!r} in {self.lines!r} {err}")


def _tap(command: Command, uid: bytes, memory: bytes, says: str, after: int) -> int:
    """Put a sticker on the reader's first slot until the command says `says` about
    it, then take it off (as a person does); the number of that line."""
    tag = VirtualTag(uid, memory, port=PORT)
    tag.place()
    try:
        return command.wait_for(says, after)
    finally:
        tag.lift()
        wait_until_empty(SLOTS[0])  # pcscd has seen the tag go, before the next one


def test_enrol_with_an_nfc_reader_through_pcscd(tmp_path: Path) -> None:
    """UID-only stickers are enrolled in turn, one already enrolled is refused with
    nothing changed, the NO label skips a card; Ctrl-C leaves the registry saved."""
    registry = tmp_path / "tags.json"
    lord, loyalist1, loyalist2 = all_codes("identities")[:3]
    first, second = bytes.fromhex("04A1B2C3D4E501"), bytes.fromhex("04A1B2C3D4E502")
    no_label = {ref.text: ref.code for ref in all_codes("commands")}["no"]
    with running_pcscd(tmp_path / "pcscd"):
        command = Command(
            ["enrol", "--set", "identities", "--reader", f"pcsc:{SLOTS[0]}",
             "--registry", str(registry)]
        )  # fmt: skip
        try:
            at = command.wait_for("connected")
            a, b = first.hex().upper(), second.hex().upper()
            at = _tap(command, first, uid_only_memory(first), f"enrolled Lord ← tag {a}", at)
            refused = f"tag {a} is already enrolled as Lord"
            at = _tap(command, first, uid_only_memory(first), refused, at)
            label = bytes.fromhex("04000000000009")
            skipped = "skipped Loyalist (copy 1 of 3)"
            at = _tap(command, label, ndef_text_memory(label, no_label), skipped, at)
            enrolled = f"enrolled Loyalist (copy 2 of 3) ← tag {b}"
            _tap(command, second, uid_only_memory(second), enrolled, at)
        finally:
            command.process.send_signal(signal.SIGINT)
            try:
                status = command.process.wait(TIMEOUT)
            finally:  # a failure never leaves the command running
                if command.process.poll() is None:
                    command.process.kill()
                    command.process.wait()
    assert status == 130
    command.wait_for("interrupted: 2 of")
    assert json.loads(registry.read_text())["cards"] == {
        first.hex().upper(): lord.code,
        second.hex().upper(): loyalist2.code,
    }
    assert loyalist1.code not in registry.read_text()
