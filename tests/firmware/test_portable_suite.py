"""The portable firmware-core tests, run under CPython and under real MicroPython 1.27.

The test functions live in ``portable/fwcases_*.py`` and run unchanged on both; each
one appears here twice, once per implementation.
"""

from __future__ import annotations

import fwmpy
import pytest

import hardware.firmware.readercore as readercore

RUNNER, _MODULES = fwmpy.load_portable()
MODULES = {module.__name__: module for module in _MODULES}
CASES = [
    (module_name, name)
    for module_name, module in MODULES.items()
    for name in RUNNER.collect(module)
]
IDS = [f"{m}.{n}" for m, n in CASES]


@pytest.mark.parametrize(("module_name", "name"), CASES, ids=IDS)
def test_cpython(module_name: str, name: str, vectors: dict) -> None:
    """The portable test passes with the core imported by CPython 3.11."""
    result = RUNNER.run_one(MODULES[module_name], name, readercore, {"vectors": vectors})
    assert result["ok"], result["error"]


@pytest.mark.parametrize(("module_name", "name"), CASES, ids=IDS)
def test_micropython(module_name: str, name: str, micropython_report: dict) -> None:
    """The portable test passed inside MicroPython 1.27 (WebAssembly build)."""
    results = {r["name"]: r for r in micropython_report["results"]}
    key = f"{module_name}.{name}"
    assert key in results, f"MicroPython did not run {key}"
    assert results[key]["ok"], results[key]["error"]


def test_micropython_is_the_pinned_build(micropython_report: dict) -> None:
    """The suite really ran on MicroPython 1.27.0 and ran exactly the CPython test list."""
    assert micropython_report["implementation"] == "micropython"
    assert micropython_report["version"] == [1, 27, 0]
    assert sorted(r["name"] for r in micropython_report["results"]) == sorted(IDS)


def test_every_portable_test_has_a_docstring() -> None:
    """Each portable test names its behaviour in a one-sentence docstring."""
    for module_name, name in CASES:
        doc = getattr(MODULES[module_name], name).__doc__
        assert doc and doc.strip().endswith("."), f"{module_name}.{name}"
