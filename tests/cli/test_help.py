"""What `--help` tells a newcomer is what the commands take (issue 29 item 9)."""

from __future__ import annotations

import re

import pytest

from companion.cli import main


def _help(capsys: pytest.CaptureFixture[str], *command: str) -> str:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    return capsys.readouterr().out


def _flat(text: str) -> str:
    """The help with argparse's wrapping undone."""
    return " ".join(text.split())


def _group(text: str, option: str) -> str:
    """The title of the option group whose list has `option`."""
    lines = text.splitlines()
    where = next(i for i, line in enumerate(lines) if line.lstrip().startswith(option))
    return next(line for line in reversed(lines[:where]) if re.match(r"\S.*:$", line))


def test_rule_is_filed_under_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    """`--rule` also sets the Maneuvering and mode points: not a Regicide-only group."""
    text = _help(capsys, "play")
    assert _group(text, "--rule NAME=VALUE") == "house settings (either game):"
    text = _flat(text)
    assert "wine_expiry=phase_end" in text and "1v1.rule=2013" in text


def test_mode_does_not_offer_hegemony_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """The choices shown are the modes one can play; hegemony is named as not available, with
    why; asking for it anyway still gets the engine's reason (tests/e2e/test_mode_scripts.py)."""
    text = _flat(_help(capsys, "play"))
    assert "--mode {identity,1v1,2v2,3v3,4v4}" in text
    assert "hegemony (国战) is not available: it needs its own general cards" in text


def test_readers_help_names_every_kind_of_reader(capsys: pytest.CaptureFixture[str]) -> None:
    text = _flat(_help(capsys, "readers"))
    for form in ("scanner:PORT", "hid[:DEVICE]", "pcsc[:NAME]", "serial:PORT", "phone"):
        assert form in text, form
