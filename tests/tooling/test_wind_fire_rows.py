"""docs/wind-fire.md §4 names, for each interaction row, the scenario that plays it: each
named test must exist in the file the row names (issue 25), so the page stays true."""

from __future__ import annotations

import ast
import re

from tests.tooling.refusals_doc import REPO

FILES = {
    "interactions": "tests/skills/test_wind_fire_interactions.py",
    "wind_pack": "tests/skills/test_wind_pack.py",
    "fire_pack": "tests/skills/test_fire_pack.py",
    "guhuo": "tests/skills/test_guhuo.py",
}


def _section_4() -> str:
    page = (REPO / "docs" / "wind-fire.md").read_text("utf-8")
    start = page.index("\n## 4. ")
    return page[start : page.index("\n## 5. ", start)]


def _defined(path: str) -> set[str]:
    tree = ast.parse((REPO / path).read_text("utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_every_scenario_the_rows_name_exists() -> None:
    rows = [line for line in _section_4().splitlines() if line.startswith("| ")][1:]
    assert len(rows) == 22  # the reference's 22 rows
    defined = {name: _defined(path) for name, path in FILES.items()}
    missing = []
    for row in rows:
        scenario = row.rstrip(" |").rsplit(" | ", 1)[1]
        for part in scenario.split("; "):
            source, _, names = part.partition(": ")
            for test in re.findall(r"`(test_\w+)`", names):
                if source not in defined or test not in defined[source]:
                    missing.append((source, test))
    assert not missing, missing
