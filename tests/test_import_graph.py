"""The house rules of the import graph: no cycle between modules, and nothing outside
``proofs/papers/`` that names a paper (the registry's table of built-ins aside)."""

from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("symbolic", "numeric", "proofs")
#: Printing hooks may import their printer lazily (IPython calls them; nothing imports back).
LAZY_OK = {"_repr_latex_", "_repr_html_", "_repr_markdown_", "_repr_pretty_"}


def modules() -> dict[str, pathlib.Path]:
    out = {}
    for pkg in PACKAGES:
        for p in (ROOT / pkg).rglob("*.py"):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = p
    return out


def imports_of(path: pathlib.Path, known: set[str]) -> set[str]:
    """Modules ``path`` imports anywhere (module level or inside functions), except inside
    :data:`LAZY_OK` hooks; ``from pkg import sub`` counts as importing ``pkg.sub``."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef)) and ch.name in LAZY_OK:
                continue
            if isinstance(ch, ast.Import):
                out.update(a.name for a in ch.names)
            elif isinstance(ch, ast.ImportFrom) and ch.module and ch.level == 0:
                subs = {f"{ch.module}.{a.name}" for a in ch.names} & known
                out.update(subs)
                if len(subs) < len(ch.names):
                    out.add(ch.module)
            visit(ch)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out & known


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle():
    mods = modules()
    graph = {m: imports_of(p, set(mods)) - {m} for m, p in mods.items()}
    assert cycles(graph) == []


def test_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def _paper_keys() -> list[str]:
    from proofs.registry import BUILTIN

    keys = list(BUILTIN)
    return keys + [k.replace("-", "_") for k in keys]


def names_a_paper(path: pathlib.Path, keys: list[str]) -> list[str]:
    """String literals (docstrings aside) and identifiers in ``path`` that name a paper key."""
    pat = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, keys)) + r")(?![\w-])")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}
    hits = []
    for n in ast.walk(tree):
        text = None
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            text = n.value
        elif isinstance(n, ast.Name):
            text = n.id
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            text = " ".join([getattr(n, "module", None) or ""] + [a.name for a in n.names])
        if text and pat.search(text):
            hits.append(f"{path.relative_to(ROOT)}:{n.lineno}: {text[:60]!r}")
    return hits


def test_no_paper_named_outside_its_folder():
    keys = _paper_keys()
    hits = []
    for p in modules().values():
        rel = p.relative_to(ROOT).parts
        if rel[:2] == ("proofs", "papers") or rel == ("proofs", "registry.py"):
            continue
        hits += names_a_paper(p, keys)
    assert hits == []


def test_paper_finder_sees_a_paper_name(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""closeness in a docstring is fine."""\nKEY = "tensor-trick:lemma-1"\n')
    f = f.rename(ROOT / "tests" / "_tmp_names_a_paper.py")
    try:
        assert names_a_paper(f, _paper_keys()) == [
            "tests/_tmp_names_a_paper.py:2: 'tensor-trick:lemma-1'"]
    finally:
        f.unlink()
