"""Subcommands of `companion`, one module each.

Every module here defines `register(subparsers)`, which adds its parser (with the
one-line summary from `COMMANDS`) and sets `handler=` to a function
`(argparse.Namespace) -> int`.

`COMMANDS` names them with their summaries, so `companion --help` can list every
command without importing any of them: a command's module (and the engine, the BLE
stack, the narration it needs) is imported only when that command runs. A test
checks that the table and the modules agree.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

T = TypeVar("T")

COMMANDS: dict[str, str] = {
    "demo": "watch a whole 5-player game: simulated readers, real BLE stack, rules, narration",
    "enrol": "enrol NFC tags that carry only a UID: scan every card once, in order",
    "export": "export a logged game as JSON lines or as a readable transcript",
    "games": "list the logged games (id, game, players, status, inputs)",
    "hint": "the Regicide hint agent's advice at a position of a logged game",
    "labels": "print QR label sheets (PDF, PNG or SVG), one label per physical card",
    "play": "play a game at the table (readers, or the simulated reader and a table script)",
    "readers": "list the card readers in reach; pair or forget one",
    "replay": "re-narrate a logged game from its inputs",
    "resume": "continue a logged game (the newest unfinished one by default)",
    "sim": "run simulated card readers for a companion in another process",
}
"""Every command and its one-line summary, in the order `--help` lists them."""


class UsageError(Exception):
    """A command refused its arguments before doing anything: `companion.cli` prints
    "companion: MESSAGE" and exits with status 2 (one copy of that for every command)."""


def checked(make: Callable[..., T], *args: Any, flag: str = "") -> T:
    """`make(*args)`, whose ValueError is the command's arguments refused (`UsageError`,
    its message after `flag`: "--rule: ...").

    >>> checked(int, "x", flag="--seed")
    Traceback (most recent call last):
    ...
    companion.commands.UsageError: --seed: invalid literal for int() with base 10: 'x'
    """
    try:
        return make(*args)
    except ValueError as exc:
        raise UsageError(f"{flag}: {exc}" if flag else str(exc)) from None


def load(name: str) -> ModuleType:
    """The module of command `name` (imported now, on first use)."""
    return importlib.import_module(f"{__name__}.{name}")
