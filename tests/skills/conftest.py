"""Shared fixtures for the generals' skill tests (parts A and B); helpers live in `helpers.py`.

Importing the skill modules here makes every general's skill registered before a
test builds a game, whichever test file runs first.
"""

from engine.sanguosha import skills  # noqa: F401  (registers every skill module)
