"""The layers of companion/readers/ (see `companion.readers.base`): the interface at the
bottom, transports as leaves, trust knowing no transport. Every import counts here,
also the lazy ones inside functions and those under TYPE_CHECKING: a circle through
any of them still means a module cannot be read alone."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.readers

PACKAGE = Path(companion.readers.__file__).parent

#: What each module may import from the package; a new module must be placed here.
ALLOWED: dict[str, set[str]] = {
    "base": set(),
    "allowlist": set(),
    "events": {"base"},
    "trust": {"base", "allowlist"},
    "_link": {"base", "events"},
    "hub": {"base", "events", "_link"},
    "adapter": {"base"},
    "bumble_backend": set(),
    "bluez_agent": set(),
    "bluez": {"bluez_agent"},
    # transports: leaves (sim is BLE on a bumble radio, so it drives ble)
    "ble": {"base", "bumble_backend", "bluez"},
    "serial_port": {"base"},
    "serial": {"base", "serial_port"},
    "scanner": {"base", "adapter", "serial_port"},
    "pcsc": {"base", "adapter"},
    "phone": {"base"},
    "mixed": {"base"},
    "hid": {"base", "adapter"},
    "keyboard": {"base", "adapter"},
    "sim": {"base", "allowlist", "trust", "ble", "bumble_backend"},
    # the top
    "pairing": {"allowlist", "ble", "bluez"},
    "survey": {"base", "hid", "pcsc"},
    "spec": {
        "base",
        "allowlist",
        "trust",
        "ble",
        "serial",
        "sim",
        "scanner",
        "pcsc",
        "phone",
        "mixed",
        "hid",
    },
    "__init__": {"base", "allowlist", "events", "hub", "spec"},
}


def _imports(path: Path) -> set[str]:
    """The package's modules `path` imports anywhere in its text."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            prefix = "companion.readers."
            if name.startswith(prefix) and "." not in name[len(prefix) :]:
                found.add(name[len(prefix) :])
    return found & {p.stem for p in PACKAGE.glob("*.py")}


def test_every_module_imports_only_the_layers_below_it() -> None:
    """Each module's imports (lazy and type-only ones too) are within its layer's
    allowance, so there is no import circle and a transport is a leaf."""
    modules = sorted(PACKAGE.glob("*.py"))
    unplaced = [p.stem for p in modules if p.stem not in ALLOWED]
    assert not unplaced, f"place these modules in ALLOWED: {unplaced}"
    wrong = {
        p.stem: sorted(_imports(p) - ALLOWED[p.stem])
        for p in modules
        if _imports(p) - ALLOWED[p.stem]
    }
    assert not wrong, f"imports across the layers: {wrong}"


def test_the_allowances_have_no_circle() -> None:
    """The allowance table itself is a layering: no module reaches itself."""

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in ALLOWED.get(start, set()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert [m for m in ALLOWED if reaches(m, m, set())] == []
