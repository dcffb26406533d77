"""Every citation leads somewhere in the repository (issue 32 item 1, issue 29 item 4).

A docstring, a comment, a data file's `_comment` or `source`, the README or a doc that
names a file (`docs/regicide.md`, `firmware_protocol/SPEC.md`, a bare `SPEC.md`) must
name one that a fresh clone has. A section it cites (`§1.14`, `section 1c`, `sections 2
and 3`, `§1.3-§1.11`, or a number alone: `sanguosha.md 1d`) must be a numbered heading of
that file; a section cited by its title (`product.md, "The reader"`) must be found in it.
A bare `§N` belongs, in a Markdown page, to the page named earlier on its line (else to
the page itself), and elsewhere to the last file named before it. Every relative link of
a Markdown file must resolve. Nothing may point at the workshop's shared folders, which a
clone does not have.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SELF = Path(__file__).resolve().relative_to(REPO)

#: What is read: text sources, data and documentation (and the CI script).
SUFFIXES = {".py", ".md", ".js", ".json", ".toml", ".sh", ".html", ".css", ".txt", ".cfg"}
EXTRA = {Path(".ci/run")}
#: Not the project's own text: environments, caches, third-party packages.
SKIP_DIRS = {
    ".git",
    "node_modules",
    "__pycache__",
    "build",
    "dist",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
}

#: The workshop's folders outside the repository (spelt in two pieces so this file
#: does not cite them itself).
OUTSIDE = re.compile(r"\.\./" + "shared|" + r"\bshared/(?:refer" + "ence|des" + "ign)/")

NUM = r"\d+[a-z]?(?:\.\d+)*"
FILE = re.compile(r"(?<![\w/.-])((?:\.\.?/)?(?:[\w.-]+/)*[\w-]+\.md)\b")
#: After a file: closing quotes or brackets, an optional link target, then a section.
AFTER = re.compile(r"[`'\"\])]*(?:\([^)\s]*\))?[`'\"\])]*,?[ \t\n]*(?:#\s*)?")
SECTIONS = re.compile(
    rf"(?:§\s*|sections?\s+|(?=\d))(?P<first>{NUM})(?P<rest>(?:\s*(?:,|and|-|–|to)\s*§?\s*{NUM}\b)*)"
)
BARE_SECTION = re.compile(rf"§\s*(?P<first>{NUM})(?P<rest>(?:\s*(?:,|and|-|–|to)\s*§\s*{NUM})*)")
TITLE = re.compile(r"[\"“]([^\"”\n]{3,60}(?:\n[^\"”\n]{1,60})?)[\"”]")
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(rf"^#{{1,6}}\s+(?:§\s*)?({NUM})\.?(?=\s|$)", re.M)


def _sources() -> Iterator[Path]:
    for dirpath, dirnames, filenames in os.walk(REPO):
        dirnames[:] = [
            d
            for d in dirnames
            if d not in SKIP_DIRS and not d.startswith(".venv") and not d.endswith(".egg-info")
        ]
        for name in filenames:
            path = Path(dirpath, name)
            rel = path.relative_to(REPO)
            if rel == SELF:
                continue  # its docstring shows the forms it checks
            if path.suffix in SUFFIXES or rel in EXTRA:
                yield rel


SOURCES = sorted(_sources())
BY_NAME: dict[str, list[Path]] = {}
for _rel in SOURCES:
    BY_NAME.setdefault(_rel.name, []).append(_rel)


def _read(rel: Path) -> str:
    return (REPO / rel).read_text("utf-8", errors="replace")


def _resolve(cited: str, where: Path) -> Path | None:
    """The repository file `cited` in `where` names, or None."""
    if "/" in cited:
        for base in (where.parent, Path()):
            candidate = Path(os.path.normpath(base / cited))
            if not str(candidate).startswith("..") and (REPO / candidate).is_file():
                return candidate
        return None
    found = BY_NAME.get(cited, [])
    for preferred in (where.parent / cited, Path("docs") / cited, Path(cited)):
        if preferred in found:
            return preferred
    return found[0] if len(found) == 1 else None


def _numbers(first: str, rest: str) -> list[str]:
    """The section numbers of `§1.4, §1.8`, `sections 2 and 3`, `§1.3-§1.11` or
    `sections 1-3`; `§1.14-6` is item 6 of §1.14, so only 1.14."""
    out = [first]
    for sep, number in re.findall(rf"\s*(,|and|-|–|to)\s*(§?\s*{NUM})", rest):
        has_mark = number.startswith("§")
        number = number.lstrip("§").strip()
        if sep in "-–" and not has_mark and "." in out[-1]:
            continue  # an item of the section, not a range
        out.append(number)
    return out


def _headings(rel: Path) -> set[str]:
    return set(HEADING.findall(_read(rel)))


@dataclass(frozen=True)
class Citation:
    where: str  # path:line
    cited: str
    target: Path | None
    sections: tuple[str, ...]
    title: str | None


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _citations() -> Iterator[Citation]:
    for rel in SOURCES:
        text = _read(rel)
        files = [(m.start(), m.end(), m.group(1)) for m in FILE.finditer(text)]
        consumed: list[range] = []
        for start, end, cited in files:
            target = _resolve(cited, rel)
            after = AFTER.match(text, end)
            pos = after.end() if after else end
            sections: tuple[str, ...] = ()
            title = None
            if m := SECTIONS.match(text, pos):
                sections = tuple(_numbers(m.group("first"), m.group("rest")))
                consumed.append(range(m.start(), m.end()))
            elif m := TITLE.match(text, pos):
                title = " ".join(m.group(1).split())
            yield Citation(f"{rel}:{_line(text, start)}", cited, target, sections, title)
        # A bare § is the page's own section in a Markdown page; elsewhere it belongs
        # to the last file named before it in the same text.
        for m in BARE_SECTION.finditer(text):
            if any(m.start() in span for span in consumed):
                continue  # a file's own section list, checked above
            before = [f for f in files if f[1] <= m.start()]
            line_start = text.rfind("\n", 0, m.start()) + 1
            if rel.suffix == ".md":
                same_line = [f for f in before if f[0] >= line_start]
                cited = same_line[-1][2] if same_line else rel.name
            elif before:
                cited = before[-1][2]
            else:
                continue
            numbers = tuple(_numbers(m.group("first"), m.group("rest")))
            yield Citation(
                f"{rel}:{_line(text, m.start())}", cited, _resolve(cited, rel), numbers, None
            )


CITATIONS = list(_citations())


def test_nothing_points_at_the_shared_folders_outside_the_repository() -> None:
    hits = [
        f"{rel}:{_line(text, m.start())}: {m.group(0)}"
        for rel in SOURCES
        for text in [_read(rel)]
        for m in OUTSIDE.finditer(text)
    ]
    assert hits == []


def test_every_cited_file_is_in_the_repository() -> None:
    missing = [f"{c.where}: {c.cited}" for c in CITATIONS if c.target is None]
    assert missing == []


def test_every_cited_section_is_a_heading_of_the_cited_file() -> None:
    missing = [
        f"{c.where}: {c.cited} §{number}"
        for c in CITATIONS
        if c.target is not None
        for number in c.sections
        if number not in _headings(c.target)
    ]
    assert missing == []


def test_every_section_cited_by_its_title_is_in_the_cited_file() -> None:
    missing = [
        f'{c.where}: {c.cited} "{c.title}"'
        for c in CITATIONS
        if c.target is not None and c.title is not None
        if c.title.lower() not in " ".join(_read(c.target).split()).lower()
    ]
    assert missing == []


MARKDOWN = [rel for rel in SOURCES if rel.suffix == ".md"]


@pytest.mark.parametrize("rel", MARKDOWN, ids=[str(r) for r in MARKDOWN])
def test_every_relative_link_of_a_markdown_file_resolves(rel: Path) -> None:
    broken = []
    for m in LINK.finditer(_read(rel)):
        target = m.group(1).split("#", 1)[0]
        if not target or re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # an anchor in the same page, or a URL
        resolved = Path(os.path.normpath(rel.parent / target))
        if str(resolved).startswith("..") or not (REPO / resolved).exists():
            broken.append(m.group(0))
    assert broken == []


def test_the_checks_see_the_citations_they_check() -> None:
    """The patterns find what the code writes today (else every test above passes
    vacuously): sections with § and with 'section', titles, and bare names."""
    seen = {(c.target, s) for c in CITATIONS for s in c.sections}
    assert (Path("docs/regicide.md"), "1.14") in seen
    assert (Path("firmware_protocol/SPEC.md"), "12") in seen
    assert any(c.title for c in CITATIONS)
    assert _numbers("1.3", "-§1.11") == ["1.3", "1.11"]
    assert _numbers("1.14", "-18") == ["1.14"]
    assert _numbers("2", " and 3") == ["2", "3"]
