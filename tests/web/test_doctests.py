"""The examples in the table-view modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "companion.web.access",
    "companion.web.commands",
    "companion.web.feed",
    "companion.web.labels",
    "companion.web.public",
    "companion.web.qr",
    "companion.web.summary",
    "companion.voice.espeak",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    """Every doctest example in the module gives the output it shows."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
