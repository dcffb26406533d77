"""Fixtures shared by the label, code and enrolment tests."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

import companion.codes as codes


@pytest.fixture
def example_custom() -> Path:
    """The packaged example custom-cards file."""
    return Path(str(resources.files("companion.codes").joinpath("custom_cards.example.json")))


@pytest.fixture(autouse=True)
def default_codebook(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each test starts and ends with the plain shared codebook (no custom cards)."""
    monkeypatch.delenv(codes.CUSTOM_ENV, raising=False)
    codes.use_custom(None)
    yield
    codes.use_custom(None)
