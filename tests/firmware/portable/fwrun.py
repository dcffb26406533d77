"""A tiny test runner that works the same on CPython and MicroPython.

Portable test modules (``fwcases_*.py``) define functions ``test_*(rc, ctx)``: ``rc`` is
the ``readercore`` package (imported as MicroPython or CPython sees it) and ``ctx`` a
dict holding the protocol test vectors (``ctx["vectors"]``). A test fails by raising,
usually ``AssertionError``. pytest calls ``run_one`` per test under CPython; the
MicroPython side calls ``run_modules`` and prints the results as JSON.
"""

import sys


def collect(module) -> list:
    """The names of a module's test functions, sorted."""
    return sorted(name for name in dir(module) if name.startswith("test_"))


def _describe(exc) -> str:
    if hasattr(sys, "print_exception"):  # MicroPython: the traceback as text
        import io

        buf = io.StringIO()
        sys.print_exception(exc, buf)
        return buf.getvalue()
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def run_one(module, name: str, rc, ctx: dict) -> dict:
    """Run one test; ``{"name", "ok", "error"}`` with the traceback on failure."""
    try:
        getattr(module, name)(rc, ctx)
    except Exception as exc:
        return {"name": name, "ok": False, "error": _describe(exc)}
    return {"name": name, "ok": True, "error": ""}


def run_modules(modules: list, rc, ctx: dict) -> list:
    """Run every test of every module; results named ``module.test``."""
    results = []
    for module in modules:
        for name in collect(module):
            result = run_one(module, name, rc, ctx)
            result["name"] = module.__name__ + "." + name
            results.append(result)
    return results


def raises(exc_type, fn, *args, **kwargs):
    """Assert that ``fn(*args, **kwargs)`` raises ``exc_type``; return the exception."""
    try:
        fn(*args, **kwargs)
    except exc_type as exc:
        return exc
    raise AssertionError(f"{fn} did not raise {exc_type.__name__}")


def unhex(text: str) -> bytes:
    """Bytes from a hex string, spaces allowed (MicroPython has no bytes.fromhex)."""
    import binascii

    return binascii.unhexlify(text.replace(" ", ""))


def tohex(data) -> str:
    """Lower-case hex of bytes."""
    import binascii

    return str(binascii.hexlify(bytes(data)), "ascii")


def parse(rc, frame: bytes) -> tuple:
    """``(type, seq, payload)`` of a frame the reader sent, checking its envelope."""
    assert len(frame) <= 20, "a reader never sends more than 20 bytes"
    return rc.decode_frame(frame)
