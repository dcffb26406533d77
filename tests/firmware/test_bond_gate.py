"""The ESP32's bonding gate (`device/bonds.py`) under the real MicroPython 1.27, with a
stand-in for `aioble` and the radio (this machine has no ESP32 and no NimBLE).

NimBLE ships a fixed default identity resolving key; MicroPython's port replaces it at
start-up with one of the reader's own (`load_irk` in extmod/nimble: read from the key
store, else drawn at random and stored as secret type 10). That works only if the
gate lets type 10 through when the pairing window is closed, which is always at
start-up; the bond's own keys (types 1 and 2) are refused outside the window."""

from __future__ import annotations

import json

import fwmpy
import pytest

DEVICE_DIR = fwmpy.ROOT / "hardware" / "firmware" / "device"

_AIOBLE = """
stored = []
class _Ble:
    def irq(self, handler):
        self.handler = handler
    def gap_disconnect(self, handle):
        stored.append(('disconnect', handle))
ble = _Ble()
def ble_irq(event, data):
    stored.append(('aioble', event, data[0]))
    return True
def config(**kw):
    pass
"""

_RUN = """
import sys, json
sys.path.append('/device')
import aioble.core
from bonds import BondGate
class Core:
    pairing_allowed = False
    def bonded(self):
        pass
core = Core()
gate = BondGate(core, '/ble_secrets.json')
results = {}
# NimBLE/MicroPython storing our identity key at start-up, window closed
results['our_irk'] = gate._irq(30, (10, b'irk', b'0123456789abcdef'))
# a stranger's bond keys, window closed
results['peer_ltk'] = gate._irq(30, (2, b'key', b'x'))
core.pairing_allowed = True
results['peer_ltk_in_window'] = gate._irq(30, (2, b'key', b'x'))
results['seen'] = [list(s) for s in aioble.core.stored]
print('@@GATE@@' + json.dumps(results))
"""


def test_the_gate_keeps_the_readers_own_identity_key_outside_the_window() -> None:
    """Type 10 (the reader's own IRK) is stored with the window closed; a peer's bond
    keys are refused outside the window and stored inside it."""
    files = {f"/device/{p.name}": p.read_text() for p in sorted(DEVICE_DIR.glob("*.py"))}
    files["/device/aioble/__init__.py"] = (
        "from aioble import core, security\nconfig = core.config\n"
    )
    files["/device/aioble/core.py"] = _AIOBLE
    files["/device/aioble/security.py"] = "def load_secrets(path=None):\n    pass\n"
    try:
        out = fwmpy.run_micropython(files, _RUN)
    except fwmpy.MicroPythonUnavailable as error:
        pytest.fail(f"MicroPython cannot run: {error}")
    report = json.loads(out.split("@@GATE@@", 1)[1])
    assert report["our_irk"] is True
    assert report["peer_ltk"] is False
    assert report["peer_ltk_in_window"] is True
    assert report["seen"] == [["aioble", 30, 10], ["aioble", 30, 2]]
