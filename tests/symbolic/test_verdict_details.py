"""Verdict details are declared once (:class:`symbolic.verdict.VerdictDetails`): every key any
module writes into or reads from a verdict's ``details`` is declared there, with its type, and
every declared key is used."""

from __future__ import annotations

import ast
import pathlib
from typing import get_type_hints

from symbolic.verdict import VerdictDetails

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def used_keys() -> dict[str, set[str]]:
    """Keys of ``details`` dictionaries in the three packages, with where they occur."""
    out: dict[str, set[str]] = {}

    def add(key: object, where: pathlib.Path) -> None:
        if isinstance(key, str):
            out.setdefault(key, set()).add(str(where.relative_to(ROOT)))

    trees = {p: ast.parse(p.read_text(encoding="utf-8"))
             for pkg in ("symbolic", "numeric", "proofs") for p in (ROOT / pkg).rglob("*.py")}
    # functions that take the details as keyword arguments (``def proved(..., **details)``)
    takers = {f.name for t in trees.values() for f in ast.walk(t)
              if isinstance(f, ast.FunctionDef) and f.args.kwarg is not None
              and f.args.kwarg.arg == "details"}
    for p, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in takers:
                for kw in node.keywords:
                    add(kw.arg, p)
            literal = None
            if isinstance(node, ast.keyword) and node.arg == "details":
                literal = node.value
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(_name(t) == "details" for t in targets):
                    literal = node.value
            elif isinstance(node, ast.Subscript) and _name(node.value) == "details" \
                    and isinstance(node.slice, ast.Constant):
                add(node.slice.value, p)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("get", "setdefault", "pop") \
                    and _name(node.func.value) == "details" and node.args \
                    and isinstance(node.args[0], ast.Constant):
                add(node.args[0].value, p)
            if isinstance(literal, ast.Dict):
                for k in literal.keys:
                    if isinstance(k, ast.Constant):
                        add(k.value, p)
    return out


def test_every_details_key_is_declared():
    declared = set(get_type_hints(VerdictDetails))
    undeclared = {k: sorted(v) for k, v in used_keys().items() if k not in declared}
    assert undeclared == {}


def test_every_declared_key_is_used():
    assert set(get_type_hints(VerdictDetails)) - set(used_keys()) == set()
