"""Test collection for the whole tree (tests/, and the doctests of every package).

The MicroPython glue (`hardware/firmware/device`), its type-checking stubs and the
npm-installed MicroPython build cannot be imported by CPython: they are checked by
their own tests (tests/firmware), not collected here.
"""

collect_ignore = [
    "hardware/firmware/device",
    "hardware/firmware/mpy",
    "hardware/firmware/typecheck",
]
