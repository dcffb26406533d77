"""Every refusal reason docs/refusals.md lists is asserted by some test (issue 31 item 22).

Mentioning a reason is not testing it, so the rule reads the tests' syntax (`ast`) and
credits a reason only where a test checks what the system gave:

1. an operand of an `assert`'s comparison by `==`, `is` or `in` (negations prove nothing);
   a bare string counts there only when the comparison is about a reason (an operand
   reads `.reason`, `["reason"]`, `.get("reason")`, a name or attribute with "reason" or
   "refus" in it, or the string is the value of a `"reason"` key), since event kinds and
   prompts share some of the words;
2. an argument of a call whose name contains "refus" (`refused(...)`, `refuse(...)`,
   `self.refuse(...)`), the house helpers that submit, assert the reason and the unchanged
   state; except `.refusal(...)`, the narrator's renderer, whose input is not an assertion;
3. a word of a `pytest.raises(..., match=...)` pattern;
4. a `parametrize` list, or the literal list a `for` loop walks, whose names feed 1 or 2.

Arguments of other calls inside an assertion are inputs, not the expectation, and are
skipped (a sentence test's `Narrator(lang).refusal({"reason": ...})` asserts narration,
not that the engine refuses). An enum member (`Reason.X`, however imported or renamed)
names its own engine; a bare string names the reason of that value in the file's game
(Regicide under tests/regicide*, Three Kingdoms Kill elsewhere) and the table reason of
that value. tests/tooling/ is left out: its files enumerate reasons to write the doc."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

import pytest

from tests.tooling.refusals_doc import REPO, reasons

TESTS = REPO / "tests"
_ENGINES = {"engine.sanguosha": "sanguosha", "engine.regicide": "regicide"}
_POSITIVE = (ast.Eq, ast.Is, ast.In)
_CONTAINERS = {"dict", "set", "frozenset", "list", "tuple", "sorted"}
Found = set[tuple[str, str]]  # (source, reason value)


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _is_refus_helper(call: ast.Call) -> bool:
    name = _name(call.func)
    return "refus" in name and name != "refusal"


def _about_a_reason(node: ast.AST) -> bool:
    """The operand reads a reason (or a refusal) somewhere in it."""
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute | ast.Name):
            word = n.attr if isinstance(n, ast.Attribute) else n.id
            if "reason" in word.lower() or "refus" in word.lower():
                return True
        if isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant):
            if n.slice.value == "reason":
                return True
        if isinstance(n, ast.Call) and _name(n.func) == "get" and n.args:
            if isinstance(n.args[0], ast.Constant) and n.args[0].value == "reason":
                return True
    return False


class _File:
    """One test module: how it names the engines' `Reason`, its module constants."""

    def __init__(self, source: str, game: str, known: dict[str, set[str]]) -> None:
        self.tree = ast.parse(source)
        self.known = known
        self.game = game  # the engine a bare string names
        self.enums: dict[str, str] = {}  # local name of a Reason -> its engine
        self.constants: dict[str, ast.expr] = {}
        for node in self.tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                for module, engine in _ENGINES.items():
                    for alias in node.names if node.module.startswith(module) else ():
                        if alias.name == "Reason":
                            self.enums[alias.asname or alias.name] = engine
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Name):
                        self.constants[t.id] = node.value

    def _string(self, value: str) -> Found:
        return {(s, value) for s in (self.game, "table") if value in self.known[s]}

    def named(self, node: ast.AST, strings: bool, into_calls: bool = True) -> Found:
        """Reasons named in `node`: enum members always, strings when `strings`."""
        out: Found = set()
        todo = [node]
        while todo:
            n = todo.pop()
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
                engine = self.enums.get(n.value.id)
                if engine and n.attr.lower() in self.known[engine]:
                    out.add((engine, n.attr.lower()))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and strings:
                out |= self._string(n.value)
            if isinstance(n, ast.Dict):
                for k, v in zip(n.keys, n.values, strict=True):
                    if isinstance(k, ast.Constant) and k.value == "reason":
                        out |= self.named(v, True, into_calls)
            if isinstance(n, ast.Call) and not into_calls and _name(n.func) not in _CONTAINERS:
                todo.append(n.func)
                continue
            todo.extend(ast.iter_child_nodes(n))
        return out

    def _source(self, node: ast.expr, local: dict[str, ast.expr]) -> ast.expr:
        """A list given by name: the function's own assignment, else the module's."""
        if isinstance(node, ast.Name):
            return local.get(node.id) or self.constants.get(node.id, node)
        return node

    def _carriers(self, func: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
        """Names whose values come from a literal list: parametrize arguments, loop targets."""
        local = {
            t.id: n.value
            for n in _own_nodes(func)
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        out: dict[str, ast.expr] = {}
        for deco in func.decorator_list:
            if isinstance(deco, ast.Call) and _name(deco.func) == "parametrize":
                names, values = deco.args[:2] if len(deco.args) >= 2 else (None, None)
                for n in _argnames(names):
                    out[n] = self._source(values, local)  # type: ignore[arg-type]
        for node in _own_nodes(func):
            if isinstance(node, ast.For | ast.comprehension):
                source = self._source(node.iter, local)
                if isinstance(source, ast.List | ast.Tuple | ast.Set | ast.Dict):
                    for t in ast.walk(node.target):
                        if isinstance(t, ast.Name):
                            out[t.id] = source
        return out

    def asserted(self) -> Found:
        out: Found = set()
        scopes = [
            n for n in ast.walk(self.tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
        for func in scopes:
            carriers = self._carriers(func)

            def fed(node: ast.AST, carriers: dict[str, ast.expr] = carriers) -> Found:
                used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
                return {
                    r for name in used & set(carriers) for r in self.named(carriers[name], True)
                }

            for node in _own_nodes(func):
                if isinstance(node, ast.Assert):
                    for cmp in (c for c in ast.walk(node.test) if isinstance(c, ast.Compare)):
                        if not all(isinstance(op, _POSITIVE) for op in cmp.ops):
                            continue
                        operands = [cmp.left, *cmp.comparators]
                        strings = any(_about_a_reason(o) for o in operands)
                        for o in operands:
                            out |= self.named(o, strings, into_calls=False) | fed(o)
                if isinstance(node, ast.Call) and _is_refus_helper(node):
                    for arg in (*node.args, *(k.value for k in node.keywords)):
                        out |= self.named(arg, True) | fed(arg)
                if isinstance(node, ast.Call) and _name(node.func) == "raises":
                    for k in node.keywords:
                        if k.arg == "match" and isinstance(k.value, ast.Constant):
                            out |= self._matched(str(k.value.value))
        return out

    def _matched(self, pattern: str) -> Found:
        words = set(re.findall(r"[a-z_.]+", pattern))
        return {r for w in words for r in self._string(w)}


def _argnames(node: ast.expr | None) -> list[str]:
    """`parametrize`'s names: "a, b" or ("a", "b")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.split(r"\s*,\s*", node.value.strip())
    if isinstance(node, ast.List | ast.Tuple):
        return [
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    return []


def _own_nodes(func: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function, not of the functions nested in it (they are their own scope)."""
    todo = list(ast.iter_child_nodes(func))
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            todo.extend(ast.iter_child_nodes(n))


def asserted_reasons() -> Found:
    """(source, value) of every reason some test asserts, by the module docstring's rule."""
    known = {source: set(values) for source, values in reasons().items()}
    found: Found = set()
    for path in sorted(TESTS.rglob("*.py")):
        if path.relative_to(TESTS).parts[0] != "tooling":
            game = (
                "regicide"
                if path.relative_to(TESTS).parts[0].startswith("regicide")
                else "sanguosha"
            )
            found |= _File(path.read_text("utf-8"), game, known).asserted()
    return found


def test_every_refusal_reason_is_asserted_by_a_test() -> None:
    found = asserted_reasons()
    missing = [f"{s}.{v}" for s, values in reasons().items() for v in values if (s, v) not in found]
    assert not missing, f"{len(missing)} refusal reasons no test asserts: {', '.join(missing)}"


_KNOWN = {"sanguosha": {"wrong_seat", "game_over"}, "regicide": set(), "table": {"game_over"}}


@pytest.mark.parametrize(
    "source, credited",
    [
        ("def t():\n    refused(game, 1, act, Reason.WRONG_SEAT)", {"wrong_seat"}),
        ("def t():\n    assert info.value.reason is Reason.WRONG_SEAT", {"wrong_seat"}),
        ("def t():\n    assert out.refusal['reason'] == 'wrong_seat'", {"wrong_seat"}),
        (
            "def t():\n    with pytest.raises(E, match='wrong_seat: x'):\n        f()",
            {"wrong_seat"},
        ),
        (
            "@pytest.mark.parametrize(('a', 'r'), [(1, Reason.WRONG_SEAT)])\n"
            "def t(a, r):\n    assert info.value.reason is r",
            {"wrong_seat"},
        ),
        (
            "def t():\n    for r in [Reason.WRONG_SEAT]:\n        refused(g, 1, a, r)",
            {"wrong_seat"},
        ),
        ("def t():\n    x = Reason.WRONG_SEAT", set()),
        ("def t():\n    assert info.value.reason is not Reason.WRONG_SEAT", set()),
        ("def t():\n    assert events[-1].kind == 'game_over'", set()),
        ("def t():\n    assert n.refusal({'reason': 'wrong_seat'}) == 'Seat 1 may not'", set()),
    ],
)
def test_the_rule_credits_assertions_not_mentions(source: str, credited: set[str]) -> None:
    """The docstring's rule on one-line tests: what checks a refusal counts, a mention not."""
    source = "from engine.sanguosha import Reason\n" + source
    found = _File(source, "sanguosha", _KNOWN).asserted()
    assert {value for _, value in found} == credited
