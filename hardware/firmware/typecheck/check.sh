#!/usr/bin/env bash
# Type-check the device glue (hardware/firmware/device) and the core it imports against
# the published MicroPython ESP32 stubs, version 1.27 like the firmware, with mypy.
# The stubs and mypy go into a throwaway folder (default /tmp/fwtypes), never the venv.
# Usage: hardware/firmware/typecheck/check.sh [WORKDIR]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
firmware="$(dirname "$here")"
work="${1:-/tmp/fwtypes}"
mkdir -p "$work"
if [ ! -x "$work/venv/bin/mypy" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q "mypy==1.20.2"
fi
if [ ! -f "$work/typings/machine.pyi" ]; then
    "$work/venv/bin/pip" install -q --no-deps --target "$work/typings" \
        "micropython-esp32-stubs==1.27.0.post1" "micropython-stdlib-stubs==1.27.0.post2"
fi
cd "$firmware/device"
# The board sees readercore/ and the glue modules as top-level modules.
MYPYPATH="$here:$firmware:$firmware/device:$work/typings" \
    "$work/venv/bin/mypy" --config-file "$here/mypy.ini" \
    --custom-typeshed-dir "$work/typings" \
    app.py bonds.py clock.py link.py main.py nfc.py panel.py settings.py
