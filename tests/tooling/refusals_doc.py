"""Writes docs/refusals.md: every refusal reason the engines and the table can give, with
the rule it stands for (the reason's own comment in its `reasons.py`) and the English
sentence the players hear (issue 31 item 22). `python -m tests.tooling.refusals_doc`
rewrites the file; `test_refusals_doc.py` fails when it is out of date."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "refusals.md"
_MEMBER = re.compile(r'^\s+(?:[A-Z_0-9]+ = )?"([a-z_0-9]+)"(?:\s+#\s*(.*))?$')
_GROUP = re.compile(r"^\s+#\s*(?:---\s*)?(.+?)(?:\s*---)?\s*$")
_REFUSE = re.compile(
    r'(?:Refuse|UnknownScan)\(\s*"([a-z_.]+)"|"reason": f?"([a-z_{}]+)"'
    r'|key = "([a-z_]+)" if .+ else "([a-z_]+)"'  # one refusal of two, by case
)


def _members(path: Path) -> list[tuple[str, str, str]]:
    """(group, value, comment) of each member of the file's `Reason`, in source order."""
    out, group = [], ""
    for line in path.read_text("utf-8").splitlines():
        m = _MEMBER.match(line)
        if m:
            out.append((group, m.group(1), m.group(2) or ""))
            continue
        g = _GROUP.match(line)
        if g and not line.strip().startswith("# noqa"):
            group = g.group(1)
    return out


def _sentences(message: Any) -> list[str]:
    """A catalogue entry as its sentences: a list's forms, a dict's cases, then its default."""
    if message is None:
        return ["(no sentence: a bug the catalogue tests catch)"]
    if isinstance(message, str):
        return [message]
    if isinstance(message, list):
        return [str(m) for m in message]
    cases = [f"{k}: {s}" for k, v in message.get("cases", {}).items() for s in _sentences(v)]
    return cases + _sentences(message.get("default"))


def _cited(text: str) -> str:
    return re.sub(r"(?<![\w/.])§", "docs/regicide.md §", text, count=1)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _section(title: str, rows: list[tuple[str, str, str, list[str]]]) -> list[str]:
    lines = [
        f"## {title}",
        "",
        "| reason | the rule (data keys, why) | what the table hears (en) |",
    ]
    lines.append("|---|---|---|")
    group = None
    for grp, value, rule, said in rows:
        if grp != group and grp:
            lines.append(f"| **{_cell(grp)}** | | |")
            group = grp
        lines.append(f"| `{value}` | {_cell(rule)} | {_cell(' / '.join(said))} |")
    return [*lines, ""]


def _table_keys(messages: dict[str, Any], regicide: dict[str, Any]) -> list[str]:
    """The table's own refusal keys, in the order `companion/table/` gives them: those of
    its shared catalogue, and those only one game's table says (narrated among that game's
    reasons, `reason.sanguosha.<key>`: `Narrator.table`), not the engines' own reasons."""
    engine = {v for _, v, _ in _members(REPO / "engine/sanguosha/reasons.py")}
    keys: dict[str, None] = {}
    for path in sorted((REPO / "companion/table").glob("*.py")):
        for m in _REFUSE.finditer(path.read_text("utf-8")):
            for key in filter(None, m.groups()):
                if key.startswith("cannot_undo_{"):
                    keys.update({"cannot_undo_hidden": None, "cannot_undo_time": None})
                elif key in messages["table"] or key in regicide["table"]:
                    keys[key] = None
                elif f"sanguosha.{key}" in messages["reason"] and key not in engine:
                    keys[key] = None
    return list(keys)


def _table_sentence(key: str, messages: dict[str, Any], regicide: dict[str, Any]) -> Any:
    return (
        messages["table"].get(key)
        or regicide["table"].get(key)
        or messages["reason"].get(f"sanguosha.{key}")
    )


def _catalogues() -> tuple[dict[str, Any], dict[str, Any]]:
    messages = json.loads((REPO / "companion/narration/data/messages.en.json").read_text("utf-8"))
    regicide = json.loads((REPO / "companion/narration/data/regicide.en.json").read_text("utf-8"))
    return messages, regicide


def reasons() -> dict[str, list[str]]:
    """Every reason this page lists, by where it comes from ("sanguosha", "regicide",
    "table"): the coverage test (`test_refusal_coverage.py`) checks the same set."""
    messages, regicide = _catalogues()
    return {
        "sanguosha": [v for _, v, _ in _members(REPO / "engine/sanguosha/reasons.py")],
        "regicide": [v for _, v, _ in _members(REPO / "engine/regicide/reasons.py")],
        "table": _table_keys(messages, regicide),
    }


def render() -> str:
    messages, regicide = _catalogues()
    sgs = [
        (g, v, c, _sentences(messages["reason"].get(f"sanguosha.{v}")))
        for g, v, c in _members(REPO / "engine/sanguosha/reasons.py")
    ]
    reg = [  # its comments cite docs/regicide.md by section alone
        (_cited(g), v, _cited(c), _sentences(regicide["reason"].get(f"regicide.{v}")))
        for g, v, c in _members(REPO / "engine/regicide/reasons.py")
    ]
    table = [
        (
            "",
            k,
            "the table's own refusal",
            _sentences(_table_sentence(k, messages, regicide)),
        )
        for k in _table_keys(messages, regicide)
    ]
    head = [
        "# Refusal reasons",
        "",
        "Generated by `python -m tests.tooling.refusals_doc` (do not edit by hand; a test fails",
        "when this file is out of date). Every refusal changes nothing and names its reason; the",
        "rule column is the reason's own comment in its `reasons.py` (the data keys the sentence",
        "uses, and why). A reason narrated differently by case lists each case.",
        "",
        f"{len(sgs)} Three Kingdoms Kill engine reasons, {len(reg)} Regicide engine reasons,",
        f"{len(table)} table reasons.",
        "",
    ]
    body = _section("Three Kingdoms Kill engine (`engine/sanguosha/reasons.py`)", sgs)
    body += _section("Regicide engine (`engine/regicide/reasons.py`)", reg)
    body += _section("The table (`companion/table/`)", table)
    return "\n".join(head + body)


if __name__ == "__main__":
    DOC.write_text(render(), "utf-8")
