"""docs/forest-mountain.md §5 names, for each interaction row, the scenario that plays it:
each named test must exist (issue 26), so the page stays true. A bare name is in the
interactions file; `file::name` in that file of tests/skills."""

from __future__ import annotations

import re

from tests.tooling.refusals_doc import REPO
from tests.tooling.test_wind_fire_rows import _defined

SKILLS = "tests/skills/"
INTERACTIONS = "test_forest_mountain_interactions.py"


def _rows() -> list[str]:
    page = (REPO / "docs" / "forest-mountain.md").read_text("utf-8")
    start = page.index("\n## 5. Interactions")
    end = page.find("\n## ", start + 1)
    section = page[start : end if end != -1 else None]
    return [line for line in section.splitlines() if line.startswith("| ")][1:]


def test_every_scenario_the_rows_name_exists() -> None:
    rows = _rows()
    assert len(rows) == 39  # 23 林 rows, then 16 山 rows
    assert [r[2:5] for r in rows] == ["林: "] * 23 + ["山: "] * 16
    missing = []
    for row in rows:
        scenario = row.rstrip(" |").rsplit(" | ", 1)[1]
        named = re.findall(r"`(?:(test_\w+\.py)::)?(test_\w+)`", scenario)
        assert named, row
        for source, test in named:
            if test not in _defined(SKILLS + (source or INTERACTIONS)):
                missing.append((source or INTERACTIONS, test))
    assert not missing, missing
