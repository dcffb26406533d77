"""`companion enrol` as a person runs it: the simulated reader typed at its console."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.codes import all_codes

ROOT = Path(__file__).resolve().parents[2]


def _enrol(registry: Path, lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "enrol", "--set", "identities", "--reader", "sim", "--registry", str(registry)],
        input=lines,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )  # fmt: skip


def test_enrol_command_with_the_simulated_reader_and_a_rerun(tmp_path: Path) -> None:
    """The command enrols typed UIDs, refuses a duplicate, saves the file, and a rerun continues where it stopped."""
    registry = tmp_path / "tags.json"
    done = _enrol(
        registry, "scan uid:04A1B2C3\nscan uid:04A1B2C3\npress no\nscan uid:04A1B2C4\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    assert "enrolled Lord ← tag 04A1B2C3" in done.stdout
    assert "refused: tag 04A1B2C3 is already enrolled as Lord; nothing changed" in done.stdout
    assert "skipped Loyalist (copy 1 of 3)" in done.stdout
    lord, _, loyalist2 = all_codes("identities")[:3]
    assert json.loads(registry.read_text())["cards"] == {
        "04A1B2C3": lord.code,
        "04A1B2C4": loyalist2.code,
    }
    again = _enrol(registry, "scan uid:04A1B2C5\nquit\n")
    assert again.returncode == 0, again.stderr
    assert "enrolled Loyalist (copy 1 of 3) ← tag 04A1B2C5" in again.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--reader", "bogus"], "not a reader spec"),
        (["--set", "custom"], "needs --custom"),
    ],
)
def test_bad_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """A bad reader spec or a custom set without a file exits 2 with a message and writes no registry."""
    registry = tmp_path / "tags.json"
    assert main(["enrol", "--registry", str(registry), *args]) == 2
    assert message in capsys.readouterr().err and not registry.exists()


def test_malformed_registry_exits_2_and_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A registry with a misread code is refused with the key named, and the file is not touched."""
    registry = tmp_path / "tags.json"
    registry.write_text('{"version": 1, "cards": {"04A1B2C3": "R01X"}}')
    assert main(["enrol", "--registry", str(registry), "--reader", "sim"]) == 2
    assert "cards.04A1B2C3" in capsys.readouterr().err
    assert registry.read_text() == '{"version": 1, "cards": {"04A1B2C3": "R01X"}}'


def test_nothing_to_do_when_every_card_is_enrolled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With every card of the set enrolled, the command says so and exits 0 without opening a reader."""
    registry = tmp_path / "tags.json"
    cards = {f"04A1B2{i:02X}": ref.code for i, ref in enumerate(all_codes("identities"))}
    registry.write_text(json.dumps({"version": 1, "cards": cards}))
    assert (
        main(["enrol", "--set", "identities", "--registry", str(registry), "--reader", "bogus"])
        == 0
    )
    assert "every card of identities is enrolled already" in capsys.readouterr().out


def test_enrolment_knows_the_maneuvering_set(tmp_path: Path) -> None:
    """`companion enrol --set maneuvering` asks for the expansion's cards in set order,
    a repeated standard card named as its copy."""
    registry = tmp_path / "tags.json"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "enrol", "--set", "maneuvering", "--reader", "sim",
         "--registry", str(registry)],
        input="scan uid:04A1B2C3\nquit\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    first = all_codes("maneuvering")[0]
    assert "enrolled Guding Blade ♠A ← tag 04A1B2C3" in done.stdout
    assert json.loads(registry.read_text())["cards"] == {"04A1B2C3": first.code}
