"""Drives a ReaderCore one JSON line at a time (runs under MicroPython via pipe.mjs).

Each request is a JSON array naming a call; the answer is one JSON object line:
``{"frames": [hex, ...]}`` for calls that produce frames, ``{"state": {...}}`` for
``["state"]``, or ``{"error": text}`` when the core refused the call. Frames travel as
hex so that the host side in another process gets the exact bytes.

    ["boot", epoch, reader_id, seat, capacity]   a new ReaderCore (a reboot)
    ["command", hex, now_ms]                     on_command
    ["serial", hex, now_ms]                      on_serial; the answer's frames are the
                                                 bytes to write (serial_wrap of each)
    ["card", kind, hex_data, now_ms]             card_seen
    ["tick", now_ms]   ["down", button, now_ms]   ["up", button, now_ms]
    ["select", seat]   ["battery", percent, millivolts]
    ["hello"]   ["status"]   ["state"]
"""

import binascii
import json

import readercore

_core = None


def _hex(frames: list) -> str:
    return json.dumps({"frames": [str(binascii.hexlify(f), "ascii") for f in frames]})


def _state(core) -> dict:
    return {
        "epoch": core.epoch,
        "last_seq": core.last_seq,
        "seat": core.seat,
        "pending": core.pending,
        "dropped": core.dropped,
        "led": list(core.led),
        "buzzer": list(core.buzzer),
        "errors_received": core.errors_received,
    }


def handle(line: str) -> str:
    """Answer one request line."""
    global _core
    try:
        req = json.loads(line)
        op = req[0]
        if op == "boot":
            _core = readercore.ReaderCore(req[1], req[2], req[3], req[4])
            return _hex([])
        core = _core
        if core is None:
            raise ValueError("boot first")
        if op == "command":
            return _hex(core.on_command(binascii.unhexlify(req[1]), req[2]))
        if op == "serial":
            frames = core.on_serial(binascii.unhexlify(req[1]), req[2])
            return _hex([readercore.serial_wrap(f) for f in frames])
        if op == "card":
            return _hex(core.card_seen(req[1], binascii.unhexlify(req[2]), req[3]))
        if op == "tick":
            return _hex(core.tick(req[1]))
        if op == "down":
            core.button_down(req[1], req[2])
            return _hex([])
        if op == "up":
            return _hex(core.button_up(req[1], req[2]))
        if op == "select":
            return _hex(core.select(req[1]))
        if op == "battery":
            return _hex(core.battery(req[1], req[2]))
        if op == "hello":
            return _hex([core.hello_frame()])
        if op == "status":
            return _hex([core.status_frame()])
        if op == "state":
            return json.dumps({"state": _state(core)})
        raise ValueError(f"unknown request {op!r}")
    except Exception as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})
