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
    """Ctrl-C and a closed terminal reach the programs the tests start, as at a player's
    terminal.

    A suite started as a background job (`cmd &` in a script, as CI runners do)
    inherits SIGINT ignored, and under `nohup` SIGHUP too; every program it starts
    inherits that: a Python program started so never raises KeyboardInterrupt nor
    ends on a hang-up, so each test that types Ctrl-C, sends SIGINT or closes the
    terminal waited out its limit and failed. A Python handler, unlike SIG_IGN, is
    reset to the default in a child, which then behaves as at a terminal; this
    process keeps Python's own Ctrl-C and still ignores a hang-up."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if signal.getsignal(signal.SIGHUP) == signal.SIG_IGN:
        signal.signal(signal.SIGHUP, _hang_up_ignored_here)


def _hang_up_ignored_here(signum: int, frame: object) -> None:
    """This process goes on after a hang-up, as `nohup` asked; its children do not."""
