"""The device glue cannot run here (no ESP32, no radio, no PN532), but MicroPython 1.27
must at least accept its syntax: each module is compiled by the real MicroPython."""

from __future__ import annotations

import json

import fwmpy
import pytest

DEVICE_DIR = fwmpy.ROOT / "hardware" / "firmware" / "device"

_COMPILE = """
import json, os
errors = {}
names = sorted(n for n in os.listdir('/device') if n.endswith('.py'))
for name in names:
    try:
        with open('/device/' + name) as f:
            compile(f.read(), name, 'exec')
    except SyntaxError as exc:
        errors[name] = str(exc)
print('@@COMPILED@@' + json.dumps({'names': names, 'errors': errors}))
"""


def test_micropython_compiles_the_device_glue() -> None:
    """Every device module compiles under MicroPython 1.27 (its imports need the board)."""
    files = {f"/device/{p.name}": p.read_text() for p in sorted(DEVICE_DIR.glob("*.py"))}
    assert len(files) >= 7
    try:
        out = fwmpy.run_micropython(files, _COMPILE)
    except fwmpy.MicroPythonUnavailable as error:
        pytest.fail(f"MicroPython cannot run: {error}")
    report = json.loads(out.split("@@COMPILED@@", 1)[1])
    assert report["names"] == sorted(p.rsplit("/", 1)[1] for p in files)
    assert report["errors"] == {}
