"""Test collection for the whole tree (tests/, and the doctests of every package).

The MicroPython glue (`hardware/firmware/device`), its type-checking stubs and the
npm-installed MicroPython build cannot be imported by CPython: they are checked by
their own tests (tests/firmware), not collected here.
"""

import signal

collect_ignore = [
    "hardware/firmware/device",
    "hardware/firmware/mpy",
    "hardware/firmware/typecheck",
]


def pytest_configure(config: object) -> None:
    """Ctrl-C reaches the programs the tests start, as at a player's terminal.

    A suite started as a background job (`cmd &` in a script, as CI runners and
    `nohup` launches do) inherits SIGINT ignored, and every program it starts
    inherits that too: a Python program started so never raises KeyboardInterrupt,
    so each test that types Ctrl-C or sends SIGINT waited out its limit and failed.
    A Python handler, unlike SIG_IGN, is reset to the default in a child, which
    then gets a terminal's Ctrl-C; this process keeps Python's own handler."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
