"""Shared fixtures for the generals' skill tests (parts A and B); helpers live in `helpers.py`.

Importing the skill modules here makes every general's skill registered before a
test builds a game, whichever test file runs first.
"""

from collections import Counter

import pytest

from engine.sanguosha import skills  # noqa: F401  (registers every skill module)


@pytest.fixture(scope="session")
def selfplay_seen() -> Counter:
    """Generals and skills seen across the all-generals self-play games of a session."""
    return Counter()
