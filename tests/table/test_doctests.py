"""The examples in the table and game modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "companion.table.resolve",
    "companion.game.clock",
    "companion.game.feedback",
    "companion.game.saved_games",
    "companion.game.script",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    """Every doctest example in the module gives the output it shows."""
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
