"""Fixtures of the firmware tests: the shared test vectors and one MicroPython run.

MicroPython runs the portable suite once per session (about a second); each portable
test then has its own pytest item that reads its result. If MicroPython cannot run
(no Node.js, ``npm ci`` failed), the fixtures fail the tests; nothing is skipped.
"""

from __future__ import annotations

import json

import fwmpy
import pytest


@pytest.fixture(scope="session")
def vectors_text() -> str:
    """The text of ``firmware_protocol/vectors/v1.json`` (it must exist)."""
    if not fwmpy.VECTORS.exists():
        pytest.fail(f"test vectors missing: {fwmpy.VECTORS}")
    return fwmpy.VECTORS.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def vectors(vectors_text: str) -> dict:
    """The parsed test vectors."""
    return json.loads(vectors_text)


@pytest.fixture(scope="session")
def micropython_report(vectors_text: str) -> dict:
    """The portable suite's report from real MicroPython: implementation and results."""
    try:
        return fwmpy.run_portable_suite(fwmpy.portable_module_names(), vectors_text)
    except fwmpy.MicroPythonUnavailable as error:
        pytest.fail(f"MicroPython cannot run: {error}")
