"""`companion --version` and `--help` import no command, engine or BLE stack."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

from companion import commands
from companion.cli import main


def _modules_after(*argv: str) -> set[str]:
    code = (
        "import json, sys\n"
        "from companion.cli import main\n"
        "try:\n"
        f"    main({list(argv)!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(proc.stderr.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [("--version",), ("--help",), ()])
def test_version_and_help_import_no_command_nor_engine(argv: tuple[str, ...]) -> None:
    loaded = _modules_after(*argv)
    heavy = {m for m in loaded if m.split(".")[0] in {"engine", "bleak", "bumble", "rich"}}
    assert not heavy
    assert not {m for m in loaded if m.startswith("companion.commands.")}
    assert "importlib.metadata" not in loaded or argv == ("--version",)


def test_a_command_imports_only_its_own_module() -> None:
    loaded = _modules_after("games", "--help")
    assert {m for m in loaded if m.startswith("companion.commands.")} == {
        "companion.commands.games"
    }


def test_the_command_table_names_every_command_module() -> None:
    modules = {info.name for info in pkgutil.iter_modules(commands.__path__)}
    assert set(commands.COMMANDS) == modules


def test_help_lists_every_command_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for name, summary in commands.COMMANDS.items():
        assert f"{name} {summary}" in out


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit):
        main(["--version"])
    assert capsys.readouterr().out == f"companion {version('table-companion')}\n"


def test_an_unknown_command_is_refused_with_the_choices(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["bogus"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'bogus'" in err and "'play'" in err
